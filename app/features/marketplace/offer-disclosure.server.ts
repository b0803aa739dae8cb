/**
 * What an applicant is shown and signs: the disclosure table of a stored offer (SB 1235 / CFDL
 * layout), its exact text and SHA-256, the offer's state, and the notices of action taken that
 * the pages and e-mails share (no lender match, adverse action, a lender's decline).
 */
import { formatCents } from "~/ui/format";
import { offerSummaryFor, type OfferSummary } from "~/features/marketplace/domain/offer-summary";
import { createHash } from "node:crypto";
import { type OfferRow } from "~/features/marketplace/offers.server";

// ---------------------------------------------------------------------------------------------
// Disclosure
// ---------------------------------------------------------------------------------------------

export type DisclosureRow = { label: string; value: string; explanation: string };

/**
 * The offer summary of a stored offer in the form the applicant's state prescribes
 * (`domain/offer-summary.ts`: California's 10 CCR 910 layout, the standard table elsewhere).
 */
export function offerSummary(o: OfferRow, state: string): OfferSummary {
  return offerSummaryFor(state, { ...o });
}

/** The disclosure table of a stored offer, for the applicant's state. */
export function disclosureRows(o: OfferRow, state = ""): DisclosureRow[] {
  return offerSummary(o, state).rows.map(({ label, value, explanation }) => ({ label, value, explanation }));
}

/**
 * The exact disclosure text shown and signed; its SHA-256 is stored with the acceptance. A state
 * with a prescribed form adds its header first and its statement last, as the page shows them.
 */
export function disclosureText(o: OfferRow, reference: string, state = ""): string {
  const s = offerSummary(o, state);
  return [
    ...(s.header ? [s.header] : []),
    `Commercial financing disclosure - offer ${o.id} for application ${reference}`,
    `Lender: ${o.lenderName} (NMLS ${o.lenderNmlsId}) - ${o.productName}`,
    `Amount: ${formatCents(o.amountCents)}`,
    ...s.rows.map((r) => `${r.label}: ${r.value}`),
    `Offer valid until: ${o.expiresAt.toISOString()}`,
    ...(s.statement ? [s.statement.text] : []),
  ].join("\n");
}

export const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

export const isExpired = (o: Pick<OfferRow, "expiresAt">, now = new Date()) => o.expiresAt.getTime() <= now.getTime();

/** What the applicant sees of an offer's state. */
export function offerState(o: OfferRow, now = new Date()): "offered" | "accepted" | "withdrawn" | "expired" {
  if (o.status === "offered" && isExpired(o, now)) return "expired";
  return o.status;
}
