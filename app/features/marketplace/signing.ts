/**
 * The review step before an offer is signed: the one sentence that says what is being accepted.
 * Client-safe (the page renders it on the server and in the browser alike).
 */
import { formatAmount, formatBps, formatCents } from "~/ui/format";

type SignedTerms = {
  amountCents: number;
  lenderName: string;
  estimatedAprBps: number;
  paymentCount: number;
  paymentCents: number;
  finalPaymentCents: number;
};

/** "You are accepting $30,000.00 from LENDER at 14.20% APR, 36 payments of $1,027.15." */
export function acceptanceSentence(o: SignedTerms): string {
  const last = o.finalPaymentCents === o.paymentCents ? "" : ` (the last one ${formatCents(o.finalPaymentCents)})`;
  return `You are accepting ${formatCents(o.amountCents)} from ${o.lenderName} at ${formatBps(o.estimatedAprBps)} APR, ${o.paymentCount} payments of ${formatCents(o.paymentCents)}${last}.`;
}

/** The review step's button: the only one that signs. */
export const SIGN_BUTTON = "Accept and sign";
/** The first step's button: it shows the review, it never accepts. */
export const REVIEW_BUTTON = "Review and sign";

/** The disclosure page's sticky bar: "Accept $30,000 from Harbor Main, $1,039.81 a month" (cents only when there are any). */
export function acceptBarText(o: Pick<SignedTerms, "amountCents" | "lenderName" | "paymentCents">): string {
  return `Accept ${formatAmount(o.amountCents / 100)} from ${o.lenderName}, ${formatAmount(o.paymentCents / 100)} a month`;
}
