/**
 * The marketplace's money math, pure (no I/O, no React): the figures of a closed-end, fully
 * amortising business loan with an origination fee withheld from the funds, as the commercial
 * financing disclosures (California SB 1235 / 10 CCR 900-956, New York CFDL) and Regulation Z
 * (12 CFR 1026) present them.
 *
 * Conventions (docs/product.md and docs/marketplace.md):
 * - money in integer cents, rates in basis points (1 bp = 0.01 %);
 * - rounding half-up to the cent happens only where a figure is shown or stored: the regular
 *   payment, each month's interest while the schedule is run, and nothing else;
 * - the estimated APR is the actuarial rate of Regulation Z appendix J on the FUNDING PROVIDED
 *   (amount minus the fee, i.e. the amount financed), so a fee raises it above the note rate;
 *   solved numerically to well under 0.0001 % and stored in basis points (two decimals when shown).
 */

/** Half-up rounding of a non-negative number of cents (or basis points) to an integer. */
export function roundHalfUp(x: number): number {
  // The tiny bias absorbs binary noise such as 0.5 - 1e-12 that is really an exact half.
  return x < 0 ? -roundHalfUp(-x) : Math.floor(x + 0.5 + 1e-9);
}

export type LoanTerms = {
  /** The amount borrowed (principal), cents. */
  amountCents: number;
  /** The note (interest) rate, basis points a year, monthly compounding (rate / 12 a month). */
  noteRateBps: number;
  termMonths: number;
  /** Origination fee withheld at funding, cents. */
  feeCents: number;
};

export type LoanFigures = {
  amountCents: number;
  noteRateBps: number;
  termMonths: number;
  feeCents: number;
  /** Amount minus the fee: what reaches the business (Regulation Z's "amount financed"). */
  fundingCents: number;
  /** The regular monthly payment (all but the last). */
  paymentCents: number;
  /** The last payment, which absorbs the rounding of the others. */
  finalPaymentCents: number;
  paymentCount: number;
  /** Estimated total payment amount: the sum of every payment. */
  totalPaymentsCents: number;
  /** Finance charge: total of payments minus funding provided (interest plus the fee). */
  financeChargeCents: number;
  /** Estimated APR (appendix J actuarial, on the funding provided), basis points. */
  estimatedAprBps: number;
};

export class InvalidLoanTermsError extends Error {}

function check(t: LoanTerms) {
  const ints = [t.amountCents, t.noteRateBps, t.termMonths, t.feeCents];
  if (!ints.every((n) => Number.isSafeInteger(n) && n >= 0)) throw new InvalidLoanTermsError("terms must be non-negative integers");
  if (t.amountCents <= 0 || t.termMonths <= 0) throw new InvalidLoanTermsError("amount and term must be positive");
  if (t.termMonths > 600) throw new InvalidLoanTermsError("term too long");
  if (t.feeCents >= t.amountCents) throw new InvalidLoanTermsError("the fee must be less than the amount");
}

/** The regular monthly payment that amortises `amountCents` over `termMonths`, rounded half-up. */
export function monthlyPaymentCents(amountCents: number, noteRateBps: number, termMonths: number): number {
  const r = noteRateBps / 10_000 / 12;
  if (r === 0) return roundHalfUp(amountCents / termMonths);
  // (1 + r)^n - 1 without losing precision for small r.
  const growthMinusOne = Math.expm1(termMonths * Math.log1p(r));
  return roundHalfUp((amountCents * r * (growthMinusOne + 1)) / growthMinusOne);
}

/**
 * Runs the schedule: each month interest (rounded half-up to the cent) is added to the balance and
 * the regular payment taken off; the last payment is whatever then remains.
 */
export function paymentSchedule(
  amountCents: number,
  noteRateBps: number,
  termMonths: number,
): { paymentCents: number; finalPaymentCents: number } {
  const r = noteRateBps / 10_000 / 12;
  const paymentCents = monthlyPaymentCents(amountCents, noteRateBps, termMonths);
  let balance = amountCents;
  for (let k = 1; k < termMonths; k++) {
    balance = balance + roundHalfUp(balance * r) - paymentCents;
  }
  const finalPaymentCents = balance + roundHalfUp(balance * r);
  return { paymentCents, finalPaymentCents };
}

export type ScheduledPayment = {
  number: number;
  paymentCents: number;
  interestCents: number;
  principalCents: number;
  balanceCents: number;
};

