/**
 * Idempotency records (idempotency_keys): one row per caller scope and Idempotency-Key. The row is
 * inserted before the work, on its own (autocommit), so the unique index lets exactly one of
 * several concurrent requests do the work; the others read the row.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import { getDb, schema, type DbOrTx } from "~/platform/db/db.server";
import { isDuplicate } from "~/features/accounts/index.server";

const I = schema.idempotencyKeys;
export type IdempotencyRow = typeof schema.idempotencyKeys.$inferSelect;

/** Inserts the in-progress row and gives its id; null when the scope already has this key. */
export async function claimIdempotencyKey(
  input: { scope: string; keyHash: string; requestHash: string; ttlSeconds: number },
  db: DbOrTx = getDb(),
): Promise<number | null> {
  try {
    const [res] = await db.insert(I).values({
      scope: input.scope,
      keyHash: input.keyHash,
      requestHash: input.requestHash,
      state: "in-progress",
      expiresAt: sql`UTC_TIMESTAMP(3) + INTERVAL ${input.ttlSeconds} SECOND`,
    });
    return res.insertId;
  } catch (e) {
    if (isDuplicate(e)) return null;
    throw e;
  }
}

export async function readIdempotencyKey(scope: string, keyHash: string, db: DbOrTx = getDb()) {
  const [row] = await db
    .select({
      id: I.id,
      requestHash: I.requestHash,
      state: I.state,
      responseStatus: I.responseStatus,
      responseBody: I.responseBody,
      expired: sql<number>`${I.expiresAt} < UTC_TIMESTAMP(3)`,
    })
    .from(I)
    .where(and(eq(I.scope, scope), eq(I.keyHash, keyHash)))
    .limit(1);
  return row ? { ...row, expired: Boolean(Number(row.expired)) } : null;
}

export async function completeIdempotencyKey(id: number, status: number, body: string, db: DbOrTx = getDb()) {
  await db.update(I).set({ state: "done", responseStatus: status, responseBody: body }).where(eq(I.id, id));
}

/** Drops a row so the request can be tried again (its work failed, or the row expired). */
export async function releaseIdempotencyKey(id: number, db: DbOrTx = getDb()) {
  await db.delete(I).where(eq(I.id, id));
}

/** Rows past their 24 hours (the retention job's sweep). */
export async function deleteExpiredIdempotencyKeys(db: DbOrTx = getDb()): Promise<number> {
  const [res] = await db.delete(I).where(lt(I.expiresAt, sql`UTC_TIMESTAMP(3)`));
  return res.affectedRows;
}
