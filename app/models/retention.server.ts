/**
 * Database access for the retention purge: abandoned drafts and draft applications, dead sessions
 * and stale throttle counters. Every delete repeats its conditions, so a row touched between the
 * select and the delete is kept.
 */
import { and, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, schema, type Tx } from "~/models/db.server";

const drafts = schema.applicationDrafts;
const apps = schema.loanApplications;
const docs = schema.documents;

const abandonedAnonymousDraft = (cutoff: Date) =>
  and(isNull(drafts.userId), isNull(drafts.submittedAt), isNull(drafts.loanApplicationId), lt(drafts.updatedAt, cutoff));

/** Ids of anonymous, never-submitted wizard drafts without an application, untouched since `cutoff`. */
export async function listAbandonedAnonymousDrafts(cutoff: Date, limit: number): Promise<number[]> {
  const rows = await getDb().select({ id: drafts.id }).from(drafts).where(abandonedAnonymousDraft(cutoff)).orderBy(drafts.id).limit(limit);
  return rows.map((r) => r.id);
}

export async function deleteAnonymousDrafts(ids: number[], cutoff: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const [res] = await getDb()
    .delete(drafts)
    .where(and(inArray(drafts.id, ids), abandonedAnonymousDraft(cutoff)));
  return res.affectedRows;
}

/**
 * Draft applications (never submitted) untouched since `cutoff`: the row itself, its documents
 * (no upload since) and its wizard draft (no save since) are all older.
 */
const abandonedDraftApplication = (cutoff: Date) =>
  and(
    eq(apps.status, "draft"),
    isNull(apps.submittedAt),
    lt(apps.updatedAt, cutoff),
    sql`NOT EXISTS (SELECT 1 FROM ${docs} WHERE ${docs.applicationId} = ${apps.id} AND ${docs.uploadedAt} >= ${cutoff})`,
    sql`NOT EXISTS (SELECT 1 FROM ${drafts} WHERE (${drafts.loanApplicationId} = ${apps.id} OR ${drafts.id} = ${apps.draftId}) AND (${drafts.updatedAt} >= ${cutoff} OR ${drafts.submittedAt} IS NOT NULL))`,
  );

export async function listAbandonedDraftApplications(cutoff: Date, afterId: number, limit: number): Promise<number[]> {
  const rows = await getDb()
    .select({ id: apps.id })
    .from(apps)
    .where(and(abandonedDraftApplication(cutoff), gt(apps.id, afterId)))
    .orderBy(apps.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * In the caller's transaction: locks the application and, if it is still an abandoned draft,
 * deletes its documents' rows, its wizard draft and the application (its events cascade).
 * Returns the storage keys of the deleted documents (their files go after COMMIT), or null when
 * the application no longer qualifies.
 */
export async function deleteDraftApplication(tx: Tx, id: number, cutoff: Date): Promise<{ storageKeys: string[]; documentIds: number[] } | null> {
  const [app] = await tx
    .select({ id: apps.id, draftId: apps.draftId })
    .from(apps)
    .where(and(eq(apps.id, id), abandonedDraftApplication(cutoff)))
    .limit(1)
    .for("update");
  if (!app) return null;
  const rows = await tx.select({ id: docs.id, storageKey: docs.storageKey }).from(docs).where(eq(docs.applicationId, id)).for("update");
  if (rows.length) await tx.delete(docs).where(eq(docs.applicationId, id));
  await tx
    .delete(drafts)
    .where(and(isNull(drafts.submittedAt), or(eq(drafts.loanApplicationId, id), app.draftId ? eq(drafts.id, app.draftId) : sql`FALSE`)));
  await tx.delete(apps).where(and(eq(apps.id, id), eq(apps.status, "draft")));
  return { storageKeys: rows.map((r) => r.storageKey), documentIds: rows.map((r) => r.id) };
}

/**
 * Sessions no request can use any more: past their absolute expiry, or idle longer than the
 * longest idle limit that could apply (signed-in: `signedInIdleMs`, anonymous: `anonymousIdleMs`).
 */
export async function deleteDeadSessions(now: Date, signedInIdleMs: number, anonymousIdleMs: number): Promise<number> {
  const s = schema.sessions;
  const [res] = await getDb()
    .delete(s)
    .where(
      or(
        lt(s.expiresAt, now),
        and(sql`${s.userId} IS NOT NULL`, lt(s.lastSeenAt, new Date(now.getTime() - signedInIdleMs))),
        lt(s.lastSeenAt, new Date(now.getTime() - anonymousIdleMs)),
      ),
    );
  return res.affectedRows;
}

/** Throttle counters whose window ended more than `olderThanSeconds` ago (a new hit resets them anyway). */
export async function deleteStaleRateLimits(olderThanSeconds: number): Promise<number> {
  const r = schema.rateLimits;
  const [res] = await getDb()
    .delete(r)
    .where(sql`${r.windowStart} < UTC_TIMESTAMP(3) - INTERVAL ${olderThanSeconds} SECOND`);
  return res.affectedRows;
}
