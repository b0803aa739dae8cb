/**
 * Admin multi-factor authentication: TOTP enrolment (QR code + manual key), verification with
 * one-time use of each code, single-use recovery codes (salted, keyed hashes), and a lockout of
 * the TOTP factor after MFA_LOCK_AFTER consecutive failures.
 * TOTP secrets are stored encrypted (AES-256-GCM, key derived from the document master key, with
 * the master key's id in the sealed value so `npm run keys:rotate` can reseal them).
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import QRCode from "qrcode";
import { site } from "~/content/site";
import { recordAudit } from "~/platform/audit-log.server";
import { enqueueEmail } from "~/platform/outbox/outbox.server";
import { renderMail } from "~/features/mail/index.server";
import { mfaLockedMail } from "~/features/mail/index.server";
import {
  acceptTotpStep,
  claimMfaAttempt,
  countMfaFailure,
  enableMfa,
  getMfaLockState,
  getUserById,
  listRecoveryCodeHolders,
  lockMfaIfSpent,
  replaceMfaFactor,
  replaceRecoveryCodesIf,
  resetMfaFailures,
  setRecoveryCodes,
  type UserRecord,
} from "~/features/accounts/users.server";
import { hashEnrolmentCode } from "~/features/accounts/admin-seed.server";
import { transaction } from "~/platform/db/db.server";
import { getEnv } from "~/platform/env.server";
import { currentMasterKey, masterKeyById, masterKeys, type MasterKey } from "~/platform/crypto/envelope.server";
import { generateTotpSecret, otpauthUri, verifyTotp } from "~/features/accounts/mfa/totp.server";

/** The MFA sealing key of a master key: its own HKDF-derived key, never the master key itself. */
function sealingKey(master: MasterKey) {
  return Buffer.from(hkdfSync("sha256", master.key, Buffer.alloc(0), "lendwise-mfa-secret-v1", 32));
}

/**
 * Seals a TOTP secret for users.mfa_secret: AES-256-GCM under a key derived from the current
 * document master key, as `v2.<key id>.<base64url(iv | tag | ciphertext)>`. The key id lets a
 * key rotation find the right master key and reseal (see services/key-rotation.server.ts).
 */
export function sealSecret(secret: string) {
  const master = currentMasterKey();
  const iv = randomBytes(12);
  const c = createCipheriv("aes-256-gcm", sealingKey(master), iv);
  const body = Buffer.concat([c.update(secret, "utf8"), c.final()]);
  return `v2.${master.id}.${Buffer.concat([iv, c.getAuthTag(), body]).toString("base64url")}`;
}

