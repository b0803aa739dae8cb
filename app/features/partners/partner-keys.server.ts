/**
 * Partners and their API keys: the admin's writes (create a partner, create, revoke and
 * rotate a key) and the check of every bearer call.
 *
 * A key is `lm_live_<publicId>_<secret>`: the fixed prefix lets secret scanners recognise a leaked
 * key, the public id (12 characters) finds its row and is shown to admins, the secret (32 random
 * bytes, base64url) is never stored: the row keeps SHA-256 of the whole key (a fast hash is enough
 * for 256 bits of entropy), compared in constant time. The key is returned once, at creation.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import {
  endPartnerKeyAt,
  findKeyByPublicId,
  getPartner,
  getPartnerKey,
  insertPartner,
  insertPartnerKey,
  revokePartnerKey,
  touchPartnerKey,
  type PartnerKeyRow,
} from "~/features/partners/partners.server";
import { transaction } from "~/platform/db/db.server";
import { recordAudit } from "~/platform/audit-log.server";
import { hit, windowResetAt } from "~/platform/security/rate-limits.server";
import { recordThrottleRefusal } from "~/platform/observability/metrics.server";
import { PARTNER_SCOPES, type PartnerKind, type PartnerScope } from "~/content/enums";

export const KEY_PREFIX = "lm_live_";
const PUBLIC_ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const KEY_PATTERN = /^lm_live_([a-z2-9]{12})_([A-Za-z0-9_-]{43})$/;

/** The caller behind a valid key, as the API builder hands it to handlers. */
export type PartnerCaller = {
  keyId: number;
  publicId: string;
  partnerId: number;
  partnerName: string;
  kind: PartnerKind;
  /** A lender partner's lender (null for referral partners). */
  lenderId: number | null;
  scopes: PartnerScope[];
  rateLimitPerMinute: number;
};

export const hashKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

function publicId(): string {
  const bytes = randomBytes(12);
  let out = "";
  for (const b of bytes) out += PUBLIC_ID_ALPHABET[b % PUBLIC_ID_ALPHABET.length];
  return out;
}

function newKey() {
  const id = publicId();
  const key = `${KEY_PREFIX}${id}_${randomBytes(32).toString("base64url")}`;
  return { key, publicId: id, secretHash: hashKey(key) };
}

/** What admins see of a key: the prefix and public id, never the secret. */
export const displayPrefix = (publicId: string) => `${KEY_PREFIX}${publicId}`;

export async function createPartner(adminId: number, input: { name: string; kind: PartnerKind; lenderId: number | null }, ip: string) {
  const id = await insertPartner({ ...input, lenderId: input.kind === "lender" ? input.lenderId : null, createdBy: adminId });
  await recordAudit({
    actorUserId: adminId,
    action: "partner.create",
    targetType: "partner",
    targetId: id,
    ip,
    details: `kind ${input.kind}`,
  });
  return id;
}

export type NewKeyInput = { label: string; scopes: PartnerScope[]; expiresAt: Date | null; rateLimitPerMinute: number };

/** A new key of the partner; the returned `key` is the only time it exists outside the caller. */
export async function createPartnerKey(adminId: number, partnerId: number, input: NewKeyInput, ip: string) {
  const partner = await getPartner(partnerId);
  if (!partner) return null;
  const made = newKey();
  const id = await insertPartnerKey({
    partnerId,
    publicId: made.publicId,
    secretHash: made.secretHash,
    label: input.label,
    scopes: input.scopes,
    rateLimitPerMinute: input.rateLimitPerMinute,
    expiresAt: input.expiresAt,
    createdBy: adminId,
  });
  await recordAudit({
    actorUserId: adminId,
    action: "partner_key.create",
    targetType: "partner_key",
    targetId: id,
    ip,
    details: `partner ${partnerId} ${displayPrefix(made.publicId)} scopes ${input.scopes.join(" ")}`,
  });
  return { id, key: made.key, prefix: displayPrefix(made.publicId) };
}

export async function revokeKey(adminId: number, partnerId: number, keyId: number, ip: string): Promise<boolean> {
  const key = await getPartnerKey(keyId);
  if (!key || key.partnerId !== partnerId) return false;
  const done = await revokePartnerKey(keyId, new Date());
  await recordAudit({ actorUserId: adminId, action: "partner_key.revoke", targetType: "partner_key", targetId: keyId, ip });
  return done || key.revokedAt != null;
}

/**
 * A new key with the old key's partner, label, scopes, limit and expiry; the old key keeps working
 * until `overlapUntil` (now: at once) and then stops, so integrators can switch without downtime.
 */
