/**
 * Application references: 'APP-' + 12 characters from a CSPRNG over Crockford's base32 alphabet
 * (no I, L, O, U), so 12 × 5 = 60 bits. Lookups accept any letter case and read O as 0 and I/L
 * as 1, as Crockford's decoding does, so a reference read aloud or retyped still matches.
 */
import { randomInt } from "node:crypto";

export const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const REFERENCE_LENGTH = 12;
export const REFERENCE_PATTERN = /^APP-[0-9A-HJKMNP-TV-Z]{12}$/;

export function generateReference() {
  let s = "APP-";
  for (let i = 0; i < REFERENCE_LENGTH; i++) s += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return s;
}

/** Normalises user input to the stored form, or null when it cannot be a reference. */
export function normalizeReference(input: string): string | null {
  const v = input.trim().toUpperCase();
  const m = /^APP-?([0-9A-Z]{12})$/.exec(v);
  if (!m) return null;
  const body = m[1].replace(/O/g, "0").replace(/[IL]/g, "1");
  const ref = `APP-${body}`;
  return REFERENCE_PATTERN.test(ref) ? ref : null;
}
