/**
 * Forgotten password: a single-use link, stored hashed, valid for one hour, for the
 * address the account has when it is used (a change of e-mail ends the links sent to the old one).
 * Asking for one answers the same, in the same time, whether or not the account exists: the page
 * answers before anything depends on the address (queuePasswordResetRequest). Using a link sets the
 * new password, proves the address, ends every session of the user and every pending link (an undo
 * link of a change of e-mail excepted: see email-change.server.ts) and sends "your password was
 * changed". So the owner of an address someone else signed up with takes the account over cleanly.
 * Admins with a second factor must also give a TOTP or recovery code.
 */
import { recordAudit } from "~/platform/audit-log.server";
import { createAccountToken, findUsableToken, revokeUserTokens, useToken } from "~/features/accounts/account-tokens.server";
import { enqueueEmail, releaseHeldEmails } from "~/platform/outbox/outbox.server";
import { deleteUserSessions } from "~/features/accounts/session/sessions.server";
import {
  getUserByEmail,
  getUserById,
  getUserLanguage,
  lockUserRow,
  setUserEmail,
  updateUser,
  type UserRecord,
} from "~/features/accounts/users.server";
import { readerLanguage } from "~/features/mail";
import { renderMail } from "~/features/mail/index.server";
import { passwordChangedMail, resetPasswordMail } from "~/features/mail/index.server";
import { transaction, type DbOrTx } from "~/platform/db/db.server";
import { logError } from "~/platform/observability/log.server";
import { hashPassword } from "~/features/accounts/password/password.server";
import { outsideRequestScope } from "~/platform/http/request-scope.server";
import { kickOutbox } from "~/features/mail/index.server";
import { isEnrolled } from "~/features/accounts/mfa/mfa.server";
import { checkSecondFactor } from "./sign-in.server";

export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/** The "your password was changed" notice (reset, or change on /account). */
export async function queuePasswordChangedEmail(db: DbOrTx, user: Pick<UserRecord, "id" | "email" | "firstName">) {
  const lang = await getUserLanguage(user.id, db);
  await enqueueEmail(db, {
    ...renderMail(passwordChangedMail(user.firstName, lang)),
    to: user.email,
    userId: user.id,
    kind: "password_changed",
  });
}

/** Sends a reset link when the account exists; does nothing visible otherwise. */
export async function requestPasswordReset(email: string, ip?: string) {
  const user = await getUserByEmail(email);
  if (!user) {
    await recordAudit({ action: "account.password_reset_requested", outcome: "failure", ip, details: "no such account" });
    return;
  }
  await transaction(async (tx) => {
    // Locked first: the link goes to the address the account has at commit, never to one a
    // concurrent change of e-mail is replacing (that change then ends the link, or comes after).
    const current = await lockUserRow(tx, user.id);
    if (!current) return;
    const token = await createAccountToken(tx, {
      userId: current.id,
      purpose: "reset-password",
      email: current.email,
      ttlMs: RESET_TOKEN_TTL_MS,
    });
    await enqueueEmail(tx, {
      ...renderMail(resetPasswordMail(current.firstName, token, readerLanguage(current))),
      to: current.email,
      userId: current.id,
      kind: "password_reset",
    });
  });
  kickOutbox();
  await recordAudit({ actorUserId: user.id, action: "account.password_reset_requested", targetType: "user", targetId: user.id, ip });
}

/**
 * The forgot-password page's call: the lookup, the link and its e-mail run after the answer, outside
 * the request, so the answer takes the same time whether or not the address has an account (and
 * does not wait for a slow or locked write). A failure is logged without the address.
 */
export function queuePasswordResetRequest(email: string, ip?: string) {
  outsideRequestScope(() =>
    setImmediate(() => {
      requestPasswordReset(email, ip).catch((e) => logError("account.password_reset_request", e));
    }),
  );
}

/** True when setting a password from an e-mailed link also needs the admin's second factor. */
export const needsSecondFactor = (user: UserRecord) => user.role === "admin" && isEnrolled(user);

