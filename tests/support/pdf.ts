/**
 * Reading the PDFs the app makes (pdf-lib, standard fonts): the text of every `Tj` in every
 * content stream, one drawn line a line, and a parse with pdf-lib that fails on a broken file.
 */
import { inflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";

export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString("latin1");
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf("endstream", start);
    let body = pdf.subarray(start, end);
    try {
      body = inflateSync(body);
    } catch {
      // not compressed (or not a content stream)
    }
    for (const h of body.toString("latin1").matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out.push(Buffer.from(h[1]!, "hex").toString("latin1"));
  }
  return out.join("\n");
}

/** The drawn lines joined with spaces (a sentence wrapped over several lines reads whole again). */
export const pdfWords = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, " ").trim();

/** Parses the file (throws when it is not a PDF a reader can open) and answers its page count and title. */
export async function openPdf(pdf: Buffer): Promise<{ pages: number; title: string | undefined }> {
  const doc = await PDFDocument.load(pdf);
  return { pages: doc.getPageCount(), title: doc.getTitle() };
}
