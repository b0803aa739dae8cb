/**
 * A lender user manages its own lender's partner API keys (/lender/keys): the keys of the lender
 * partners acting for its lender, created, revoked and rotated through the admin page's own
 * functions (partner-keys.server.ts: the same key format, storage, overlap and audit rows, with the
 * lender user as the actor). A key or partner of another lender, or of a referral partner, is
 * refused exactly like one that does not exist (and the refusal is audited). A lender without a
 * lender partner is told to ask an admin: opening a partner account stays an admin's decision.
 */
import { recordAudit } from "~/platform/audit-log.server";
import { getPartnerKey, listLenderPartners, listPartnerKeys } from "~/features/partners/partners.server";
import { createPartnerKey, displayPrefix, keyState, revokeKey, rotateKey, type NewKeyInput } from "./partner-keys.server";

export type LenderKeyActor = { userId: number; lenderId: number; ip: string };

/** The lender's partners, each with its keys as the page lists them (never a secret). */
export async function lenderKeysView(lenderId: number) {
  const partners = await listLenderPartners(lenderId);
  return Promise.all(
    partners.map(async (p) => ({
      id: p.id,
      name: p.name,
      keys: (await listPartnerKeys(p.id)).map((k) => ({
        id: k.id,
        prefix: displayPrefix(k.publicId),
        label: k.label,
        scopes: k.scopes,
        limit: k.rateLimitPerMinute,
        state: keyState(k),
        created: k.createdAt.toISOString(),
        expires: k.expiresAt?.toISOString() ?? null,
        lastUsed: k.lastUsedAt?.toISOString() ?? null,
        revoked: k.revokedAt?.toISOString() ?? null,
      })),
    })),
  );
}

async function refuse(a: LenderKeyActor, action: string, targetType: string, targetId: number) {
  await recordAudit({ actorUserId: a.userId, action, targetType, targetId, outcome: "denied", ip: a.ip, details: `lender ${a.lenderId}` });
  return null;
}

/** Is `partnerId` a lender partner of the actor's lender? */
async function ownsPartner(a: LenderKeyActor, partnerId: number) {
  return (await listLenderPartners(a.lenderId)).some((p) => p.id === partnerId);
}

/** The key, when it belongs to a lender partner of the actor's lender. */
async function ownKey(a: LenderKeyActor, keyId: number) {
  const key = await getPartnerKey(keyId);
  return key && (await ownsPartner(a, key.partnerId)) ? key : null;
}

/** A new key of one of the lender's partners (shown once); null when the partner is not the lender's. */
export async function createLenderKey(a: LenderKeyActor, partnerId: number, input: NewKeyInput) {
  if (!(await ownsPartner(a, partnerId))) return refuse(a, "partner_key.create", "partner", partnerId);
  return createPartnerKey(a.userId, partnerId, input, a.ip);
}

export async function revokeLenderKey(a: LenderKeyActor, keyId: number): Promise<boolean> {
  const key = await ownKey(a, keyId);
  if (!key) return Boolean(await refuse(a, "partner_key.revoke", "partner_key", keyId));
  return revokeKey(a.userId, key.partnerId, keyId, a.ip);
}

/** A new key in place of an active one; the old key works until `overlapUntil`. */
export async function rotateLenderKey(a: LenderKeyActor, keyId: number, overlapUntil: Date) {
  const key = await ownKey(a, keyId);
  if (!key) return refuse(a, "partner_key.rotate", "partner_key", keyId);
  return rotateKey(a.userId, key.partnerId, keyId, overlapUntil, a.ip);
}
