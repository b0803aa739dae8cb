/**
 * The back office's data (issue 17): document requests and their items, document reviews,
 * internal notes (append-only: no update or delete here), assignments, the list's extra filters,
 * and the CSV export's batches. All of its SQL lives here.
 */
import { and, asc, desc, eq, exists, gt, gte, inArray, isNull, lt, notExists, notInArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/mysql-core";
import type { AdminListParams } from "~/schemas/admin";
import { REJECTION_REASON_LABELS, STALE_DAYS, type RejectionReason } from "~/schemas/back-office";
import type { DocumentType } from "~/content/documents";
import { getDb, schema, type DbOrTx } from "~/models/db.server";

const apps = schema.loanApplications;
const docs = schema.documents;
const requests = schema.documentRequests;
const items = schema.documentRequestItems;
const reviews = schema.documentReviews;
const notes = schema.applicationNotes;
const assignments = schema.applicationAssignments;
const users = schema.users;

const DAY_MS = 24 * 3600 * 1000;
const fullName = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ""}`.trim() : null);

// ---------------------------------------------------------------------------------------------
// List filters (added to the admin list's own conditions)
// ---------------------------------------------------------------------------------------------

export function startOfTodayUtc(now = new Date()) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The assignee and queue filters as SQL conditions on loan_applications. */
export function backOfficeConditions(params: Pick<AdminListParams, "assigned" | "queue">, viewerId: number | null, now = new Date()): SQL[] {
  const db = getDb();
  const out: SQL[] = [];
  const assignedTo = (who: SQL) => db.select({ one: sql`1` }).from(assignments).where(and(eq(assignments.applicationId, apps.id), who));
  if (params.assigned === "mine") out.push(exists(assignedTo(eq(assignments.assigneeUserId, viewerId ?? -1))));
  if (params.assigned === "unassigned") out.push(notExists(db.select({ one: sql`1` }).from(assignments).where(eq(assignments.applicationId, apps.id))));
  if (params.queue === "new-today") out.push(gte(apps.submittedAt, startOfTodayUtc(now)));
  if (params.queue === "waiting") {
    out.push(exists(db.select({ one: sql`1` }).from(requests).where(and(eq(requests.applicationId, apps.id), eq(requests.status, "open")))));
  }
  if (params.queue === "stale") {
    out.push(notInArray(apps.status, ["draft", "approved", "rejected"]));
    out.push(lt(apps.updatedAt, new Date(now.getTime() - STALE_DAYS * DAY_MS)));
  }
  return out;
}

/** For a page of the list: who each application is assigned to and since when it waits on the applicant. */
export async function listRowExtras(ids: number[], db: DbOrTx = getDb()) {
  const out = new Map<number, { assignee: { id: number; name: string } | null; waitingSince: string | null }>();
  if (!ids.length) return out;
  const [assigned, waiting] = await Promise.all([
    db
      .select({ applicationId: assignments.applicationId, id: users.id, first: users.firstName, last: users.lastName })
      .from(assignments)
      .innerJoin(users, eq(users.id, assignments.assigneeUserId))
      .where(inArray(assignments.applicationId, ids)),
    db
      .select({ applicationId: requests.applicationId, since: sql<Date>`MIN(${requests.createdAt})`.mapWith(requests.createdAt) })
      .from(requests)
      .where(and(inArray(requests.applicationId, ids), eq(requests.status, "open")))
      .groupBy(requests.applicationId),
  ]);
  for (const id of ids) out.set(id, { assignee: null, waitingSince: null });
  for (const a of assigned) out.get(a.applicationId)!.assignee = { id: a.id, name: fullName(a.first, a.last) ?? "" };
  for (const w of waiting) out.get(w.applicationId)!.waitingSince = new Date(w.since).toISOString();
  return out;
}

// ---------------------------------------------------------------------------------------------
// Document requests
// ---------------------------------------------------------------------------------------------

export async function insertDocumentRequest(
  tx: DbOrTx,
  r: { applicationId: number; requestedBy: number | null; message: string; documentTypes: DocumentType[] },
): Promise<number> {
  const [res] = await tx.insert(requests).values({ applicationId: r.applicationId, requestedBy: r.requestedBy, message: r.message });
  await tx.insert(items).values(r.documentTypes.map((documentType) => ({ requestId: res.insertId, documentType })));
  return res.insertId;
}

export type DocumentRequestView = {
  id: number;
  applicationId: number;
  message: string;
  status: "open" | "fulfilled";
  createdAt: string;
  fulfilledAt: string | null;
  items: Array<{ documentType: DocumentType; documentId: number | null; fulfilledAt: string | null }>;
};

/** Requests of one or more applications, newest first, with their items. No requester here. */
export async function listDocumentRequests(applicationIds: number[], db: DbOrTx = getDb()): Promise<DocumentRequestView[]> {
  if (!applicationIds.length) return [];
  const rows = await db
    .select()
    .from(requests)
    .where(inArray(requests.applicationId, applicationIds))
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(500);
  if (!rows.length) return [];
  const its = await db
    .select()
    .from(items)
    .where(inArray(items.requestId, rows.map((r) => r.id)))
    .orderBy(asc(items.id));
  return rows.map((r) => ({
    id: r.id,
    applicationId: r.applicationId,
    message: r.message,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    fulfilledAt: r.fulfilledAt?.toISOString() ?? null,
    items: its
      .filter((i) => i.requestId === r.id)
      .map((i) => ({ documentType: i.documentType, documentId: i.documentId, fulfilledAt: i.fulfilledAt?.toISOString() ?? null })),
  }));
}

/**
 * An upload of `documentType` to the application fulfils that type in every open request of it;
 * a request whose types are all fulfilled closes. Returns the ids of the requests it closed.
 */
export async function fulfilOpenRequests(tx: DbOrTx, applicationId: number, documentType: DocumentType, documentId: number, now = new Date()) {
  const open = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.applicationId, applicationId), eq(requests.status, "open")))
    .for("update");
  if (!open.length) return [];
  const ids = open.map((r) => r.id);
  await tx
    .update(items)
    .set({ documentId, fulfilledAt: now })
    .where(and(inArray(items.requestId, ids), eq(items.documentType, documentType), isNull(items.fulfilledAt)));
  const pending = await tx
    .select({ requestId: items.requestId })
    .from(items)
    .where(and(inArray(items.requestId, ids), isNull(items.fulfilledAt)));
  const stillOpen = new Set(pending.map((p) => p.requestId));
  const closed = ids.filter((id) => !stillOpen.has(id));
  if (closed.length) await tx.update(requests).set({ status: "fulfilled", fulfilledAt: now }).where(inArray(requests.id, closed));
  return closed;
}

// ---------------------------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------------------------

export async function upsertDocumentReview(
  tx: DbOrTx,
  r: { documentId: number; decision: "accepted" | "rejected"; reason: RejectionReason | null; reasonText: string | null; reviewedBy: number },
) {
  const values = { ...r, reviewedAt: new Date() };
  await tx.insert(reviews).values(values).onDuplicateKeyUpdate({
    set: { decision: values.decision, reason: values.reason, reasonText: values.reasonText, reviewedBy: values.reviewedBy, reviewedAt: values.reviewedAt },
  });
}

/** A document with its application, for a review. Null for unknown documents and drafts. */
export async function getDocumentForReview(documentId: number, db: DbOrTx = getDb()) {
  const [row] = await db
    .select({ id: docs.id, documentType: docs.documentType, applicationId: docs.applicationId, status: apps.status })
    .from(docs)
    .innerJoin(apps, eq(apps.id, docs.applicationId))
    .where(eq(docs.id, documentId))
    .limit(1);
  return row && row.status !== "draft" ? row : null;
}

export type ReviewState = { decision: "accepted" | "rejected"; reason: RejectionReason | null; reasonText: string | null; reviewedAt: string };

/** What the applicant may read of a review: the decision and its reason, never the reviewer. */
export function reasonText(r: { reason: RejectionReason | null; reasonText: string | null }) {
  if (!r.reason) return r.reasonText ?? "";
  return r.reason === "other" ? (r.reasonText ?? REJECTION_REASON_LABELS.other) : REJECTION_REASON_LABELS[r.reason];
}

/** Current reviews of these documents; with the reviewer's name only when `withReviewer` (admins). */
export async function listReviews(documentIds: number[], opts: { withReviewer: boolean }, db: DbOrTx = getDb()) {
  const out = new Map<number, ReviewState & { reviewerName?: string | null }>();
  if (!documentIds.length) return out;
  const rows = await db
    .select({ r: reviews, first: users.firstName, last: users.lastName })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.reviewedBy))
    .where(inArray(reviews.documentId, documentIds));
  for (const { r, first, last } of rows) {
    const state: ReviewState = { decision: r.decision, reason: r.reason, reasonText: r.reasonText, reviewedAt: r.reviewedAt.toISOString() };
    out.set(r.documentId, opts.withReviewer ? { ...state, reviewerName: fullName(first, last) } : state);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Internal notes: append-only. There is deliberately no update or delete.
// ---------------------------------------------------------------------------------------------

export async function insertNote(db: DbOrTx, n: { applicationId: number; authorUserId: number; body: string }) {
  const [res] = await db.insert(notes).values(n);
  return res.insertId;
}

export type InternalNote = { id: number; applicationId: number; body: string; createdAt: string; authorUserId: number | null; authorName: string | null };

export async function listNotes(applicationId: number, db: DbOrTx = getDb()): Promise<InternalNote[]> {
  const rows = await db
    .select({ n: notes, first: users.firstName, last: users.lastName })
    .from(notes)
    .leftJoin(users, eq(users.id, notes.authorUserId))
    .where(eq(notes.applicationId, applicationId))
    .orderBy(asc(notes.createdAt), asc(notes.id))
    .limit(1000);
  return rows.map(({ n, first, last }) => ({
    id: n.id,
    applicationId: n.applicationId,
    body: n.body,
    createdAt: n.createdAt.toISOString(),
    authorUserId: n.authorUserId,
    authorName: fullName(first, last),
  }));
}

// ---------------------------------------------------------------------------------------------
// Assignment
// ---------------------------------------------------------------------------------------------

export async function getAssignment(applicationId: number, db: DbOrTx = getDb()) {
  const [row] = await db
    .select({ assigneeUserId: assignments.assigneeUserId, assignedAt: assignments.assignedAt, first: users.firstName, last: users.lastName })
    .from(assignments)
    .innerJoin(users, eq(users.id, assignments.assigneeUserId))
    .where(eq(assignments.applicationId, applicationId))
    .limit(1);
  return row ? { assigneeUserId: row.assigneeUserId, name: fullName(row.first, row.last) ?? "", assignedAt: row.assignedAt.toISOString() } : null;
}

export async function setAssignment(db: DbOrTx, applicationId: number, assigneeUserId: number | null, assignedBy: number) {
  if (assigneeUserId === null) {
    await db.delete(assignments).where(eq(assignments.applicationId, applicationId));
    return;
  }
  const now = new Date();
  await db
    .insert(assignments)
    .values({ applicationId, assigneeUserId, assignedBy, assignedAt: now })
    .onDuplicateKeyUpdate({ set: { assigneeUserId, assignedBy, assignedAt: now } });
}

/** Every admin, by name (whom an application can be assigned to). */
export async function listAssignableAdmins(db: DbOrTx = getDb()) {
  const rows = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(500);
  return rows.map((r) => ({ id: r.id, name: fullName(r.first, r.last) ?? `Admin ${r.id}` }));
}

export async function isAdminUser(id: number, db: DbOrTx = getDb()) {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id)).limit(1);
  return row?.role === "admin";
}

// ---------------------------------------------------------------------------------------------
// The applicant's view (dashboard): requests and per-document review states, no names of admins.
// ---------------------------------------------------------------------------------------------

export type ApplicantDocumentState = {
  id: number;
  applicationId: number;
  documentType: DocumentType;
  fileName: string;
  uploadedAt: string;
  state: "accepted" | "rejected" | "in-review";
  reason: string | null;
};

export async function listApplicantDocuments(applicationIds: number[], db: DbOrTx = getDb()): Promise<ApplicantDocumentState[]> {
  if (!applicationIds.length) return [];
  const rows = await db
    .select({
      id: docs.id,
      applicationId: docs.applicationId,
      documentType: docs.documentType,
      fileName: docs.fileName,
      uploadedAt: docs.uploadedAt,
      decision: reviews.decision,
      reason: reviews.reason,
      reasonText: reviews.reasonText,
    })
    .from(docs)
    .leftJoin(reviews, eq(reviews.documentId, docs.id))
    .where(inArray(docs.applicationId, applicationIds))
    .orderBy(asc(docs.uploadedAt), asc(docs.id))
    .limit(1000);
  return rows.map((r) => ({
    id: r.id,
    applicationId: r.applicationId,
    documentType: r.documentType,
    fileName: r.fileName,
    uploadedAt: r.uploadedAt.toISOString(),
    state: r.decision === "accepted" ? "accepted" : r.decision === "rejected" ? "rejected" : "in-review",
    reason: r.decision === "rejected" ? reasonText({ reason: r.reason, reasonText: r.reasonText }) : null,
  }));
}

// ---------------------------------------------------------------------------------------------
// CSV export: one batch at a time, by id (keyset), never the whole list in memory.
// ---------------------------------------------------------------------------------------------

export const EXPORT_BATCH_SIZE = 1000;

export type ExportRow = {
  id: number;
  reference: string;
  status: string;
  amount: string;
  purpose: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  submittedAt: Date | null;
  updatedAt: Date;
  assigneeFirst: string | null;
  assigneeLast: string | null;
  waitingSince: Date | null;
};

export async function exportBatch(where: SQL, afterId: number, limit = EXPORT_BATCH_SIZE, db: DbOrTx = getDb()): Promise<ExportRow[]> {
  const assignee = alias(users, "assignee");
  const rows = await db
    .select({
      id: apps.id,
      reference: apps.reference,
      status: apps.status,
      amount: apps.amount,
      purpose: apps.purpose,
      userId: apps.userId,
      city: apps.city,
      state: apps.state,
      submittedAt: apps.submittedAt,
      updatedAt: apps.updatedAt,
    })
    .from(apps)
    .where(and(where, gt(apps.id, afterId)))
    .orderBy(asc(apps.id))
    .limit(limit);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const [people, assigned, waiting] = await Promise.all([
    db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone }).from(users).where(inArray(users.id, userIds)),
    db
      .select({ applicationId: assignments.applicationId, first: assignee.firstName, last: assignee.lastName })
      .from(assignments)
      .innerJoin(assignee, eq(assignee.id, assignments.assigneeUserId))
      .where(inArray(assignments.applicationId, ids)),
    db
      .select({ applicationId: requests.applicationId, since: sql<Date>`MIN(${requests.createdAt})`.mapWith(requests.createdAt) })
      .from(requests)
      .where(and(inArray(requests.applicationId, ids), eq(requests.status, "open")))
      .groupBy(requests.applicationId),
  ]);
  const personById = new Map(people.map((p) => [p.id, p]));
  const assigneeOf = new Map(assigned.map((a) => [a.applicationId, a]));
  const waitingOf = new Map(waiting.map((w) => [w.applicationId, w.since]));
  return rows.map((r) => {
    const p = personById.get(r.userId);
    const a = assigneeOf.get(r.id);
    return {
      id: r.id,
      reference: r.reference,
      status: r.status,
      amount: r.amount,
      purpose: r.purpose,
      firstName: p?.firstName ?? "",
      lastName: p?.lastName ?? "",
      email: p?.email ?? "",
      phone: p?.phone ?? "",
      city: r.city,
      state: r.state,
      submittedAt: r.submittedAt,
      updatedAt: r.updatedAt,
      assigneeFirst: a?.first ?? null,
      assigneeLast: a?.last ?? null,
      waitingSince: waitingOf.get(r.id) ? new Date(waitingOf.get(r.id)!) : null,
    };
  });
}

/** True for an existing, non-draft application (the back office never works on drafts). */
export async function isSubmittedApplication(id: number, db: DbOrTx = getDb()) {
  const [row] = await db.select({ status: apps.status }).from(apps).where(eq(apps.id, id)).limit(1);
  return Boolean(row && row.status !== "draft");
}

export async function getDocumentRequest(id: number, db: DbOrTx = getDb()) {
  const [row] = await db.select({ applicationId: requests.applicationId }).from(requests).where(eq(requests.id, id)).limit(1);
  if (!row) return null;
  return (await listDocumentRequests([row.applicationId], db)).find((r) => r.id === id) ?? null;
}

export async function getNote(id: number, db: DbOrTx = getDb()) {
  const [row] = await db.select({ applicationId: notes.applicationId }).from(notes).where(eq(notes.id, id)).limit(1);
  if (!row) return null;
  return (await listNotes(row.applicationId, db)).find((n) => n.id === id) ?? null;
}
