/**
 * The document pipeline: streamed, size-limited, content-checked uploads encrypted into a staging
 * file; row and file committed together; authorised, verified, decrypted downloads; orphan sweep.
 *
 * Upload:  multipart body --(body cap)--> Remix multipart parser --> our upload handler:
 *          count bytes (10 MB) -> sniff the first bytes -> verify the kind over the stream ->
 *          AES-256-GCM (per-file key) -> staging file. Nothing is buffered whole in memory.
 * Save:    one transaction: resolve the application (owner check), insert the row, record the
 *          event, rename the staging file to its final name; then COMMIT. If anything fails, the
 *          staging/final file is removed. A crash between the rename and COMMIT leaves a final file
 *          with no row, which `sweepOrphans` removes.
 * Serve:   admin or owner only; the whole file is decrypted and its tag verified before a byte is
 *          sent; the stored (sniffed) type, an RFC 6266 Content-Disposition and locked-down headers.
 */
import { randomBytes } from "node:crypto";
import { unstable_parseMultipartFormData, type AppLoadContext, type UploadHandler } from "@remix-run/node";
import {
  ALLOWED_KINDS,
  FILE_KIND_INFO,
  isDocumentType,
  type DocumentType,
  type FileKind,
} from "~/content/document-types";
import { site } from "~/content/site";
import { recordApplicationEvent } from "~/models/application-event.server";
import { recordAudit } from "~/models/audit.server";
import {
  deleteDocumentRow,
  existingStorageKeys,
  getDocumentWithOwner,
  insertDocument,
  listDocumentRows,
  lockApplicationOwner,
  type DocumentRow,
} from "~/models/documents.server";
import { ApiUploadFieldsSchema } from "~/schemas/documents.schema";
import { eq, sql } from "drizzle-orm";
import { APPLICATION_MAX_BYTES, APPLICATION_MAX_FILES, MAX_UPLOAD_BYTES } from "~/utils/constants";
import { schema, transaction, type Tx } from "~/models/db.server";
import { createContentVerifier, SNIFF_BYTES, sniffFileType, type ContentVerifier } from "~/utils/file-type.server";
import { logError } from "~/utils/log.server";
import { decodePartValue, multipartBoundary, normalizeMultipartHeaders } from "~/utils/multipart.server";
import { MSG, TOASTS, type ToastMessage } from "~/utils/messages";
import { getClientIp } from "~/utils/request.server";
import { getUser } from "~/server/session.server";
import { decryptFile, DocumentIntegrityError, encryptStream, newDataKey, unwrapDataKey } from "./document-crypto.server";
import { getDocumentStore } from "./document-store.server";
import { throttle } from "./throttle.server";
import { closeRequestsForUpload } from "./back-office.server";

export type { DocumentType } from "~/content/document-types";

/** The whole multipart body may exceed the file limit by this much (boundaries, text fields). */
export const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;
/** At most this many parts (fields + the file) in one upload body. */
export const MAX_PARTS = 10;
/** A text field's value is at most this long. */
const MAX_FIELD_BYTES = 1024;
export const MAX_FILE_NAME_CHARS = 255;

export type StagedUpload = {
  storageKey: string;
  fileName: string;
  fileSize: number;
  contentType: string;
  documentType: DocumentType;
  /** The other (text) fields of the form, first value of each name. */
  fields: Record<string, string>;
  /** Internal: the kind found by content, the wrapped data key and the master key's id. */
  kind: FileKind;
  wrappedKey: string;
  keyId: string;
};

/** `headers` (when set) must go on the response: `Connection: close` when the rest of an unbounded
 *  (chunked) body was left unread, so the server does not keep reading it after answering. */
export type UploadFailure = { ok: false; status: 400 | 413 | 415; message: string; toast: ToastMessage; headers?: Record<string, string> };

export type DocumentSummary = {
  id: number;
  applicationId: number;
  documentType: DocumentType;
  fileName: string;
  fileSize: number;
  contentType: string;
  uploadedAt: Date;
};

const toastText = (t: ToastMessage) => (t.description ? `${t.title} - ${t.description}` : t.title);

