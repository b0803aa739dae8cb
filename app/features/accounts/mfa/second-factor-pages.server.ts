/**
 * The second-factor pages of the admin sign-in (/admin-login/...) and of the lender sign-in
 * (/lender/login/...): the code check, the first enrolment of an authenticator, the
 * recovery codes shown once. One body each; the routes keep their own guard and pass their role's
 * paths and messages. The pending enrolment secret is shared with /account/authenticator.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { MFA_INVALID_MESSAGE, MfaSetupSchema, MfaVerifySchema } from "~/features/accounts/mfa/mfa.schema";
import { getUserById } from "~/features/accounts/users.server";
import { enrolmentCodeMatches, enrolmentNeedsOperatorCode } from "~/features/accounts/admin-seed.server";
import { recordAudit } from "~/platform/audit-log.server";
import { completeEnrolment, enrolmentMaterial, isEnrolled, openSecret, sealSecret } from "~/features/accounts/mfa/mfa.server";
import { checkSecondFactor } from "~/features/accounts/sign-in.server";
import { throttleSecondFactor } from "~/platform/security/throttle.server";
import { MSG, TOASTS, type ToastMessage } from "~/content/messages";
import { getClientIp } from "~/platform/http/request.server";
import { commitSession, createUserSession, getSession } from "~/features/accounts/session/session.server";
import { createToastHeaders, redirectWithToast } from "~/platform/http/toast.server";
import { combineHeaders } from "~/platform/http/http.server";

type Session = Awaited<ReturnType<typeof getSession>>;
type PageUser = { id: number; email: string };
type SessionUser = Parameters<typeof createUserSession>[1];

/** What differs between the admin's and the lender's second-factor pages. */
export type SecondFactorRole = {
  /** The sign-in pages' base path: `${pages}/verify`, `${pages}/setup`, `${pages}/recovery-codes`. */
  pages: "/admin-login" | "/lender/login";
  /** Where a fully signed-in user of this role lands. */
  home: "/admin" | "/lender";
  via: "admin-page" | "lender-page";
  /** The toast after the code step. */
  signedIn: ToastMessage;
  /** The toast shown with the recovery codes (none for lenders). */
  codesShown: ToastMessage | null;
  /** Added to the enrolment audit rows (none for admins). */
  auditDetails?: string;
  /** Whether a first enrolment may need the operator's one-time code (admins only). */
  operatorCode: boolean;
};

export const ADMIN_SECOND_FACTOR: SecondFactorRole = {
  pages: "/admin-login",
  home: "/admin",
  via: "admin-page",
  signedIn: TOASTS.adminLoginSuccess,
  codesShown: TOASTS.adminLoginSuccess,
  operatorCode: true,
};

export const LENDER_SECOND_FACTOR: SecondFactorRole = {
  pages: "/lender/login",
  home: "/lender",
  via: "lender-page",
  signedIn: { title: "Signed in", description: "Welcome to your lender workspace." },
  codesShown: null,
  auditDetails: "lender",
  operatorCode: false,
};

/** The code page answers only a user with an authenticator; one without is sent to enrol. */
export async function requireEnrolledForVerify(userId: number, role: SecondFactorRole) {
  const record = await getUserById(userId);
  if (!record || !isEnrolled(record)) throw redirect(`${role.pages}/setup`);
  return null;
}

