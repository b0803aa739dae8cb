/**
 * Loan calculator maths: monthly rate = APR / 100 / 12, standard amortised
 * payment, total = payment x months, interest = total - principal. Pure: no React, no server code.
 *
 * Inputs must be finite numbers greater than zero. docs/product.md says the calculator "calculates only
 * when amount, rate and term all parse to non-zero numbers"; we also refuse negative numbers,
 * which no field of the calculator can meaningfully hold (a negative amount, rate or term would
 * produce a negative or meaningless payment). Anything refused yields `null`, never NaN/Infinity.
 */

export const CALCULATOR_DEFAULTS = { amount: 25000, apr: 8.99, termMonths: 36 } as const;

export const TERM_OPTIONS = [12, 24, 36, 48, 60, 72, 84] as const;

export type LoanInput = { amount: number; apr: number; termMonths: number };

export type LoanResult = { monthlyPayment: number; totalPayment: number; totalInterest: number };

function isPositiveFinite(n: unknown): n is number {
  return typeof n === "number" && Number.isFinite(n) && n > 0;
}

/**
 * Amortised payment for `amount` over `termMonths` at `apr` percent a year, unrounded.
 * Returns null unless every input is a finite number above zero, or if the result would not be
 * finite (for absurdly large inputs).
 */
export function calculateLoan({ amount, apr, termMonths }: LoanInput): LoanResult | null {
  if (!isPositiveFinite(amount) || !isPositiveFinite(apr) || !isPositiveFinite(termMonths)) return null;

  const r = apr / 100 / 12;
  // (1 + r)^n - 1, computed without losing precision when r is tiny.
  const growthMinusOne = Math.expm1(termMonths * Math.log1p(r));
  // When r is so small that the growth rounds to nothing, the payment tends to amount / n.
  const monthlyPayment = growthMinusOne > 0 ? (amount * r * (growthMinusOne + 1)) / growthMinusOne : amount / termMonths;
  const totalPayment = monthlyPayment * termMonths;
  const totalInterest = totalPayment - amount;

  if (![monthlyPayment, totalPayment, totalInterest].every(Number.isFinite)) return null;
  return { monthlyPayment, totalPayment, totalInterest };
}

// Plain decimal ("25000", "8.99", ".5", "7.") or with en-US thousands separators ("25,000.50").
// No sign, no exponent, no hex: a negative or "1e3" input is refused rather than guessed at.
const DECIMAL_INPUT = /^(?:\d+(?:\.\d*)?|\.\d+|\d{1,3}(?:,\d{3})+(?:\.\d*)?)$/;

/** Parses one calculator field. Returns null when it is missing, unparsable, zero or negative. */
export function parsePositiveNumber(raw: string | null | undefined): number | null {
  if (typeof raw !== "string") return null;
  const text = raw.trim();
  if (!DECIMAL_INPUT.test(text)) return null;
  const n = Number(text.replace(/,/g, ""));
  return isPositiveFinite(n) ? n : null;
}

/**
 * Parses the calculator's three fields (form data or search params). Returns null unless all
 * three parse to numbers above zero; the caller then leaves the previous results unchanged.
 */
export function parseCalculatorInput(raw: { amount?: string | null; apr?: string | null; term?: string | null }): LoanInput | null {
  const amount = parsePositiveNumber(raw.amount);
  const apr = parsePositiveNumber(raw.apr);
  const termMonths = parsePositiveNumber(raw.term);
  if (amount === null || apr === null || termMonths === null) return null;
  return { amount, apr, termMonths };
}