class UploadError extends Error {
  constructor(readonly status: 400 | 413 | 415) {
    super(`upload refused (${status})`);
    this.name = "UploadError";
  }
}

function failure(status: 400 | 413 | 415, closeConnection = false): UploadFailure {
  const toast = status === 413 ? TOASTS.fileTooLarge : TOASTS.uploadFailed;
  return { ok: false, status, message: toastText(toast), toast, ...(closeConnection ? { headers: { Connection: "close" } } : {}) };
}

// ---------------------------------------------------------------------------------------------
// File names

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
 * extension says another kind (a PNG named .pdf) is refused with 415; an unknown or missing
 * extension gets the content's own appended.
 */
export function sanitizeFileName(raw: string | undefined | null, kind: FileKind): string {
  let name = (raw ?? "").normalize("NFC");
  name = name.split(/[/\\]/).pop() ?? "";
  name = name.replace(UNSAFE_CHARS, "").replace(/\s+/g, " ").trim().replace(/^[.\s]+/, "");
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  const ext = m?.[1]!.toLowerCase();
  const canonical = FILE_KIND_INFO[kind].extensions[0]!;
  let finalExt: string;
  if (ext && EXT_FAMILY.has(ext)) {
    if (EXT_FAMILY.get(ext) !== familyOf(kind)) throw new UploadError(415);
    finalExt = m![1]!;
    name = name.slice(0, -(finalExt.length + 1));
  } else if (ext && OTHER_KNOWN_EXTS.has(ext)) {
    throw new UploadError(415);
  } else {
    finalExt = canonical;
  }
  let base = Array.from(name.replace(/[.\s]+$/, ""));
  if (base.length === 0) base = Array.from("document");
  const room = MAX_FILE_NAME_CHARS - finalExt.length - 1;
  if (base.length > room) base = base.slice(0, room);
  return `${base.join("").trimEnd()}.${finalExt}`;
}

/** RFC 6266 / 5987: an ASCII fallback plus the exact UTF-8 name. Input is already sanitized. */
export function contentDisposition(type: "inline" | "attachment", fileName: string) {
  const clean = fileName.replace(UNSAFE_CHARS, "");
  const fallback =
    clean
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\x20-\x7e]/g, "_")
      .replace(/["\\%;]/g, "_")
      .trim() || "document";
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

// ---------------------------------------------------------------------------------------------
// Upload

async function readTextField(data: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  let n = 0;
  for await (const c of data) {
    n += c.byteLength;
    if (n > MAX_FIELD_BYTES) throw new UploadError(400);
    chunks.push(c);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Caps the whole request body, whatever its Content-Length says (or chunked without one). Past the
 * cap the stream errors WITHOUT cancelling the source: cancelling would destroy the socket before
 * the 413 can be sent. `state.done` tells whether the source was read to its end.
 */
function cappedBody(body: ReadableStream<Uint8Array>, state: { done: boolean }): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let total = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        state.done = true;
        controller.close();
        return;
      }
      total += value.byteLength;
      if (total > MAX_BODY_BYTES) {
        controller.error(new UploadError(413));
        return;
      }
      controller.enqueue(value);
    },
  });
}

type FileState = { storageKey: string; kind: FileKind; size: number; rawName: string; wrappedKey: string; keyId: string };

/**
 * Parses `request`'s multipart body (field "file" + text fields such as "documentType",
 * "applicationId", "intent"). Never buffers the whole file. Over 10 MB -> 413; wrong or unknown
 * type -> 415; missing/empty file or bad documentType -> 400. On failure nothing is left on disk.
 */
export async function stageUpload(request: Request): Promise<{ ok: true; upload: StagedUpload } | UploadFailure> {
  const out = await stageParts(request, false);
  if (!out.ok) return out;
  return { ok: true, upload: out.uploads[0]! };
}

/**
 * The wizard's one-form upload without JavaScript (issue 16): like `stageUpload`, but the body
 * may carry several files, each in a part named `file-<documentType>` (the area it was chosen
 * in), or none at all. All or nothing: on any refusal every staged file is discarded, and the
 * failure names the area (`area`) whose file was refused when it is known.
 */
