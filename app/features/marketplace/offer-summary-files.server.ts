/**
 * The offer summary's PDF files: the summary of an offer (its owner, or an admin), and the signed
 * summary of the accepted offer (the signer; the lender whose offer it is; and, at acceptance,
 * the e-mail that carries it). Each is the state's form (`offer-summary-pdf.server.ts`) drawn from
 * the stored offer, which is never recomputed; the signed copy also carries the exact text signed.
 */
import { formatCents } from "~/ui/format";
import { formatMailDateTime, readerTimeZone } from "~/features/mail";
import { fill, INTL_LOCALE, isLanguage, resourcesFor, type Language } from "~/content/locales";
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

const words = (lang: Language) => resourcesFor(lang).offers.pdf;

/** A line naming the offer; its date as ISO in English, through Intl (es-US) in Spanish. */
const footnote = (o: OfferRow, reference: string, lang: Language) => {
  const ymd = o.expiresAt.toISOString().slice(0, 10);
  return fill(words(lang).footnote, {
    id: o.id,
    lender: o.lenderName,
    nmls: o.lenderNmlsId,
    product: o.productName,
    reference,
    amount: formatCents(o.amountCents),
    date:
      lang === "en"
        ? ymd
        : new Intl.DateTimeFormat(INTL_LOCALE[lang], { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(
            new Date(`${ymd}T00:00:00Z`),
          ),
  });
};

/** The summary of one offer, unsigned spaces or signed, for its owner or an admin; null: a 404. */
export async function offerSummaryPdfFor(
  viewer: { id: number; role: string },
  offerId: number,
  ip: string | null,
  lang: Language = "en",
): Promise<PdfFile | null> {
  const read: ReadContext = { ip, via: "page", as: "pdf" };
  const v = await getOfferDisclosureForViewer(viewer, offerId, read, lang);
  const w = words(lang);
  if (!v) return null;
  const offer = (await getOfferById(offerId))!;
  const signed = v.acceptance?.offerId === offerId ? v.acceptance : null;
  const pdf = await summaryPdf({
    summary: v.summary,
    title: fill(w.title, { lender: offer.lenderName, reference: v.reference }),
    footnote: `${footnote(offer, v.reference, lang)}${fill(w.form, { citation: v.summary.citation })}${fill(w.shaShown, { sha: v.disclosureSha256 })}`,
    signature: signed
      ? { name: signed.signerName, date: formatMailDateTime(new Date(signed.acceptedAt), readerTimeZone(viewer), lang) }
      : null,
    words: w,
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
  acceptance: Pick<AcceptanceRow, "signerName" | "acceptedAt" | "disclosureSha256" | "disclosureText"> & { language?: string | null },
  timeZone: string,
): Promise<PdfFile> {
  // In the language the summary was signed in (issue 30): its table and text are the ones signed.
  const lang: Language = isLanguage(acceptance.language) ? acceptance.language : "en";
  const w = words(lang);
  const s = offerSummary(offer, app.state, lang);
  const signedOn = formatMailDateTime(acceptance.acceptedAt, timeZone, lang);
  const pdf = await summaryPdf({
    summary: s,
    title: fill(w.signedTitle, { lender: offer.lenderName, reference: app.reference }),
    footnote: `${footnote(offer, app.reference, lang)}${fill(w.form, { citation: s.citation })}`,
    signature: { name: acceptance.signerName, date: signedOn },
    record: {
      lines: [
        fill(w.signedBy, { name: acceptance.signerName }),
        fill(w.signedOn, { date: signedOn }),
        fill(w.signedSha, { sha: acceptance.disclosureSha256 }),
        // A summary drawn again from the stored offer is the one signed when its text hashes the same.
        sha256(disclosureText(offer, app.reference, app.state, lang)) === acceptance.disclosureSha256 ? w.sameText : w.redrawn,
      ],
      signedText: acceptance.disclosureText,
    },
    words: w,
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
    language: isLanguage(acceptance.language) ? acceptance.language : "en",
  });
  return file;
}
