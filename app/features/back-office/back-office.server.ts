/**
 * The back office's workflows: request documents (row + items + the applicant's e-mail
 * in one transaction), review a document (optionally asking for a replacement in the same
 * transaction), add an internal note, assign, close requests on upload, queue counts. Each admin
 * action writes an audit entry; a change to an application assigned to a colleague also writes
 * `backoffice.colleague_application_changed`.
 */
import type { SQL } from "drizzle-orm";
import { type DocumentType } from "~/content/document-types";
import { readerTimeZone } from "~/features/mail";
import { renderMail } from "~/features/mail/index.server";
import { documentRequestMail } from "~/features/mail/index.server";
import { recordAudit } from "~/platform/audit-log.server";
import { getUserById, getUserLanguage, isAdminUser, listAssignableAdmins } from "~/features/accounts/index.server";
import { getAssignment, setAssignment } from "~/features/back-office/application-assignments.server";
import { insertNote, listNotes } from "~/features/back-office/application-notes.server";
import { getDocumentForReview, listReviews, upsertDocumentReview } from "~/features/documents/index.server";
import { fulfilOpenRequests, insertDocumentRequest, listDocumentRequests } from "~/features/documents/index.server";
import { countApplicationsWhere, listConditions } from "~/features/back-office/admin-queries.server";
import { lockApplication, touchApplication } from "~/features/applications/index.server";
import { enqueueEmail } from "~/platform/outbox/outbox.server";
import { AdminListParamsSchema, adminListSearch, type AdminListParams } from "~/features/back-office/admin.schema";
import {
  QUEUES,
  REJECTION_REASON_LABELS,
  type DocumentRequestInput,
  type DocumentReviewInput,
} from "~/features/back-office/back-office.schema";
import { transaction, type Tx } from "~/platform/db/db.server";
import { logError } from "~/platform/observability/log.server";

export class BackOfficeNotFoundError extends Error {
  constructor(what = "application") {
    super(`${what} not found`);
  }
}
export class AssigneeNotAdminError extends Error {}

type Meta = { ip?: string | null };

/** A non-draft application with its applicant, locked for the transaction. */
async function lockSubmitted(tx: Tx, applicationId: number) {
  const app = await lockApplication(tx, applicationId);
  if (!app || app.status === "draft") throw new BackOfficeNotFoundError();
  const applicant = await getUserById(app.userId, tx);
  if (!applicant) throw new BackOfficeNotFoundError();
  return {
    id: app.id,
    reference: app.reference,
    status: app.status,
    userId: applicant.id,
    email: applicant.email,
    firstName: applicant.firstName,
  };
}

/** Records that `adminId` changed an application assigned to another admin (if it is). */
export async function recordColleagueChange(adminId: number, applicationId: number, what: string, meta: Meta = {}) {
  const assigned = await getAssignment(applicationId);
  if (!assigned || assigned.assigneeUserId === adminId) return false;
  await recordAudit({
    actorUserId: adminId,
    action: "backoffice.colleague_application_changed",
    targetType: "application",
    targetId: applicationId,
    ip: meta.ip ?? null,
    details: `${what}; assigned to admin ${assigned.assigneeUserId}`,
  });
  return true;
}

async function createRequestIn(tx: Tx, adminId: number, applicationId: number, input: DocumentRequestInput) {
  const app = await lockSubmitted(tx, applicationId);
  const id = await insertDocumentRequest(tx, {
    applicationId,
    requestedBy: adminId,
    message: input.message,
    documentTypes: input.documentTypes,
  });
  await touchApplication(tx, applicationId);
  const mail = documentRequestMail({
    firstName: app.firstName,
    reference: app.reference,
    documentTypes: input.documentTypes,
    message: input.message,
    requestedAt: new Date(),
    timeZone: readerTimeZone(app),
    lang: await getUserLanguage(app.userId, tx),
  });
  // The application's id lets a held copy be dropped once the request is fulfilled (outbox).
  const { held } = await enqueueEmail(tx, {
    ...renderMail(mail),
    kind: "document_request",
    to: app.email,
    userId: app.userId,
    applicationId,
  });
  return { id, held };
}

/** An admin asks the applicant for documents. Throws BackOfficeNotFoundError (drafts too). */
export async function requestDocuments(adminId: number, applicationId: number, input: DocumentRequestInput, meta: Meta = {}) {
  const { id, held } = await transaction((tx) => createRequestIn(tx, adminId, applicationId, input));
  await recordAudit({
    actorUserId: adminId,
    action: "backoffice.documents_requested",
    targetType: "application",
    targetId: applicationId,
    ip: meta.ip ?? null,
    details: `request ${id}: ${input.documentTypes.join(", ")}`,
  });
  await recordColleagueChange(adminId, applicationId, "documents requested", meta);
  /** held: the e-mail waits until the applicant confirms their address (the request is on their dashboard now). */
  return { id, held };
}

/**
 * Accepts or rejects a document; a rejection may open a replacement request for the same type
 * in the same transaction (its message: the admin's, else the reason).
 */
