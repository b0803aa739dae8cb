/**
 * Client-safe metadata about documents: the upload areas of wizard step 5 (which file kinds each
 * accepts), their labels, and the small display helpers docs/product.md fixes (short names, sizes).
 * The server checks the kinds by content (app/features/documents/file-type.server.ts); `accept` only helps the
 * file picker.
 */

import { DOCUMENT_TYPES, type DocumentType } from "./enums";
import { MSG, TOASTS, toastText, type ToastMessage } from "./messages";

export { DOCUMENT_TYPES, type DocumentType };

/** The file kinds the server recognises by their magic bytes. */
export const FILE_KINDS = ["pdf", "jpeg", "png", "gif", "webp", "heic", "doc", "docx"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const FILE_KIND_INFO: Record<FileKind, { mime: string; extensions: readonly string[] }> = {
  pdf: { mime: "application/pdf", extensions: ["pdf"] },
  jpeg: { mime: "image/jpeg", extensions: ["jpg", "jpeg", "jpe", "jfif"] },
  png: { mime: "image/png", extensions: ["png"] },
  gif: { mime: "image/gif", extensions: ["gif"] },
  webp: { mime: "image/webp", extensions: ["webp"] },
  heic: { mime: "image/heic", extensions: ["heic", "heif"] },
  doc: { mime: "application/msword", extensions: ["doc"] },
  docx: { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extensions: ["docx"] },
};

const IMAGE_OR_PDF: readonly FileKind[] = ["jpeg", "png", "gif", "webp", "heic", "pdf"];
const PDF_OR_WORD: readonly FileKind[] = ["pdf", "doc", "docx"];

/** Which kinds each upload area accepts (docs/product.md, step 5). */
export const ALLOWED_KINDS: Record<DocumentType, readonly FileKind[]> = {
  "id-front": IMAGE_OR_PDF,
  "id-back": IMAGE_OR_PDF,
  llc: PDF_OR_WORD,
  ein: PDF_OR_WORD,
  "bank-statements": PDF_OR_WORD,
  ssn: IMAGE_OR_PDF,
};

/** The `accept` attribute for a set of kinds: extensions and MIME types, so every picker filters. */
export function acceptFor(kinds: readonly FileKind[]): string {
  const out: string[] = [];
  for (const k of kinds) {
    out.push(FILE_KIND_INFO[k].mime, ...FILE_KIND_INFO[k].extensions.map((e) => `.${e}`));
  }
  return out.join(",");
}

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  "id-front": "Government ID (Front)",
  "id-back": "Government ID (Back)",
  llc: "LLC Documents",
  ein: "EIN Confirmation Letter",
  "bank-statements": "Bank Statements",
  ssn: "Social Security Card",
};

/** Why each document is asked for, in one line on its card (the wizard's step and the dashboard's requests). */
export const DOCUMENT_PURPOSES: Record<DocumentType, string> = {
  "id-front": "Lenders confirm that the owner applying is who they say they are.",
  "id-back": "Some IDs carry the address and barcode lenders check on the back.",
  llc: "Shows that the business is registered and who owns it.",
  ein: "Matches the business to its tax number, which lenders check before funding.",
  "bank-statements": "Lets lenders see the revenue and cash flow your offer is based on.",
  ssn: "Lets lenders confirm the owner's identity for the credit check you authorise.",
};

/** Who can open an uploaded document (the same on every card). */
export const DOCUMENT_ACCESS =
  "Who can open it: you, our review team and, once you submit, the partner lenders matched with your application.";

/**
 * How files are protected, said correctly: in transit (TLS) and at rest (AES-256-GCM, see
 * app/platform/crypto/envelope.server.ts). It replaces the spec's "256-bit SSL" (docs/product.md).
 */
export const DOCUMENT_PROTECTION =
  "Your documents are sent over an encrypted connection (TLS) and stored encrypted with AES-256-GCM, and are never shared without your consent.";

/** The areas where a phone may take a photo of the document (camera capture offered beside the file picker). */
export const CAMERA_AREAS: readonly DocumentType[] = ["id-front", "id-back", "ssn"];

/** Areas that hold several files (three months of statements); every other area holds one, and a new file replaces it. */
export const MULTI_FILE_AREAS: readonly DocumentType[] = ["bank-statements"];

/** The camera input's `accept`: the camera's photo, or a PDF the phone offers instead. */
export const CAMERA_ACCEPT = "image/*,application/pdf";

const IMAGE_OR_PDF_HINT = "Image (JPG, PNG, GIF, WEBP, HEIC) or PDF, up to 10MB";
const PDF_OR_WORD_HINT = "PDF, DOC or DOCX, up to 10MB";

export const DOCUMENT_AREAS: ReadonlyArray<{ type: DocumentType; label: string; accept: string; hint: string }> = DOCUMENT_TYPES.map(
  (type) => ({
    type,
    label: DOCUMENT_TYPE_LABELS[type],
    accept: acceptFor(ALLOWED_KINDS[type]),
    hint:
      type === "bank-statements"
        ? `Last 3 months - ${PDF_OR_WORD_HINT}`
        : ALLOWED_KINDS[type] === PDF_OR_WORD
          ? PDF_OR_WORD_HINT
          : IMAGE_OR_PDF_HINT,
  }),
);

/**
 * A file of the wrong type for an area: the one specific answer, with the kinds the area takes,
 * given by the browser check, the wizard and the dashboard alike (never a generic "try again").
 */
export function wrongTypeToast(type: DocumentType): ToastMessage {
  return { ...TOASTS.uploadFailed, description: ALLOWED_KINDS[type].includes("doc") ? MSG.fileNotPdfOrWord : MSG.fileNotImageOrPdf };
}

/** The same as one line: "Upload Failed - This file is not a valid ...". */
export function wrongTypeMessage(type: DocumentType): string {
  return toastText(wrongTypeToast(type));
}

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === "string" && (DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** Shortens by characters (not UTF-16 units, so no emoji is cut in half). Upload toast: max 25. */
export function shortenFileName(name: string, max: number): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  return `${chars.slice(0, max).join("")}...`;
}

/** Admin details: names over 30 characters show the first 20, '...', and the last 10. */
export function shortenMiddle(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= 30) return name;
  return `${chars.slice(0, 20).join("")}...${chars.slice(-10).join("")}`;
}

const uploadStarted = (name: string, size: string) => `Uploading ${name} (${size})`;

/** What an upload's progress bar says (with JavaScript: one bar per file, wizard step 5 and the dashboard). */
export const UPLOAD_PROGRESS = {
  waiting: (name: string) => `Waiting to upload ${name}...`,
  started: uploadStarted,
  sending: (name: string, size: string, percent: number) => `${uploadStarted(name, size)}: ${percent}%`,
  saving: (name: string) => `Checking and saving ${name}...`,
  /** The bar's accessible name. */
  label: (name: string) => `Upload of ${name}`,
  /** The upload did not reach the server (the connection dropped). */
  connectionLost: "The upload did not finish: check your connection and choose the file again.",
  /** Upload pressed with no file chosen (with JavaScript, before anything is sent). */
  noFile: "Choose a file or take a photo first.",
} as const;
