/**
 * Opening a stored document for preview or download: to an admin, the owning applicant, or (through the lender workspace's routes) a user of a lender the application is shared with;
 * anyone else gets the same 'File Not Found' as a missing document, so nothing is revealed. The
 * WHOLE file is decrypted and its tag verified before any byte is returned. Every refusal and
 * every admin access is audited. The answer itself (headers, error page, JSON) is built by
 * app/features/documents/document-response.server.ts.
 */
import { recordAudit } from "~/platform/audit-log.server";
import { getDocumentWithOwner } from "~/features/documents/documents.server";
import type { PublicUser } from "~/features/accounts/index.server";
import { logError } from "~/platform/observability/log.server";
import { TOASTS, type ToastMessage } from "~/content/messages";
import { decryptFile, DocumentIntegrityError, unwrapDataKey } from "~/platform/crypto/envelope.server";
import { getDocumentStore } from "~/features/documents/store/document-store.server";

export type Disposition = "inline" | "attachment";

export type OpenedDocument =
  | { ok: true; body: Buffer; fileName: string; contentType: string }
  /** 404 'File Not Found' (not allowed, no such document, stored file missing); 500 when the
   *  file fails its integrity check ('Preview Failed' / 'Download Failed'). */
  | { ok: false; status: 404 | 500; toast: ToastMessage };

/** `documentId` is null when the id in the address was not a valid id (audited as "invalid"). */
export async function openDocument(
  user: PublicUser | null,
  documentId: number | null,
  opts: {
    disposition: Disposition;
    ip: string;
    /**
     * The lender workspace's routes pass the check that the document's application is
     * shared with the signed-in lender user's lender. Without it only an admin or the owner may read.
     */
    lenderMayRead?: (applicationId: number) => Promise<boolean>;
    /**
     * A lender's partner API key reading for its lender (no user): read as a lender user
     * (through `lenderMayRead`), audited with the key named in the details.
     */
    partnerKey?: { id: number; prefix: string };
  },
): Promise<OpenedDocument> {
  const action = opts.disposition === "inline" ? "document.preview" : "document.download";
  const notFound = { ok: false, status: 404, toast: TOASTS.fileNotFound } as const;
  const valid = documentId !== null && Number.isSafeInteger(documentId) && documentId > 0 && documentId <= 2_147_483_647;
  const found = valid ? await getDocumentWithOwner(documentId) : null;
  const key = opts.partnerKey ? `partner key ${opts.partnerKey.id} ${opts.partnerKey.prefix}` : null;
  const asLender = key !== null ? user === null : user?.role === "lender";
  const allowed = Boolean(
    found &&
    (asLender
      ? opts.lenderMayRead && (await opts.lenderMayRead(found.document.applicationId))
      : user && (user.role === "admin" || found.ownerUserId === user.id)),
  );
  if (!allowed || !found) {
    await recordAudit({
      actorUserId: user?.id ?? null,
      action,
      targetType: "document",
      targetId: valid ? documentId : "invalid",
      outcome: "denied",
      ip: opts.ip,
      details: key ?? undefined,
    });
    return notFound;
  }
  const doc = found.document;
  const audit = (outcome: "success" | "failure", details?: string) =>
    recordAudit({
      actorUserId: user?.id ?? null,
      action,
      targetType: "document",
      targetId: doc.id,
      outcome,
      ip: opts.ip,
      details: [key, details].filter(Boolean).join("; ") || undefined,
    });

  const file = await getDocumentStore().get(doc.storageKey);
  if (!file) {
    await audit("failure", "stored file missing");
    return notFound;
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
    await audit("failure", "integrity check failed");
    return { ok: false, status: 500, toast: opts.disposition === "inline" ? TOASTS.previewFailed : TOASTS.downloadFailed };
  }

  // Admins' and lender users' reads are audited (an owner reading their own file is not).
  if (asLender || user?.role === "admin") await audit("success");
  return { ok: true, body, fileName: doc.fileName, contentType: doc.contentType };
}
