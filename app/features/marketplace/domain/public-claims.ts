/**
 * The marketing claims of the public pages, computed from the ACTIVE lender catalogue (pure: runs
 * in the browser too). Every rate, speed, amount, term and prepayment claim the landing page, the
 * product pages, the calculator and the FAQ make comes from here, so a claim exists only while an
 * active product backs it: pause the last lender without a prepayment fee and "No prepayment
 * penalty" disappears from every page (the render cache is cleared when the catalogue changes).
 *
 * Rates are APRs computed by the offers' own pricing (`priceLoan`: the origination fee withheld,
 * appendix J actuarial APR), and each "Rates from" is qualified with a representative example.
 */
import { feeFromBps, priceLoan } from "./offer-money";

/** The fields of a catalogue product a claim depends on. */
export type ClaimProduct = {
  purposes: readonly string[];
  minAmountCents: number;
  maxAmountCents: number;
  termsMonths: readonly number[];
  defaultTermMonths: number;
  rateTiers: ReadonlyArray<{ minIncomeToAmountBps: number; minCreditScore?: number | null; noteRateBps: number }>;
  originationFeeBps: number;
  prepayment: string;
  fundingDays: number;
};

/** The representative example's amount and term (clamped to what the product lends). */
export const EXAMPLE_AMOUNT_CENTS = 3_000_000;
export const EXAMPLE_TERM_MONTHS = 24;

export type RepresentativeExample = {
  amountCents: number;
  termMonths: number;
  aprBps: number;
  paymentCents: number;
  totalPaymentsCents: number;
};

export type CatalogueClaims = {
  /** Active products behind these claims (0: the page makes no rate, speed or fee claim). */
  productCount: number;
  /** The lowest APR an applicant can reach: the best tier, the example amount, the best term. */
  aprFromBps: number | null;
  /** The highest APR an offer can carry: the costliest tier, the example amount, the worst term. */
  aprToBps: number | null;
  /** The product of the lowest APR, at its base tier (what every qualifying applicant is offered). */
  example: RepresentativeExample | null;
  minAmountCents: number | null;
  maxAmountCents: number | null;
  minTermMonths: number | null;
  maxTermMonths: number | null;
  /** The fewest business days from acceptance to funds among the products. */
  fastestFundingDays: number | null;
  /** Whether every product, some, or none repay early without a charge. */
  noPrepaymentPenalty: "all" | "some" | "none";
};

/** A product's prepayment policy charges nothing (the catalogue's wording starts so). */
export function chargesNoPrepaymentFee(prepayment: string): boolean {
  return /^no prepayment (penalty|fee)/i.test(prepayment.trim());
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

function price(p: ClaimProduct, noteRateBps: number, termMonths: number): RepresentativeExample {
  const amountCents = clamp(EXAMPLE_AMOUNT_CENTS, p.minAmountCents, p.maxAmountCents);
  const f = priceLoan({ amountCents, noteRateBps, termMonths, feeCents: feeFromBps(amountCents, p.originationFeeBps) });
  return { amountCents, termMonths, aprBps: f.estimatedAprBps, paymentCents: f.paymentCents, totalPaymentsCents: f.totalPaymentsCents };
}

/** The base tier: the one with no income or credit-score condition, else the highest rate. */
function baseRateBps(p: ClaimProduct): number {
  const open = p.rateTiers.filter((t) => t.minIncomeToAmountBps === 0 && !t.minCreditScore);
  const pool = open.length ? open : p.rateTiers;
  return Math.max(...pool.map((t) => t.noteRateBps));
}

/**
 * The claims the active `products` back; with `purposes`, only the products that lend for one of
 * them (a product page's claims). Products without a rate tier or a term are ignored.
 */
export function catalogueClaims(products: readonly ClaimProduct[], purposes?: readonly string[] | null): CatalogueClaims {
  const list = products.filter(
    (p) =>
      p.rateTiers.length > 0 &&
      p.termsMonths.length > 0 &&
      p.maxAmountCents >= p.minAmountCents &&
      (!purposes || p.purposes.some((x) => purposes.includes(x))),
  );
  if (list.length === 0) {
    return {
      productCount: 0,
      aprFromBps: null,
      aprToBps: null,
      example: null,
      minAmountCents: null,
      maxAmountCents: null,
      minTermMonths: null,
      maxTermMonths: null,
      fastestFundingDays: null,
      noPrepaymentPenalty: "none",
    };
  }
  let best: { product: ClaimProduct; aprBps: number } | null = null;
  let worst = 0;
  for (const p of list) {
    const lowest = Math.min(...p.rateTiers.map((t) => t.noteRateBps));
    const highest = Math.max(...p.rateTiers.map((t) => t.noteRateBps));
    for (const term of p.termsMonths) {
      const { aprBps } = price(p, lowest, term);
      if (!best || aprBps < best.aprBps) best = { product: p, aprBps };
      worst = Math.max(worst, price(p, highest, term).aprBps);
    }
  }
  const bp = best!.product;
  const exampleTerm = bp.termsMonths.includes(EXAMPLE_TERM_MONTHS) ? EXAMPLE_TERM_MONTHS : bp.defaultTermMonths;
  const free = list.filter((p) => chargesNoPrepaymentFee(p.prepayment)).length;
  const terms = list.flatMap((p) => p.termsMonths);
  return {
    productCount: list.length,
    aprFromBps: best!.aprBps,
    aprToBps: worst,
    example: price(bp, baseRateBps(bp), exampleTerm),
    minAmountCents: Math.min(...list.map((p) => p.minAmountCents)),
    maxAmountCents: Math.max(...list.map((p) => p.maxAmountCents)),
    minTermMonths: Math.min(...terms),
    maxTermMonths: Math.max(...terms),
    fastestFundingDays: Math.min(...list.map((p) => p.fundingDays)),
    noPrepaymentPenalty: free === 0 ? "none" : free === list.length ? "all" : "some",
  };
}

// Made on first use, not when the module loads (the browser loads this module on pages that never call it).
let usd0: Intl.NumberFormat | undefined;
let usd2: Intl.NumberFormat | undefined;
/** "$30,000" for whole dollars, else "$1,481.23". */
export function claimDollars(cents: number): string {
  return cents % 100 === 0
    ? (usd0 ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 })).format(cents / 100)
    : (usd2 ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })).format(cents / 100);
}
export const claimApr = (bps: number) => `${(bps / 100).toFixed(2)}% APR`;