export async function stageUploads(request: Request): Promise<{ ok: true; uploads: StagedUpload[]; fields: Record<string, string> } | (UploadFailure & { area?: DocumentType })> {
  return stageParts(request, true);
}

async function stageParts(
  request: Request,
  multi: boolean,
): Promise<{ ok: true; uploads: StagedUpload[]; fields: Record<string, string> } | (UploadFailure & { area?: DocumentType })> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;/i.test(contentType) || !request.body) return failure(400);
  const declared = request.headers.get("content-length");
  if (declared && Number(declared) > MAX_BODY_BYTES) return failure(413);

  const store = getDocumentStore();
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let parts = 0;
  let fileSeen = false;
  const stagedFiles: (FileState & { area: DocumentType | null })[] = [];
  let currentArea: DocumentType | undefined;

  const boundary = multipartBoundary(contentType);
  if (!boundary) return failure(400);

  const handler: UploadHandler = async (encoded) => {
    // Names arrive percent-encoded from normalizeMultipartHeaders (so `;`, `=` and `"` survive).
    const part = { ...encoded, name: decodePartValue(encoded.name), filename: encoded.filename === undefined ? undefined : decodePartValue(encoded.filename) };
    if (++parts > MAX_PARTS) throw new UploadError(400);
    if (part.filename === undefined) {
      const value = await readTextField(part.data);
      if (!Object.hasOwn(fields, part.name)) fields[part.name] = value;
      return undefined;
    }
    if (part.filename === "") {
      // A file input left empty: browsers send it with no name and no bytes. Not a file.
      for await (const chunk of part.data) if (chunk.byteLength) throw new UploadError(400);
      return undefined;
    }
    const named = multi && part.name.startsWith("file-") ? part.name.slice(5) : null;
    if (multi ? !isDocumentType(named) : part.name !== "file" || fileSeen) throw new UploadError(400);
    fileSeen = true;
    currentArea = isDocumentType(named) ? named : undefined;

    const storageKey = randomBytes(16).toString("hex");
    const { dek, wrappedKey, keyId } = newDataKey(storageKey);
    const early = isDocumentType(named) ? named : isDocumentType(fields.documentType) ? fields.documentType : null;
    const state: FileState = { storageKey, kind: "pdf", size: 0, rawName: part.filename, wrappedKey, keyId };
    let kind: FileKind | null = null;
    let verifier: ContentVerifier | null = null;

    const decide = (head: Buffer) => {
      kind = sniffFileType(head.subarray(0, SNIFF_BYTES));
      if (!kind) throw new UploadError(415);
      // When documentType came before the file, refuse a kind it does not allow at once.
      if (early && !ALLOWED_KINDS[early].includes(kind)) throw new UploadError(415);
      verifier = createContentVerifier(kind);
    };

    async function* plaintext(): AsyncGenerator<Uint8Array> {
      const pending: Uint8Array[] = [];
      let pendingBytes = 0;
      for await (const chunk of part.data) {
        state.size += chunk.byteLength;
        if (state.size > MAX_UPLOAD_BYTES) throw new UploadError(413);
        if (verifier) {
          verifier.feed(chunk);
          yield chunk;
          continue;
        }
        pending.push(chunk);
        pendingBytes += chunk.byteLength;
        if (pendingBytes >= SNIFF_BYTES) {
          decide(Buffer.concat(pending));
          for (const c of pending) {
            verifier!.feed(c);
            yield c;
          }
          pending.length = 0;
        }
      }
      if (state.size === 0) throw new UploadError(400);
      if (!verifier) {
        decide(Buffer.concat(pending));
        for (const c of pending) {
          verifier!.feed(c);
          yield c;
        }
      }
      if (!verifier!.confirmed()) throw new UploadError(415);
    }

    try {
      await store.put(storageKey, encryptStream(plaintext(), dek, storageKey));
    } finally {
      dek.fill(0);
    }
    state.kind = kind!;
    stagedFiles.push({ ...state, area: isDocumentType(named) ? named : null });
    currentArea = undefined;
    return undefined;
  };

  const source = { done: false };
  // A body with a declared length within the cap is at most that long: after the answer, the
  // server reads and drops the rest (browsers then show the answer). Anything else is cut off.
  const bounded = declared !== null && declared !== "" && Number(declared) <= MAX_BODY_BYTES;
  try {
    // A part header that never ends is answered like a body over the cap (413).
    const body = normalizeMultipartHeaders(cappedBody(request.body, source), boundary, () => new UploadError(413));
    const limited = new Request(request.url, { method: request.method, headers: request.headers, body, duplex: "half" } as RequestInit);
    await unstable_parseMultipartFormData(limited, handler);
  } catch (e) {
    for (const file of stagedFiles) await store.discard(file.storageKey).catch(() => {});
    const close = !source.done && !bounded;
    if (e instanceof UploadError) return { ...failure(e.status, close), ...(currentArea ? { area: currentArea } : {}) };
    // Malformed or cut-off bodies land here; the staging file (if any) is already gone.
    if (!request.signal.aborted && !(e instanceof TypeError) && !/malformed|unexpected end/i.test(String((e as Error)?.message))) {
      logError("documents.upload", e);
    }
    return failure(400, close);
  }

  if (!stagedFiles.length && !multi) return failure(400);
  const uploads: StagedUpload[] = [];
  for (const file of stagedFiles) {
    const documentType = file.area ?? fields.documentType;
    let fileName: string;
    try {
      if (!isDocumentType(documentType)) throw new UploadError(400);
      if (!ALLOWED_KINDS[documentType].includes(file.kind)) throw new UploadError(415);
      fileName = sanitizeFileName(file.rawName, file.kind);
    } catch (e) {
      for (const f of stagedFiles) await store.discard(f.storageKey).catch(() => {});
      if (e instanceof UploadError) return { ...failure(e.status), ...(file.area ? { area: file.area } : {}) };
      throw e;
    }
    uploads.push({
      storageKey: file.storageKey,
      fileName,
      fileSize: file.size,
      contentType: FILE_KIND_INFO[file.kind].mime,
      documentType: documentType as DocumentType,
      fields,
      kind: file.kind,
      wrappedKey: file.wrappedKey,
      keyId: file.keyId,
    });
  }
  return { ok: true, uploads, fields };
}

