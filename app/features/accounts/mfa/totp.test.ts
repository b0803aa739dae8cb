import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, generateTotpSecret, hotp, totpCode, totpStep, verifyTotp } from "./totp.server";

// RFC 6238 appendix B, SHA-1, secret "12345678901234567890", 8 digits.
const RFC_SECRET = Buffer.from("12345678901234567890");
const VECTORS: Array<[number, string]> = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP", () => {
  it("matches the RFC 6238 test vectors", () => {
    for (const [t, code] of VECTORS) expect(hotp(RFC_SECRET, Math.floor(t / 30), 8)).toBe(code);
  });

  it("round-trips base32 secrets of 160 bits", () => {
    const s = generateTotpSecret();
    expect(s).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(s))).toBe(s);
  });

  it("accepts the current code once, and not again after its step was used", () => {
    const s = generateTotpSecret();
    const now = Date.now();
    const step = verifyTotp(s, totpCode(s, now), { now });
    expect(step).toBe(totpStep(now));
    expect(verifyTotp(s, totpCode(s, now), { now, lastUsedStep: step })).toBeNull();
    const near = [-30_000, 0, 30_000].map((d) => totpCode(s, now + d));
    const wrong = ["000000", "111111", "222222", "333333"].find((c) => !near.includes(c))!;
    expect(verifyTotp(s, wrong, { now })).toBeNull();
    expect(verifyTotp(s, totpCode(s, now - 5 * 60_000), { now })).toBeNull();
  });
});
