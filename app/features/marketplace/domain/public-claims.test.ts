import { describe, expect, it } from "vitest";
import { SEED_LENDERS } from "~/content/lender-seed";
import { feeFromBps, priceLoan } from "./offer-money";
import { catalogueClaims, chargesNoPrepaymentFee, claimAnswers, claimTexts, claimTerm, type ClaimProduct } from "./public-claims";

const seed: ClaimProduct[] = SEED_LENDERS.flatMap((l) => l.products);
const equipment = seed.filter((p) => p.purposes.includes("equipment-financing"));

describe("claims from the active catalogue", () => {
  it("'Rates from' is the lowest APR any product reaches, and its example is priced by the offers' own code", () => {
    const c = catalogueClaims(seed);
    const t = claimTexts(c);
    // No product may reach an APR under the claim: the claim is the minimum over every product and term.
    for (const p of seed)
      for (const term of p.termsMonths) {
        const amount = Math.min(p.maxAmountCents, Math.max(p.minAmountCents, 3_000_000));
        const best = Math.min(...p.rateTiers.map((r) => r.noteRateBps));
        const f = priceLoan({
          amountCents: amount,
          noteRateBps: best,
          termMonths: term,
          feeCents: feeFromBps(amount, p.originationFeeBps),
        });
        expect(f.estimatedAprBps).toBeGreaterThanOrEqual(c.aprFromBps!);
      }
    const e = c.example!;
    expect(t.example).toBe(
      `Example: $${(e.amountCents / 100).toLocaleString("en-US")} over ${e.termMonths} months at ${(e.aprBps / 100).toFixed(2)}% APR, ${new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(e.paymentCents / 100)} a month, total ${new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(e.totalPaymentsCents / 100)}.`,
    );
    expect(t.rateFrom).toMatch(/^\d+\.\d\d% APR$/);
    expect(t.rateFrom).not.toBe("5.99% APR");
  });

  it("'No prepayment penalty' needs a product that charges none: every one (plain), some (qualified), none (no claim)", () => {
    expect(claimTexts(catalogueClaims(seed, ["working-capital"])).prepayment).toBe("No prepayment penalty");
    expect(claimTexts(catalogueClaims(seed)).prepayment).toBe("No prepayment penalty from some lenders");
    // The only equipment lender charges a prepayment fee: its page makes no such claim.
    expect(equipment.every((p) => !chargesNoPrepaymentFee(p.prepayment))).toBe(true);
    expect(claimTexts(catalogueClaims(seed, ["equipment-financing"])).prepayment).toBeNull();
    // Add a fee-free equipment product: the claim appears, qualified; pause it again: it is gone.
    const free = { ...equipment[0]!, prepayment: "No prepayment penalty" };
    expect(claimTexts(catalogueClaims([...seed, free], ["equipment-financing"])).prepayment).toBe(
      "No prepayment penalty from some lenders",
    );
    // Pause every product that backs the claim across the catalogue: no page may say it.
    const withFees = seed.filter((p) => !chargesNoPrepaymentFee(p.prepayment));
    const texts = claimTexts(catalogueClaims(withFees));
    expect(texts.prepayment).toBeNull();
    expect(claimAnswers(texts).prepayment).not.toMatch(/no prepayment penalty/i);
  });

  it("speed: the fastest active product's funding days, never 'same day' unless a product funds on day 0", () => {
    expect(claimTexts(catalogueClaims(seed)).funding).toBe("Funds in as little as 1 business day after you accept an offer");
    const slow = seed.filter((p) => p.fundingDays > 1);
    expect(claimTexts(catalogueClaims(slow)).funding).toBe(
      `Funds in as little as ${Math.min(...slow.map((p) => p.fundingDays))} business days after you accept an offer`,
    );
    expect(claimTexts(catalogueClaims(seed)).funding).not.toMatch(/same day|24 hours|minutes/i);
  });

  it("commercial real estate: the amounts and terms are the active CRE products'", () => {
    const t = claimTexts(catalogueClaims(seed, ["commercial-real-estate"]));
    expect(t.amounts).toBe("$25,000 to $50,000");
    expect(t.terms).toBe("5 years to 7 years");
    expect(claimTerm(18)).toBe("1 year and 6 months");
  });

  it("no active product: no rate, amount, speed or fee claim at all", () => {
    const t = claimTexts(catalogueClaims(seed, ["no-such-purpose"]));
    expect(Object.values(t).every((v) => v === null)).toBe(true);
    expect(claimTexts(catalogueClaims([])).rateFrom).toBeNull();
  });
});
