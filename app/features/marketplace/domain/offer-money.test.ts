import { describe, expect, it } from "vitest";
import {
  InvalidLoanTermsError,
  actuarialAprPercent,
  aprBpsFromPercent,
  feeFromBps,
  monthlyPaymentCents,
  paymentSchedule,
  paymentScheduleRows,
  priceLoan,
  roundHalfUp,
  toCents,
} from "./offer-money";
import { formatBps, formatCents } from "~/ui/format";

describe("published worked examples", () => {
  // Regulation Z, 12 CFR part 1026, appendix J, paragraph (c): the example of a single-advance,
  // otherwise regular transaction: amount advanced $5,000.00, 36 monthly payments of $166.07
  // beginning one month after consummation, unit-period one month -> APR 12.00%.
  it("appendix J: $5,000 repaid by 36 monthly payments of $166.07 is an APR of 12.00%", () => {
    const apr = actuarialAprPercent(500_000, Array(36).fill(16_607));
    expect(aprBpsFromPercent(apr)).toBe(1200);
    expect(formatBps(aprBpsFromPercent(apr))).toBe("12.00%");
    // and the payment that amortises $5,000 at 12% over 36 months is that $166.07
    expect(monthlyPaymentCents(500_000, 1200, 36)).toBe(16_607);
  });

  // Federal Reserve Board, "Keys to Vehicle Leasing", buying example of the constant-yield
  // (actuarial) method (federalreserve.gov/pubs/leasing/resource/different/early_exp5.htm):
  // amount financed $18,800.00, 48 months, APR 9.00%, monthly payment $467.84, first month's
  // interest $141.00, full-term interest $3,656.32 (48 x 467.84 - 18,800).
  it("Federal Reserve: $18,800 at 9.00% over 48 months pays $467.84 a month", () => {
    expect(monthlyPaymentCents(1_880_000, 900, 48)).toBe(46_784);
    expect(roundHalfUp((1_880_000 * 0.09) / 12)).toBe(14_100);
    expect(46_784 * 48 - 1_880_000).toBe(365_632);
    expect(aprBpsFromPercent(actuarialAprPercent(1_880_000, Array(48).fill(46_784)))).toBe(900);
  });
});

describe("priceLoan", () => {
  // Expected figures were computed independently (Python decimal, 50 digits, same conventions:
  // payment and each month's interest half-up to the cent, last payment takes the remainder,
  // APR by bisection on the appendix J equation over the funding provided).
  it.each([
    {
      name: "$30,000, 12% over 24 months, 3% fee",
      amount: 3_000_000,
      rate: 1200,
      n: 24,
      fee: 90_000,
      funding: 2_910_000,
      payment: 141_220,
      last: 141_230,
      total: 3_389_290,
      charge: 479_290,
      apr: 1509,
    },
    {
      name: "$10,000, 8.99% over 12 months, $250 fee",
      amount: 1_000_000,
      rate: 899,
      n: 12,
      fee: 25_000,
      funding: 975_000,
      payment: 87_447,
      last: 87_445,
      total: 1_049_362,
      charge: 74_362,
      apr: 1379,
    },
    {
      name: "$50,000, 24.99% over 60 months, 5% fee",
      amount: 5_000_000,
      rate: 2499,
      n: 60,
      fee: 250_000,
      funding: 4_750_000,
      payment: 146_727,
      last: 146_766,
      total: 8_803_659,
      charge: 4_053_659,
      apr: 2759,
    },
    {
      name: "$5,000, 12% over 36 months, no fee",
      amount: 500_000,
      rate: 1200,
      n: 36,
      fee: 0,
      funding: 500_000,
      payment: 16_607,
      last: 16_615,
      total: 597_860,
      charge: 97_860,
      apr: 1200,
    },
    {
      name: "$1,200 interest-free over 12 months, 2% fee",
      amount: 120_000,
      rate: 0,
      n: 12,
      fee: 2_400,
      funding: 117_600,
      payment: 10_000,
      last: 10_000,
      total: 120_000,
      charge: 2_400,
      apr: 375,
    },
  ])("$name", (c) => {
    const f = priceLoan({ amountCents: c.amount, noteRateBps: c.rate, termMonths: c.n, feeCents: c.fee });
    expect(f).toMatchObject({
      fundingCents: c.funding,
      paymentCents: c.payment,
      finalPaymentCents: c.last,
      paymentCount: c.n,
      totalPaymentsCents: c.total,
      financeChargeCents: c.charge,
      estimatedAprBps: c.apr,
    });
  });

  it("a fee raises the estimated APR above the note rate; without one they agree", () => {
    const base = { amountCents: 2_000_000, noteRateBps: 1500, termMonths: 36 };
    expect(priceLoan({ ...base, feeCents: 0 }).estimatedAprBps).toBe(1500);
    const withFee = priceLoan({ ...base, feeCents: 60_000 });
    expect(withFee.estimatedAprBps).toBeGreaterThan(1500);
    expect(withFee.financeChargeCents).toBe(priceLoan({ ...base, feeCents: 0 }).financeChargeCents + 60_000);
  });

  it("refuses nonsense terms", () => {
    expect(() => priceLoan({ amountCents: 0, noteRateBps: 100, termMonths: 12, feeCents: 0 })).toThrow(InvalidLoanTermsError);
    expect(() => priceLoan({ amountCents: 1000, noteRateBps: 100, termMonths: 12, feeCents: 1000 })).toThrow(InvalidLoanTermsError);
    expect(() => priceLoan({ amountCents: 1000.5, noteRateBps: 100, termMonths: 12, feeCents: 0 })).toThrow(InvalidLoanTermsError);
    expect(() => priceLoan({ amountCents: 1000, noteRateBps: -1, termMonths: 12, feeCents: 0 })).toThrow(InvalidLoanTermsError);
  });
});

describe("helpers", () => {
  it("rounds half up, only at the cent", () => {
    expect(roundHalfUp(0.5)).toBe(1);
    expect(roundHalfUp(1.4999)).toBe(1);
    expect(roundHalfUp(2.5)).toBe(3);
    expect(feeFromBps(3_000_000, 300)).toBe(90_000);
    expect(feeFromBps(12_345, 250)).toBe(309); // 308.625 -> 309
  });
  it("reads DECIMAL strings without float drift and formats", () => {
    expect(toCents("30000.00")).toBe(3_000_000);
    expect(toCents("0.29")).toBe(29);
    expect(toCents("12.5")).toBe(1250);
    expect(formatCents(141_220)).toBe("$1,412.20");
    expect(formatBps(1509)).toBe("15.09%");
  });
});

describe("paymentScheduleRows", () => {
  it("lists every payment, the last one clearing the balance, and agrees with the schedule's figures", () => {
    const rows = paymentScheduleRows(3_000_000, 1_500, 36);
    const { paymentCents, finalPaymentCents } = paymentSchedule(3_000_000, 1_500, 36);
    expect(rows).toHaveLength(36);
    expect(rows.slice(0, 35).every((r) => r.paymentCents === paymentCents)).toBe(true);
    expect(rows.at(-1)!.paymentCents).toBe(finalPaymentCents);
    expect(rows.at(-1)!.balanceCents).toBe(0);
    expect(rows.reduce((a, r) => a + r.principalCents, 0)).toBe(3_000_000);
    expect(rows[0]!.interestCents).toBe(37_500);
  });
});
