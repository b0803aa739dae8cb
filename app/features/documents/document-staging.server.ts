/**
 * Upload, step 1 (staging): a multipart body is streamed, size-limited and content-checked into an
 * encrypted staging file. Nothing is buffered whole in memory:
 *
 *   multipart body --(body cap)--> busboy (utils/multipart.server.ts) --> our part handler:
 *   count bytes (10 MB) -> sniff the first bytes -> verify the kind over the stream ->
 *   AES-256-GCM (per-file key) -> staging file.
 *
 * Step 2 (the commit of row and file, quotas, side effects) is document-upload.server.ts.
 */
import { randomBytes } from "node:crypto";
import { ALLOWED_KINDS, FILE_KIND_INFO, isDocumentType, type DocumentType, type FileKind } from "~/content/document-types";
import { MAX_UPLOAD_BYTES } from "~/content/constants";
import { createContentVerifier, SNIFF_BYTES, sniffFileType, type ContentVerifier } from "~/features/documents/file-type.server";
import { logError } from "~/platform/observability/log.server";
import { parseMultipartStream, PartHeaderTooLargeError, type MultipartPart } from "~/platform/http/multipart.server";
import { toastText, TOASTS, type ToastMessage } from "~/content/messages";
import { wrongTypeToast } from "~/content/document-types";
import { encryptStream, newDataKey } from "~/platform/crypto/envelope.server";
import { FileNameRefusedError, sanitizeFileName } from "./document-naming.server";
import { getDocumentStore } from "~/features/documents/store/document-store.server";

/** The whole multipart body may exceed the file limit by this much (boundaries, text fields). */
export const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;
/** At most this many parts (fields + the file) in one upload body. */
/** The wizard's one form: intent, 6 file inputs, 3 camera inputs and up to 6 "replace-<area>" fields. */
export const MAX_PARTS = 16;
/** A text field's value is at most this long. */
const MAX_FIELD_BYTES = 1024;

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

class UploadError extends Error {
  constructor(readonly status: 400 | 413 | 415) {
    super(`upload refused (${status})`);
    this.name = "UploadError";
  }
}

/** `type`: the area the refused file was sent for, when known (a wrong type then says what the area takes). */
function failure(status: 400 | 413 | 415, closeConnection = false, type?: DocumentType | null): UploadFailure {
  const toast = status === 413 ? TOASTS.fileTooLarge : status === 415 && type ? wrongTypeToast(type) : TOASTS.uploadFailed;
  return { ok: false, status, message: toastText(toast), toast, ...(closeConnection ? { headers: { Connection: "close" } } : {}) };
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
 * The wizard's one-form upload without JavaScript: like `stageUpload`, but the body
 * may carry several files, each in a part named `file-<documentType>` (the area it was chosen
 * in), or none at all. All or nothing: on any refusal every staged file is discarded, and the
 * failure names the area (`area`) whose file was refused when it is known.
 */
export async function stageUploads(
  request: Request,
): Promise<{ ok: true; uploads: StagedUpload[]; fields: Record<string, string> } | (UploadFailure & { area?: DocumentType })> {
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
  /** The area of the file being read (its part name, or a documentType field sent before it). */
  let currentType: DocumentType | null = null;

  const handler = async (part: MultipartPart) => {
    if (++parts > MAX_PARTS) throw new UploadError(400);
    if (part.kind === "field") {
      if (part.truncated) throw new UploadError(400);
      if (!Object.hasOwn(fields, part.name)) fields[part.name] = part.value;
      return;
    }
    if (part.filename === "") {
      // A file input left empty: browsers send it with no name and no bytes. Not a file.
      for await (const chunk of part.data) if (chunk.byteLength) throw new UploadError(400);
      return;
    }
    const data = part.data;
    const named = multi && part.name.startsWith("file-") ? part.name.slice(5) : null;
    if (multi ? !isDocumentType(named) : part.name !== "file" || fileSeen) throw new UploadError(400);
    fileSeen = true;
    currentArea = isDocumentType(named) ? named : undefined;

    const storageKey = randomBytes(16).toString("hex");
    const { dek, wrappedKey, keyId } = newDataKey(storageKey);
    const early = isDocumentType(named) ? named : isDocumentType(fields.documentType) ? fields.documentType : null;
    currentType = early;
    const state: FileState = { storageKey, kind: "pdf", size: 0, rawName: part.filename, wrappedKey, keyId };
    let kind: FileKind | null = null;
    let verifier: ContentVerifier | null = null;

    const decide = async (head: Buffer) => {
      kind = await sniffFileType(head.subarray(0, SNIFF_BYTES));
      if (!kind) throw new UploadError(415);
      // When documentType came before the file, refuse a kind it does not allow at once.
      if (early && !ALLOWED_KINDS[early].includes(kind)) throw new UploadError(415);
      verifier = createContentVerifier(kind);
    };

    async function* plaintext(): AsyncGenerator<Uint8Array> {
      const pending: Uint8Array[] = [];
      let pendingBytes = 0;
      for await (const chunk of data) {
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
          await decide(Buffer.concat(pending));
          for (const c of pending) {
            verifier!.feed(c);
            yield c;
          }
          pending.length = 0;
        }
      }
      if (state.size === 0) throw new UploadError(400);
      if (!verifier) {
        await decide(Buffer.concat(pending));
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
  };

  const source = { done: false };
  // A body with a declared length within the cap is at most that long: after the answer, the
  // server reads and drops the rest (browsers then show the answer). Anything else is cut off.
  const bounded = declared !== null && declared !== "" && Number(declared) <= MAX_BODY_BYTES;
  try {
    await parseMultipartStream(cappedBody(request.body, source), contentType, handler, { maxFieldBytes: MAX_FIELD_BYTES });
  } catch (caught) {
    // A part header that never ends is answered like a body over the cap (413).
    const e = caught instanceof PartHeaderTooLargeError ? new UploadError(413) : caught;
    for (const file of stagedFiles) await store.discard(file.storageKey).catch(() => {});
    const close = !source.done && !bounded;
    if (e instanceof UploadError) return { ...failure(e.status, close, currentType), ...(currentArea ? { area: currentArea } : {}) };
    // Malformed or cut-off bodies land here; the staging file (if any) is already gone.
    if (
      !request.signal.aborted &&
      !(e instanceof TypeError) &&
      !/malformed|unexpected end|boundary not found/i.test(String((e as Error)?.message))
    ) {
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
      const status = e instanceof UploadError ? e.status : e instanceof FileNameRefusedError ? 415 : null;
      if (status)
        return { ...failure(status, false, isDocumentType(documentType) ? documentType : null), ...(file.area ? { area: file.area } : {}) };
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

/** Removes a staged file that will not be committed. */
export async function discardUpload(upload: StagedUpload): Promise<void> {
  await getDocumentStore().discard(upload.storageKey);
}
