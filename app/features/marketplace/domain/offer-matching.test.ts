import { describe, expect, it } from "vitest";
import {
  REASON_CODES,
  announcementText,
  arrangeOffers,
  bestMatch,
  bestValues,
  offersAnnouncement,
  parseCompare,
  decide,
  matchApplication,
  noteRateFor,
  principalReasons,
  sortOffers,
  type ApplicantProfile,
  type LenderProductTerms,
  type ReasonCode,
} from "./offer-matching";

const NOW = new Date("2026-11-23T12:00:00Z");

const product: LenderProductTerms = {
  productId: 1,
  lenderId: 10,
  lenderName: "Test Lender",
  productName: "Term loan",
  states: ["TX", "CA"],
  purposes: ["working-capital"],
  minAmountCents: 500_000,
  maxAmountCents: 5_000_000,
  termsMonths: [12, 24],
  defaultTermMonths: 24,
  rateTiers: [
    { minIncomeToAmountBps: 0, noteRateBps: 2400 },
    { minIncomeToAmountBps: 40_000, noteRateBps: 1500 },
    { minIncomeToAmountBps: 40_000, minCreditScore: 700, noteRateBps: 1100 },
  ],
  originationFeeBps: 300,
  minAnnualIncomeCents: 5_000_000,
  minCreditScore: null,
  minYearsInBusiness: null,
  maxPaymentToIncomeBps: 2000,
  prepayment: "No prepayment penalty",
  collateral: "None: the loan is unsecured.",
  avoidableFees: "Late payment fee: $25.",
  fundingDays: 2,
};

const applicant: ApplicantProfile = { amountCents: 3_000_000, state: "TX", purpose: "working-capital", annualIncomeCents: 12_000_000 };

// Every reason code, each from the smallest change to an eligible pair.
const cases: Array<{ code: ReasonCode; p?: Partial<LenderProductTerms>; a?: Partial<ApplicantProfile> }> = [
  { code: "amount-below-minimum", a: { amountCents: 100_000 } },
  { code: "amount-above-maximum", a: { amountCents: 6_000_000 } },
  { code: "state-not-served", a: { state: "NY" } },
  { code: "purpose-not-served", a: { purpose: "commercial-real-estate" } },
  { code: "income-below-minimum", a: { annualIncomeCents: 4_000_000, amountCents: 500_000 } },
  { code: "term-not-offered", a: { termMonths: 60 } },
  { code: "payment-unaffordable", a: { annualIncomeCents: 6_000_000 } },
  { code: "credit-score-unknown", p: { minCreditScore: 650 } },
  { code: "credit-score-below-minimum", p: { minCreditScore: 650 }, a: { creditScore: 600 } },
  { code: "years-in-business-unknown", p: { minYearsInBusiness: 2 } },
  { code: "years-in-business-below-minimum", p: { minYearsInBusiness: 2 }, a: { yearsInBusiness: 1 } },
];

describe("decide: one reason code per row", () => {
  it("the table covers every reason code", () => {
    expect(new Set(cases.map((c) => c.code))).toEqual(new Set(REASON_CODES));
  });

  it.each(cases)("$code", ({ code, p, a }) => {
    const d = decide({ ...product, ...p }, { ...applicant, ...a }, NOW);
    expect(d.eligible).toBe(false);
    expect(d.reasons).toEqual([code]);
    expect(d.offer).toBeNull();
    if (code.endsWith("-unknown")) expect(d.unlock.length).toBe(1);
  });

  it("collects several reasons at once", () => {
    const d = decide(product, { ...applicant, state: "NY", purpose: "other", amountCents: 9_000_000 }, NOW);
    expect(d.reasons).toEqual(["amount-above-maximum", "state-not-served", "purpose-not-served"]);
  });
});