function openWith(master: MasterKey, raw: Buffer) {
  const d = createDecipheriv("aes-256-gcm", sealingKey(master), raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString("utf8");
}

/**
 * Opens a sealed TOTP secret with the master key named in it (current or previous). Values of the
 * first format (`v1.`, no key id) are tried with every configured master key.
 */
export function openSecret(sealed: string) {
  const v2 = /^v2\.([0-9a-f]{8})\.(.+)$/.exec(sealed);
  if (v2) {
    const master = masterKeyById(v2[1]!);
    if (!master) throw new Error("MFA secret sealed with a master key that is not configured");
    return openWith(master, Buffer.from(v2[2]!, "base64url"));
  }
  const raw = Buffer.from(sealed.replace(/^v1\./, ""), "base64url");
  for (const master of masterKeys()) {
    try {
      return openWith(master, raw);
    } catch {
      // not this key
    }
  }
  throw new Error("MFA secret does not open with any configured master key");
}

/** True when the sealed value is under the current master key (otherwise a rotation reseals it). */
export const sealedUnderCurrentKey = (sealed: string) => sealed.startsWith(`v2.${currentMasterKey().id}.`);

/** The first format of stored recovery codes: unsalted SHA-256 hex of the normalised code. */
const legacyHash = (code: string) => createHash("sha256").update(code.replace(/[\s-]/g, "").toUpperCase()).digest("hex");

/** The recovery-code key: HKDF of SESSION_SECRET under its own label (never the secret itself). */
function recoveryKey() {
  return Buffer.from(hkdfSync("sha256", getEnv().SESSION_SECRET, Buffer.alloc(0), "lendwise-recovery-codes-v1", 32));
}
const keyed = (salt: string, legacy: string) => createHmac("sha256", recoveryKey()).update(`${salt}.${legacy}`).digest("base64url");

/**
 * Stored recovery codes: `r2.<salt>.<HMAC-SHA256(key, salt . sha256(code))>`, a random salt per
 * code and a server-side key, so a database dump alone cannot test guesses. Built over the legacy
 * SHA-256, so stored values of the first format are upgraded in place (upgradeLegacyRecoveryCodes)
 * without knowing the codes.
 */
export function hashRecoveryCode(code: string) {
  return wrapLegacy(legacyHash(code));
}
const wrapLegacy = (legacy: string) => {
  const salt = randomBytes(12).toString("base64url");
  return `r2.${salt}.${keyed(salt, legacy)}`;
};
const isLegacy = (stored: string) => /^[0-9a-f]{64}$/.test(stored);

/** The stored entry `code` matches, if any (legacy entries are still recognised). */
function matchRecoveryCode(stored: string[], code: string) {
  const legacy = legacyHash(code);
  return stored.find((s) => {
    if (isLegacy(s)) return timingSafeEqual(Buffer.from(s), Buffer.from(legacy));
    const m = /^r2\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(s);
    if (!m) return false;
    const want = Buffer.from(m[2]!);
    const got = Buffer.from(keyed(m[1]!, legacy));
    return want.length === got.length && timingSafeEqual(want, got);
  });
}

/** Start-up: rewrites recovery codes still stored as unsalted SHA-256 into the keyed format. Idempotent. */
export async function upgradeLegacyRecoveryCodes() {
  const rows = await listRecoveryCodeHolders();
  let upgraded = 0;
  for (const r of rows) {
    const codes = r.codes ?? [];
    if (!codes.some(isLegacy)) continue;
    const next = codes.map((c) => (isLegacy(c) ? wrapLegacy(c) : c));
    upgraded += await replaceRecoveryCodesIf(r.id, codes, next);
  }
  return upgraded;
}

export function generateRecoveryCodes(n = 10) {
  const alphabet = "ABCDEFGHJKMNPQRSTVWXYZ23456789";
  return Array.from({ length: n }, () => {
    const bytes = randomBytes(10);
    const s = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
}

export async function enrolmentMaterial(email: string, secret = generateTotpSecret()) {
  const uri = otpauthUri(secret, email, site.name);
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, uri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(qrSvg).toString("base64")}` };
}

/**
 * Finishes enrolment when `code` is valid for `secret`; returns the recovery codes (shown once).
 * With `operatorCode` (production), the same UPDATE uses up the operator's one-time enrolment
 * code, so it works once and only while unexpired.
 */
export async function completeEnrolment(userId: number, secret: string, code: string, operatorCode?: string) {
  const step = verifyTotp(secret, code);
  if (step == null) return null;
  const codes = generateRecoveryCodes();
  const enabled = await enableMfa(
    userId,
    { mfaSecret: sealSecret(secret), mfaLastStep: step, mfaRecoveryCodes: codes.map(hashRecoveryCode) },
    operatorCode === undefined ? undefined : hashEnrolmentCode(operatorCode),
  );
  return enabled ? codes : null;
}

/** Consecutive second-factor failures after which the TOTP factor locks (NIST SP 800-63B: at most 100). */
export const MFA_LOCK_AFTER = 10;

export type SecondFactorResult = { factor: "totp" | "recovery" | null; locked: boolean };

const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ""));

/**
 * Checks a TOTP or recovery code. Every TOTP attempt first claims a failure in the database (one
 * conditional UPDATE, see claimMfaAttempt) and is only checked when the claim succeeds, so
 * concurrent requests cannot get more than MFA_LOCK_AFTER codes checked; the lock is set by a
 * conditional UPDATE as soon as the count reaches the limit, and a valid code is accepted only by
 * an UPDATE that also requires the factor to be unlocked. At the lock the admin gets an e-mail and
 * the audit log an entry. While locked only a recovery code works (it unlocks); a success ends
 * the run of failures.
 */
export async function verifySecondFactor(userId: number, input: string, ctx: { ip?: string | null } = {}): Promise<SecondFactorResult> {
  const user = await getUserById(userId);
  if (!user?.mfaSecret || !user.mfaEnabledAt) return { factor: null, locked: false };
  const code = input.trim();
  const ip = ctx.ip ?? null;
  if (looksLikeTotp(code)) {
    if (!(await claimMfaAttempt(userId, MFA_LOCK_AFTER))) return { factor: null, locked: await settleFailure(user, ip) };
    const step = verifyTotp(openSecret(user.mfaSecret), code, { lastUsedStep: user.mfaLastStep });
    if (step != null && (await acceptTotpStep(userId, step))) return { factor: "totp", locked: false };
    return { factor: null, locked: await settleFailure(user, ip) };
  }
  if (await spendRecoveryCode(user, code)) {
    await resetMfaFailures(userId);
    return { factor: "recovery", locked: false };
  }
  await countMfaFailure(userId);
  return { factor: null, locked: await settleFailure(user, ip) };
}

/** Uses up a matching recovery code; false when none matches or another request used it first. */
async function spendRecoveryCode(user: UserRecord, code: string) {
  const remaining = user.mfaRecoveryCodes ?? [];
  const hit = matchRecoveryCode(remaining, code);
  if (!hit) return false;
  const next = remaining.filter((c) => c !== hit);
  // Optimistic: only succeeds if nobody used a code in between.
  return (await replaceRecoveryCodesIf(user.id, remaining, next)) === 1;
}

/**
 * After a counted failure: locks the factor if the count has reached the limit (only the request
 * whose UPDATE set the lock sends the e-mail and writes the audit entry), then reads the stored
 * state back. Returns whether the factor is locked now.
 */
async function settleFailure(user: UserRecord, ip: string | null) {
  const locked = await transaction(async (tx) => {
    if (!(await lockMfaIfSpent(tx, user.id, MFA_LOCK_AFTER))) return false;
    await enqueueEmail(tx, {
      ...renderMail(mfaLockedMail(user.firstName, MFA_LOCK_AFTER)),
      to: user.email,
      userId: user.id,
      kind: "mfa_locked",
    });
    return true;
  });
  if (locked)
    await recordAudit({
      actorUserId: user.id,
      action: "mfa.locked",
      targetType: "user",
      targetId: user.id,
      outcome: "denied",
      ip,
      details: `${MFA_LOCK_AFTER} consecutive failures`,
    });
  const state = await getMfaLockState(user.id);
  return Boolean(state?.lockedAt);
}

export const isEnrolled = (u: { mfaEnabledAt: Date | null; mfaSecret: string | null }) => Boolean(u.mfaEnabledAt && u.mfaSecret);

/**
 * Replaces an admin's recovery codes with new ones (/account); the old ones stop working.
 * Returns the new codes, shown once.
 */
export async function regenerateRecoveryCodes(userId: number) {
  const codes = generateRecoveryCodes();
  await setRecoveryCodes(userId, codes.map(hashRecoveryCode));
  return codes;
}

/**
 * Moves an enrolled admin's second factor to a new authenticator app
 * (/account/authenticator) once `code` proves the new `secret`; returns new recovery codes.
 */
export async function reenrolAuthenticator(userId: number, secret: string, code: string) {
  const step = verifyTotp(secret, code);
  if (step == null) return null;
  const codes = generateRecoveryCodes();
  const replaced = await replaceMfaFactor(userId, {
    mfaSecret: sealSecret(secret),
    mfaLastStep: step,
    mfaRecoveryCodes: codes.map(hashRecoveryCode),
  });
  return replaced ? codes : null;
}
