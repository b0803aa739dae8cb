/**
 * Document file names: the name kept in the row (cleaned, extension agreeing with the content) and
 * the Content-Disposition it is served under. A name never reaches the file system (files are
 * named by their random storage key).
 */
import { encodeExtended } from "content-disposition";
import { FILE_KIND_INFO, type FileKind } from "~/content/document-types";

export const MAX_FILE_NAME_CHARS = 255;

/** A name whose extension says another kind of file than its content (answered with 415). */
export class FileNameRefusedError extends Error {
  constructor() {
    super("the file name's extension does not match its content");
    this.name = "FileNameRefusedError";
  }
}

type Family = "image" | "pdf" | "word";
const familyOf = (k: FileKind): Family => (k === "pdf" ? "pdf" : k === "doc" || k === "docx" ? "word" : "image");
const EXT_FAMILY = new Map<string, Family>();
for (const [k, info] of Object.entries(FILE_KIND_INFO)) for (const e of info.extensions) EXT_FAMILY.set(e, familyOf(k as FileKind));
/** Extensions that name some other, known format: a file named so must not be one of ours. */
const OTHER_KNOWN_EXTS = new Set(
  (
    "html htm xhtml shtml svg svgz xml xsl js mjs cjs json css exe dll msi com scr bat cmd ps1 vbs sh bash php phtml jsp asp aspx " +
    "py rb pl cgi jar apk zip rar 7z gz tgz tar bz2 xz xls xlsx xlsm ppt pptx odt ods odp rtf txt csv md bmp tif tiff avif jxl ico " +
    "mp3 mp4 mov avi mkv wav iso dmg eml msg"
  ).split(" "),
);
// C0/C1 controls, line/paragraph separators, bidi overrides/isolates and marks.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff]/g;

/**
 * The name kept in the row (never used on disk): no path, no control or bidi characters, no
 * leading dots, at most 255 characters, with an extension that matches the content. A name whose
 * extension says another kind (a PNG named .pdf) throws FileNameRefusedError; an unknown or
 * missing extension gets the content's own appended.
 */
export function sanitizeFileName(raw: string | undefined | null, kind: FileKind): string {
  let name = (raw ?? "").normalize("NFC");
  name = name.split(/[/\\]/).pop() ?? "";
  name = name
    .replace(UNSAFE_CHARS, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s]+/, "");
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  const ext = m?.[1]!.toLowerCase();
  const canonical = FILE_KIND_INFO[kind].extensions[0]!;
  let finalExt: string;
  if (ext && EXT_FAMILY.has(ext)) {
    if (EXT_FAMILY.get(ext) !== familyOf(kind)) throw new FileNameRefusedError();
    finalExt = m![1]!;
    name = name.slice(0, -(finalExt.length + 1));
  } else if (ext && OTHER_KNOWN_EXTS.has(ext)) {
    throw new FileNameRefusedError();
  } else {
    finalExt = canonical;
  }
  let base = Array.from(name.replace(/[.\s]+$/, ""));
  if (base.length === 0) base = Array.from("document");
  const room = MAX_FILE_NAME_CHARS - finalExt.length - 1;
  if (base.length > room) base = base.slice(0, room);
  return `${base.join("").trimEnd()}.${finalExt}`;
}

/**
 * RFC 6266: the exact name as an RFC 8187 `filename*` (encoded by the content-disposition
 * package), always preceded by a quoted ASCII `filename` fallback for older clients: accents
 * dropped, anything else outside printable ASCII and `"`, `\`, `%`, `;` made `_`. Both are always
 * sent (the package alone would leave out `filename*` for a plain ASCII name, and leave a token
 * unquoted), so every name gets the same two parameters. Input is already sanitized.
 */
export function contentDisposition(type: "inline" | "attachment", fileName: string) {
  const clean = fileName.replace(UNSAFE_CHARS, "");
  const fallback =
    clean
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\x20-\x7e]/g, "_")
      .replace(/["\\%;]/g, "_")
      .trim() || "document";
  return `${type}; filename="${fallback}"; filename*=${encodeExtended(clean)}`;
}
