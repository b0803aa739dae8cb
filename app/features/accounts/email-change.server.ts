/**
 * Changing the account's e-mail address, and putting it back.
 *
 * - Asking (on /account, with the current password) needs a verified address: an account whose
 *   address was never proven may belong to someone who typed another person's address at sign-up,
 *   and must not be able to move it to a mailbox of their own. The link goes to the new address,
 *   a notice to the current one.
 * - The link finishes the change only in a signed-in session of the same account (verify-email
 *   sends a signed-out visitor to sign in and back, and refuses another account). A new password
 *   (reset or change) and "sign out everywhere else" end it.
 * - When the change is done, reset links sent to the old address end, and the old address gets a
 *   notice with an undo link: single-use, for a week. Undoing puts the old address back, sets a new
 *   password (whoever changed the address knew the old one), ends every session and every pending
 *   link. Nothing but its own use ends an undo link: it is the old address owner's way back, so
 *   whoever holds the account now must not be able to end it with a password change or reset.
 */
import { recordAudit } from "~/platform/audit-log.server";
import {
  addressHeldForUndo,
  createAccountToken,
  findUsableToken,
  revokeUserTokens,
  useToken,
} from "~/features/accounts/account-tokens.server";
import { enqueueEmail } from "~/platform/outbox/outbox.server";
import { deleteUserSessions } from "~/features/accounts/session/sessions.server";
import {
  EmailTakenError,
  getUserByEmail,
  getUserById,
  isDuplicate,
  lockUserRow,
  setUserEmail,
  updateUser,
  type UserRecord,
} from "~/features/accounts/users.server";
import { ACCOUNT_TOKEN_PURPOSES } from "~/content/enums";
import { renderMail } from "~/features/mail/index.server";
import { changeLinkMail, changedMail, changeRequestedMail, changeUndoneMail } from "~/features/mail/index.server";
import { transaction } from "~/platform/db/db.server";
import { hashPassword } from "~/features/accounts/password/password.server";
import { kickOutbox } from "~/features/mail/index.server";
import { readerLanguage } from "~/features/mail";
import { needsSecondFactor, secondFactorPasses } from "./password-reset.server";

export const CHANGE_EMAIL_TTL_MS = 24 * 60 * 60_000;
export const UNDO_EMAIL_CHANGE_TTL_MS = 7 * 24 * 60 * 60_000;

export type EmailChangeRequest = { ok: true } | { ok: false; reason: "taken" | "unverified" };

/** Sends a confirmation link to the new address and a notice to the current one (see the file comment). */
export async function requestEmailChange(user: UserRecord, newEmail: string, ip?: string): Promise<EmailChangeRequest> {
  const email = newEmail.trim().toLowerCase();
  const refuse = async (reason: "taken" | "unverified") => {
    await recordAudit({ actorUserId: user.id, action: "account.email_change_requested", outcome: "failure", ip, details: reason });
    return { ok: false as const, reason };
  };
  if (!user.emailVerifiedAt) return refuse("unverified");
  const other = await getUserByEmail(email);
  if ((other && other.id !== user.id) || (!other && (await addressHeldForUndo(email)))) return refuse("taken");
  await transaction(async (tx) => {
    const token = await createAccountToken(tx, { userId: user.id, purpose: "change-email", email, ttlMs: CHANGE_EMAIL_TTL_MS });
    await enqueueEmail(tx, {
      ...renderMail(changeLinkMail(user.firstName, token, readerLanguage(user))),
      to: email,
      userId: user.id,
      kind: "email_change_verification",
    });
    const notice = renderMail(changeRequestedMail(user.firstName, email, readerLanguage(user)));
    await enqueueEmail(tx, { ...notice, to: user.email, userId: user.id, kind: "email_change_notice" });
  });
  kickOutbox();
  await recordAudit({ actorUserId: user.id, action: "account.email_change_requested", targetType: "user", targetId: user.id, ip });
  return { ok: true };
}

/** A usable change link: its account and new address (null: not a change link, or not usable). */
export async function inspectChangeToken(token: string) {
  const row = await findUsableToken(token, "change-email");
  return row ? { userId: row.userId, email: row.email } : null;
}

export type ConfirmChangeOutcome = { ok: true; email: string } | { ok: false; reason: "invalid" | "taken" | "other-account" };

/**
 * Finishes a change of e-mail with its link, for the signed-in `sessionUserId` only. Another
 * account's session gets "other-account" and the link stays usable for its owner.
 */
