/**
 * Forgotten password (issue 13): a single-use link, stored hashed, valid for one hour. Asking for
 * one answers the same whether or not the account exists (the route shows one message either way,
 * and both paths do comparable work). Using it sets the new password, ends every session of the
 * user, ends other reset links and sends "your password was changed". Admins with a second factor
 * must also give a TOTP or recovery code.
 */
import { recordAudit } from "~/models/audit-log.server";
import { createAccountToken, findUsableToken, revokeTokens, useToken } from "~/models/account-tokens.server";
import { enqueueEmail, releaseHeldEmails } from "~/models/outbox.server";
import { deleteUserSessions } from "~/models/sessions.server";
import { getUserByEmail, getUserById, setUserEmail, updateUser, type UserRecord } from "~/models/users.server";
import { site } from "~/content/site";
import { transaction, type DbOrTx } from "~/models/db.server";
import { hashPassword } from "~/utils/password.server";
import { publicLink } from "./email-verification.server";
import { kickOutbox } from "./mail.server";
import { isEnrolled, verifySecondFactor } from "./mfa.server";

export const RESET_TOKEN_TTL_MS = 60 * 60_000;

function resetEmail(user: Pick<UserRecord, "firstName">, link: string) {
  return {
    subject: `Reset your ${site.name} password`,
    text: [
      `Hello ${user.firstName},`,
      "",
      "Someone (hopefully you) asked to reset the password of your account. Choose a new password here:",
      "",
      link,
      "",
      "The link works once, for one hour. If you did not ask for this, ignore this e-mail: your password stays as it is.",
      "",
      `The ${site.name} team`,
    ].join("\n"),
  };
}

/** The "your password was changed" notice (reset, or change on /account). */
export async function queuePasswordChangedEmail(db: DbOrTx, user: Pick<UserRecord, "email" | "firstName">) {
  await enqueueEmail(db, {
    to: user.email,
    kind: "password_changed",
    subject: `Your ${site.name} password was changed`,
    text: [
      `Hello ${user.firstName},`,
      "",
      "The password of your account was just changed, and every other signed-in session was signed out.",
      "",
      `If this was not you, reset your password at once at ${publicLink("/forgot-password")} and call us at ${site.supportPhone}.`,
      "",
      `The ${site.name} team`,
    ].join("\n"),
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
    const token = await createAccountToken(tx, {
      userId: user.id,
      purpose: "reset-password",
      email: user.email,
      ttlMs: RESET_TOKEN_TTL_MS,
    });
    const mail = resetEmail(user, publicLink(`/reset-password?token=${token}`));
    await enqueueEmail(tx, { to: user.email, subject: mail.subject, text: mail.text, kind: "password_reset" });
  });
  kickOutbox();
  await recordAudit({ actorUserId: user.id, action: "account.password_reset_requested", targetType: "user", targetId: user.id, ip });
}

/** What the reset page needs to know about a link before the form is sent (null: not usable). */
export async function inspectResetToken(token: string) {
  const row = await findUsableToken(token, "reset-password");
  if (!row) return null;
  const user = await getUserById(row.userId);
  if (!user) return null;
  return { needsSecondFactor: user.role === "admin" && isEnrolled(user), admin: user.role === "admin" };
}

export type ResetOutcome = { ok: true; role: "user" | "admin" } | { ok: false; reason: "invalid" | "secondFactor" };

export async function resetPassword(input: { token: string; password: string; secondFactor?: string }, ip?: string): Promise<ResetOutcome> {
  const row = await findUsableToken(input.token, "reset-password");
  const user = row ? await getUserById(row.userId) : null;
  if (!row || !user) {
    await recordAudit({ action: "account.password_reset", outcome: "failure", ip, details: "invalid link" });
    return { ok: false, reason: "invalid" };
  }
  if (user.role === "admin" && isEnrolled(user)) {
    // verifySecondFactor counts failures towards the lockout; only a matched factor passes.
    const factor = input.secondFactor?.trim() ? (await verifySecondFactor(user.id, input.secondFactor, { ip })).factor : null;
    if (!factor) {
      await recordAudit({ actorUserId: user.id, action: "account.password_reset", outcome: "failure", ip, details: "second factor" });
      return { ok: false, reason: "secondFactor" };
    }
  }
  const passwordHash = await hashPassword(input.password);
  const done = await transaction(async (tx) => {
    if (!(await useToken(tx, row.id))) return false;
    await updateUser(user.id, { passwordHash }, tx);
    await revokeTokens(tx, user.id, "reset-password");
    // The link reached this mailbox, which proves the address as well as a verification link would.
    if (!user.emailVerifiedAt && row.email === user.email) {
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
