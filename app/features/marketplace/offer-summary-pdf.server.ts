/**
 * The offer summary as a PDF the applicant keeps, laid out as the state's rule asks: the header
 * bold and centred at the top, the table with every cell outlined and its columns at 3:3:7, the
 * statement with the "Recipient Signature" and "Date" spaces at the bottom (10 CCR 901(a)(1),
 * (2), (7), (8), (10); 23 NYCRR 600.5(a), (b), (f), (g), (i)), in Times (the rules' fonts: 16 pt
 * header, 12 pt first and second columns, 10 pt third column and combined cells). It is a document
 * of its own; the signed copy adds, after a page break, the record of the electronic signature
 * and the exact text signed (600.5(e): separate documents may share a file when a page break
 * divides them).
 */
import type { PDFDocument, PDFFont, PDFPage, RGB } from "pdf-lib";
import { rowLabels, type OfferSummary } from "~/features/marketplace/domain/offer-summary";
import type { Resources } from "~/content/locales";

/** The PDF's own words in its language (namespace "offers", `pdf`). */
type PdfWords = Resources["offers"]["pdf"];

const PAGE: [number, number] = [612, 792];
const MARGIN = 50;
const WIDTH = PAGE[0] - 2 * MARGIN;
/** 10 CCR 901(a)(8), 23 NYCRR 600.5(g): columns in the ratio 3:3:7. */
const COLS = [(WIDTH * 3) / 13, (WIDTH * 3) / 13, (WIDTH * 7) / 13];
const PAD = 5;
const SIZE = { header: 16, cell: 12, text: 10, small: 8 };
/** pdf-lib's `rgb(0, 0, 0)` written out (its enum is a value of the library, loaded at the first PDF: see below). */
const BLACK = { type: "RGB", red: 0, green: 0, blue: 0 } as unknown as RGB;

/**
 * pdf-lib is loaded at the first PDF, not when the server starts: its import alone cost 160-400 ms
 * of CPU (measured 2026-12-01), paid at every start of every server.
 */
let pdfLib: Promise<typeof import("pdf-lib")> | undefined;
const loadPdfLib = () => (pdfLib ??= import("pdf-lib"));

/** Standard fonts write WinAnsi only: anything else (a name in another script) becomes "?". */
const winAnsi = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026]/g, "?");

/** Lines of `text` that fit `width` points in `font` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of winAnsi(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}

type Block = { lines: string[]; font: PDFFont; size: number; gapAfter: number };
const blockHeight = (blocks: Block[]) => blocks.reduce((h, b) => h + b.lines.length * (b.size + 3) + b.gapAfter, 0);

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }
  newPage() {
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }
  ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }
  text(text: string, o: { font?: PDFFont; size?: number; center?: boolean; gap?: number } = {}) {
    const font = o.font ?? this.regular;
    const size = o.size ?? SIZE.text;
    for (const line of wrap(text, font, size, WIDTH)) {
      this.ensure(size + 3);
      const x = o.center ? (PAGE[0] - font.widthOfTextAtSize(line, size)) / 2 : MARGIN;
      this.page.drawText(line, { x, y: this.y - size, size, font, color: BLACK });
      this.y -= size + 3;
    }
    this.y -= o.gap ?? 0;
  }
  /** Draws `blocks` in a cell at column offset `x` of width `w`, from the current row top `top`. */
  cell(x: number, top: number, w: number, h: number, blocks: Block[]) {
    this.page.drawRectangle({ x, y: top - h, width: w, height: h, borderColor: BLACK, borderWidth: 0.75 });
    let y = top - PAD;
    for (const b of blocks) {
      for (const line of b.lines) {
        this.page.drawText(line, { x: x + PAD, y: y - b.size, size: b.size, font: b.font, color: BLACK });
        y -= b.size + 3;
      }
      y -= b.gapAfter;
    }
  }
}

function blocksOf(lines: readonly string[], font: PDFFont, size: number, width: number): Block[] {
  return lines.map((l, i) => ({ lines: wrap(l, font, size, width - 2 * PAD), font, size, gapAfter: i < lines.length - 1 ? 4 : 0 }));
}

