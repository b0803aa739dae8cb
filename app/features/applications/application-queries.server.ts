/**
 * Read models of an applicant's own loan applications (the dashboard, its activity, uploads to
 * one's own application). The admin panel's reads are in back-office/admin-queries.
 */
import { and, desc, eq, inArray, isNotNull, like, ne, sql } from "drizzle-orm";
import { getDb, preparedPerDb, schema, type DbOrTx } from "~/platform/db/db.server";

const apps = schema.loanApplications;
const docs = schema.documents;
const events = schema.applicationEvents;

export type Purpose = (typeof schema.PURPOSES_DB)[number];
export type ApplicationStatus = (typeof schema.APPLICATION_STATUSES_DB)[number];

/** The columns of an application row that both the admin list and the applicant's dashboard show. */
export const applicationRowColumns = {
  id: apps.id,
  reference: apps.reference,
  amount: apps.amount,
  purpose: apps.purpose,
  status: apps.status,
  stage: apps.stage,
  submittedAt: apps.submittedAt,
};

// ---------------------------------------------------------------------------------------------
// The applicant's dashboard
// ---------------------------------------------------------------------------------------------

export type UserApplication = {
  id: number;
  reference: string;
  amount: number;
  purpose: Purpose;
  status: ApplicationStatus;
  stage: (typeof schema.APPLICATION_STAGES_DB)[number];
  submittedAt: string | null;
  updatedAt: string;
  /** Submission and status changes, oldest first: what the progress steps are derived from. */
  history: Array<{ type: string; toStatus: string | null; at: string }>;
};

// The dashboard's reads are single-table or plain-join queries, each sorted on one table or in
// here: a derived table ("latest N, then join") made MariaDB build a temporary table and sort it
// again, which cost it three to five times a plain indexed read (bench/RESULTS.md).

/** The user's latest 100 non-draft applications, newest first (index on user_id). */
const applicationsOfUser = preparedPerDb((db) =>
  db
    .select({ ...applicationRowColumns, updatedAt: apps.updatedAt })
    .from(apps)
    .where(and(eq(apps.userId, sql.placeholder("userId")), ne(apps.status, "draft")))
    .orderBy(desc(apps.submittedAt), desc(apps.id))
    .limit(100)
    .prepare(),
);

/** Submission and status-change events of some applications, in no order ("in (?)": mysql2 writes an array as a list). */
const progressEventsOf = preparedPerDb((db) =>
  db
    .select({ id: events.id, applicationId: events.applicationId, type: events.type, toStatus: events.toStatus, at: events.createdAt })
    .from(events)
    .where(
      and(sql`${events.applicationId} in (${sql.placeholder("applicationIds")})`, inArray(events.type, ["submitted", "status_changed"])),
    )
    .prepare(),
);

export type UserApplicationRow = Omit<UserApplication, "history">;

/** The user's non-draft applications, newest first, without their history (see withHistory). */
export async function listApplicationRowsForUser(userId: number, db: DbOrTx = getDb()): Promise<UserApplicationRow[]> {
  const rows = await applicationsOfUser(db).execute({ userId });
  return rows.map((r) => ({
    ...r,
    amount: Number(r.amount),
    submittedAt: r.submittedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** Each application with its submission and status changes, oldest first (one query for all). */
export async function withHistory(rows: UserApplicationRow[], db: DbOrTx = getDb()): Promise<UserApplication[]> {
  if (!rows.length) return [];
  const found = await progressEventsOf(db).execute({ applicationIds: rows.map((r) => Number(r.id)) });
  found.sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id);
  const byApp = new Map<number, UserApplication["history"]>();
  for (const e of found) {
    let list = byApp.get(e.applicationId);
    if (!list) byApp.set(e.applicationId, (list = []));
    list.push({ type: e.type, toStatus: e.toStatus, at: e.at.toISOString() });
  }
  return rows.map((r) => ({ ...r, history: byApp.get(r.id) ?? [] }));
}

/** The user's non-draft applications (the latest 100), newest first, each with its status history. */
export async function listApplicationsForUser(userId: number, db: DbOrTx = getDb()): Promise<UserApplication[]> {
  return withHistory(await listApplicationRowsForUser(userId, db), db);
}

/**
 * The latest events of the user's submitted applications (their audit trail), newest first, as
 * stored: what the applicant may see of each is decided by applicantTimelineEntry
 * (services/applicant-visible). Document events note "<type> (document <id>)": the file name comes
 * from a lookup of the document by that id (where it still exists), run for the few rows returned
 * only; the projection checks the note's exact shape before the name is used.
 */
const recentActivityOfUser = preparedPerDb((db) => {
  const notedDocumentId = sql`CAST(SUBSTRING_INDEX(SUBSTRING_INDEX(${events.note}, '(document ', -1), ')', 1) AS UNSIGNED)`;
  const fileName = sql<
    string | null
  >`(select ${docs.fileName} from ${docs} where ${like(events.type, "document_%")} and ${docs.id} = ${notedDocumentId})`;
  return db
    .select({
      id: events.id,
      type: events.type,
      at: events.createdAt,
      reference: apps.reference,
      fromStatus: events.fromStatus,
      toStatus: events.toStatus,
      note: events.note,
      fileName,
    })
    .from(events)
    .innerJoin(apps, eq(apps.id, events.applicationId))
    .where(and(eq(apps.userId, sql.placeholder("userId")), ne(apps.status, "draft")))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(sql.placeholder("limit"))
    .prepare();
});

export async function listRecentEventRowsForUser(userId: number, limit = 8, db: DbOrTx = getDb()) {
  return recentActivityOfUser(db).execute({ userId, limit });
}

/**
 * For an upload from the dashboard: the user's own non-draft application with this id, read in
 * the upload's transaction. Null when it is not theirs (or does not exist).
 */
export async function findOwnedSubmittedApplication(db: DbOrTx, userId: number, applicationId: number) {
  const [row] = await db
    .select({ id: apps.id, userId: apps.userId, reference: apps.reference })
    .from(apps)
    .where(and(eq(apps.id, applicationId), eq(apps.userId, userId), ne(apps.status, "draft"), isNotNull(apps.submittedAt)))
    .limit(1);
  return row ?? null;
}
