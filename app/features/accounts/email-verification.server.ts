/**
 * E-mail verification. `issueEmailVerification` is the ONE call every place that
 * creates an account makes (sign-up page, POST /api/auth/register, the wizard's account at
 * upload/submission): it stores a hashed, expiring token and writes the e-mail to the outbox in
 * the caller's transaction. A link proves only the address the account has when it is used; a
 * change of e-mail has its own link and rules (email-change.server.ts). Verifying releases the e-mails held for the account (see holdFor in models/outbox.server.ts).
 */
import { recordAudit } from "~/platform/audit-log.server";
import { createAccountToken, findUsableToken, useToken } from "~/features/accounts/account-tokens.server";
import { enqueueEmail, releaseHeldEmails } from "~/platform/outbox/outbox.server";
import { getUserById, getUserLanguage, setUserEmail } from "~/features/accounts/users.server";
import { renderMail } from "~/features/mail/index.server";
import { verificationMail } from "~/features/mail/index.server";
import { transaction, type DbOrTx } from "~/platform/db/db.server";
import { kickOutbox } from "~/features/mail/index.server";

export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60_000;

type Account = { id: number; email: string; firstName: string };

/**
 * Issues a verification link for `email` (default: the account's current address) and queues the
 * e-mail, in `db` (pass the transaction that created the account). Call kickOutbox after COMMIT,
 * or let the worker pick it up.
 */
export async function issueEmailVerification(db: DbOrTx, account: Account, email = account.email) {
  const change = email.trim().toLowerCase() !== account.email.trim().toLowerCase();
  const token = await createAccountToken(db, { userId: account.id, purpose: "verify-email", email, ttlMs: VERIFY_EMAIL_TTL_MS });
  // In the account's language (stored at sign-up from the page's, or by the switch).
  const lang = await getUserLanguage(account.id, db);
  await enqueueEmail(db, {
    ...renderMail(verificationMail(account.firstName, token, change, lang)),
    to: email,
    kind: change ? "email_change_verification" : "email_verification",
    userId: account.id,
  });
}

/** The hook for the account-creation paths: one call, after the user row exists (in `tx` if given). */
export async function afterAccountCreated(account: Account, tx?: DbOrTx) {
  if (tx) return issueEmailVerification(tx, account);
  await transaction((t) => issueEmailVerification(t, account));
  kickOutbox();
}

export type VerifyOutcome = { ok: true; userId: number; email: string; released: number } | { ok: false; reason: "invalid" };

/** Uses a verification link: marks the account's address verified and releases held mail. */
export async function verifyEmailToken(token: string, ip?: string): Promise<VerifyOutcome> {
  const outcome = await transaction(async (tx): Promise<VerifyOutcome> => {
    const row = await findUsableToken(token, "verify-email", tx);
    if (!row || !(await useToken(tx, row.id))) return { ok: false, reason: "invalid" };
    const user = await getUserById(row.userId, tx);
    // A link for another address (the account's address changed since) proves nothing now.
    if (!user || row.email !== user.email) return { ok: false, reason: "invalid" };
    await setUserEmail(tx, user.id, row.email, new Date());
    const released = await releaseHeldEmails(tx, user.id, row.email);
    return { ok: true, userId: user.id, email: row.email, released };
  });
  if (outcome.ok) {
    kickOutbox();
    await recordAudit({
      actorUserId: outcome.userId,
      action: "account.email_verified",
      targetType: "user",
      targetId: outcome.userId,
      ip,
      details: outcome.released ? `released ${outcome.released} held e-mails` : undefined,
    });
  } else {
    await recordAudit({ action: "account.email_verify", outcome: "failure", ip, details: outcome.reason });
  }
  return outcome;
}

/** A new link for the account's current address (the dashboard banner's "resend"). */
export async function resendVerification(userId: number, ip?: string) {
  const user = await getUserById(userId);
  if (!user || user.emailVerifiedAt) return false;
  await transaction((tx) => issueEmailVerification(tx, user));
  kickOutbox();
  await recordAudit({ actorUserId: userId, action: "account.verification_resent", targetType: "user", targetId: userId, ip });
  return true;
}
