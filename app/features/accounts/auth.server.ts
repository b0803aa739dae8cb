/** The credential check and the account row of sign-in and sign-up (the workflows: sign-in.server.ts, account-creation.server.ts). */
import { createHmac, hkdfSync } from "node:crypto";
import { recordAudit } from "~/platform/audit-log.server";
import {
  EmailTakenError,
  getUserByEmail,
  insertUser,
  toPublicUser,
  updateUser,
  type PublicUser,
  type UserRecord,
} from "~/features/accounts/users.server";
import type { DbOrTx } from "~/platform/db/db.server";
import { getEnv } from "~/platform/env.server";
import { TOASTS } from "~/content/messages";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "~/features/accounts/password/password.server";

export class InvalidCredentialsError extends Error {
  constructor() {
    super(TOASTS.loginFailed.description);
  }
}

/** Checks an e-mail and password; rehashes on success when the hash parameters were raised. */
export async function verifyLogin(email: string, password: string): Promise<UserRecord> {
  const user = await getUserByEmail(email);
  if (!user) {
    await verifyAgainstDummy(password);
    throw new InvalidCredentialsError();
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new InvalidCredentialsError();
  // A disabled account (the demo admin in production, say) answers like a wrong password.
  if (user.disabledAt) throw new InvalidCredentialsError();
  if (needsRehash(user.passwordHash)) await updateUser(user.id, { passwordHash: await hashPassword(password) });
  return user;
}

/** A stable, keyed pseudonym of an e-mail for the audit trail (no raw address in it). */
function emailPseudonym(email: string) {
  const key = hkdfSync("sha256", getEnv().SESSION_SECRET, Buffer.alloc(0), "lendwise-audit-email-v1", 32);
  return createHmac("sha256", Buffer.from(key)).update(email.trim().toLowerCase()).digest("hex").slice(0, 24);
}

/**
 * Audits a failed sign-in with the account tried (its id when it exists, else a keyed hash of the
 * e-mail, never the address) and the client address.
 */
export async function recordFailedSignIn({ email, ip, details }: { email: string; ip?: string | null; details?: string }) {
  const user = email ? await getUserByEmail(email) : null;
  const tried = user ? {} : { details: [details, `unknown account ${emailPseudonym(email)}`].filter(Boolean).join("; ") };
  await recordAudit({
    action: "auth.login",
    outcome: "failure",
    ip: ip ?? null,
    targetType: user ? "user" : undefined,
    targetId: user?.id,
    details,
    ...tried,
  });
}

export type RegisterInput = {
  firstName: string;
  lastName: string;
  email: string;
  password?: string;
  passwordHash?: string;
  phone: string;
  dateOfBirth: string;
  /** The language of the page it was made on (issue 30): stored when Spanish, so the first e-mail is too. */
  language?: "en" | "es" | null;
};

/** Creates an applicant account (role 'user' always). Throws EmailTakenError on a taken e-mail. */
export async function registerUser(input: RegisterInput, db?: DbOrTx): Promise<PublicUser> {
  const passwordHash = input.passwordHash ?? (await hashPassword(input.password ?? ""));
  const id = await insertUser(
    {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      dateOfBirth: input.dateOfBirth,
      role: "user",
      ...(input.language && input.language !== "en" ? { language: input.language } : {}),
    },
    db,
  );
  return toPublicUser({
    id,
    email: input.email.toLowerCase(),
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    dateOfBirth: input.dateOfBirth,
    role: "user",
  } as UserRecord);
}

export { EmailTakenError };
