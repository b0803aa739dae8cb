/**
 * What an applicant is shown and signs: the disclosure table of a stored offer (SB 1235 / CFDL
 * layout), its exact text and SHA-256, the offer's state, and the notices of action taken that
 * the pages and e-mails share (no lender match, adverse action, a lender's decline).
 */
import { formatBps, formatCents } from "~/ui/format";
import { createHash } from "node:crypto";
import { type OfferRow } from "~/features/marketplace/offers.server";
import { MARKET_MSG } from "~/content/messages";

import { REASON_TEXT, type ReasonCode } from "~/features/marketplace/domain/offer-matching";

/**
 * No lender match, said once the same way everywhere: the reasons that decided it, what
 * to do next, and nothing to accept or wait for.
 */
export function noMatchLines(e: { reasons: readonly string[]; nextSteps: readonly string[] }): string[] {
  return [
    "NOTICE OF ACTION TAKEN: no lender match",
    "None of our partner lenders can make an offer for this application, so there is nothing to accept and no funding will follow from it.",
    "Principal reason(s):",
    ...e.reasons.map((r) => `- ${r}`),
    "What you can do:",
    ...e.nextSteps.map((r) => `- ${r}`),
    "You have the right to a statement of specific reasons within 60 days: contact us to ask for it.",
    MARKET_MSG.ecoaNotice,
  ];
}

/** ECOA / Regulation B style notice when no partner lender could make an offer. */
export function adverseActionLines(reasons: readonly ReasonCode[]): string[] {
  return [
    "NOTICE OF ACTION TAKEN",
    "None of our partner lenders was able to make you an offer for this application.",
    "Principal reason(s):",
    ...reasons.map((r) => `- ${REASON_TEXT[r]}`),
    "You may reapply with different details (for example another amount or purpose). You have the right to a statement of specific reasons within 60 days: contact us to ask for it.",
    MARKET_MSG.ecoaNotice,
  ];
}

/**
 * The notice of action taken when ONE partner lender declines after reviewing the
 * application: it names the lender and its principal reasons (from app/content/decline-reasons.ts).
 */
export function lenderAdverseActionLines(lender: { name: string; nmlsId: string }, reasonTexts: readonly string[]): string[] {
  return [
    "NOTICE OF ACTION TAKEN",
    `${lender.name} (NMLS ${lender.nmlsId}) has declined to extend credit on this application.`,
    `Principal reason(s) given by ${lender.name}:`,
    ...reasonTexts.map((r) => `- ${r}`),
    "Offers from other partner lenders, if any, are not affected. You have the right to a statement of specific reasons within 60 days: contact us to ask for it.",
    MARKET_MSG.ecoaNotice,
  ];
}

// ---------------------------------------------------------------------------------------------
// Disclosure
// ---------------------------------------------------------------------------------------------

export type DisclosureRow = { label: string; value: string; explanation: string };

/** The standard disclosure table (SB 1235 / CFDL layout) of a stored offer. */
export function disclosureRows(o: OfferRow): DisclosureRow[] {
  const same = o.finalPaymentCents === o.paymentCents;
  return [
    {
      label: "Funding provided",
      value: formatCents(o.fundingCents),
      explanation: `This is how much money you will receive: the ${formatCents(o.amountCents)} loan minus the ${formatCents(o.feeCents)} origination fee withheld at funding.`,
    },
    {
      label: "Estimated annual percentage rate (APR)",
      value: formatBps(o.estimatedAprBps),
      explanation: `This is the yearly cost of the financing including the fee, expressed as a rate on the funding provided. The note rate is ${formatBps(o.noteRateBps)}; the fee makes the APR higher.`,
    },
    {
      label: "Finance charge",
      value: formatCents(o.financeChargeCents),
      explanation: "This is the dollar cost of the financing: all interest plus the origination fee.",
    },
    {
      label: "Estimated total payment amount",
      value: formatCents(o.totalPaymentsCents),
      explanation: "This is the total of every payment you will make if you pay as scheduled.",
    },
    {
      label: "Payment amount and frequency",
      value: same
        ? `${formatCents(o.paymentCents)} monthly`
        : `${formatCents(o.paymentCents)} monthly (last payment ${formatCents(o.finalPaymentCents)})`,
      explanation: `You will make ${o.paymentCount} monthly payments${same ? "" : "; the last one differs by the cents of rounding"}.`,
    },
    { label: "Term", value: `${o.termMonths} months`, explanation: "This is how long you have to repay the financing in full." },
    {
      label: "Prepayment",
      value: o.prepayment,
      explanation: "This says whether you pay any extra fee, or still owe the finance charge, if you repay early.",
    },
  ];
}

/** The exact disclosure text shown and signed; its SHA-256 is stored with the acceptance. */
export function disclosureText(o: OfferRow, reference: string): string {
  return [
    `Commercial financing disclosure - offer ${o.id} for application ${reference}`,
    `Lender: ${o.lenderName} (NMLS ${o.lenderNmlsId}) - ${o.productName}`,
    `Amount: ${formatCents(o.amountCents)}`,
    ...disclosureRows(o).map((r) => `${r.label}: ${r.value}`),
    `Offer valid until: ${o.expiresAt.toISOString()}`,
  ].join("\n");
}

export const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

export const isExpired = (o: Pick<OfferRow, "expiresAt">, now = new Date()) => o.expiresAt.getTime() <= now.getTime();

/** What the applicant sees of an offer's state. */
export function offerState(o: OfferRow, now = new Date()): "offered" | "accepted" | "withdrawn" | "expired" {
  if (o.status === "offered" && isExpired(o, now)) return "expired";
  return o.status;
}
