/** The wizard's server-side drafts (application_drafts): one row per application in progress. */
import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { DraftData } from "~/features/applications/wizard/wizard.schema";
import { type DbOrTx, getDb, preparedPerDb, schema, type Tx } from "~/platform/db/db.server";

export type DraftRow = Omit<typeof schema.applicationDrafts.$inferSelect, "data"> & { data: DraftData };

const asDraft = (row: typeof schema.applicationDrafts.$inferSelect | undefined): DraftRow | null =>
  row ? { ...row, data: (row.data ?? {}) as DraftData } : null;

const draftById = preparedPerDb((db) =>
  db
    .select()
    .from(schema.applicationDrafts)
    .where(eq(schema.applicationDrafts.id, sql.placeholder("id")))
    .limit(1)
    .prepare(),
);

/** The wizard's read of its draft on every step request. */
export async function getDraftById(id: number, db: DbOrTx = getDb()): Promise<DraftRow | null> {
  const [row] = await draftById(db).execute({ id });
  return asDraft(row);
}

/** Reads and row-locks a draft inside a transaction (SELECT ... FOR UPDATE). */
export async function lockDraft(tx: Tx, id: number): Promise<DraftRow | null> {
  const [row] = await tx.select().from(schema.applicationDrafts).where(eq(schema.applicationDrafts.id, id)).limit(1).for("update");
  return asDraft(row);
}

/** The user's most recently changed draft that was not submitted yet. */
const latestOpenDraftOfUser = preparedPerDb((db) =>
  db
    .select()
    .from(schema.applicationDrafts)
    .where(and(eq(schema.applicationDrafts.userId, sql.placeholder("userId")), isNull(schema.applicationDrafts.submittedAt)))
    .orderBy(desc(schema.applicationDrafts.updatedAt), desc(schema.applicationDrafts.id))
    .limit(1)
    .prepare(),
);

export async function getLatestOpenDraftOfUser(userId: number, db: DbOrTx = getDb()): Promise<DraftRow | null> {
  const [row] = await latestOpenDraftOfUser(db).execute({ userId });
  return asDraft(row);
}

export async function insertDraft(input: { userId: number | null; data: DraftData }, db: DbOrTx = getDb()): Promise<number> {
  const [res] = await db.insert(schema.applicationDrafts).values({ userId: input.userId, data: input.data });
  return res.insertId;
}

/** Every write to a draft bumps its version, so a matching version means the row is as it was read. */
const nextVersion = sql`${schema.applicationDrafts.version} + 1`;

export async function updateDraft(
  id: number,
  values: Partial<{ data: DraftData; userId: number | null; loanApplicationId: number | null; submittedAt: Date | null }>,
  db: DbOrTx = getDb(),
) {
  await db
    .update(schema.applicationDrafts)
    .set({ ...values, version: nextVersion, updatedAt: new Date() })
    .where(eq(schema.applicationDrafts.id, id));
}

/**
 * Writes `data` only if the draft is still at `version` and has no application (one statement, no
 * row lock). False when another write came first or an application appeared: the caller then
 * takes the locked path (lockDraft) and merges into the current row.
 */
export async function updateDraftDataIfUnchanged(id: number, version: number, data: DraftData, db: DbOrTx = getDb()): Promise<boolean> {
  // The JSON column's own encoding (JSON.stringify), done here: a placeholder's value goes to the driver as given.
  const [res] = await saveIfVersion(db).execute({ id, version, data: JSON.stringify(data), now: new Date() });
  return res.affectedRows === 1;
}

/** The step save on every wizard POST, built once per pool (drizzle built it per request). */
const saveIfVersion = preparedPerDb((db) => {
  const d = schema.applicationDrafts;
  return db
    .update(d)
    .set({ data: sql`${sql.placeholder("data")}`, version: nextVersion, updatedAt: sql`${sql.placeholder("now")}` })
    .where(and(eq(d.id, sql.placeholder("id")), eq(d.version, sql.placeholder("version")), isNull(d.loanApplicationId)))
    .prepare();
});

/** Gives an anonymous draft to the user who signed in (no-op when it already has an owner); true when it did. */
export async function attachDraftToUser(id: number, userId: number, db: DbOrTx = getDb()): Promise<boolean> {
  const [res] = await db
    .update(schema.applicationDrafts)
    .set({ userId, version: nextVersion })
    .where(and(eq(schema.applicationDrafts.id, id), isNull(schema.applicationDrafts.userId)));
  return res.affectedRows === 1;
}

const drafts = schema.applicationDrafts;
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
