/**
 * A business owner's side of a partner referral (the partner API's POST /api/loan-applications with
 * a referral partner's key). In the referral's own transaction, `queueReferralEmail` tells the owner:
 *   - a new account (made by the referral, with no usable password): a single-use link, stored
 *     hashed like every account link, valid for 7 days, to /referral/claim, where the owner chooses a
 *     password (the sign-up rules and the common-password check); that proves the address, signs
 *     them in and opens the referred application in the wizard;
 *   - an existing account: a notice with a sign-in link. No link sets the password of an account
 *     that has one.
 * A password set any other way (Forgot password) ends the claim link, so it can never replace a
 * password the owner chose.
 */
import { recordAudit } from "~/platform/audit-log.server";
import { createAccountToken, findUsableToken, revokeUserTokens, useToken } from "~/features/accounts/account-tokens.server";
import { enqueueEmail, releaseHeldEmails } from "~/platform/outbox/outbox.server";
import { getUserById, getUserLanguage, lockUserRow, setUserEmail, updateUser } from "~/features/accounts/users.server";
import { referralClaimMail, referralNoticeMail, renderMail } from "~/features/mail/index.server";
import { kickOutbox } from "~/features/mail/index.server";
import { transaction, type DbOrTx } from "~/platform/db/db.server";
import { hashPassword } from "~/features/accounts/password/password.server";

export const REFERRAL_CLAIM_TTL_MS = 7 * 24 * 60 * 60_000;
export const REFERRAL_CLAIM_EMAIL_KIND = "referral_claim";
export const REFERRAL_NOTICE_EMAIL_KIND = "referral_notice";

/**
 * In the referral's transaction: the claim link (a new account) or the notice (an existing one),
 * written to the outbox with the application. Call kickOutbox after COMMIT.
 */
export async function queueReferralEmail(
  db: DbOrTx,
  input: {
    user: { id: number; email: string; firstName: string };
    newAccount: boolean;
    partnerName: string;
    reference: string;
  },
) {
  // The account's language (a new account has none: English).
  const lang = await getUserLanguage(input.user.id, db);
  const facts = { firstName: input.user.firstName, partnerName: input.partnerName, reference: input.reference, lang };
  if (!input.newAccount) {
    await enqueueEmail(db, {
      ...renderMail(referralNoticeMail(facts)),
      to: input.user.email,
      userId: input.user.id,
      kind: REFERRAL_NOTICE_EMAIL_KIND,
    });
    return;
  }
  const token = await createAccountToken(db, {
    userId: input.user.id,
    purpose: "referral-claim",
    email: input.user.email,
    ttlMs: REFERRAL_CLAIM_TTL_MS,
  });
  await enqueueEmail(db, {
    ...renderMail(referralClaimMail({ ...facts, token, validDays: REFERRAL_CLAIM_TTL_MS / 86_400_000 })),
    to: input.user.email,
    userId: input.user.id,
    kind: REFERRAL_CLAIM_EMAIL_KIND,
  });
}

/** The claim link's row and applicant, while the link is usable and still for the account's address. */
async function usableClaim(token: string, db?: DbOrTx) {
  const row = await findUsableToken(token, "referral-claim", db);
  const user = row ? await getUserById(row.userId, db) : null;
  if (!row || !user || user.role !== "user" || user.disabledAt || row.email !== user.email) return null;
  return { row, user };
}

/** What the claim page shows before the form is sent (null: unknown, used or expired). Changes nothing. */
export async function inspectReferralClaim(token: string) {
  const found = await usableClaim(token);
  return found ? { email: found.user.email } : null;
}

export type ClaimOutcome = { ok: true; user: { id: number; role: "user" } } | { ok: false };

/**
 * Uses the link once: sets the password, proves the address (held e-mails go out) and ends the
 * account's other pending links. The caller signs the applicant in.
 */
export async function claimReferral(token: string, password: string, ip: string | null): Promise<ClaimOutcome> {
  if (!(await usableClaim(token))) {
    await recordAudit({ action: "account.referral_claim", outcome: "failure", ip, details: "invalid link" });
    return { ok: false };
  }
  const passwordHash = await hashPassword(password);
  const userId = await transaction(async (tx) => {
    const found = await usableClaim(token, tx);
    if (!found || !(await useToken(tx, found.row.id))) return null;
    const current = await lockUserRow(tx, found.user.id);
    if (!current || current.email !== found.row.email) return null;
    await updateUser(current.id, { passwordHash }, tx);
    await revokeUserTokens(tx, current.id, ["referral-claim", "reset-password", "verify-email"]);
    if (!current.emailVerifiedAt) {
      await setUserEmail(tx, current.id, current.email, new Date());
      await releaseHeldEmails(tx, current.id, current.email);
    }
    return current.id;
  });
  if (userId) kickOutbox();
  await recordAudit({
    actorUserId: userId,
    action: "account.referral_claim",
    targetType: "user",
    targetId: userId ?? undefined,
    outcome: userId ? "success" : "failure",
    ip,
    details: userId ? undefined : "link already used",
  });
  return userId ? { ok: true, user: { id: userId, role: "user" } } : { ok: false };
}