/**
 * The second factor an enrolled admin gives with a link that sets a password (anyone else passes).
 * The same throttled, lock-counting check as the admin sign-in; only a matched factor passes.
 */
export async function secondFactorPasses(user: UserRecord, code: string | undefined, ip?: string) {
  if (!needsSecondFactor(user)) return true;
  if (!code?.trim()) return false;
  return (await checkSecondFactor(user.id, code, { ip: ip ?? "unknown", via: "reset" })).ok;
}

/** The reset link's row and user, when the link is usable and still for the account's address. */
async function usableReset(token: string) {
  const row = await findUsableToken(token, "reset-password");
  const user = row ? await getUserById(row.userId) : null;
  if (!row || !user || row.email !== user.email) return null;
  return { row, user };
}

/** What the reset page needs to know about a link before the form is sent (null: not usable). */
export async function inspectResetToken(token: string) {
  const found = await usableReset(token);
  if (!found) return null;
  return { needsSecondFactor: needsSecondFactor(found.user), admin: found.user.role === "admin" };
}

export type ResetOutcome =
  | { ok: true; role: "user" | "admin" | "lender" }
  | { ok: false; reason: "invalid" }
  /** `locked`: the TOTP factor is locked (only a recovery code works now). */
  | { ok: false; reason: "secondFactor"; locked: boolean }
  | { ok: false; reason: "throttled"; message: string; headers: Record<string, string> };

export async function resetPassword(input: { token: string; password: string; secondFactor?: string }, ip?: string): Promise<ResetOutcome> {
  // A link sent to an address the account no longer has is refused (the change ended it anyway).
  const found = await usableReset(input.token);
  if (!found) {
    await recordAudit({ action: "account.password_reset", outcome: "failure", ip, details: "invalid link" });
    return { ok: false, reason: "invalid" };
  }
  const { row, user } = found;
  if (user.role === "admin" && isEnrolled(user)) {
    // The same throttled, lock-counting check as the admin sign-in; only a matched factor passes.
    const check = input.secondFactor?.trim()
      ? await checkSecondFactor(user.id, input.secondFactor, { ip: ip ?? "unknown", via: "reset" })
      : null;
    if (check && !check.ok && check.reason === "throttled") return check;
    if (!check?.ok) {
      await recordAudit({ actorUserId: user.id, action: "account.password_reset", outcome: "failure", ip, details: "second factor" });
      return { ok: false, reason: "secondFactor", locked: check?.locked ?? false };
    }
  }
  const passwordHash = await hashPassword(input.password);
  const done = await transaction(async (tx) => {
    if (!(await useToken(tx, row.id))) return false;
    // The address must still be the one the link went to, inside the transaction too.
    const current = await lockUserRow(tx, user.id);
    if (!current || current.email !== row.email) return false;
    await updateUser(user.id, { passwordHash }, tx);
    // Every pending link ends: other reset links, a sign-up confirmation and, above all, a change of
    // e-mail that whoever held the account before may have kept, and a referral's claim link (it
    // sets a password only for an account that never had one). Not an undo link (see above).
    await revokeUserTokens(tx, user.id, ["reset-password", "verify-email", "change-email", "referral-claim"]);
    // The link reached this mailbox, which proves the address as well as a verification link would.
    if (!user.emailVerifiedAt) {
      await setUserEmail(tx, user.id, user.email, new Date());
      await releaseHeldEmails(tx, user.id, user.email);
    }
    await queuePasswordChangedEmail(tx, user);
    return true;
  });
  if (!done) {
    await recordAudit({ actorUserId: user.id, action: "account.password_reset", outcome: "failure", ip, details: "link already used" });
    return { ok: false, reason: "invalid" };
  }
  await deleteUserSessions(user.id);
  kickOutbox();
  await recordAudit({ actorUserId: user.id, action: "account.password_reset", targetType: "user", targetId: user.id, ip });
  return { ok: true, role: user.role };
}