/** "6 months", "1 year", "2 years and 6 months". */
export function claimTerm(months: number): string {
  if (months < 12) return `${months} month${months === 1 ? "" : "s"}`;
  const y = Math.floor(months / 12);
  const m = months % 12;
  const ys = `${y} year${y === 1 ? "" : "s"}`;
  return m ? `${ys} and ${m} month${m === 1 ? "" : "s"}` : ys;
}

/** The sentences the pages print; null where the catalogue backs no such claim. */
export type ClaimTexts = {
  /** "11.49% APR" (after "Rates from"). */
  rateFrom: string | null;
  /** "11.49% to 35.10% APR". */
  rateRange: string | null;
  /** "Example: $30,000 over 24 months at 16.79% APR, $1,481.23 a month, total $35,549.52." */
  example: string | null;
  /** "$5,000 to $50,000". */
  amounts: string | null;
  /** "6 months to 7 years". */
  terms: string | null;
  /** "Funds in as little as 1 business day after you accept an offer". */
  funding: string | null;
  /** "No prepayment penalty" (every product) or "...from some lenders" (some). */
  prepayment: string | null;
};

export function claimTexts(c: CatalogueClaims): ClaimTexts {
  const e = c.example;
  const days = c.fastestFundingDays;
  return {
    rateFrom: c.aprFromBps === null ? null : claimApr(c.aprFromBps),
    rateRange:
      c.aprFromBps === null || c.aprToBps === null
        ? null
        : c.aprToBps === c.aprFromBps
          ? claimApr(c.aprFromBps)
          : `${(c.aprFromBps / 100).toFixed(2)}% to ${claimApr(c.aprToBps)}`,
    example: e
      ? `Example: ${claimDollars(e.amountCents)} over ${e.termMonths} months at ${claimApr(e.aprBps)}, ${claimDollars(e.paymentCents)} a month, total ${claimDollars(e.totalPaymentsCents)}.`
      : null,
    amounts:
      c.minAmountCents === null || c.maxAmountCents === null
        ? null
        : `${claimDollars(c.minAmountCents)} to ${claimDollars(c.maxAmountCents)}`,
    terms:
      c.minTermMonths === null || c.maxTermMonths === null
        ? null
        : c.minTermMonths === c.maxTermMonths
          ? claimTerm(c.minTermMonths)
          : `${claimTerm(c.minTermMonths)} to ${claimTerm(c.maxTermMonths)}`,
    funding:
      days === null
        ? null
        : days === 0
          ? "Funds the same day you accept an offer, with some lenders"
          : `Funds in as little as ${days} business day${days === 1 ? "" : "s"} after you accept an offer`,
    prepayment:
      c.noPrepaymentPenalty === "all"
        ? "No prepayment penalty"
        : c.noPrepaymentPenalty === "some"
          ? "No prepayment penalty from some lenders"
          : null,
  };
}

/**
 * The FAQ answers that make claims, written from the catalogue (by the FAQ's stable ids); with null
 * (the catalogue could not be read) answers that claim nothing about rates, amounts, speed or fees.
 */
export function claimAnswers(t: ClaimTexts | null): Record<string, string> {
  const factors =
    "Your rate depends on your business credit score, time in business, annual revenue, industry type, and the loan amount and term you choose.";
  if (!t) {
    return {
      "interest-rates": factors,
      "loan-amounts-and-terms": "Each loan product's page shows the amounts and terms its lenders offer.",
      "decision-time": "Most applications receive a decision within 24-48 hours; each offer states when its lender funds.",
      prepayment: "Yes. Each offer states its lender's prepayment terms before you accept.",
    };
  }
  return {
    "interest-rates": t.rateRange ? `Rates on our platform today range from ${t.rateRange}. ${t.example} ${factors}` : factors,
    "loan-amounts-and-terms": t.amounts
      ? `You can borrow ${t.amounts}, over ${t.terms}. Each loan product's page shows the amounts and terms its lenders offer.`
      : "Each loan product's page shows the amounts and terms its lenders offer.",
    "decision-time": `Most applications receive a decision within 24-48 hours. ${
      t.funding ? `${t.funding}; ` : ""
    }each offer states when its lender funds.`,
    prepayment:
      t.prepayment === "No prepayment penalty"
        ? "Yes. No lender on our platform charges a prepayment penalty, so you can repay your loan early at no extra cost."
        : t.prepayment
          ? "Yes. Some lenders charge no prepayment penalty; others charge a prepayment fee, which their offer states before you accept."
          : "Yes, but the lenders on our platform charge a prepayment fee; each offer states it before you accept.",
  };
}