/** Draws the summary (header, table, statement) from the writer's current position. */
function drawSummary(w: Writer, s: OfferSummary, signature: { name: string; date: string } | null, words: PdfWords) {
  if (s.header) w.text(s.header, { font: w.bold, size: SIZE.header, center: true, gap: 10 });
  const labels = rowLabels(s.rows);
  for (let i = 0; i < s.rows.length; i++) {
    const r = s.rows[i]!;
    const spanned = r.labelSpan === 2 ? [r, s.rows[i + 1]].filter((x) => x != null) : [r];
    // A label spanning two rows is drawn with both rows, as one block that does not split across pages.
    const rowHeights = spanned.map((row) => {
      const combined = row!.explanation === null;
      // A figure in the second column is bold; the words of a combined cell read like the third column's.
      const valueBlocks = combined
        ? blocksOf(row!.value, w.regular, SIZE.text, COLS[1]! + COLS[2]!)
        : blocksOf(row!.value, w.bold, SIZE.cell, COLS[1]!);
      const explanation = combined ? [] : blocksOf(row!.explanation ?? [], w.regular, SIZE.text, COLS[2]!);
      return { row: row!, combined, valueBlocks, explanation, h: Math.max(blockHeight(valueBlocks), blockHeight(explanation)) + 2 * PAD };
    });
    const labelBlocks = blocksOf([labels[i]!], w.bold, SIZE.cell, COLS[0]!);
    const total = Math.max(
      rowHeights.reduce((h, x) => h + x.h, 0),
      blockHeight(labelBlocks) + 2 * PAD,
    );
    w.ensure(total);
    const top = w.y;
    w.cell(MARGIN, top, COLS[0]!, total, labelBlocks);
    let y = top;
    rowHeights.forEach((x, k) => {
      const h = k === rowHeights.length - 1 ? total - (top - y) : x.h;
      if (x.combined) w.cell(MARGIN + COLS[0]!, y, COLS[1]! + COLS[2]!, h, x.valueBlocks);
      else {
        w.cell(MARGIN + COLS[0]!, y, COLS[1]!, h, x.valueBlocks);
        w.cell(MARGIN + COLS[0]! + COLS[1]!, y, COLS[2]!, h, x.explanation);
      }
      y -= h;
    });
    w.y = top - total;
    i += spanned.length - 1;
  }
  w.y -= 12;
  if (s.statement) {
    w.text(s.statement.text, { size: SIZE.text, gap: 14 });
    w.text(
      `${s.statement.signatureLabel}: ${signature ? `${signature.name} ${words.signedElectronically}` : "______________________________"}`,
      {
        size: SIZE.cell,
        gap: 6,
      },
    );
    w.text(`${s.statement.dateLabel}: ${signature ? signature.date : "______________________________"}`, { size: SIZE.cell, gap: 6 });
  }
}

export type SummaryPdfInput = {
  summary: OfferSummary;
  title: string;
  /** A line under the table naming the offer, for the applicant's files (not part of the prescribed table). */
  footnote: string;
  /** The signature, once signed: the Recipient Signature and Date spaces are filled. */
  signature: { name: string; date: string } | null;
  /** The signed copy's record page: the signature's facts and the exact text signed. */
  record?: { lines: string[]; signedText: string };
  /** The PDF's own words, in the summary's language. */
  words: PdfWords;
};

/** The summary as a PDF: the state's form, then (signed copy) the record of the signature. */
export async function summaryPdf(input: SummaryPdfInput): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  const w = new Writer(doc, await doc.embedFont(StandardFonts.TimesRoman), await doc.embedFont(StandardFonts.TimesRomanBold));
  drawSummary(w, input.summary, input.signature, input.words);
  w.y -= 6;
  w.text(input.footnote, { size: SIZE.small });
  if (input.record) {
    w.newPage();
    w.text(input.words.recordHeading, { font: w.bold, size: SIZE.cell, gap: 6 });
    for (const line of input.record.lines) w.text(line, { size: SIZE.text });
    w.y -= 10;
    w.text(input.words.signedTextHeading, { font: w.bold, size: SIZE.text, gap: 4 });
    for (const line of input.record.signedText.split("\n")) {
      if (line.trim() === "") w.y -= 6;
      else w.text(line, { size: SIZE.small });
    }
  }
  return doc.save();
}