function toSummary(row: DocumentRow): DocumentSummary {
  return {
    id: row.id,
    applicationId: row.applicationId,
    documentType: row.documentType,
    fileName: row.fileName,
    fileSize: row.fileSize,
    contentType: row.contentType,
    uploadedAt: row.uploadedAt,
  };
}

/**
 * Commits a staged upload: in ONE transaction runs `resolveApplication(tx)` (which may create the
 * draft application and must return its numeric id and the owner's user id), inserts the row,
 * records 'document_uploaded', and moves the staging file to its final name just before COMMIT.
 * On any error the file is removed and the error rethrown (no row, no file).
 */
export async function saveUpload(
  upload: StagedUpload,
  resolveApplication: (tx: Tx) => Promise<{ applicationId: number; userId: number }>,
  opts: { uploadedBy?: number | null } = {},
): Promise<DocumentSummary> {
  const store = getDocumentStore();
  let renamed = false;
  try {
    const summary = await transaction(async (tx) => {
      const { applicationId, userId } = await resolveApplication(tx);
      const uploadedBy = opts.uploadedBy === undefined ? userId : opts.uploadedBy;
      await enforceUploadQuotas(tx, { applicationId, accountId: uploadedBy ?? userId, fileSize: upload.fileSize });
      const uploadedAt = new Date();
      const id = await insertDocument(tx, {
        applicationId,
        documentType: upload.documentType,
        fileName: upload.fileName,
        fileSize: upload.fileSize,
        contentType: upload.contentType,
        storageKey: upload.storageKey,
        wrappedKey: upload.wrappedKey,
        keyId: upload.keyId,
        uploadedBy,
        uploadedAt,
      });
      await recordApplicationEvent(tx, {
        applicationId,
        actorUserId: uploadedBy,
        type: "document_uploaded",
        note: `${upload.documentType} (document ${id})`,
      });
      await store.commit(upload.storageKey);
      renamed = true;
      return {
        id,
        applicationId,
        documentType: upload.documentType,
        fileName: upload.fileName,
        fileSize: upload.fileSize,
        contentType: upload.contentType,
        uploadedAt,
      } satisfies DocumentSummary;
    });
    return summary;
  } catch (e) {
    await (renamed ? store.remove(upload.storageKey) : store.discard(upload.storageKey)).catch(() => {});
    throw e;
  }
}

