/**
 * Lender users. An admin invites a user of a partner lender from the lender's admin
 * page: a `lender` user row (no usable password yet) and a single-use link valid for
 * LENDER_INVITE_TTL_MS, e-mailed through the outbox in the same transaction. Opening the link
 * changes nothing (mail scanners open links); posting its form sets the password once, proves the
 * address and signs the invitee in up to the second factor, which they enrol next
 * (/lender/login/setup, the admin MFA code). Every step is audited.
 */
import { randomBytes } from "node:crypto";
import { createAccountToken, findUsableToken, useToken } from "~/features/accounts/index.server";
import { recordAudit } from "~/platform/audit-log.server";
import { transaction } from "~/platform/db/db.server";
import { findLenderIdByName, getLender } from "~/features/marketplace/index.server";
import { insertLenderUser, listLenderUsers, setInvitedPassword, updateLenderUserForSeed } from "~/features/lenders/lender-users.server";
import { enqueueEmail } from "~/platform/outbox/outbox.server";
import { EmailTakenError, getUserByEmail, getUserById } from "~/features/accounts/index.server";
import { renderMail } from "~/features/mail/index.server";
import { lenderInviteMail } from "~/features/mail/index.server";
import { hashPassword } from "~/features/accounts/index.server";
import { generateTotpSecret, totpStep } from "~/features/accounts/index.server";
import { kickOutbox } from "~/features/mail/index.server";
import { generateRecoveryCodes, hashRecoveryCode, sealSecret } from "~/features/accounts/index.server";

/** How long an invitation link works. */
export const LENDER_INVITE_TTL_MS = 72 * 60 * 60_000;
export const LENDER_INVITE_EMAIL_KIND = "lender_invite";

export type InviteOutcome = { ok: true; userId: number } | { ok: false; reason: "lender-not-found" | "email-taken" };

/**
 * Invites (or invites again, while the user has not finished enrolling) a user of `lenderId`.
 * A new invitation ends the previous link. An address that belongs to anyone else is refused.
 */
export async function inviteLenderUser(
  adminId: number,
  lenderId: number,
  input: { email: string; firstName: string; lastName: string },
  ip: string | null,
): Promise<InviteOutcome> {
  const lender = await getLender(lenderId);
  if (!lender) return { ok: false, reason: "lender-not-found" };
  const existing = await getUserByEmail(input.email);
  if (existing && (existing.role !== "lender" || existing.lenderId !== lenderId || existing.mfaEnabledAt)) {
    await recordAudit({
      actorUserId: adminId,
      action: "lender.user_invited",
      targetType: "lender",
      targetId: lenderId,
      outcome: "denied",
      ip,
    });
    return { ok: false, reason: "email-taken" };
  }
  // An unusable password until the invitee chooses one (argon2 of 256 random bits), hashed before the transaction.
  const placeholderHash = existing ? null : await hashPassword(randomBytes(32).toString("base64url"));
  let userId: number;
  try {
    userId = await transaction(async (tx) => {
      const id =
        existing?.id ??
        (await insertLenderUser(tx, {
          email: input.email,
          passwordHash: placeholderHash!,
          firstName: input.firstName,
          lastName: input.lastName,
          lenderId,
        }));
      const token = await createAccountToken(tx, { userId: id, purpose: "lender-invite", email: input.email, ttlMs: LENDER_INVITE_TTL_MS });
      await enqueueEmail(tx, {
        to: input.email.trim().toLowerCase(),
        userId: id,
        kind: LENDER_INVITE_EMAIL_KIND,
        ...renderMail(
          lenderInviteMail({
            firstName: existing?.firstName ?? input.firstName,
            lenderName: lender.name,
            token,
            validHours: LENDER_INVITE_TTL_MS / 3_600_000,
          }),
        ),
      });
      return id;
    });
  } catch (e) {
    if (e instanceof EmailTakenError) return { ok: false, reason: "email-taken" };
    throw e;
  }
  kickOutbox();
  await recordAudit({
    actorUserId: adminId,
    action: "lender.user_invited",
    targetType: "lender",
    targetId: lenderId,
    ip,
    details: `user ${userId}`,
  });
  return { ok: true, userId };
}

/** What the invitation page shows for a link (null: unknown, used or expired). Changes nothing. */
export async function inspectLenderInvite(token: string) {
  const row = await findUsableToken(token, "lender-invite");
  if (!row) return null;
  const user = await getUserById(row.userId);
  if (!user || user.role !== "lender" || !user.lenderId) return null;
  const lender = await getLender(user.lenderId);
  return { email: user.email, lenderName: lender?.name ?? "" };
}

export type AcceptInviteOutcome = { ok: true; user: { id: number; role: "lender" } } | { ok: false };

/** Uses the link once: sets the password and proves the address. The caller signs the user in (second factor pending). */
export async function acceptLenderInvite(token: string, password: string, ip: string | null): Promise<AcceptInviteOutcome> {
  const passwordHash = await hashPassword(password);
  const userId = await transaction(async (tx) => {
    const row = await findUsableToken(token, "lender-invite", tx);
    if (!row) return null;
    const user = await getUserById(row.userId, tx);
    if (!user || user.role !== "lender" || !user.lenderId) return null;
    if (!(await useToken(tx, row.id))) return null;
    await setInvitedPassword(tx, user.id, passwordHash);
    return user.id;
  });
  await recordAudit({
    actorUserId: userId,
    action: "lender.invite_accepted",
    targetType: "user",
    targetId: userId ?? undefined,
    outcome: userId ? "success" : "failure",
    ip,
  });
  return userId ? { ok: true, user: { id: userId, role: "lender" } } : { ok: false };
}

export const usersOfLender = (lenderId: number) => listLenderUsers(lenderId);

/**
 * `npm run db:seed` outside production: a lender user of a seeded lender with a known password and
 * an enrolled TOTP secret, both printed so a reviewer can sign in at /lender/login. Each run sets a
 * new secret. Returns null when the lender is not there.
 */
export async function seedLenderUser(lenderName: string, email: string, password: string) {
  const lenderId = await findLenderIdByName(lenderName);
  if (!lenderId) return null;
  const passwordHash = await hashPassword(password);
  let user = await getUserByEmail(email);
  if (user && user.role !== "lender") throw new Error(`${email} belongs to a user who is not a lender user`);
  if (!user) {
    const id = await transaction((tx) => insertLenderUser(tx, { email, passwordHash, firstName: "Lena", lastName: "Lender", lenderId }));
    user = await getUserById(id);
  }
  const secret = generateTotpSecret();
  const recoveryCodes = generateRecoveryCodes();
  // The step before the current one counts as used, so the first code shown signs in.
  const step = totpStep() - 1;
  await updateLenderUserForSeed(user!.id, {
    lenderId,
    passwordHash,
    mfaSecret: sealSecret(secret),
    mfaLastStep: step,
    mfaRecoveryCodes: recoveryCodes.map(hashRecoveryCode),
  });
  return { email, password, totpSecret: secret, recoveryCodes, lenderId };
}
