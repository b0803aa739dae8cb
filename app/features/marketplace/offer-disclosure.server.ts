/**
 * What an applicant is shown and signs: the disclosure table of a stored offer (SB 1235 / CFDL
 * layout), its exact text and SHA-256, the offer's state, and the notices of action taken that
 * the pages and e-mails share (no lender match, adverse action, a lender's decline).
 */
import { formatCents } from "~/ui/format";
import { flatRows, offerSummaryFor, summaryText, type OfferSummary } from "~/features/marketplace/domain/offer-summary";
import { createHash } from "node:crypto";
import { type OfferRow } from "~/features/marketplace/offers.server";
import { DISCLOSURE_TEXT_ES } from "~/content/offer-summary-rules-es";
import type { Language } from "~/content/locales";

// ---------------------------------------------------------------------------------------------
// Disclosure
// ---------------------------------------------------------------------------------------------

export type DisclosureRow = { label: string; value: string; explanation: string };

/**
 * The offer summary of a stored offer in the form the applicant's state prescribes
 * (`domain/offer-summary.ts`: California's 10 CCR 910, New York's 23 NYCRR 600.10, the standard
 * table elsewhere).
 */
export function offerSummary(o: OfferRow, state: string, lang: Language = "en"): OfferSummary {
  return offerSummaryFor(state, { ...o }, lang);
}

/** The disclosure table of a stored offer as flat rows (the API's `disclosure`, the offer page's cards). */
export function disclosureRows(o: OfferRow, state = "", lang: Language = "en"): DisclosureRow[] {
  return flatRows(offerSummary(o, state, lang));
}

/**
 * The exact disclosure text shown and signed; its SHA-256 is stored with the acceptance: the
 * offer and lender it is about, then the state's summary as shown (header, every row's label,
 * value and explanation, the statement).
 */
export function disclosureText(o: OfferRow, reference: string, state = "", lang: Language = "en"): string {
  const s = offerSummary(o, state, lang);
  const body = summaryText(s).split("\n");
  const header = s.header ? [body.shift()!] : [];
  if (lang === "es") {
    // The Spanish text shown and signed: the same lines and figures, in Spanish (issue 30).
    const w = DISCLOSURE_TEXT_ES;
    return [
      ...header,
      w.title(o.id, reference),
      w.lender(o.lenderName, o.lenderNmlsId, o.productName),
      w.amount(formatCents(o.amountCents)),
      w.validUntil(o.expiresAt.toISOString()),
      ...body,
    ].join("\n");
  }
  return [
    ...header,
    `Commercial financing disclosure - offer ${o.id} for application ${reference}`,
    `Lender: ${o.lenderName} (NMLS ${o.lenderNmlsId}) - ${o.productName}`,
    `Amount: ${formatCents(o.amountCents)}`,
    `Offer valid until: ${o.expiresAt.toISOString()}`,
    ...body,
  ].join("\n");
}

export const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

export const isExpired = (o: Pick<OfferRow, "expiresAt">, now = new Date()) => o.expiresAt.getTime() <= now.getTime();

/** What the applicant sees of an offer's state. */
export function offerState(o: OfferRow, now = new Date()): "offered" | "accepted" | "withdrawn" | "expired" {
  if (o.status === "offered" && isExpired(o, now)) return "expired";
  return o.status;
}
