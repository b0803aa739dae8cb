/**
 * Upload, step 2 (commit): a staged file becomes a document. One transaction resolves the
 * application (owner check, or the wizard's draft application), enforces the quotas, inserts the
 * row, records the event and renames the staging file to its final name; then COMMIT. If anything
 * fails the staging/final file is removed. A crash between the rename and COMMIT leaves a final
 * file with no row, which the orphan sweep (document-sweep.server.ts) removes.
 */
import { lockApplication } from "~/features/applications/index.server";
import { recordApplicationEvent } from "~/features/applications/index.server";
import { transaction, type Tx } from "~/platform/db/db.server";
import { documentTotals, insertDocument } from "~/features/documents/documents.server";
import { emitDocumentUploaded } from "~/features/partners/index.server";
import { APPLICATION_MAX_BYTES, APPLICATION_MAX_FILES } from "~/content/constants";
import { MSG } from "~/content/messages";
import type { DocumentSummary } from "./document-records.server";
import type { StagedUpload } from "./document-staging.server";
import { getDocumentStore } from "~/features/documents/store/document-store.server";
import { throttle } from "~/platform/security/throttle.server";

/** Runs inside the commit's transaction: the application a file goes to and its owner. */
export type ResolveApplication = (tx: Tx) => Promise<{ applicationId: number; userId: number }>;

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
 * Commits a staged upload: in ONE transaction runs `resolveApplication(tx)` (which may create the
 * draft application and must return its numeric id and the owner's user id), checks the quotas,
 * inserts the row, records 'document_uploaded', and moves the staging file to its final name just
 * before COMMIT. On any error the file is removed and the error rethrown (no row, no file).
 */
export async function saveUpload(
  upload: StagedUpload,
  resolveApplication: ResolveApplication,
  opts: { uploadedBy?: number | null } = {},
): Promise<DocumentSummary> {
  const store = getDocumentStore();
  let renamed = false;
  try {
    return await transaction(async (tx) => {
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
      await emitDocumentUploaded(tx, { applicationId, documentId: id, documentType: upload.documentType, uploadedAt });
      // The transaction helper repeats this callback after a lost lock conflict. A conflict
      // reported at COMMIT (a certification failure on a Galera cluster) comes after the move, so
      // the file is moved once and a repeated run finds it already in place.
      if (!renamed) {
        await store.commit(upload.storageKey);
        renamed = true;
      }
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
  } catch (e) {
    await (renamed ? store.remove(upload.storageKey) : store.discard(upload.storageKey)).catch(() => {});
    throw e;
  }
}

/**
 * The upload quotas, inside the commit's transaction: the per-account rate (UPLOAD_RATE_LIMIT) and
 * the per-application cap on files and bytes. The application row is locked first, so two parallel
 * uploads cannot both pass the cap.
 */
async function enforceUploadQuotas(tx: Tx, q: { applicationId: number; accountId: number; fileSize: number }) {
  await lockApplication(tx, q.applicationId);
  const { files, bytes } = await documentTotals(tx, q.applicationId);
  if (files >= APPLICATION_MAX_FILES) throw new UploadQuotaError(413, MSG.uploadFilesCapReached);
  if (bytes + q.fileSize > APPLICATION_MAX_BYTES) throw new UploadQuotaError(413, MSG.uploadBytesCapReached);
  // On the transaction's own connection: it holds the application's lock, and the uploads waiting
  // for that lock hold pool connections, so asking the pool for another one could wait for ever.
  const limited = await throttle("upload", [`acct:${q.accountId}`], tx);
  if (limited) throw new UploadQuotaError(429, limited.message, limited.headers);
}
