/**
 * The offer summary as a PDF the applicant can download and keep: the same summary the disclosure
 * page shows (the state's header, the table, the statement with its signature and date spaces).
 */
import type { PDFFont, PDFPage } from "pdf-lib";
import { formatCents } from "~/ui/format";
import { formatMailDateTime, readerTimeZone } from "~/features/mail";
import { getOfferDisclosureForViewer } from "./marketplace.server";
import { getAcceptance, getOfferById } from "./offers.server";

/**
 * pdf-lib is loaded at the first PDF, not when the server starts: its import alone cost 160-400 ms
 * of CPU (measured 2026-12-01), paid at every start of every server.
 */
let pdfLib: Promise<typeof import("pdf-lib")> | undefined;
const loadPdfLib = () => (pdfLib ??= import("pdf-lib"));

type View = NonNullable<Awaited<ReturnType<typeof getOfferDisclosureForViewer>>>;

/** Lines of `text` that fit `width` points in `font` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export async function offerSummaryPdf(v: View): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(`Offer summary - ${v.offer.lenderName} - ${v.reference}`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const margin = 50;
  let page: PDFPage = doc.addPage([612, 792]);
  let y = 792 - margin;
  const width = 612 - 2 * margin;
  const write = (text: string, o: { f?: PDFFont; size?: number; x?: number; w?: number; center?: boolean } = {}) => {
    const f = o.f ?? font;
    const size = o.size ?? 10;
    for (const line of wrap(text, f, size, o.w ?? width)) {
      if (y < margin + size) {
        page = doc.addPage([612, 792]);
        y = 792 - margin;
      }
      const x = o.center ? (612 - f.widthOfTextAtSize(line, size)) / 2 : (o.x ?? margin);
      page.drawText(line, { x, y, size, font: f, color: rgb(0, 0, 0) });
      y -= size + 4;
    }
  };
  if (v.summary.header) write(v.summary.header, { f: bold, size: 14, center: true });
  write("Commercial financing disclosure", { f: bold, size: 12 });
  write(`${v.offer.lenderName} (NMLS ${v.offer.nmlsId}) - ${v.offer.productName} - application ${v.reference}`);
  write(`Amount of the loan ${formatCents(v.offer.amountCents)}. Offer valid until ${new Date(v.offer.expiresAt).toUTCString()}.`);
  y -= 8;
  for (const r of v.disclosure) {
    const top = y;
    write(r.label, { f: bold, w: 150 });
    const afterLabel = y;
    y = top;
    write(r.value, { f: bold, x: margin + 160, w: 110 });
    const afterValue = y;
    y = top;
    write(r.explanation, { x: margin + 280, w: width - 280 });
    y = Math.min(y, afterLabel, afterValue) - 6;
  }
  if (v.summary.statement) {
    y -= 8;
    write(v.summary.statement.text);
    y -= 16;
    const signed = v.acceptance?.offerId === v.offer.id ? v.acceptance : null;
    write(`${v.summary.statement.signatureLabel}: ${signed ? `${signed.signerName} (signed electronically)` : "____________________"}`);
    write(`${v.summary.statement.dateLabel}: ${signed ? new Date(signed.acceptedAt).toUTCString() : "____________________"}`);
  }
  y -= 8;
  write(`Form: ${v.summary.citation}. Disclosure SHA-256: ${v.disclosureSha256}`, { size: 8 });
  return doc.save();
}

/**
 * The signed disclosure as a PDF the applicant keeps after accepting: the exact text that was signed
 * (as stored with the signature), the signer's typed name, the time of signing in the reader's zone
 * (the e-mails' format) and the SHA-256 of the text. Only the applicant who signed it may fetch it
 * (an admin reads the signature on the application's page): anyone else, and any offer that was not
 * the accepted one, gets null (a 404).
 */
export async function signedDisclosurePdfFor(
  user: { id: number; role: string },
  offerId: number,
  read: { ip: string; via: "page" },
): Promise<{ pdf: Uint8Array; fileName: string } | null> {
  const offer = await getOfferById(offerId);
  if (!offer) return null;
  const acceptance = await getAcceptance(offer.applicationId);
  if (!acceptance || acceptance.offerId !== offer.id) return null;
  const v = await getOfferDisclosureForViewer(user, offerId, read);
  if (!v || !v.isOwner) return null;

  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(`Signed disclosure - ${v.offer.lenderName} - ${v.reference}`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const margin = 50;
  let page: PDFPage = doc.addPage([612, 792]);
  let y = 792 - margin;
  const width = 612 - 2 * margin;
  const write = (text: string, o: { f?: PDFFont; size?: number } = {}) => {
    const f = o.f ?? font;
    const size = o.size ?? 10;
    // Standard fonts write WinAnsi only: anything else (a name in another script) becomes "?".
    const safe = text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026]/g, "?");
    for (const line of safe === "" ? [""] : wrap(safe, f, size, width)) {
      if (y < margin + size) {
        page = doc.addPage([612, 792]);
        y = 792 - margin;
      }
      page.drawText(line, { x: margin, y, size, font: f, color: rgb(0, 0, 0) });
      y -= size + 4;
    }
  };
  write("Signed commercial financing disclosure", { f: bold, size: 14 });
  write(`${v.offer.lenderName} (NMLS ${v.offer.nmlsId}) - application ${v.reference}`);
  y -= 8;
  for (const line of acceptance.disclosureText.split("\n")) {
    if (line.trim() === "") y -= 6;
    else write(line);
  }
  y -= 12;
  write("Electronic signature", { f: bold, size: 12 });
  write(`Signed by: ${acceptance.signerName}`);
  write(`Signed on: ${formatMailDateTime(acceptance.acceptedAt, readerTimeZone(user))}`);
  write(`SHA-256 of the signed text: ${acceptance.disclosureSha256}`, { size: 8 });
  return { pdf: await doc.save(), fileName: `signed-disclosure-${v.reference}-${v.offer.id}.pdf` };
}
