/**
 * What an applicant is shown and signs: the disclosure table of a stored offer (SB 1235 / CFDL
 * layout), its exact text and SHA-256, the offer's state, and the notices of action taken that
 * the pages and e-mails share (no lender match, adverse action, a lender's decline).
 */
import { formatBps, formatCents } from "~/ui/format";
import { createHash } from "node:crypto";
import { type OfferRow } from "~/features/marketplace/offers.server";

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
