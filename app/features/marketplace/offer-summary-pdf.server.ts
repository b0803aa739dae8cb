/**
 * The offer summary as a PDF the applicant can download and keep: the same summary the disclosure
 * page shows (the state's header, the table, the statement with its signature and date spaces).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { formatCents } from "~/ui/format";
import type { getOfferDisclosureForViewer } from "./marketplace.server";

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