export async function rotateKey(adminId: number, partnerId: number, keyId: number, overlapUntil: Date, ip: string) {
  const old = await getPartnerKey(keyId);
  if (!old || old.partnerId !== partnerId || old.revokedAt) return null;
  const made = newKey();
  const id = await transaction(async (tx) => {
    const created = await insertPartnerKey(
      {
        partnerId,
        publicId: made.publicId,
        secretHash: made.secretHash,
        label: old.label,
        scopes: old.scopes,
        rateLimitPerMinute: old.rateLimitPerMinute,
        expiresAt: old.expiresAt && old.expiresAt > overlapUntil ? old.expiresAt : null,
        rotatedFromId: old.id,
        createdBy: adminId,
      },
      tx,
    );
    await endPartnerKeyAt(old.id, overlapUntil, tx);
    return created;
  });
  await recordAudit({
    actorUserId: adminId,
    action: "partner_key.rotate",
    targetType: "partner_key",
    targetId: keyId,
    ip,
    details: `new key ${id} ${displayPrefix(made.publicId)}; old key ends ${overlapUntil.toISOString()}`,
  });
  return { id, key: made.key, prefix: displayPrefix(made.publicId) };
}

/** A key's state as the admin page shows it. */
export function keyState(k: Pick<PartnerKeyRow, "revokedAt" | "expiresAt">, now = new Date()): "active" | "revoked" | "expired" {
  if (k.revokedAt) return "revoked";
  if (k.expiresAt && k.expiresAt <= now) return "expired";
  return "active";
}

/** The bearer token of an `Authorization: Bearer ...` header, or null when there is none. */
export function bearerToken(request: Request): string | null {
  const h = request.headers.get("authorization");
  if (!h) return null;
  const m = /^Bearer[ \t]+(\S.*)$/i.exec(h.trim());
  return m ? m[1]!.trim() : null;
}

/** The public id a presented token claims (for the audit of a refused key), if it has the format. */
export const claimedPublicId = (token: string) => KEY_PATTERN.exec(token)?.[1] ?? null;

/**
 * The caller of a bearer token, or null for an unknown, malformed, revoked or expired key (or one
 * whose partner is gone). Marks the key used.
 */
export async function authenticateKey(token: string, now = new Date()): Promise<PartnerCaller | null> {
  const m = KEY_PATTERN.exec(token);
  if (!m) return null;
  const row = await findKeyByPublicId(m[1]!);
  if (!row) return null;
  const given = Buffer.from(hashKey(token), "hex");
  const stored = Buffer.from(row.k.secretHash, "hex");
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  if (keyState(row.k, now) !== "active") return null;
  await touchPartnerKey(row.k.id, now);
  return {
    keyId: row.k.id,
    publicId: row.k.publicId,
    partnerId: row.p.id,
    partnerName: row.p.name,
    kind: row.p.kind,
    lenderId: row.p.lenderId,
    scopes: row.k.scopes.filter((s): s is PartnerScope => (PARTNER_SCOPES as readonly string[]).includes(s)),
    rateLimitPerMinute: row.k.rateLimitPerMinute,
  };
}

/** One audit row per bearer call (success or refusal); never the key, only its public id. */
export async function auditKeyUse(e: {
  caller: PartnerCaller | null;
  token: string;
  method: string;
  path: string;
  status: number;
  ip: string;
}) {
  const id = e.caller?.publicId ?? claimedPublicId(e.token);
  await recordAudit({
    action: "partner_key.use",
    targetType: "partner_key",
    targetId: e.caller?.keyId ?? (id ? `unknown:${id}` : "unknown"),
    outcome: !e.caller || e.status === 401 || e.status === 403 ? "denied" : e.status >= 400 ? "failure" : "success",
    ip: e.ip,
    details: `${e.method} ${e.path.replace(/APP-[A-Za-z0-9]+/gi, "APP-***")} -> ${e.status}${e.caller ? ` partner ${e.caller.partnerId}` : ""}`,
  });
}

export const KEY_RATE_WINDOW_SECONDS = 60;

/**
 * Counts one call of the key in its fixed one-minute window (MySQL counters shared by every app
 * server) and gives the IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers: limit,
 * remaining, seconds to reset), plus Retry-After when the call is over the key's limit.
 */
export async function countKeyCall(caller: PartnerCaller): Promise<{ limited: boolean; headers: Record<string, string> }> {
  const bucket = `partner-key:${caller.keyId}`;
  const hits = await hit(bucket, KEY_RATE_WINDOW_SECONDS);
  const resetAt = await windowResetAt(bucket, KEY_RATE_WINDOW_SECONDS);
  const reset = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  const limit = caller.rateLimitPerMinute;
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(limit),
    "RateLimit-Remaining": String(Math.max(0, limit - hits)),
    "RateLimit-Reset": String(reset),
    "RateLimit-Policy": `${limit};w=${KEY_RATE_WINDOW_SECONDS}`,
  };
  if (hits > limit) {
    recordThrottleRefusal("partnerKey");
    return { limited: true, headers: { ...headers, "Retry-After": String(reset) } };
  }
  return { limited: false, headers };
}

/** The admin pages' reads. */
export { getPartner, listPartnerKeys, listPartners } from "~/features/partners/partners.server";
export { PartnerNameTakenError } from "~/features/partners/partners.server";
