/**
 * THE account-creation service. The sign-up page, POST /api/auth/register and
 * wizard step 2 (whose account is created at the first upload or at submission) all come here for:
 *   - the password policy (length from the shared schemas, plus the common-password list),
 *   - the sign-up throttle (per client address, shared by all three entry points),
 *   - the enumeration rule: the "already exists" answer is counted per client and throttled,
 *   - creating the account; sign-up and the API also send the e-mail verification link here.
 */
import type { z } from "zod";
import type { PublicUser } from "~/features/accounts/users.server";
import { EmailTakenError, registerUser, type RegisterInput } from "~/features/accounts/auth.server";
import { addressHeldForUndo } from "~/features/accounts/account-tokens.server";
import { afterAccountCreated } from "~/features/accounts/email-verification.server";
import { throttle, throttleReached } from "~/platform/security/throttle.server";
import { transaction, type DbOrTx } from "~/platform/db/db.server";
import { kickOutbox } from "~/features/mail/index.server";
import { hashPassword } from "~/features/accounts/password/password.server";
import { MSG } from "~/content/messages";
import { recordConsents } from "~/platform/consents.server";
import type { ConsentText } from "~/content/consents";
import { isCommonPassword, withPasswordPolicy } from "~/features/accounts/password/password-policy.server";

export { COMMON_PASSWORD_MESSAGE } from "~/features/accounts/password/password-policy.server";

/** A refused attempt: the status and message every entry point answers with. */
export type Refusal = { status: 409 | 429; field: "email" | "form"; message: string; headers?: Record<string, string> };

/** Adds the account password policy (common passwords refused) to a form or API schema. */
export function withAccountPasswordPolicy<T extends z.ZodTypeAny>(schema: T) {
  return withPasswordPolicy(schema);
}

/** True when `password` may be an account password (used where a schema is not, e.g. a Back button). */
export const passwordAllowed = (password: string) => !isCommonPassword(password);

const refusalOf = (limited: { message: string; headers: Record<string, string> }): Refusal => ({
  status: 429,
  field: "form",
  message: limited.message,
  headers: limited.headers,
});

/** Counts one sign-up attempt of this client address; a 429 refusal once over the limit. */
export async function admitSignupAttempt(ip: string): Promise<Refusal | null> {
  const limited = await throttle("signup", [`ip:${ip}`]);
  return limited ? refusalOf(limited) : null;
}

/**
 * The wizard creates its account after step 2, at the first upload or at submission; just before
 * that, it asks here. An address the sign-up throttle already admitted for this draft at step 2
 * (`admittedEmail`) is not counted twice, but is refused once the client is over the sign-up limit
 * (a 429 anywhere stops every later account of that client); any other address (kept by Save,
 * Back or Exit at step 2, which do not ask) counts as a sign-up attempt now.
 */
export async function admitDeferredAccount(ip: string, email: string, admittedEmail: string | undefined): Promise<Refusal | null> {
  if (admittedEmail && admittedEmail === email.trim().toLowerCase()) {
    const over = await throttleReached("signup", [`ip:${ip}`]);
    return over ? refusalOf(over) : null;
  }
  return admitSignupAttempt(ip);
}

/**
 * The answer for an e-mail that already has an account: the product's "already exists" (409), but
 * counted per client address so probing many addresses ends in 429 (no free enumeration).
 */
export async function emailTakenAnswer(ip: string): Promise<Refusal> {
  const limited = await throttle("accountExists", [`ip:${ip}`]);
  if (limited) return refusalOf(limited);
  return { status: 409, field: "email", message: MSG.userExists };
}

/**
 * Creates an applicant account (role 'user'). Throws EmailTakenError. The caller queues the
 * verification link (afterAccountCreated) once its own writes are done: signUp below for
 * the page and the API; the wizard after the application rows in the same transaction (so the
 * applicant's confirmation comes first).
 */
export async function createAccount(input: RegisterInput, db?: DbOrTx): Promise<PublicUser> {
  // An address its owner moved away from, while they can still undo that, is taken.
  if (await addressHeldForUndo(input.email, db)) throw new EmailTakenError();
  return registerUser(input, db);
}

/**
 * Sign-up page and API: throttle, create, and the enumeration rule for a taken e-mail. The
 * password policy was checked by the caller's schema (withAccountPasswordPolicy). The wizard takes
 * the same steps apart: admitSignupAttempt at step 2 (Continue), admitDeferredAccount just before
 * createAccount when the application is made, and emailTakenAnswer for a taken address there too.
 *
 * The account and its verification link (token and e-mail) commit together, so no account can be
 * left without its link; the password is hashed before the transaction (slow, and the transaction
 * may run again after a lock conflict).
 */
export async function signUp(
  input: RegisterInput,
  ip: string,
  /** Consents given on the form (the sign-up page's electronic-records agreement), recorded with the account. */
  consents: ConsentText[] = [],
): Promise<{ ok: true; user: PublicUser } | { ok: false; refusal: Refusal }> {
  const limited = await admitSignupAttempt(ip);
  if (limited) return { ok: false, refusal: limited };
  const passwordHash = input.passwordHash ?? (await hashPassword(input.password ?? ""));
  try {
    const user = await transaction(async (tx) => {
      const created = await createAccount({ ...input, password: undefined, passwordHash }, tx);
      await recordConsents(
        tx,
        consents.map((c) => ({ ...c, userId: created.id, ip })),
      );
      await afterAccountCreated(created, tx);
      return created;
    });
    kickOutbox();
    return { ok: true, user };
  } catch (e) {
    if (e instanceof EmailTakenError) return { ok: false, refusal: await emailTakenAnswer(ip) };
    throw e;
  }
}
