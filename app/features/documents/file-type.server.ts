/**
 * File type detection by content (magic bytes), never by the client's Content-Type or the name.
 * The `file-type` package names the format from the first bytes; this module maps its answer
 * onto an allow-list of our kinds, so anything else is refused: HTML, SVG, XML, scripts ('#!'),
 * Windows (MZ) and ELF executables, plain zips, other Office formats and unknown formats.
 *
 * `file-type` is pinned to 21.x, the last major that runs on Node 20 (22 needs Node 22); see
 * docs/decisions/0011-file-type-detection.md.
 *
 * Two steps, so an upload can be checked while it streams:
 *  1. `sniffFileType(head)` looks at the first SNIFF_BYTES bytes and names a candidate kind;
 *  2. `createContentVerifier(kind)` is fed every chunk and, at the end, confirms the two container
 *     kinds whose first bytes are not enough, which `file-type` cannot tell from a prefix: a DOCX
 *     is a zip holding `[Content_Types].xml` and `word/document.xml` anywhere in the archive (a
 *     plain zip is not a DOCX); a DOC is an OLE compound file holding a `WordDocument` stream
 *     (`file-type` names every OLE file "cfb": an Excel or Outlook one is not a DOC).
 * On top of `file-type`'s answer a few checks are stricter than it is (a PDF's version digit, a
 * PNG's IHDR chunk, a WebP's VP8 chunk, a generic HEIF brand only with a HEIC compatible brand),
 * so a bare signature followed by anything is not enough.
 */
import { fileTypeFromBuffer } from "file-type";
import type { FileKind } from "~/content/document-types";

/** How many leading bytes `sniffFileType` wants (fewer is fine for a shorter file): file-type's own sample size. */
export const SNIFF_BYTES = 4100;

const ascii = (s: string) => Buffer.from(s, "latin1");
const startsWith = (buf: Uint8Array, sig: ArrayLike<number>, at = 0) => {
  if (buf.length < at + sig.length) return false;
  for (let i = 0; i < sig.length; i++) if (buf[at + i] !== sig[i]) return false;
  return true;
};

const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx"]);

/** A generic HEIF file (image/heif) is HEIC only if a compatible brand says so (AVIF also uses mif1). */
function hasHeicCompatibleBrand(head: Uint8Array): boolean {
  if (head.length < 12) return false;
  const brand = (at: number) => Buffer.from(head.subarray(at, at + 4)).toString("latin1");
  const boxSize = Buffer.from(head.subarray(0, 4)).readUInt32BE(0);
  const end = Math.min(boxSize, head.length);
  for (let at = 16; at + 4 <= end; at += 4) if (HEIC_BRANDS.has(brand(at))) return true;
  return false;
}

/** The candidate kind of a file from its first bytes, or null when it is not an accepted kind. */
export async function sniffFileType(head: Uint8Array): Promise<FileKind | null> {
  if (!head.length) return null;
  // A head the detector cannot make sense of (e.g. a damaged container) is an unknown format.
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  switch (found?.ext) {
    case "pdf":
    case "ai": // an Illustrator file is a PDF with a marker
      // '%PDF-' then a version digit (1.x or 2.x), at offset 0: no leading junk or HTML.
      return startsWith(head, ascii("%PDF-")) && head.length > 5 && head[5]! >= 0x30 && head[5]! <= 0x39 ? "pdf" : null;
    case "jpg":
      return "jpeg";
    case "png":
    case "apng":
      return startsWith(head, ascii("IHDR"), 12) ? "png" : null;
    case "gif":
      return "gif";
    case "webp":
      return startsWith(head, ascii("VP8"), 12) ? "webp" : null;
    case "heic":
      return found.mime === "image/heic" || found.mime === "image/heic-sequence" || hasHeicCompatibleBrand(head) ? "heic" : null;
    case "cfb":
      return "doc";
    case "docx":
    case "zip": // a zip whose Word parts lie past the head; confirmed over the whole stream
      return "docx";
    default:
      return null;
  }
}

/** Finds fixed byte strings anywhere in a stream fed chunk by chunk (matches may span chunks). */
class StreamScanner {
  private readonly found: boolean[];
  private tail: Buffer = Buffer.alloc(0);
  private readonly keep: number;
  constructor(private readonly needles: Buffer[]) {
    this.found = needles.map(() => false);
    this.keep = Math.max(...needles.map((n) => n.length)) - 1;
  }
  feed(chunk: Uint8Array) {
    if (this.allFound()) return;
    const buf = this.tail.length ? Buffer.concat([this.tail, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.needles.forEach((n, i) => {
      if (!this.found[i] && buf.indexOf(n) !== -1) this.found[i] = true;
    });
    this.tail = Buffer.from(buf.subarray(Math.max(0, buf.length - this.keep)));
  }
  allFound() {
    return this.found.every(Boolean);
  }
}

export type ContentVerifier = { feed(chunk: Uint8Array): void; confirmed(): boolean };

/** Confirms a candidate kind over the whole content (see the module comment). */
export function createContentVerifier(kind: FileKind): ContentVerifier {
  if (kind === "docx") {
    const s = new StreamScanner([ascii("[Content_Types].xml"), ascii("word/document.xml")]);
    return { feed: (c) => s.feed(c), confirmed: () => s.allFound() };
  }
  if (kind === "doc") {
    // Directory entry names of an OLE file are UTF-16LE.
    const s = new StreamScanner([Buffer.from("WordDocument", "utf16le")]);
    return { feed: (c) => s.feed(c), confirmed: () => s.allFound() };
  }
  return { feed: () => {}, confirmed: () => true };
}

/** Whole-buffer detection (sniff + confirm), for small in-memory files and tests. */
export async function detectFileType(data: Uint8Array): Promise<FileKind | null> {
  const kind = await sniffFileType(data.subarray(0, SNIFF_BYTES));
  if (!kind) return null;
  const v = createContentVerifier(kind);
  v.feed(data);
  return v.confirmed() ? kind : null;
}
