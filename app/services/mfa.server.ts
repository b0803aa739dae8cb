/**
 * Admin multi-factor authentication: TOTP enrolment (QR code + manual key), verification with
 * one-time use of each code, and single-use recovery codes (stored as SHA-256 hashes).
 * TOTP secrets are stored encrypted (AES-256-GCM, key derived from the document master key, with
 * the master key's id in the sealed value so `npm run keys:rotate` can reseal them).
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import QRCode from "qrcode";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { site } from "~/content/site";
import { getUserById, updateUser } from "~/models/user.server";
import { getDb, schema } from "~/utils/db.server";
import { currentMasterKey, masterKeyById, masterKeys, type MasterKey } from "./document-crypto.server";
import { generateTotpSecret, otpauthUri, verifyTotp } from "~/utils/totp.server";

/** The MFA sealing key of a master key: its own HKDF-derived key, never the master key itself. */
function sealingKey(master: MasterKey) {
  return Buffer.from(hkdfSync("sha256", master.key, Buffer.alloc(0), "lendwise-mfa-secret-v1", 32));
}

/**
 * Seals a TOTP secret for users.mfa_secret: AES-256-GCM under a key derived from the current
 * document master key, as `v2.<key id>.<base64url(iv | tag | ciphertext)>`. The key id lets a
 * key rotation find the right master key and reseal (see key-rotation.server.ts).
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

const hashCode = (code: string) => createHash("sha256").update(code.replace(/[\s-]/g, "").toUpperCase()).digest("hex");

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

/** Finishes enrolment when `code` is valid for `secret`; returns the recovery codes (shown once). */
export async function completeEnrolment(userId: number, secret: string, code: string) {
  const step = verifyTotp(secret, code);
  if (step == null) return null;
  const codes = generateRecoveryCodes();
  await updateUser(userId, {
    mfaSecret: sealSecret(secret),
    mfaEnabledAt: new Date(),
    mfaLastStep: step,
    mfaRecoveryCodes: codes.map(hashCode),
  });
  return codes;
}

/** Claims a TOTP step for the user atomically, so the same code can never be used twice. */
async function claimStep(userId: number, step: number) {
  const [res] = await getDb()
    .update(schema.users)
    .set({ mfaLastStep: step })
    .where(and(eq(schema.users.id, userId), or(isNull(schema.users.mfaLastStep), lt(schema.users.mfaLastStep, step))));
  return res.affectedRows === 1;
}

export async function verifySecondFactor(userId: number, input: string): Promise<"totp" | "recovery" | null> {
  const user = await getUserById(userId);
  if (!user?.mfaSecret || !user.mfaEnabledAt) return null;
  const code = input.trim();
  if (/^\d{6}$/.test(code.replace(/\s/g, ""))) {
    const step = verifyTotp(openSecret(user.mfaSecret), code, { lastUsedStep: user.mfaLastStep });
    return step != null && (await claimStep(userId, step)) ? "totp" : null;
  }
  const h = hashCode(code);
  const remaining = user.mfaRecoveryCodes ?? [];
  if (!remaining.includes(h)) return null;
  const next = remaining.filter((c) => c !== h);
  // Optimistic: only succeeds if nobody used a code in between.
  const [res] = await getDb()
    .update(schema.users)
    .set({ mfaRecoveryCodes: next })
    .where(and(eq(schema.users.id, userId), sql`${schema.users.mfaRecoveryCodes} = ${JSON.stringify(remaining)}`));
  return res.affectedRows === 1 ? "recovery" : null;
}

export const isEnrolled = (u: { mfaEnabledAt: Date | null; mfaSecret: string | null }) => Boolean(u.mfaEnabledAt && u.mfaSecret);

/**
 * Replaces an admin's recovery codes with new ones (issue 13, /account); the old ones stop working.
 * Returns the new codes, shown once. Hashing stays in this module.
 */
export async function regenerateRecoveryCodes(userId: number) {
  const codes = generateRecoveryCodes();
  await updateUser(userId, { mfaRecoveryCodes: codes.map(hashCode) });
  return codes;
}
