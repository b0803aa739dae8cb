/**
 * TOTP (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits) and the base32 secrets authenticator
 * apps use (RFC 4648 alphabet, no padding), on `otplib`. This module fixes the parameters every
 * enrolled authenticator was set up with, and the drift window (one step either side), so the
 * callers cannot vary them; otplib does the HMAC, the constant-time comparison and the replay
 * bound (`afterTimeStep`).
 */
import { generateSecret, generateSync, generateURI, ScureBase32Plugin, verifySync } from "otplib";

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

const base32 = new ScureBase32Plugin();

export function base32Encode(buf: Uint8Array) {
  return base32.encode(buf, { padding: false });
}

/** Decodes a secret as a person may type it: any case, with spaces, dashes or padding. */
export function base32Decode(s: string) {
  return Buffer.from(base32.decode(s.toUpperCase().replace(/[\s=-]/g, "")));
}

/** A new 160-bit secret, base32 (32 characters). */
export function generateTotpSecret() {
  return generateSecret({ length: 20 });
}

export function totpStep(now = Date.now()) {
  return Math.floor(now / 1000 / TOTP_STEP_SECONDS);
}

/** The code for a counter (HOTP of RFC 4226; TOTP uses the time step as counter). */
export function hotp(secret: Uint8Array, counter: number, digits: 6 | 7 | 8 = TOTP_DIGITS) {
  return generateSync({ strategy: "hotp", secret: new Uint8Array(secret), counter, digits });
}

export function totpCode(secretB32: string, now = Date.now()) {
  return hotp(base32Decode(secretB32), totpStep(now));
}

/**
 * Checks a code against the current step and one step either side (clock drift). Returns the
 * matched step, or null. A step at or before `lastUsedStep` is refused: a code works once.
 */
export function verifyTotp(secretB32: string, code: string, opts: { lastUsedStep?: number | null; now?: number } = {}) {
  const c = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(c)) return null;
  const now = opts.now ?? Date.now();
  const current = totpStep(now);
  const after = opts.lastUsedStep ?? undefined;
  // Nothing in the window is left (otplib refuses a bound past the window rather than answering).
  if (after !== undefined && after >= current + 1) return null;
  const result = verifySync({
    strategy: "totp",
    secret: base32Decode(secretB32),
    token: c,
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
    // Seconds either side of now: with a 30 s period, exactly the previous, current and next step.
    epochTolerance: TOTP_STEP_SECONDS,
    epoch: Math.floor(now / 1000),
    ...(after !== undefined && after >= 0 ? { afterTimeStep: after } : {}),
  });
  return result.valid ? current + result.delta : null;
}

export function otpauthUri(secretB32: string, account: string, issuer: string) {
  return generateURI({ issuer, label: account, secret: secretB32, algorithm: "sha1", digits: TOTP_DIGITS, period: TOTP_STEP_SECONDS });
}