export async function confirmEmailChange(token: string, sessionUserId: number, ip?: string): Promise<ConfirmChangeOutcome> {
  let outcome: ConfirmChangeOutcome;
  try {
    outcome = await transaction(async (tx): Promise<ConfirmChangeOutcome> => {
      const row = await findUsableToken(token, "change-email", tx);
      if (!row) return { ok: false, reason: "invalid" };
      if (row.userId !== sessionUserId) return { ok: false, reason: "other-account" };
      // The account's row is locked first, as a reset-link request locks it (password-reset.server.ts).
      const user = await lockUserRow(tx, row.userId);
      if (!(await useToken(tx, row.id))) return { ok: false, reason: "invalid" };
      if (!user || !user.emailVerifiedAt) return { ok: false, reason: "invalid" };
      const other = await getUserByEmail(row.email, tx);
      if (other && other.id !== user.id) return { ok: false, reason: "taken" };
      if (!other && (await addressHeldForUndo(row.email, tx))) return { ok: false, reason: "taken" };
      await setUserEmail(tx, user.id, row.email, new Date());
      // Links that went to the old address (or prove it) end with it; so do other pending changes.
      await revokeUserTokens(tx, user.id, ["verify-email", "reset-password", "change-email"]);
      const undo = await createAccountToken(tx, {
        userId: user.id,
        purpose: "undo-email-change",
        email: user.email,
        ttlMs: UNDO_EMAIL_CHANGE_TTL_MS,
      });
      const notice = renderMail(changedMail(user.firstName, row.email, undo, readerLanguage(user)));
      await enqueueEmail(tx, { ...notice, to: user.email, userId: user.id, kind: "email_changed_notice" });
      return { ok: true, email: row.email };
    });
  } catch (e) {
    if (e instanceof EmailTakenError || isDuplicate(e)) outcome = { ok: false, reason: "taken" };
    else throw e;
  }
  if (outcome.ok) {
    kickOutbox();
    await recordAudit({ actorUserId: sessionUserId, action: "account.email_changed", targetType: "user", targetId: sessionUserId, ip });
  } else {
    await recordAudit({ actorUserId: sessionUserId, action: "account.email_change", outcome: "failure", ip, details: outcome.reason });
  }
  return outcome;
}

/** What the undo page needs before its form is sent (null: not usable). */
export async function inspectUndoToken(token: string) {
  const row = await findUsableToken(token, "undo-email-change");
  const user = row ? await getUserById(row.userId) : null;
  if (!row || !user) return null;
  return { email: row.email, needsSecondFactor: needsSecondFactor(user) };
}

export type UndoOutcome = { ok: true; role: "user" | "admin" | "lender" } | { ok: false; reason: "invalid" | "secondFactor" | "taken" };

/** Puts the address the change left back, with a new password; ends every session and pending link. */
export async function undoEmailChange(
  input: { token: string; password: string; secondFactor?: string },
  ip?: string,
): Promise<UndoOutcome> {
  const row = await findUsableToken(input.token, "undo-email-change");
  const user = row ? await getUserById(row.userId) : null;
  const fail = async (reason: "invalid" | "secondFactor" | "taken", actorUserId?: number) => {
    await recordAudit({ actorUserId, action: "account.email_change_undone", outcome: "failure", ip, details: reason });
    return { ok: false as const, reason };
  };
  if (!row || !user) return fail("invalid");
  if (!(await secondFactorPasses(user, input.secondFactor, ip))) return fail("secondFactor", user.id);
  const passwordHash = await hashPassword(input.password);
  let result: "ok" | "invalid" | "taken";
  try {
    result = await transaction(async (tx) => {
      await lockUserRow(tx, user.id);
      if (!(await useToken(tx, row.id))) return "invalid" as const;
      const other = await getUserByEmail(row.email, tx);
      if (other && other.id !== user.id) throw new EmailTakenError();
      await setUserEmail(tx, user.id, row.email, new Date());
      await updateUser(user.id, { passwordHash }, tx);
      await revokeUserTokens(tx, user.id, ACCOUNT_TOKEN_PURPOSES);
      await enqueueEmail(tx, {
        ...renderMail(changeUndoneMail(user.firstName, readerLanguage(user))),
        to: row.email,
        userId: user.id,
        kind: "email_change_undone",
      });
      return "ok" as const;
    });
  } catch (e) {
    if (!(e instanceof EmailTakenError || isDuplicate(e))) throw e;
    result = "taken";
  }
  if (result !== "ok") return fail(result, user.id);
  await deleteUserSessions(user.id);
  kickOutbox();
  await recordAudit({ actorUserId: user.id, action: "account.email_change_undone", targetType: "user", targetId: user.id, ip });
  return { ok: true, role: user.role };
}
