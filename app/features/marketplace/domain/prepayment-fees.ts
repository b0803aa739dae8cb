/**
 * A product's prepayment policy, read from the words the catalogue stores (pure). The state
 * summaries must state the amount of a prepayment fee, not only describe it (10 CCR 910(a)(10)(A),
 * 23 NYCRR 600.10(j)(1)), so the policy is written in one of the forms this reads:
 *
 *   "No prepayment penalty ..." / "No prepayment fee ..." / "None"                  no fee
 *   "A prepayment fee of 2% of the balance repaid applies during the first 12 months"   one tier
 *   "A prepayment fee of 3% in year 1, 2% in year 2 and 1% in year 3 ..."           a tier a year
 *
 * The admin's product form and a lender's firm offer refuse any other wording
 * (`prepaymentPolicyReadable`), so every offer's summary can state its fee.
 */
import { paymentScheduleRows } from "./offer-money";

/** One tier: a fee of `bps` of the balance repaid, for a prepayment in months `fromMonth`..`toMonth`. */
export type PrepaymentFeeTier = { fromMonth: number; toMonth: number; bps: number };

/** The tiers of a policy ([] = no fee), or null when the words are not in a form this reads. */
export function prepaymentFeeTiers(policy: string): PrepaymentFeeTier[] | null {
  const text = policy.trim();
  if (/^(no prepayment (penalty|fee)|none\b)/i.test(text)) return [];
  if (!/prepayment fee/i.test(text)) return null;
  const firstMonths = /(\d+(?:\.\d+)?)\s*% of the balance repaid[^.;]*?during the first (\d+) months/i.exec(text);
  if (firstMonths) return [{ fromMonth: 1, toMonth: Number(firstMonths[2]), bps: Math.round(Number(firstMonths[1]) * 100) }];
  const years = [...text.matchAll(/(\d+(?:\.\d+)?)\s*% in year (\d+)/gi)];
  if (years.length) {
    return years.map((m) => {
      const year = Number(m[2]);
      return { fromMonth: (year - 1) * 12 + 1, toMonth: year * 12, bps: Math.round(Number(m[1]) * 100) };
    });
  }
  return null;
}

/** True when the summary can state the policy's fees (no fee, or tiers this reads). */
export const prepaymentPolicyReadable = (policy: string) => prepaymentFeeTiers(policy) !== null;

/** A tier's largest fee in cents: its rate on the balance owed when the tier begins (the highest in it). */
export type PrepaymentFee = PrepaymentFeeTier & { maxFeeCents: number };

/**
 * The fees of an offer's policy with the largest amount each can reach, from the offer's own
 * schedule (the balance after `fromMonth - 1` payments). Tiers past the last payment are dropped.
 */
export function prepaymentFees(
  policy: string,
  loan: { amountCents: number; noteRateBps: number; termMonths: number },
): PrepaymentFee[] | null {
  const tiers = prepaymentFeeTiers(policy);
  if (!tiers) return null;
  const balances = [
    loan.amountCents,
    ...paymentScheduleRows(loan.amountCents, loan.noteRateBps, loan.termMonths).map((r) => r.balanceCents),
  ];
  return tiers
    .filter((t) => t.fromMonth <= loan.termMonths)
    .map((t) => {
      const balance = balances[t.fromMonth - 1] ?? 0;
      return { ...t, toMonth: Math.min(t.toMonth, loan.termMonths), maxFeeCents: Math.round((balance * t.bps) / 10_000) };
    });
}
