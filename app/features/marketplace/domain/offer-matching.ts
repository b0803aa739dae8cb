/**
 * The marketplace's matching, pure (no I/O): for every active lender product, is this application
 * eligible, and if not why (reason codes); eligible products are priced into offers by the money
 * module. The caller stores both the decisions and the offers; nothing here reads a clock except
 * through `now`.
 *
 * Conservative when optional data is absent: a product that needs a credit score or years in
 * business the application does not state is NOT eligible (reason `*-unknown`, with a hint of
 * what stating it would unlock), and the rate is the product's highest tier unless the profile
 * proves a better one.
 */
import { feeFromBps, priceLoan, type LoanFigures } from "./offer-money";

export const REASON_CODES = [
  "amount-below-minimum",
  "amount-above-maximum",
  "state-not-served",
  "purpose-not-served",
  "income-below-minimum",
  "term-not-offered",
  "payment-unaffordable",
  "credit-score-unknown",
  "credit-score-below-minimum",
  "years-in-business-unknown",
  "years-in-business-below-minimum",
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** Principal reasons in the words of an adverse-action notice (ECOA / Regulation B style). */
export const REASON_TEXT: Record<ReasonCode, string> = {
  "amount-below-minimum": "Requested amount is below the lender's minimum",
  "amount-above-maximum": "Requested amount is above the lender's maximum",
  "state-not-served": "The lender does not lend to businesses in your state",
  "purpose-not-served": "The lender does not finance this loan purpose",
  "income-below-minimum": "Income insufficient for amount of credit requested",
  "term-not-offered": "The lender does not offer the requested term",
  "payment-unaffordable": "Excessive obligations in relation to income",
  "credit-score-unknown": "Credit information not provided",
  "credit-score-below-minimum": "Credit score below the lender's minimum",
  "years-in-business-unknown": "Length of time in business not provided",
  "years-in-business-below-minimum": "Length of time in business below the lender's minimum",
};

/** What stating more data would unlock, for the `*-unknown` reasons. */
export const UNLOCK_HINT: Partial<Record<ReasonCode, string>> = {
  "credit-score-unknown": "Stating your estimated credit score would let this lender consider your application.",
  "years-in-business-unknown": "Stating how long your business has operated would let this lender consider your application.",
};

export type RateTier = {
  /** Lowest annual income as a multiple of the amount (basis points: 30000 = 3x) for this rate. */
  minIncomeToAmountBps: number;
  /** Lowest estimated credit score for this rate; tiers with one need a stated score. */
  minCreditScore?: number | null;
  noteRateBps: number;
};

export type LenderProductTerms = {
  productId: number;
  lenderId: number;
  lenderName: string;
  productName: string;
  states: readonly string[];
  purposes: readonly string[];
  minAmountCents: number;
  maxAmountCents: number;
  /** Terms offered, months; the offer uses `defaultTermMonths` unless the applicant asked for another. */
  termsMonths: readonly number[];
  defaultTermMonths: number;
  /** Rate tiers; the best one the profile qualifies for applies, the highest when none does. */
  rateTiers: readonly RateTier[];
  originationFeeBps: number;
  minAnnualIncomeCents: number;
  minCreditScore: number | null;
  minYearsInBusiness: number | null;
  /** Largest monthly payment as a share of monthly income, basis points (2000 = 20 %). */
  maxPaymentToIncomeBps: number;
  prepayment: string;
  /** The lender's collateral requirements and avoidable fees, in its words (the New York summary's rows). */
  collateral: string;
  avoidableFees: string;
  fundingDays: number;
};

export type ApplicantProfile = {
  amountCents: number;
  state: string;
  purpose: string;
  annualIncomeCents: number;
  /** Optional data; absent means unknown (never "zero"). */
  creditScore?: number | null;
  yearsInBusiness?: number | null;
  termMonths?: number | null;
};

export type PricedOffer = LoanFigures & {
  productId: number;
  lenderId: number;
  lenderName: string;
  productName: string;
  prepayment: string;
  collateral: string;
  avoidableFees: string;
  fundingDays: number;
  expiresAt: Date;
};

export type Decision =
  | {
      productId: number;
      lenderId: number;
      lenderName: string;
      productName: string;
      eligible: true;
      reasons: [];
      unlock: string[];
      offer: PricedOffer;
    }
  | {
      productId: number;
      lenderId: number;
      lenderName: string;
      productName: string;
      eligible: false;
      reasons: ReasonCode[];
      unlock: string[];
      offer: null;
    };

export const OFFER_VALIDITY_DAYS = 30;

/** The note rate the profile earns: the lowest-rate tier it fully qualifies for, else the highest rate. */
export function noteRateFor(p: LenderProductTerms, a: ApplicantProfile): { noteRateBps: number; unlock: string[] } {
  const highest = Math.max(...p.rateTiers.map((t) => t.noteRateBps));
  let best = highest;
  let betterNeedsScore = false;
  for (const t of p.rateTiers) {
    const incomeOk = a.annualIncomeCents * 10_000 >= t.minIncomeToAmountBps * a.amountCents;
    if (!incomeOk) continue;
    if (t.minCreditScore != null) {
      if (a.creditScore == null) {
        if (t.noteRateBps < best) betterNeedsScore = true;
        continue;
      }
      if (a.creditScore < t.minCreditScore) continue;
    }
    if (t.noteRateBps < best) best = t.noteRateBps;
  }
  // A lower tier that only a stated score could unlock is worth saying.
  const lowerWithScore = p.rateTiers.some((t) => t.minCreditScore != null && t.noteRateBps < best);
  const unlock =
    a.creditScore == null && (betterNeedsScore || lowerWithScore)
      ? ["Stating your estimated credit score may lower this lender's rate."]
      : [];
  return { noteRateBps: best, unlock };
}

/** One product's decision for one application. */
export function decide(p: LenderProductTerms, a: ApplicantProfile, now: Date): Decision {
  const head = { productId: p.productId, lenderId: p.lenderId, lenderName: p.lenderName, productName: p.productName };
  const reasons: ReasonCode[] = [];
  if (a.amountCents < p.minAmountCents) reasons.push("amount-below-minimum");
  if (a.amountCents > p.maxAmountCents) reasons.push("amount-above-maximum");
  if (!p.states.includes(a.state.toUpperCase())) reasons.push("state-not-served");
  if (!p.purposes.includes(a.purpose)) reasons.push("purpose-not-served");
  if (a.annualIncomeCents < p.minAnnualIncomeCents) reasons.push("income-below-minimum");
  const term = a.termMonths ?? p.defaultTermMonths;
  if (!p.termsMonths.includes(term)) reasons.push("term-not-offered");
  if (p.minCreditScore != null) {
    if (a.creditScore == null) reasons.push("credit-score-unknown");
    else if (a.creditScore < p.minCreditScore) reasons.push("credit-score-below-minimum");
  }
  if (p.minYearsInBusiness != null) {
    if (a.yearsInBusiness == null) reasons.push("years-in-business-unknown");
    else if (a.yearsInBusiness < p.minYearsInBusiness) reasons.push("years-in-business-below-minimum");
  }
  const hints = reasons.flatMap((r) => (UNLOCK_HINT[r] ? [UNLOCK_HINT[r]!] : []));
  // Pricing needs an amount the fee fits in; anything else already failed the range checks.
  if (reasons.length === 0) {
    const rate = noteRateFor(p, a);
    const figures = priceLoan({
      amountCents: a.amountCents,
      noteRateBps: rate.noteRateBps,
      termMonths: term,
      feeCents: feeFromBps(a.amountCents, p.originationFeeBps),
    });
    // Affordability: the regular payment against a twelfth of the annual income.
    if (figures.paymentCents * 12 * 10_000 > p.maxPaymentToIncomeBps * a.annualIncomeCents) {
      return { ...head, eligible: false, reasons: ["payment-unaffordable"], unlock: hints, offer: null };
    }
    const expiresAt = new Date(now.getTime() + OFFER_VALIDITY_DAYS * 86_400_000);
    return {
      ...head,
      eligible: true,
      reasons: [],
      unlock: rate.unlock,
      offer: {
        ...figures,
        ...head,
        prepayment: p.prepayment,
        collateral: p.collateral,
        avoidableFees: p.avoidableFees,
        fundingDays: p.fundingDays,
        expiresAt,
      },
    };
  }
  return { ...head, eligible: false, reasons, unlock: hints, offer: null };
}

/**
 * The reasons that keep a product from evaluating an application at all: a product that does not
 * serve the applicant's state or the loan's purpose is not a creditor for it.
 */
export const NOT_EVALUATED_REASONS = ["state-not-served", "purpose-not-served"] as const satisfies readonly ReasonCode[];
/** Reasons that say the application lacks information the product needs (an incomplete application). */
export const INCOMPLETE_REASONS = ["credit-score-unknown", "years-in-business-unknown"] as const satisfies readonly ReasonCode[];

/** Did this product evaluate the application (it serves the state and the purpose)? */
export function isEvaluated(d: { reasons: readonly string[] }): boolean {
  return !d.reasons.some((r) => (NOT_EVALUATED_REASONS as readonly string[]).includes(r));
}

/**
 * Every active product's decision, in the order given. A product that does not serve the
 * applicant's state or purpose did not evaluate it: its decision says only that, no other reason.
 */
export function matchApplication(products: readonly LenderProductTerms[], a: ApplicantProfile, now: Date): Decision[] {
  return products.map((p) => {
    const d = decide(p, a, now);
    if (isEvaluated(d) || d.eligible) return d;
    return { ...d, reasons: d.reasons.filter((r) => (NOT_EVALUATED_REASONS as readonly string[]).includes(r)), unlock: [] };
  });
}

/**
 * The principal reasons of a notice when no product is eligible: the reasons that most products
 * gave, most frequent first, at most four (Regulation B asks for the specific principal reasons;
 * four is the customary maximum on the model forms).
 */
export function principalReasons(decisions: ReadonlyArray<{ reasons: readonly ReasonCode[] }>, max = 4): ReasonCode[] {
  const count = new Map<ReasonCode, number>();
  // Products that did not evaluate the application give no reason of their own, unless none did.
  const evaluated = decisions.filter((d) => d.reasons.length > 0 && isEvaluated(d));
  for (const d of evaluated.length ? evaluated : decisions) for (const r of d.reasons) count.set(r, (count.get(r) ?? 0) + 1);
  return [...count.entries()]
    .sort((x, y) => y[1] - x[1] || REASON_CODES.indexOf(x[0]) - REASON_CODES.indexOf(y[0]))
    .slice(0, max)
    .map(([r]) => r);
}

// ---------------------------------------------------------------------------------------------
// Sorting the applicant's comparison (client-safe)
// ---------------------------------------------------------------------------------------------

export const OFFER_SORTS = [
  { value: "apr", label: "Lowest estimated APR" },
  { value: "payment", label: "Lowest monthly payment" },
  { value: "total", label: "Lowest total cost" },
  { value: "speed", label: "Fastest funding" },
] as const;
export type OfferSort = (typeof OFFER_SORTS)[number]["value"];

type Sortable = { id: number; estimatedAprBps: number; paymentCents: number; financeChargeCents: number; fundingDays: number };

const KEY: Record<OfferSort, (o: Sortable) => number> = {
  apr: (o) => o.estimatedAprBps,
  payment: (o) => o.paymentCents,
  total: (o) => o.financeChargeCents,
  speed: (o) => o.fundingDays,
};

export function sortOffers<T extends Sortable>(offers: readonly T[], sort: OfferSort): T[] {
  const k = KEY[sort];
  return [...offers].sort((a, b) => k(a) - k(b) || a.estimatedAprBps - b.estimatedAprBps || a.id - b.id);
}

/** Which offers hold the best value of each sort key (ties all marked). */
export function bestValues<T extends Sortable>(offers: readonly T[]): Record<OfferSort, Set<number>> {
  const out = {} as Record<OfferSort, Set<number>>;
  for (const { value } of OFFER_SORTS) {
    const k = KEY[value];
    const min = Math.min(...offers.map(k));
    out[value] = new Set(offers.filter((o) => k(o) === min).map((o) => o.id));
  }
  return out;
}

export function parseOfferSort(v: string | null): OfferSort {
  return OFFER_SORTS.some((s) => s.value === v) ? (v as OfferSort) : "apr";
}

/** The applicant's comparison page of an application. */
export const offersPath = (reference: string) => `/dashboard/applications/${reference}/offers`;

// ---------------------------------------------------------------------------------------------
// The offers page as a decision: which offers can still be chosen, their badges, the best match
// ---------------------------------------------------------------------------------------------

type Decidable = Sortable & { state: string };

/**
 * The offers of an application as the comparison page shows them. Only offers the applicant can
 * still choose (state "offered", nothing accepted yet) are compared: the badges ("Lowest APR"...)
 * are computed among them alone, so a withdrawn or expired offer never makes a live one look worse,
 * and an accepted offer is never called the "lowest" anything (once one is accepted nothing is
 * choosable, so no offer carries a badge). The accepted offer comes first, then the choosable ones
 * in the chosen order, then the withdrawn and expired ones (shown as such, with no choose action).
 */
export function arrangeOffers<T extends Decidable>(offers: readonly T[], sort: OfferSort) {
  const anyAccepted = offers.some((o) => o.state === "accepted");
  const choosable = anyAccepted ? [] : offers.filter((o) => o.state === "offered");
  const ids = new Set(choosable.map((o) => o.id));
  const accepted = offers.filter((o) => o.state === "accepted");
  const closed = offers.filter((o) => o.state !== "accepted" && !ids.has(o.id));
  const best = choosable.length ? bestValues(choosable) : bestValues<T>([]);
  return {
    ordered: [...accepted, ...sortOffers(choosable, sort), ...sortOffers(closed, sort)],
    choosableIds: [...ids],
    best,
  };
}

const REASON_WORDS: Record<OfferSort, string> = {
  apr: "the lowest estimated APR",
  payment: "the lowest monthly payment",
  total: "the lowest total cost",
  speed: "the fastest funding",
};

/**
 * The "Best match for you": among the offers that can still be chosen, the lowest estimated APR
 * (the cost of the money per year, fees included, comparable across terms), then the lowest total
 * cost. `why` is one line saying which of the page's measures it leads on.
 */
export function bestMatch<T extends Sortable>(
  choosable: readonly T[],
): { offer: T; why: string; leads: OfferSort[]; count: number } | null {
  const [offer] = [...choosable].sort(
    (a, b) => a.estimatedAprBps - b.estimatedAprBps || a.financeChargeCents - b.financeChargeCents || a.id - b.id,
  );
  if (!offer) return null;
  if (choosable.length === 1) return { offer, why: "It is the one offer you can choose right now.", leads: [], count: 1 };
  const best = bestValues(choosable);
  const leads = OFFER_SORTS.map((s) => s.value).filter((k) => best[k].has(offer.id));
  const words = leads.map((k) => REASON_WORDS[k]);
  const list = words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}` : words[0];
  return { offer, why: `It has ${list} of your ${choosable.length} offers.`, leads, count: choosable.length };
}

/** `?compare=a&compare=b`: the two offers to show side by side, or why not. */
export function parseCompare<T extends { id: number }>(
  values: readonly string[],
  offers: readonly T[],
): { pair: [T, T] | null; asked: boolean } {
  if (!values.length) return { pair: null, asked: false };
  const ids = [...new Set(values.map((v) => Number(v)).filter((n) => Number.isInteger(n) && n > 0))];
  const found = ids.map((id) => offers.find((o) => o.id === id)).filter((o): o is T => Boolean(o));
  return { pair: ids.length === 2 && found.length === 2 ? [found[0]!, found[1]!] : null, asked: true };
}

/** "3 offers ready, from 16.79% APR": the count and lowest APR of the offers that can be chosen. */
export function offersAnnouncement(choosable: ReadonlyArray<{ estimatedAprBps: number }>): { count: number; lowestAprBps: number } | null {
  if (!choosable.length) return null;
  return { count: choosable.length, lowestAprBps: Math.min(...choosable.map((o) => o.estimatedAprBps)) };
}

/** The announcement's words, the same on the submitted page, the dashboard and the confirmation e-mail. */
export function announcementText(a: { count: number; lowestAprBps: number }): string {
  return `${a.count} offer${a.count === 1 ? "" : "s"} ready, from ${(a.lowestAprBps / 100).toFixed(2)}% APR`;
}
