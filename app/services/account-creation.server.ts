/**
 * THE account-creation service (issue 11, finding 3). The sign-up page, POST /api/auth/register and
 * wizard step 2 (whose account is created at the first upload or at submission) all come here for:
 *   - the password policy (length from the shared schemas, plus the common-password list),
 *   - the sign-up throttle (per client address, shared by all three entry points),
 *   - the enumeration rule: the "already exists" answer is counted per client and throttled,
 *   - creating the account; sign-up and the API also send the e-mail verification link here.
 */
import type { z } from "zod";
import type { PublicUser } from "~/models/users.server";
import { EmailTakenError, registerUser, type RegisterInput } from "~/services/auth.server";
import { afterAccountCreated } from "~/services/email-verification.server";
import { throttle } from "~/services/throttle.server";
import type { DbOrTx } from "~/models/db.server";
import { MSG } from "~/utils/messages";
import { isCommonPassword, withPasswordPolicy } from "~/utils/password-policy.server";

export { COMMON_PASSWORD_MESSAGE } from "~/utils/password-policy.server";

/** A refused attempt: the status and message every entry point answers with. */
export type Refusal = { status: 409 | 429; field: "email" | "form"; message: string; headers?: Record<string, string> };

/** Adds the account password policy (common passwords refused) to a form or API schema. */
export function withAccountPasswordPolicy<T extends z.ZodTypeAny>(schema: T) {
  return withPasswordPolicy(schema);
}

/** True when `password` may be an account password (used where a schema is not, e.g. a Back button). */
export const passwordAllowed = (password: string) => !isCommonPassword(password);

/** Counts one sign-up attempt of this client address; a 429 refusal once over the limit. */
export async function admitSignupAttempt(ip: string): Promise<Refusal | null> {
  const limited = await throttle("signup", [`ip:${ip}`]);
  return limited ? { status: 429, field: "form", message: limited.message, headers: limited.headers } : null;
}

/**
 * The answer for an e-mail that already has an account: the product's "already exists" (409), but
 * counted per client address so probing many addresses ends in 429 (no free enumeration).
 */
export async function emailTakenAnswer(ip: string): Promise<Refusal> {
  const limited = await throttle("accountExists", [`ip:${ip}`]);
  if (limited) return { status: 429, field: "form", message: limited.message, headers: limited.headers };
  return { status: 409, field: "email", message: MSG.userExists };
}

/**
 * Creates an applicant account (role 'user'). Throws EmailTakenError. The caller queues the
 * verification link (afterAccountCreated, issue 13) once its own writes are done: signUp below for
 * the page and the API; the wizard after the application rows in the same transaction (so the
 * applicant's confirmation comes first).
 */
export async function createAccount(input: RegisterInput, db?: DbOrTx): Promise<PublicUser> {
  return registerUser(input, db);
}

/**
 * Sign-up page and API: throttle, create, and the enumeration rule for a taken e-mail. The
 * password policy was checked by the caller's schema (withAccountPasswordPolicy). The wizard takes
 * the same steps apart: admitSignupAttempt at step 2, createAccount when the application is made.
 */
export async function signUp(input: RegisterInput, ip: string): Promise<{ ok: true; user: PublicUser } | { ok: false; refusal: Refusal }> {
  const limited = await admitSignupAttempt(ip);
  if (limited) return { ok: false, refusal: limited };
  try {
    const user = await createAccount(input);
    await afterAccountCreated(user);
    return { ok: true, user };
  } catch (e) {
    if (e instanceof EmailTakenError) return { ok: false, refusal: await emailTakenAnswer(ip) };
    throw e;
  }
}
