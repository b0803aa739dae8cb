import { describe, expect, it } from "vitest";
import { normalizeName, signerNameMatches } from "./signer-name";

const maria = { firstName: "Maria", lastName: "Gonzalez" };

describe("the typed signature must be the account's own name", () => {
  it("forgives case, repeated and surrounding spaces, and accents on either side", () => {
    expect(signerNameMatches("Maria Gonzalez", maria)).toBe(true);
    expect(signerNameMatches("  maria    GONZALEZ ", maria)).toBe(true);
    expect(signerNameMatches("María González", maria)).toBe(true);
    expect(signerNameMatches("maria gonzalez", { firstName: "María", lastName: "González" })).toBe(true);
    // A decomposed accent (e + combining acute) is the same as the precomposed one.
    expect(signerNameMatches("Jose\u0301 Nun\u0303ez", { firstName: "José", lastName: "Núñez" })).toBe(true);
    expect(signerNameMatches("Mary Ann\tVan  Der Berg", { firstName: "Mary Ann", lastName: "van der Berg" })).toBe(true);
  });

  it("takes the apostrophe and the dash a phone keyboard types for the ones on the account, either way round", () => {
    const siobhan = { firstName: "Siobhán", lastName: "O’Connor" };
    expect(signerNameMatches("siobhan o'connor", siobhan)).toBe(true);
    expect(signerNameMatches("Siobhán O‘Connor", siobhan)).toBe(true);
    const zoe = { firstName: "Zoë", lastName: "D'Ángelo-Müller" };
    expect(signerNameMatches("Zoë D’Ángelo–Müller", zoe)).toBe(true);
    expect(signerNameMatches("zoe dʼangelo‐muller", zoe)).toBe(true);
    // Forgiving the mark is not forgiving its absence.
    expect(signerNameMatches("Siobhan OConnor", siobhan)).toBe(false);
    expect(signerNameMatches("Zoe D'Angelo Muller", zoe)).toBe(false);
  });

  it("refuses an initial, a misspelling, a reversed order, a partial or another person's name", () => {
    for (const typed of ["M Gonzales", "Maria Gonzales", "Gonzalez Maria", "Maria", "Gonzalez", "Robin Okafor", "", "MariaGonzalez"])
      expect(signerNameMatches(typed, maria), typed).toBe(false);
  });

  it("normalizes to lower case without marks and single spaces", () => {
    expect(normalizeName("  ÅSA\u00a0  Öberg ")).toBe("asa oberg");
  });
});