export async function reviewDocument(
  adminId: number,
  documentId: number,
  input: DocumentReviewInput,
  meta: Meta & { applicationId?: number } = {},
) {
  const doc = await getDocumentForReview(documentId);
  if (!doc || (meta.applicationId !== undefined && doc.applicationId !== meta.applicationId)) throw new BackOfficeNotFoundError("document");
  const rejected = input.decision === "rejected";
  const reason = rejected ? (input.reason ?? "other") : null;
  const reasonText = rejected ? (input.reasonText ?? null) : null;
  const requestId = await transaction(async (tx) => {
    await lockSubmitted(tx, doc.applicationId);
    await upsertDocumentReview(tx, { documentId, decision: input.decision, reason, reasonText, reviewedBy: adminId });
    if (!rejected || !input.requestReplacement) return null;
    const label = reason === "other" ? (reasonText ?? REJECTION_REASON_LABELS.other) : REJECTION_REASON_LABELS[reason!];
    const created = await createRequestIn(tx, adminId, doc.applicationId, {
      documentTypes: [doc.documentType],
      message: input.message ?? `Please upload a replacement: ${label}`,
    });
    // The replacement request's id (the audit line and the API answer name it), not the e-mail's held flag.
    return created.id;
  });
  await recordAudit({
    actorUserId: adminId,
    action: "backoffice.document_reviewed",
    targetType: "document",
    targetId: documentId,
    ip: meta.ip ?? null,
    details: rejected ? `rejected: ${reason}${requestId ? `; replacement request ${requestId}` : ""}` : "accepted",
  });
  await recordColleagueChange(adminId, doc.applicationId, "document reviewed", meta);
  return { applicationId: doc.applicationId, requestId };
}

/** Appends an internal note (admins only; never shown to applicants nor e-mailed). */
export async function addInternalNote(adminId: number, applicationId: number, body: string, meta: Meta = {}) {
  const id = await transaction(async (tx) => {
    await lockSubmitted(tx, applicationId);
    return insertNote(tx, { applicationId, authorUserId: adminId, body });
  });
  // The note's text is not in the audit entry: it may hold personal data.
  await recordAudit({
    actorUserId: adminId,
    action: "backoffice.note_added",
    targetType: "application",
    targetId: applicationId,
    ip: meta.ip ?? null,
    details: `note ${id}`,
  });
  return { id };
}

/** Assigns the application to an admin (or nobody). */
export async function assignApplication(adminId: number, applicationId: number, assigneeId: number | null, meta: Meta = {}) {
  if (assigneeId !== null && !(await isAdminUser(assigneeId))) throw new AssigneeNotAdminError();
  const before = await getAssignment(applicationId);
  await transaction(async (tx) => {
    await lockSubmitted(tx, applicationId);
    await setAssignment(tx, applicationId, assigneeId, adminId);
  });
  await recordAudit({
    actorUserId: adminId,
    action: "backoffice.assigned",
    targetType: "application",
    targetId: applicationId,
    ip: meta.ip ?? null,
    details: `from ${before ? `admin ${before.assigneeUserId}` : "nobody"} to ${assigneeId === null ? "nobody" : `admin ${assigneeId}`}`,
  });
  if (before && before.assigneeUserId !== adminId)
    await recordColleagueChange(adminId, applicationId, "reassigned", meta).catch(() => false);
}

/**
 * After an upload to an application: closes what it fulfils. Never fails the upload (the file is
 * already stored); a failure is logged and the request stays open.
 */
export async function closeRequestsForUpload(applicationId: number, documentType: DocumentType, documentId: number) {
  try {
    return await transaction((tx) => fulfilOpenRequests(tx, applicationId, documentType, documentId));
  } catch (e) {
    logError("backoffice.fulfil", e);
    return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Queues
// ---------------------------------------------------------------------------------------------

export type QueueLink = { key: string; label: string; href: string; count: number; active: boolean };

const queueParams = (filter: (typeof QUEUES)[number]["filter"]): AdminListParams => AdminListParamsSchema.parse(filter);

/** The saved filters with their counts (the same conditions as the list). */
export async function queueLinks(viewerId: number, current: AdminListParams): Promise<QueueLink[]> {
  return Promise.all(
    QUEUES.map(async (q) => {
      const params = queueParams(q.filter);
      const where = listConditions(params, viewerId);
      const n = where ? await countApplicationsWhere(where) : 0;
      const active =
        current.q === "" && current.status === params.status && current.assigned === params.assigned && current.queue === params.queue;
      return { key: q.key, label: q.label, href: `/admin${adminListSearch(params)}`, count: n, active };
    }),
  );
}

/** The list's conditions for the export (null: the filter matches nothing). */
export function exportConditions(params: AdminListParams, viewerId: number): SQL | null {
  return listConditions(params, viewerId);
}

// ---------------------------------------------------------------------------------------------
// The details page's read model
// ---------------------------------------------------------------------------------------------

/** Everything the back-office panel of one application shows an admin. */
export async function backOfficeDetails(applicationId: number, documentIds: number[], viewerId: number) {
  const [requests, reviews, notes, assignment, admins] = await Promise.all([
    listDocumentRequests([applicationId]),
    listReviews(documentIds, { withReviewer: true }),
    listNotes(applicationId),
    getAssignment(applicationId),
    listAssignableAdmins(),
  ]);
  return {
    viewerId,
    requests,
    reviews: Object.fromEntries(reviews),
    notes,
    assignment,
    admins,
    assignedToColleague: Boolean(assignment && assignment.assigneeUserId !== viewerId),
  };
}
export type BackOfficeDetails = Awaited<ReturnType<typeof backOfficeDetails>>;