describe("pricing eligible products", () => {
  it("prices the offer with the money module and a 30-day expiry", () => {
    const d = decide(product, applicant, NOW);
    expect(d.eligible).toBe(true);
    if (!d.offer) throw new Error("no offer");
    // income 120,000 is 4x the 30,000 amount: the 15% tier; the 11% tier needs a stated score
    expect(d.offer.noteRateBps).toBe(1500);
    expect(d.offer.feeCents).toBe(90_000);
    expect(d.offer.fundingCents).toBe(2_910_000);
    expect(d.offer.termMonths).toBe(24);
    expect(d.offer.estimatedAprBps).toBeGreaterThan(1500);
    expect(d.offer.expiresAt.toISOString()).toBe("2026-12-23T12:00:00.000Z");
    expect(d.unlock).toEqual(["Stating your estimated credit score may lower this lender's rate."]);
  });

  it("is conservative without data: the highest rate when no tier is proven", () => {
    expect(noteRateFor(product, { ...applicant, annualIncomeCents: 9_000_000 }).noteRateBps).toBe(2400);
    expect(noteRateFor(product, { ...applicant, creditScore: 720 }).noteRateBps).toBe(1100);
    expect(noteRateFor(product, { ...applicant, creditScore: 650 }).noteRateBps).toBe(1500);
  });

  it("matches every product and keeps the order", () => {
    const ds = matchApplication([product, { ...product, productId: 2, states: ["NY"] }], applicant, NOW);
    expect(ds.map((d) => [d.productId, d.eligible])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(principalReasons(ds)).toEqual(["state-not-served"]);
  });
});

describe("comparison helpers", () => {
  const offers = [
    { id: 1, estimatedAprBps: 1500, paymentCents: 100, financeChargeCents: 900, fundingDays: 3 },
    { id: 2, estimatedAprBps: 1200, paymentCents: 150, financeChargeCents: 700, fundingDays: 5 },
    { id: 3, estimatedAprBps: 1800, paymentCents: 120, financeChargeCents: 1000, fundingDays: 1 },
  ];
  it.each([
    ["apr", [2, 1, 3]],
    ["payment", [1, 3, 2]],
    ["total", [2, 1, 3]],
    ["speed", [3, 1, 2]],
  ] as const)("sorts by %s", (sort, ids) => {
    expect(sortOffers(offers, sort).map((o) => o.id)).toEqual(ids);
  });
  it("marks the best value of each column", () => {
    const best = bestValues(offers);
    expect([...best.apr]).toEqual([2]);
    expect([...best.payment]).toEqual([1]);
    expect([...best.speed]).toEqual([3]);
  });
});

describe("the offers page as a decision", () => {
  const o = (id: number, state: string, apr: number, finance = apr) => ({
    id,
    state,
    estimatedAprBps: apr,
    paymentCents: 100,
    financeChargeCents: finance,
    fundingDays: 2,
  });
  it("after acceptance: the accepted offer first, no badges, withdrawn cheaper offers last", () => {
    const { ordered, best, choosableIds } = arrangeOffers(
      [o(1, "withdrawn", 1200), o(2, "accepted", 2797), o(3, "withdrawn", 1500)],
      "apr",
    );
    expect(ordered.map((x) => x.id)).toEqual([2, 1, 3]);
    expect(choosableIds).toEqual([]);
    for (const k of ["apr", "payment", "total", "speed"] as const) expect([...best[k]]).toEqual([]);
  });
  it("badges only among choosable offers", () => {
    const { ordered, best } = arrangeOffers([o(1, "withdrawn", 1200), o(2, "offered", 2797), o(3, "offered", 1500)], "apr");
    expect(ordered.map((x) => x.id)).toEqual([3, 2, 1]);
    expect([...best.apr]).toEqual([3]);
  });
  it("the best match is the lowest APR, with one line of why", () => {
    const m = bestMatch([o(1, "offered", 1800, 500), o(2, "offered", 1679, 900)]);
    expect(m?.offer.id).toBe(2);
    expect(m?.why).toBe("It has the lowest estimated APR, the lowest monthly payment and the fastest funding of your 2 offers.");
    expect(bestMatch([])).toBeNull();
  });
  it("compare takes exactly two offers of the application", () => {
    const list = [o(1, "offered", 1), o(2, "offered", 2), o(3, "offered", 3)];
    expect(parseCompare(["1", "3"], list).pair?.map((x) => x.id)).toEqual([1, 3]);
    expect(parseCompare(["1"], list)).toEqual({ pair: null, asked: true });
    expect(parseCompare(["1", "99"], list).pair).toBeNull();
    expect(parseCompare([], list)).toEqual({ pair: null, asked: false });
  });
  it("announces the count and lowest APR", () => {
    expect(announcementText(offersAnnouncement([{ estimatedAprBps: 2797 }, { estimatedAprBps: 1679 }, { estimatedAprBps: 2000 }])!)).toBe(
      "3 offers ready, from 16.79% APR",
    );
    expect(offersAnnouncement([])).toBeNull();
  });
});