/**
 * Every payment of the schedule, as `paymentSchedule` runs it: each month's interest (half-up to
 * the cent), the part of the payment that repays principal, and the balance left after it; the last
 * payment clears the balance.
 */
export function paymentScheduleRows(amountCents: number, noteRateBps: number, termMonths: number): ScheduledPayment[] {
  const r = noteRateBps / 10_000 / 12;
  const paymentCents = monthlyPaymentCents(amountCents, noteRateBps, termMonths);
  const rows: ScheduledPayment[] = [];
  let balance = amountCents;
  for (let k = 1; k <= termMonths; k++) {
    const interestCents = roundHalfUp(balance * r);
    const payment = k < termMonths ? paymentCents : balance + interestCents;
    balance = balance + interestCents - payment;
    rows.push({ number: k, paymentCents: payment, interestCents, principalCents: payment - interestCents, balanceCents: balance });
  }
  return rows;
}

/**
 * Present value at monthly rate i of payments made at the end of months 1..n (appendix J general
 * equation (b)(8) for a single advance with regular monthly unit-periods and no odd first period).
 */
function presentValue(payments: readonly number[], i: number): number {
  let pv = 0;
  let discount = 1;
  const v = 1 / (1 + i);
  for (const p of payments) {
    discount *= v;
    pv += p * discount;
  }
  return pv;
}

/**
 * The annual percentage rate (in percent, unrounded) that makes the present value of `payments`
 * (monthly, cents) equal to `amountFinancedCents`. Bisection on the monthly rate: monotone and
 * always converges; 200 halvings take the bracket far below 1e-12.
 */
export function actuarialAprPercent(amountFinancedCents: number, payments: readonly number[]): number {
  const total = payments.reduce((a, b) => a + b, 0);
  if (amountFinancedCents <= 0 || payments.length === 0) throw new InvalidLoanTermsError("nothing financed");
  if (total <= amountFinancedCents) return 0;
  let lo = 0;
  let hi = 1; // 100 % a month, 1,200 % a year: far above any loan here
  while (presentValue(payments, hi) > amountFinancedCents) hi *= 2;
  for (let k = 0; k < 200 && hi - lo > 1e-15; k++) {
    const mid = (lo + hi) / 2;
    if (presentValue(payments, mid) > amountFinancedCents) lo = mid;
    else hi = mid;
  }
  return ((lo + hi) / 2) * 12 * 100;
}

/** The APR in basis points, i.e. the percentage rounded half-up to two decimals. */
export function aprBpsFromPercent(aprPercent: number): number {
  return roundHalfUp(aprPercent * 100);
}

/** Every figure of a loan, from its terms. Throws InvalidLoanTermsError on nonsense input. */
export function priceLoan(t: LoanTerms): LoanFigures {
  check(t);
  const { paymentCents, finalPaymentCents } = paymentSchedule(t.amountCents, t.noteRateBps, t.termMonths);
  const payments = Array.from({ length: t.termMonths }, (_, k) => (k === t.termMonths - 1 ? finalPaymentCents : paymentCents));
  const totalPaymentsCents = paymentCents * (t.termMonths - 1) + finalPaymentCents;
  const fundingCents = t.amountCents - t.feeCents;
  return {
    amountCents: t.amountCents,
    noteRateBps: t.noteRateBps,
    termMonths: t.termMonths,
    feeCents: t.feeCents,
    fundingCents,
    paymentCents,
    finalPaymentCents,
    paymentCount: t.termMonths,
    totalPaymentsCents,
    financeChargeCents: totalPaymentsCents - fundingCents,
    estimatedAprBps: aprBpsFromPercent(actuarialAprPercent(fundingCents, payments)),
  };
}

/** A fee given in basis points of the amount, in cents (half-up). */
export function feeFromBps(amountCents: number, feeBps: number): number {
  return roundHalfUp((amountCents * feeBps) / 10_000);
}

// ---------------------------------------------------------------------------------------------
// Display (client-safe)
// ---------------------------------------------------------------------------------------------

/** "30000.00" (a DECIMAL column) or 30000 -> 3000000 cents, without float drift. */
export function toCents(value: string | number): number {
  if (typeof value === "number") return roundHalfUp(value * 100);
  const m = /^(\d+)(?:\.(\d{0,2})\d*)?$/.exec(value.trim());
  if (!m) throw new InvalidLoanTermsError("not an amount");
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}