/** An upload over a quota: 429 (too many uploads from the account) or 413 (the application is full). */
export class UploadQuotaError extends Error {
  constructor(
    readonly status: 413 | 429,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * Upload quotas of every upload path (wizard, dashboard, API), inside the commit's transaction:
 * the per-account rate (UPLOAD_RATE_LIMIT) and the per-application cap on files and bytes. The
 * application row is locked first, so two parallel uploads cannot both pass the cap.
 */
async function enforceUploadQuotas(tx: Tx, q: { applicationId: number; accountId: number; fileSize: number }) {
  await tx.execute(sql`SELECT id FROM loan_applications WHERE id = ${q.applicationId} FOR UPDATE`);
  const [row] = await tx
    .select({ files: sql<number>`COUNT(*)`, bytes: sql<string>`COALESCE(SUM(${schema.documents.fileSize}), 0)` })
    .from(schema.documents)
    .where(eq(schema.documents.applicationId, q.applicationId));
  if (Number(row?.files ?? 0) >= APPLICATION_MAX_FILES) throw new UploadQuotaError(413, MSG.uploadFilesCapReached);
  if (Number(row?.bytes ?? 0) + q.fileSize > APPLICATION_MAX_BYTES) throw new UploadQuotaError(413, MSG.uploadBytesCapReached);
  const limited = await throttle("upload", [`acct:${q.accountId}`]);
  if (limited) throw new UploadQuotaError(429, limited.message, limited.headers);
}

export async function discardUpload(upload: StagedUpload): Promise<void> {
  await getDocumentStore().discard(upload.storageKey);
}

export async function listDocuments(applicationId: number): Promise<DocumentSummary[]> {
  return (await listDocumentRows(applicationId)).map(toSummary);
}

/** Removes a document (row + file) of a not-yet-submitted (draft) application. */
export async function removeDocument(documentId: number, applicationId: number, opts: { actorUserId?: number | null } = {}): Promise<boolean> {
  const removed = await transaction(async (tx) => {
    const app = await lockApplicationOwner(tx, applicationId);
    if (!app || app.status !== "draft") return null;
    const rows = await listDocumentRows(applicationId, tx);
    const doc = rows.find((r) => r.id === documentId);
    if (!doc) return null;
    if (!(await deleteDocumentRow(tx, documentId, applicationId))) return null;
    await recordApplicationEvent(tx, {
      applicationId,
      actorUserId: opts.actorUserId ?? app.userId,
      type: "document_removed",
      note: `${doc.documentType} (document ${doc.id})`,
    });
    return doc;
  });
  if (!removed) return false;
  // After COMMIT; if this fails the sweeper removes the file (it has no row any more).
  await getDocumentStore()
    .remove(removed.storageKey)
    .catch((e) => logError("documents.remove", e));
  return true;
}

// ---------------------------------------------------------------------------------------------
// The /api upload

const json = (body: unknown, status: number, headers?: HeadersInit) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...headers } });

export class ApplicationAccessError extends Error {
  constructor() {
    super("application not found or not yours");
    this.name = "ApplicationAccessError";
  }
}

/** A resolveApplication for uploads to an existing application: the caller must own it or be admin. */
export function existingApplicationResolver(applicationId: number, user: { id: number; role: "user" | "admin" }) {
  return async (tx: Tx) => {
    const app = await lockApplicationOwner(tx, applicationId);
    if (!app || (user.role !== "admin" && app.userId !== user.id)) throw new ApplicationAccessError();
    return { applicationId: app.id, userId: app.userId };
  };
}

