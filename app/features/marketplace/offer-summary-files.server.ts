/**
 * The offer summary's PDF files: the summary of an offer (its owner, or an admin), and the signed
 * summary of the accepted offer (the signer; the lender whose offer it is; and, at acceptance,
 * the e-mail that carries it). Each is the state's form (`offer-summary-pdf.server.ts`) drawn from
 * the stored offer, which is never recomputed; the signed copy also carries the exact text signed.
 */
import { formatCents } from "~/ui/format";
import { formatMailDateTime, readerTimeZone } from "~/features/mail";
import { getApplicationSummary } from "~/features/applications/index.server";
import { getOfferDisclosureForViewer, type ReadContext } from "./marketplace.server";
import { getAcceptance, getOfferById, recordSummaryPresentation, type AcceptanceRow, type OfferRow } from "./offers.server";
import { disclosureText, offerSummary, sha256 } from "./offer-disclosure.server";
import { summaryPdf } from "./offer-summary-pdf.server";
import { getDb } from "~/platform/db/db.server";

export type PdfFile = { pdf: Uint8Array; fileName: string };

/** The download answer of a PDF file: an attachment, never cached. */
export const pdfResponse = (file: PdfFile) =>
  new Response(Buffer.from(file.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });

const footnote = (o: OfferRow, reference: string) =>
  `Offer ${o.id} of ${o.lenderName} (NMLS ${o.lenderNmlsId}), ${o.productName}, for application ${reference}: a loan of ${formatCents(o.amountCents)}, valid until ${o.expiresAt.toISOString().slice(0, 10)}.`;

/** The summary of one offer, unsigned spaces or signed, for its owner or an admin; null: a 404. */
export async function offerSummaryPdfFor(
  viewer: { id: number; role: string },
  offerId: number,
  ip: string | null,
): Promise<PdfFile | null> {
  const read: ReadContext = { ip, via: "page", as: "pdf" };
  const v = await getOfferDisclosureForViewer(viewer, offerId, read);
  if (!v) return null;
  const offer = (await getOfferById(offerId))!;
  const signed = v.acceptance?.offerId === offerId ? v.acceptance : null;
  const pdf = await summaryPdf({
    summary: v.summary,
    title: `Offer summary - ${offer.lenderName} - ${v.reference}`,
    footnote: `${footnote(offer, v.reference)} Form: ${v.summary.citation}. SHA-256 of the text shown: ${v.disclosureSha256}.`,
    signature: signed ? { name: signed.signerName, date: formatMailDateTime(new Date(signed.acceptedAt), readerTimeZone(viewer)) } : null,
  });
  return { pdf, fileName: `offer-summary-${v.reference}-${offerId}.pdf` };
}

/**
 * The signed summary of an accepted offer: the state's form with the Recipient Signature and
 * Date filled, then the signature record (who, when, the SHA-256) and the text as signed.
 */
export async function signedSummaryPdf(
  offer: OfferRow,
  app: { reference: string; state: string },
  acceptance: Pick<AcceptanceRow, "signerName" | "acceptedAt" | "disclosureSha256" | "disclosureText">,
  timeZone: string,
): Promise<PdfFile> {
  const s = offerSummary(offer, app.state);
  const signedOn = formatMailDateTime(acceptance.acceptedAt, timeZone);
  const pdf = await summaryPdf({
    summary: s,
    title: `Signed offer summary - ${offer.lenderName} - ${app.reference}`,
    footnote: `${footnote(offer, app.reference)} Form: ${s.citation}.`,
    signature: { name: acceptance.signerName, date: signedOn },
    record: {
      lines: [
        `Signed by: ${acceptance.signerName}`,
        `Signed on: ${signedOn}`,
        `SHA-256 of the signed text: ${acceptance.disclosureSha256}`,
        // A summary drawn again from the stored offer is the one signed when its text hashes the same.
        sha256(disclosureText(offer, app.reference, app.state)) === acceptance.disclosureSha256
          ? "The summary above is the text signed."
          : "The summary above is drawn again from the stored offer; the text signed is below.",
      ],
      signedText: acceptance.disclosureText,
    },
  });
  return { pdf, fileName: `signed-offer-summary-${app.reference}-${offer.id}.pdf` };
}

/** The signed summary for the applicant who signed it; null (a 404) for anyone else or an offer not accepted. */
export async function signedSummaryPdfFor(user: { id: number; role: string }, offerId: number, ip: string | null): Promise<PdfFile | null> {
  const offer = await getOfferById(offerId);
  if (!offer) return null;
  const [acceptance, app] = await Promise.all([getAcceptance(offer.applicationId), getApplicationSummary(offer.applicationId)]);
  if (!acceptance || acceptance.offerId !== offer.id || !app || app.userId !== user.id) return null;
  const file = await signedSummaryPdf(offer, app, acceptance, readerTimeZone(user));
  await recordSummaryPresentation(getDb(), {
    offerId: offer.id,
    applicationId: app.id,
    userId: user.id,
    spec: offerSummary(offer, app.state).spec,
    textSha256: acceptance.disclosureSha256,
    via: "pdf",
    ip,
  });
  return file;
}
