/**
 * The back office's read queries across tables: the admin list's extra filters and row
 * extras, the applicant's view of requests and reviews, and the CSV export's batches. Each table's
 * own reads and writes are in its model (document-requests, document-reviews, application-notes,
 * application-assignments).
 */
import { and, asc, count, eq, exists, gt, gte, inArray, lt, notExists, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/mysql-core";
import type { AdminListParams } from "~/features/back-office/admin.schema";
import { CSV_FIELDS, type ApplicationFieldValues, type FieldName } from "~/features/applications";
import { STALE_DAYS } from "~/features/back-office/back-office.schema";
import { getDb, preparedPerDb, schema, type DbOrTx } from "~/platform/db/db.server";

const apps = schema.loanApplications;
const docs = schema.documents;
const requests = schema.documentRequests;
const reviews = schema.documentReviews;
const assignments = schema.applicationAssignments;
const users = schema.users;
const offers = schema.offers;

const DAY_MS = 24 * 3600 * 1000;
/** Statuses an application can still move on from: the "stale" queue's. */
const OPEN_STATUSES = schema.APPLICATION_STATUSES_DB.filter((s) => s !== "draft" && s !== "approved" && s !== "rejected");
const fullName = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ""}`.trim() : null);

// ---------------------------------------------------------------------------------------------
// List filters (added to the admin list's own conditions)
// ---------------------------------------------------------------------------------------------

export function startOfTodayUtc(now = new Date()) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The assignee and queue filters as SQL conditions on loan_applications. */
export function backOfficeConditions(
  params: Pick<AdminListParams, "assigned" | "queue">,
  viewerId: number | null,
  now = new Date(),
): SQL[] {
  const db = getDb();
  const out: SQL[] = [];
  const assignedTo = (who: SQL) =>
    db
      .select({ one: sql`1` })
      .from(assignments)
      .where(and(eq(assignments.applicationId, apps.id), who));
  if (params.assigned === "mine") out.push(exists(assignedTo(eq(assignments.assigneeUserId, viewerId ?? -1))));
  if (params.assigned === "unassigned")
    out.push(
      notExists(
        db
          .select({ one: sql`1` })
          .from(assignments)
          .where(eq(assignments.applicationId, apps.id)),
      ),
    );
  if (params.queue === "new-today") out.push(gte(apps.submittedAt, startOfTodayUtc(now)));
  if (params.queue === "waiting") {
    out.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(requests)
          .where(and(eq(requests.applicationId, apps.id), eq(requests.status, "open"))),
      ),
    );
  }
  if (params.queue === "stale") {
    // The open statuses named (not "none of the closed ones"): MariaDB then reads only the stale
    // rows of each from the (status, updated_at) index instead of scanning the table.
    out.push(inArray(apps.status, OPEN_STATUSES));
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
// The review workspace's queue: the open applications, oldest submission first.
// ---------------------------------------------------------------------------------------------

/** The statuses the review workspace's queue shows: submitted and not yet decided. */
export const REVIEW_QUEUE_STATUSES = ["submitted", "pending", "under-review"] as const;
export const REVIEW_QUEUE_MAX = 100;

export type ReviewQueueRow = {
  id: number;
  reference: string;
  status: (typeof schema.APPLICATION_STATUSES_DB)[number];
  applicant: string;
  openOffers: number;
  submittedAt: Date | null;
  updatedAt: Date;
};

/**
 * The applications waiting for a decision (served by the (status, submitted_at) index), with the
 * applicant's name and how many offers are open on each. Two waves: the rows, then their children.
 */
export async function reviewQueueRows(db: DbOrTx = getDb(), openId?: number): Promise<ReviewQueueRow[]> {
  const columns = {
    id: apps.id,
    reference: apps.reference,
    status: apps.status,
    userId: apps.userId,
    submittedAt: apps.submittedAt,
    updatedAt: apps.updatedAt,
  };
  const waiting = inArray(apps.status, [...REVIEW_QUEUE_STATUSES]);
  // Oldest submission first; a row without a submission time (never submitted) goes last, not first.
  const rows = await db
    .select(columns)
    .from(apps)
    .where(waiting)
    .orderBy(sql`${apps.submittedAt} IS NULL`, asc(apps.submittedAt), asc(apps.id))
    .limit(REVIEW_QUEUE_MAX);
  // The application open beside the queue is always in it (after the first REVIEW_QUEUE_MAX) while it waits.
  if (openId && rows.length === REVIEW_QUEUE_MAX && !rows.some((r) => r.id === openId)) {
    rows.push(
      ...(await db
        .select(columns)
        .from(apps)
        .where(and(waiting, eq(apps.id, openId)))),
    );
  }
  if (!rows.length) return [];
  const [people, counts] = await Promise.all([
    db
      .select({ id: users.id, first: users.firstName, last: users.lastName })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))])),
    db
      .select({ applicationId: offers.applicationId, n: count() })
      .from(offers)
      .where(
        and(
          inArray(
            offers.applicationId,
            rows.map((r) => r.id),
          ),
          eq(offers.status, "offered"),
        ),
      )
      .groupBy(offers.applicationId),
  ]);
  const nameOf = new Map(people.map((p) => [p.id, fullName(p.first, p.last) ?? ""]));
  const countOf = new Map(counts.map((c) => [c.applicationId, Number(c.n)]));
  return rows.map(({ userId, ...r }) => ({ ...r, applicant: nameOf.get(userId) ?? "", openOffers: countOf.get(r.id) ?? 0 }));
}

// ---------------------------------------------------------------------------------------------
// The applicant's view (dashboard): requests and per-document review states, no names of admins.
// ---------------------------------------------------------------------------------------------

/** The documents of some applications with their review, oldest first ("in (?)": mysql2 writes an array as a list). */
const documentsOfApplications = preparedPerDb((db) =>
  db
    .select({
      id: docs.id,
      applicationId: docs.applicationId,
      documentType: docs.documentType,
      fileName: docs.fileName,
      contentType: docs.contentType,
      fileSize: docs.fileSize,
      uploadedAt: docs.uploadedAt,
      decision: reviews.decision,
      reason: reviews.reason,
      reasonText: reviews.reasonText,
    })
    .from(docs)
    .leftJoin(reviews, eq(reviews.documentId, docs.id))
    .where(sql`${docs.applicationId} in (${sql.placeholder("applicationIds")})`)
    .orderBy(asc(docs.uploadedAt), asc(docs.id))
    .limit(1000)
    .prepare(),
);

/**
 * The documents of some applications (the first 1000) with their current review, as stored: what
 * the applicant may see of them is decided by applicantDocument (services/applicant-visible).
 */
export async function listDocumentsWithReview(applicationIds: number[], db: DbOrTx = getDb()) {
  if (!applicationIds.length) return [];
  return documentsOfApplications(db).execute({ applicationIds: applicationIds.map(Number) });
}

// ---------------------------------------------------------------------------------------------
// CSV export: one batch at a time, by id (keyset), never the whole list in memory.
// ---------------------------------------------------------------------------------------------

export const EXPORT_BATCH_SIZE = 1000;

export type ExportRow = {
  id: number;
  reference: string;
  status: string;
  /** The application fields the CSV has a column for (the fields table's `csv`). */
  fields: Partial<ApplicationFieldValues>;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  submittedAt: Date | null;
  updatedAt: Date;
  assigneeFirst: string | null;
  assigneeLast: string | null;
  waitingSince: Date | null;
};

const CSV_FIELD_LIST = [...CSV_FIELDS.afterStatus, ...CSV_FIELDS.afterContact];
/** Only the columns the CSV shows are read (100,000 rows may be exported). */
const CSV_COLUMNS = Object.fromEntries(CSV_FIELD_LIST.map((f) => [f.name, apps[f.name]])) as Pick<typeof apps, FieldName>;

export async function exportBatch(where: SQL, afterId: number, limit = EXPORT_BATCH_SIZE, db: DbOrTx = getDb()): Promise<ExportRow[]> {
  const assignee = alias(users, "assignee");
  const rows = await db
    .select({
      id: apps.id,
      reference: apps.reference,
      status: apps.status,
      ...CSV_COLUMNS,
      userId: apps.userId,
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
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
      .from(users)
      .where(inArray(users.id, userIds)),
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
      fields: Object.fromEntries(CSV_FIELD_LIST.map((f) => [f.name, f.kind === "money" ? Number(r[f.name]) : r[f.name]])),
      firstName: p?.firstName ?? "",
      lastName: p?.lastName ?? "",
      email: p?.email ?? "",
      phone: p?.phone ?? "",
      submittedAt: r.submittedAt,
      updatedAt: r.updatedAt,
      assigneeFirst: a?.first ?? null,
      assigneeLast: a?.last ?? null,
      waitingSince: waitingOf.get(r.id) ? new Date(waitingOf.get(r.id)!) : null,
    };
  });
}
