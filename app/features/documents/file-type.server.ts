/**
 * File type detection by content (magic bytes), never by the client's Content-Type or the name.
 * An allow-list: anything not recognised below is refused, which includes HTML, SVG, XML, scripts
 * ('#!'), Windows (MZ) and ELF executables, plain zips and unknown formats.
 *
 * Two steps, so an upload can be checked while it streams:
 *  1. `sniffFileType(head)` looks at the first SNIFF_BYTES bytes and names a candidate kind;
 *  2. `createContentVerifier(kind)` is fed every chunk and, at the end, confirms kinds whose first
 *     bytes are not enough: a DOCX is a zip holding `[Content_Types].xml` and `word/document.xml`
 *     (a plain zip is not a DOCX); a DOC is an OLE compound file holding a `WordDocument` stream
 *     (an Excel or Outlook OLE file is not a DOC).
 */
import type { FileKind } from "~/content/document-types";

/** How many leading bytes `sniffFileType` wants (fewer is fine for a shorter file). */
export const SNIFF_BYTES = 64;

const ascii = (s: string) => Buffer.from(s, "latin1");
const startsWith = (buf: Uint8Array, sig: ArrayLike<number>, at = 0) => {
  if (buf.length < at + sig.length) return false;
  for (let i = 0; i < sig.length; i++) if (buf[at + i] !== sig[i]) return false;
  return true;
};

const PDF = ascii("%PDF-");
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87 = ascii("GIF87a");
const GIF89 = ascii("GIF89a");
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const FTYP = ascii("ftyp");
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx"]);
const HEIF_GENERIC_BRANDS = new Set(["mif1", "msf1"]);

function sniffHeic(head: Uint8Array): boolean {
  if (!startsWith(head, FTYP, 4) || head.length < 12) return false;
  const brand = (at: number) => Buffer.from(head.subarray(at, at + 4)).toString("latin1");
  const major = brand(8);
  if (HEIC_BRANDS.has(major)) return true;
  if (!HEIF_GENERIC_BRANDS.has(major)) return false;
  // A generic HEIF brand: HEIC only if a compatible brand says so (AVIF also uses mif1).
  const boxSize = Buffer.from(head.subarray(0, 4)).readUInt32BE(0);
  const end = Math.min(boxSize, head.length);
  for (let at = 16; at + 4 <= end; at += 4) if (HEIC_BRANDS.has(brand(at))) return true;
  return false;
}

/** The candidate kind of a file from its first bytes, or null when it is not an accepted kind. */
export function sniffFileType(head: Uint8Array): FileKind | null {
  // '%PDF-' then a version digit (1.x or 2.x), at offset 0: no leading junk or HTML.
  if (startsWith(head, PDF) && head.length > 5 && head[5]! >= 0x30 && head[5]! <= 0x39) return "pdf";
  if (startsWith(head, JPEG)) return "jpeg";
  if (startsWith(head, PNG) && startsWith(head, ascii("IHDR"), 12)) return "png";
  if (startsWith(head, GIF87) || startsWith(head, GIF89)) return "gif";
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8) && startsWith(head, ascii("VP8"), 12)) return "webp";
  if (sniffHeic(head)) return "heic";
  if (startsWith(head, OLE)) return "doc";
  if (startsWith(head, ZIP_LOCAL)) return "docx";
  return null;
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
export function detectFileType(data: Uint8Array): FileKind | null {
  const kind = sniffFileType(data.subarray(0, SNIFF_BYTES));
  if (!kind) return null;
  const v = createContentVerifier(kind);
  v.feed(data);
  return v.confirmed() ? kind : null;
}
