/** An application's stored documents: the list the wizard and review show, and removal from a draft. */
import { lockApplication } from "~/features/applications/index.server";
import type { DocumentType } from "~/content/document-types";
import { recordApplicationEvent } from "~/features/applications/index.server";
import { transaction } from "~/platform/db/db.server";
import { deleteDocumentRow, listDocumentRows, type DocumentRow } from "~/features/documents/documents.server";
import { logError } from "~/platform/observability/log.server";
import { getDocumentStore } from "~/features/documents/store/document-store.server";

export type DocumentSummary = {
  id: number;
  applicationId: number;
  documentType: DocumentType;
  fileName: string;
  fileSize: number;
  contentType: string;
  uploadedAt: Date;
};

export function toSummary(row: DocumentRow): DocumentSummary {
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

export async function listDocuments(applicationId: number): Promise<DocumentSummary[]> {
  return (await listDocumentRows(applicationId)).map(toSummary);
}

/** Removes a document (row + file) of a not-yet-submitted (draft) application. */
export async function removeDocument(
  documentId: number,
  applicationId: number,
  opts: { actorUserId?: number | null } = {},
): Promise<boolean> {
  const removed = await transaction(async (tx) => {
    const app = await lockApplication(tx, applicationId);
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
