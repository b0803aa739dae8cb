/**
 * What a lender product must hold before it can make offers, pure: the lender form,
 * resuming a paused lender and the matching all ask this one function, so a product with a blank or
 * zero rate can neither be saved, nor activated, nor priced into an offer.
 *
 * Pricing floor: no note rate below 1.00 % a year (100 basis points). A 0 % rate is what a blank
 * field used to become; 1 % is far below any real unsecured small-business rate, so the floor
 * refuses mistakes without constraining real products. docs/marketplace.md states it.
 */
import { feeFromBps, priceLoan, type LoanFigures } from "./offer-money";

export const NOTE_RATE_FLOOR_BPS = 100;
export const NOTE_RATE_MAX_BPS = 20_000;

export type ProductPricing = {
  minAmountCents: number;
  maxAmountCents: number;
  termsMonths: readonly number[];
  defaultTermMonths: number;
  rateTiers: ReadonlyArray<{ noteRateBps: number }>;
  originationFeeBps: number;
};

/** The reasons a product cannot make offers; empty when it can. */
export function productProblems(p: ProductPricing): string[] {
  const out: string[] = [];
  if (!(p.minAmountCents > 0) || !(p.maxAmountCents > 0)) out.push("Amounts must be positive.");
  else if (p.minAmountCents > p.maxAmountCents) out.push("The maximum amount must be at least the minimum.");
  if (!p.termsMonths.length || p.termsMonths.some((t) => !(t > 0))) out.push("Terms must be positive numbers of months.");
  if (!p.termsMonths.includes(p.defaultTermMonths)) out.push("The default term must be one of the terms.");
  if (!p.rateTiers.length) out.push("A rate is required.");
  if (p.rateTiers.some((t) => !(t.noteRateBps >= NOTE_RATE_FLOOR_BPS)))
    out.push(`Every interest rate must be at least ${NOTE_RATE_FLOOR_BPS / 100}% a year (the pricing floor).`);
  if (!(p.originationFeeBps >= 0) || p.originationFeeBps >= 10_000) out.push("The origination fee must be 0% or more and below 100%.");
  return out;
}

export type SampleOffer = { label: string; figures: LoanFigures };

/** A sample loan the product would price: $25,000 (kept within its range) over its default term, at its standard and best rates. */
export function sampleOffers(p: ProductPricing & { rateTiers: ReadonlyArray<{ noteRateBps: number }> }): SampleOffer[] {
  if (productProblems(p).length) return [];
  const amountCents = Math.min(Math.max(2_500_000, p.minAmountCents), p.maxAmountCents);
  const rates = [...new Set(p.rateTiers.map((t) => t.noteRateBps))].sort((a, b) => b - a);
  const feeCents = feeFromBps(amountCents, p.originationFeeBps);
  if (feeCents >= amountCents) return [];
  return rates.slice(0, 2).map((noteRateBps, i) => ({
    label: rates.length > 1 ? (i === 0 ? "At the standard rate" : "At the best rate") : "At its rate",
    figures: priceLoan({ amountCents, noteRateBps, termMonths: p.defaultTermMonths, feeCents }),
  }));
}