/** POST /api/documents/upload: multipart file, applicationId (database id), documentType. */
export async function handleApiUpload(request: Request, context?: AppLoadContext): Promise<Response> {
  const user = await getUser(request);
  if (!user) return json({ message: MSG.authRequired }, 401);
  const staged = await stageUpload(request);
  if (!staged.ok) return json({ message: staged.message }, staged.status, staged.headers);
  const upload = staged.upload;
  const parsed = ApiUploadFieldsSchema.safeParse(upload.fields);
  if (!parsed.success) {
    await discardUpload(upload);
    return json({ message: MSG.uploadMissingId }, 400);
  }
  try {
    const doc = await saveUpload(upload, existingApplicationResolver(parsed.data.applicationId, user), { uploadedBy: user.id });
    await closeRequestsForUpload(doc.applicationId, doc.documentType, doc.id); // back office (issue 17)
    return json(
      {
        id: doc.id,
        applicationId: doc.applicationId,
        documentType: doc.documentType,
        fileName: doc.fileName,
        fileSize: doc.fileSize,
        uploadedAt: doc.uploadedAt.toISOString(),
      },
      201,
    );
  } catch (e) {
    if (e instanceof UploadQuotaError) return json({ message: e.message }, e.status, e.headers);
    if (e instanceof ApplicationAccessError) {
      await recordAudit({
        actorUserId: user.id,
        action: "document.upload",
        targetType: "application",
        targetId: parsed.data.applicationId,
        outcome: "denied",
        ip: getClientIp(request, context),
      });
      return json({ message: MSG.statusNotFound }, 404);
    }
    logError("documents.upload", e);
    return json({ message: toastText(TOASTS.uploadFailed) }, 500);
  }
}

