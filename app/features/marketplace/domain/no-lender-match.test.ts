import { describe, expect, it } from "vitest";
import { SEED_LENDERS } from "~/content/lender-seed";
import { explainNoMatch } from "./no-lender-match";
import { matchApplication, type LenderProductTerms } from "./offer-matching";

/** The seed catalogue as the matching sees it. */
const products: LenderProductTerms[] = SEED_LENDERS.flatMap((l, i) =>
  l.products.map((p, j) => ({
    ...p,
    productId: i * 10 + j + 1,
    lenderId: i + 1,
    lenderName: l.name,
    productName: p.name,
  })),
);

describe("no lender match, explained from the matching rules", () => {
  it("Alaska: the seed lenders' rules decide it, and the state is the one reason", () => {
    const profile = { amountCents: 2_500_000, state: "AK", purpose: "working-capital", annualIncomeCents: 12_000_000 };
    const decisions = matchApplication(products, profile, new Date());
    expect(decisions.every((d) => !d.eligible)).toBe(true);
    const e = explainNoMatch(decisions, profile);
    expect(e.codes).toEqual(["state-not-served"]);
    expect(e.reasons).toEqual(["None of our partner lenders lends to businesses in Alaska."]);
    expect(e.nextSteps.join(" ")).toMatch(/Alaska/);
  });
  it("without a reason common to all, the fewest reasons that blocked every product", () => {
    const e = explainNoMatch(
      [
        { eligible: false, reasons: ["state-not-served", "income-below-minimum"] },
        { eligible: false, reasons: ["income-below-minimum"] },
        { eligible: false, reasons: ["amount-above-maximum"] },
      ],
      { state: "TX", purpose: "other" },
    );
    expect(e.codes).toEqual(["income-below-minimum", "amount-above-maximum"]);
    expect(e.nextSteps.length).toBe(2);
  });
  it("no product at all: says so", () => {
    expect(explainNoMatch([], { state: "TX", purpose: "other" }).reasons[0]).toMatch(/No partner lender/);
  });
});
