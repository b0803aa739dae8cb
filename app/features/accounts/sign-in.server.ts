/**
 * THE sign-in. /login, /admin-login, POST /api/auth/login and wizard step 2 (an e-mail
 * that has an account signs in with its password) all come here; each turns the result into its own
 * answer (a redirect with the session cookie, JSON, the wizard's next step). One place for:
 *   - the sign-in throttle (per client, per account and client, per account over clients),
 *   - the credential check (remix-auth's FormStrategy for the pages, the same check for the rest),
 *   - the audit trail (success, failure with the account tried, an applicant at the admin page),
 *   - the admin's second factor: the pages ask for it on the next page (/admin-login/verify or
 *     /setup), the API in the same request (`code`), through checkSecondFactor below.
 * Creating the session is the caller's: the pages and the API make a new one, the wizard keeps
 * its draft in it.
 */
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { recordAudit } from "~/platform/audit-log.server";
import type { UserRecord } from "~/features/accounts/users.server";
import { LoginSchema } from "~/features/accounts/auth.schema";
import { InvalidCredentialsError, recordFailedSignIn, verifyLogin } from "~/features/accounts/auth.server";
import { isEnrolled, verifySecondFactor } from "~/features/accounts/mfa/mfa.server";
import { throttleSecondFactor, throttleSignIn } from "~/platform/security/throttle.server";

/** Where the attempt comes from: the audit trail's `details`, and where an admin's second factor is asked. */
export type SignInChannel = "page" | "admin-page" | "lender-page" | "api" | "wizard" | "reset";

export type SignInOptions = {
  ip: string;
  via: SignInChannel;
  /** The pages' request: remix-auth's FormStrategy reads the credentials from its form. */
  form?: Request;
};

/** The pages' credential check: remix-auth's FormStrategy with the same check as the API's. */
const authenticator = new Authenticator<UserRecord>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = LoginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) throw new InvalidCredentialsError();
    return verifyLogin(parsed.data.email, parsed.data.password);
  }),
  "user-pass",
);

export type Credentials = { email: string; password: string; code?: string };

export type SignInResult =
  /** `secondFactor`: 'verified' (the API checked `code`), else what an admin does next on the pages. */
  | { ok: true; user: UserRecord; secondFactor: "verified" | "verify" | "setup" | "none" }
  | { ok: false; reason: "throttled"; message: string; headers: Record<string, string> }
  | { ok: false; reason: "invalid" }
  /** An applicant at the admin sign-in page (or anyone but a lender user at the lender sign-in page). */
  | { ok: false; reason: "not-admin" }
  /** API: an admin who has not enrolled a second factor yet (that happens on the admin sign-in page). */
  | { ok: false; reason: "mfa-not-enrolled" }
  /** API: an admin without `code`. */
  | { ok: false; reason: "mfa-required" }
  | { ok: false; reason: "mfa-refused"; locked: boolean };

/** The audit trail's `details` for a channel (the pages write none). */
const auditDetails = (via: SignInChannel) => (via === "api" || via === "wizard" || via === "reset" ? via : undefined);

/** Signs in with an e-mail and password (and an admin's code on the API); see the file comment. */
export async function signIn(credentials: Credentials, { ip, via, form }: SignInOptions): Promise<SignInResult> {
  const details = auditDetails(via);
  const limited = await throttleSignIn({ email: credentials.email, ip });
  if (limited) return { ok: false, reason: "throttled", ...limited };
  let user: UserRecord;
  try {
    user = form ? await authenticator.authenticate("user-pass", form.clone()) : await verifyLogin(credentials.email, credentials.password);
  } catch (e) {
    if (!(e instanceof InvalidCredentialsError)) throw e;
    await recordFailedSignIn({ email: credentials.email, ip, details });
    return { ok: false, reason: "invalid" };
  }
  if (via === "api" && user.role === "lender") {
    // Lender users work in the workspace pages only; partners' machines use API keys.
    await recordAudit({ actorUserId: user.id, action: "auth.login", outcome: "denied", ip, details: "lender user on the API" });
    return { ok: false, reason: "invalid" };
  }
  if (via === "api" && user.role === "admin") {
    // The API has no next page: the second factor comes with the password.
    if (!isEnrolled(user)) return { ok: false, reason: "mfa-not-enrolled" };
    if (!credentials.code) return { ok: false, reason: "mfa-required" };
    const second = await checkSecondFactor(user.id, credentials.code, { ip, via });
    if (!second.ok) return second.reason === "throttled" ? second : { ok: false, reason: "mfa-refused", locked: second.locked };
    await recordAudit({ actorUserId: user.id, action: "auth.login", outcome: "success", ip, details });
    return { ok: true, user, secondFactor: "verified" };
  }
  await recordAudit({ actorUserId: user.id, action: "auth.login", outcome: "success", ip, details });
  if (via === "admin-page" && user.role !== "admin") {
    await recordAudit({ actorUserId: user.id, action: "auth.admin_login", outcome: "denied", ip });
    return { ok: false, reason: "not-admin" };
  }
  // The lender sign-in page is for lender users only (the same "access denied" answer).
  if (via === "lender-page" && user.role !== "lender") {
    await recordAudit({ actorUserId: user.id, action: "auth.lender_login", outcome: "denied", ip });
    return { ok: false, reason: "not-admin" };
  }
  // The password is only the first factor: the pages ask an admin (or a lender user) for the second next.
  if (user.role === "admin" || user.role === "lender") return { ok: true, user, secondFactor: isEnrolled(user) ? "verify" : "setup" };
  return { ok: true, user, secondFactor: "none" };
}

export type SecondFactorCheck =
  | { ok: true; factor: "totp" | "recovery" }
  | { ok: false; reason: "throttled"; message: string; headers: Record<string, string> }
  | { ok: false; reason: "refused"; locked: boolean };

/**
 * An admin's second factor (a TOTP or recovery code), throttled and audited: /admin-login/verify,
 * the API's `code` and the reset-password page. Every place that checks an enrolled factor comes
 * here, so each gets the per-client and per-account limits and the lock.
 */
export async function checkSecondFactor(
  userId: number,
  code: string,
  { ip, via }: Pick<SignInOptions, "ip" | "via">,
): Promise<SecondFactorCheck> {
  const limited = await throttleSecondFactor({ userId, ip });
  if (limited) return { ok: false, reason: "throttled", ...limited };
  const { factor, locked } = await verifySecondFactor(userId, code, { ip });
  const action = factor === "recovery" ? "mfa.recovery_code" : "mfa.verify";
  await recordAudit({ actorUserId: userId, action, outcome: factor ? "success" : "failure", ip, details: auditDetails(via) });
  return factor ? { ok: true, factor } : { ok: false, reason: "refused", locked };
}