// ---------------------------------------------------------------------------------------------
// Serving

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const ERROR_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** A small self-contained page in the public look (no scripts, works without JavaScript). */
function errorPage(status: number, toast: ToastMessage, back: { href: string; label: string }) {
  const title = escapeHtml(toast.title);
  const description = escapeHtml(toast.description ?? "");
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | ${escapeHtml(site.name)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#0f172a;background:#f8fafc;display:flex;min-height:100vh;flex-direction:column}
header,footer{background:#fff;border-color:#e2e8f0;border-style:solid;border-width:0}
header{border-bottom-width:1px;padding:1rem 1.5rem}
footer{border-top-width:1px;padding:1rem 1.5rem;color:#334155;font-size:.875rem;text-align:center}
.brand{display:inline-flex;align-items:center;gap:.5rem;font-weight:700;font-size:1.125rem;color:#0f172a;text-decoration:none}
.logo{display:inline-flex;width:2rem;height:2rem;border-radius:.375rem;background:#1d4ed8;color:#fff;align-items:center;justify-content:center}
main{flex:1;display:flex;align-items:center;justify-content:center;padding:4rem 1rem}
.card{max-width:32rem;width:100%;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:2rem;text-align:center;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-size:1.5rem;margin:0 0 .75rem}
p{color:#334155;margin:0 0 1.5rem;line-height:1.5}
.btn{display:inline-block;background:#1d4ed8;color:#fff;text-decoration:none;padding:.625rem 1.25rem;border-radius:.375rem;font-weight:600}
.btn:hover,.btn:focus{background:#1e40af}
.btn:focus{outline:3px solid #93c5fd;outline-offset:2px}
</style>
</head>
<body>
<header><a class="brand" href="/"><span class="logo" aria-hidden="true">L</span><span>${escapeHtml(site.name)}</span></a></header>
<main id="main">
<div class="card" role="alert">
<h1>${title}</h1>
<p>${title} - ${description}</p>
<a class="btn" href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a>
</div>
</main>
<footer>&copy; ${site.copyrightYear} ${escapeHtml(site.name)}. All rights reserved.</footer>
</body>
</html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": ERROR_PAGE_CSP,
      "Referrer-Policy": "no-referrer",
    },
  });
}

const DOCUMENT_CSP = "sandbox; default-src 'none'; frame-ancestors 'self'";

/**
 * Serves a document to an admin or the owning applicant only. Anyone else gets the same 404 as a
 * missing document (pages: also when not signed in, so nothing is revealed; /api: 401 when not
 * signed in). Decrypts and verifies the WHOLE file before sending a byte. Inline (preview) or
 * attachment (download) with the stored file name. Missing stored file -> 404 'File Not Found';
 * a file that fails its integrity check -> 500 'Preview Failed' / 'Download Failed'.
 * format 'html' renders a small HTML error page; 'json' answers { message }.
 */
export async function documentResponse(
  request: Request,
  documentId: number | null,
  opts: { disposition: "inline" | "attachment"; format: "html" | "json"; context?: AppLoadContext },
): Promise<Response> {
  const action = opts.disposition === "inline" ? "document.preview" : "document.download";
  const user = await getUser(request);
  const back = user?.role === "admin" ? { href: "/admin", label: "Back to admin" } : user ? { href: "/dashboard", label: "Back to dashboard" } : { href: "/", label: "Go back home" };
  const fail = (status: number, toast: ToastMessage) => (opts.format === "html" ? errorPage(status, toast, back) : json({ message: toastText(toast) }, status));
  const ip = () => getClientIp(request, opts.context);

  if (!user && opts.format === "json") return json({ message: MSG.authRequired }, 401);
  const valid = documentId !== null && Number.isSafeInteger(documentId) && documentId > 0 && documentId <= 2_147_483_647;
  const found = valid ? await getDocumentWithOwner(documentId) : null;
  const allowed = Boolean(user && found && (user.role === "admin" || found.ownerUserId === user.id));
  if (!allowed || !found || !user) {
    await recordAudit({
      actorUserId: user?.id ?? null,
      action,
      targetType: "document",
      targetId: valid ? documentId : "invalid",
      outcome: "denied",
      ip: ip(),
    });
    return fail(404, TOASTS.fileNotFound);
  }
  const doc = found.document;

  const file = await getDocumentStore().get(doc.storageKey);
  if (!file) {
    await recordAudit({ actorUserId: user.id, action, targetType: "document", targetId: doc.id, outcome: "failure", ip: ip(), details: "stored file missing" });
    return fail(404, TOASTS.fileNotFound);
  }
  let body: Buffer;
  try {
    const dek = unwrapDataKey(doc.wrappedKey, doc.keyId, doc.storageKey);
    try {
      body = decryptFile(file, dek, doc.storageKey);
    } finally {
      dek.fill(0);
    }
  } catch (e) {
    if (!(e instanceof DocumentIntegrityError)) throw e;
    logError("documents.integrity", new Error(`document ${doc.id}: ${e.message}`));
    await recordAudit({ actorUserId: user.id, action, targetType: "document", targetId: doc.id, outcome: "failure", ip: ip(), details: "integrity check failed" });
    return fail(500, opts.disposition === "inline" ? TOASTS.previewFailed : TOASTS.downloadFailed);
  }

  if (user.role === "admin") {
    await recordAudit({ actorUserId: user.id, action, targetType: "document", targetId: doc.id, outcome: "success", ip: ip() });
  }
  // A Buffer is a Uint8Array; the DOM typings only miss SharedArrayBuffer-backed ones.
  return new Response(body as unknown as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "Content-Type": doc.contentType,
      "Content-Length": String(body.length),
      "Content-Disposition": contentDisposition(opts.disposition, doc.fileName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
      "Content-Security-Policy": DOCUMENT_CSP,
      "Referrer-Policy": "no-referrer",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Maintenance

/**
 * Removes staging files older than `olderThanMs` (uploads that never finished: crash, kill) and
 * committed files older than that with no documents row (a crash between rename and COMMIT, or a
 * removal whose file delete failed). Never touches a file that has a row.
 */
export async function sweepOrphans({ olderThanMs }: { olderThanMs: number }) {
  const store = getDocumentStore();
  const cutoff = Date.now() - olderThanMs;
  let stagingRemoved = 0;
  let orphansRemoved = 0;
  for (const s of await store.listStaged()) {
    if (s.mtimeMs < cutoff) {
      await store.discard(s.key);
      stagingRemoved++;
    }
  }
  const old = (await store.listCommitted()).filter((c) => c.mtimeMs < cutoff);
  for (let i = 0; i < old.length; i += 500) {
    const batch = old.slice(i, i + 500);
    const keep = await existingStorageKeys(batch.map((b) => b.key));
    for (const b of batch) {
      if (keep.has(b.key)) continue;
      await store.remove(b.key);
      orphansRemoved++;
    }
  }
  return { stagingRemoved, orphansRemoved };
}