/** The code step (throttled, locking): a new session marked as MFA-verified, or the form again. */
export async function verifySecondFactorForm(request: Request, context: AppLoadContext, user: SessionUser, role: SecondFactorRole) {
  const submission = parseWithZod(await request.formData(), { schema: MfaVerifySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const check = await checkSecondFactor(user.id, submission.value.code, { ip: getClientIp(request, context), via: role.via });
  if (!check.ok && check.reason === "throttled")
    return data({ result: submission.reply({ formErrors: [check.message] }) }, { status: 429, headers: check.headers });
  if (!check.ok)
    return data(
      { result: submission.reply({ fieldErrors: { code: [check.locked ? MSG.mfaLocked : MFA_INVALID_MESSAGE] } }) },
      { status: 401 },
    );
  const cookie = await createUserSession(request, user, { mfa: true });
  return redirectWithToast(role.home, role.signedIn, { headers: { "set-cookie": cookie } });
}

/**
 * The QR code and key of the secret waiting to be confirmed. The pending secret lives in the
 * session row sealed (AES-256-GCM), never in plain text; the first visit makes and stores it.
 */
export async function pendingEnrolment<Extra extends Record<string, unknown>>(user: PageUser, session: Session, extra: Extra) {
  const sealed = session.get("mfaPendingSecretSealed");
  const material = await enrolmentMaterial(user.email, sealed ? openSecret(sealed) : undefined);
  let headers: HeadersInit | undefined;
  if (!sealed) {
    session.set("mfaPendingSecretSealed", sealSecret(material.secret));
    headers = { "set-cookie": await commitSession(session) };
  }
  return data({ qr: material.qrDataUrl, secret: material.secret, ...extra }, { headers });
}

/** The first enrolment page: one already enrolled goes to the code step. */
export async function firstEnrolmentPage(user: PageUser, session: Session, role: SecondFactorRole) {
  const record = await getUserById(user.id);
  if (record && isEnrolled(record)) throw redirect(`${role.pages}/verify`);
  return pendingEnrolment(user, session, { needsOperatorCode: role.operatorCode && enrolmentNeedsOperatorCode() });
}

/** Confirms the first authenticator with a code from it; the recovery codes are shown once next. */
export async function completeFirstEnrolment(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  session: Session,
  role: SecondFactorRole,
) {
  const submission = parseWithZod(await request.formData(), { schema: MfaSetupSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const ip = getClientIp(request, context);
  const limited = await throttleSecondFactor({ userId: user.id, ip });
  if (limited) return data({ result: submission.reply({ formErrors: [limited.message] }) }, { status: 429, headers: limited.headers });
  // Production: an admin's first enrolment needs the operator's one-time code, not only the password.
  const operatorCode = role.operatorCode && enrolmentNeedsOperatorCode() ? (submission.value.enrolmentCode ?? "") : undefined;
  if (operatorCode !== undefined && !(await enrolmentCodeMatches(user.id, operatorCode))) {
    await recordAudit({ actorUserId: user.id, action: "mfa.enrol", outcome: "denied", ip, details: "enrolment code missing or invalid" });
    const message = operatorCode ? MSG.enrolmentCodeInvalid : MSG.enrolmentCodeRequired;
    return data({ result: submission.reply({ fieldErrors: { enrolmentCode: [message] } }) }, { status: 403 });
  }
  const details = role.auditDetails ? { details: role.auditDetails } : {};
  const sealed = session.get("mfaPendingSecretSealed");
  const codes = sealed ? await completeEnrolment(user.id, openSecret(sealed), submission.value.code, operatorCode) : null;
  if (!codes) {
    await recordAudit({ actorUserId: user.id, action: "mfa.enrol", outcome: "failure", ip, ...details });
    return data({ result: submission.reply({ fieldErrors: { code: [MFA_INVALID_MESSAGE] } }) }, { status: 400 });
  }
  await recordAudit({ actorUserId: user.id, action: "mfa.enrol", outcome: "success", ip, ...details });
  // Second factor done: a new session id, marked as MFA-verified; the codes are shown once next.
  const cookie = await createUserSession(request, user, { mfa: true, recoveryCodes: codes });
  return redirect(`${role.pages}/recovery-codes`, { headers: { "set-cookie": cookie } });
}

/** The recovery codes made at enrolment, shown exactly once, then removed from the session. */
export async function recoveryCodesOnce(request: Request, role: SecondFactorRole) {
  const session = await getSession(request);
  const sealed = session.get("mfaRecoveryCodesSealed");
  const codes = sealed ? (JSON.parse(openSecret(sealed)) as string[]) : [];
  if (!codes.length) throw redirect(role.home);
  session.unset("mfaRecoveryCodesSealed");
  const cookie = { "set-cookie": await commitSession(session) };
  const headers = role.codesShown ? combineHeaders(cookie, await createToastHeaders(role.codesShown)) : cookie;
  return data({ codes }, { headers });
}
