/**
 * Fixed-window counters in MySQL, so a limit holds across several app servers. Hand-written rather
 * than `rate-limiter-flexible`: the counts must be able to run on a caller's transaction and go
 * through our guarded pool, on the database's clock (the reasons in full at the top of
 * services/throttle.server.ts and in docs/architecture.md).
 */
import { sql } from "drizzle-orm";
import { getDb, schema, type DbOrTx } from "~/platform/db/db.server";

/** The hits in `bucket`'s window as of now, and the milliseconds until that window ends. */
async function readBucket(key: string, windowSeconds: number, db: DbOrTx = getDb()) {
  const [rows] = (await db.execute(
    sql`SELECT hits, TIMESTAMPDIFF(MICROSECOND, UTC_TIMESTAMP(3), window_start + INTERVAL ${windowSeconds} SECOND) DIV 1000 AS msLeft
        FROM rate_limits WHERE bucket = ${key}`,
  )) as unknown as [Array<{ hits: number | string; msLeft: number | string }>];
  return rows[0] ? { hits: Number(rows[0].hits), msLeft: Number(rows[0].msLeft) } : null;
}

/**
 * Counts one hit in `bucket` and returns the hits in the current window, in one statement: a new
 * row is the window's first hit (1 affected row); an updated row (2 affected rows) reports its new
 * count through LAST_INSERT_ID(expr), which the server returns as the statement's insert id (the
 * table has no AUTO_INCREMENT column; MariaDB and MySQL alike). Should a server not report it,
 * the count is read back.
 */
export async function hit(bucket: string, windowSeconds: number, db: DbOrTx = getDb()): Promise<number> {
  const key = bucket.slice(0, 191);
  const [res] = (await db.execute(sql`
    INSERT INTO rate_limits (bucket, window_start, hits) VALUES (${key}, UTC_TIMESTAMP(3), 1)
    ON DUPLICATE KEY UPDATE
      hits = LAST_INSERT_ID(IF(window_start < UTC_TIMESTAMP(3) - INTERVAL ${windowSeconds} SECOND, 1, hits + 1)),
      window_start = IF(window_start < UTC_TIMESTAMP(3) - INTERVAL ${windowSeconds} SECOND, UTC_TIMESTAMP(3), window_start)`)) as unknown as [
    { affectedRows: number; insertId: number },
  ];
  if (res.affectedRows === 1) return 1;
  if (res.insertId >= 1) return Number(res.insertId);
  return (await readBucket(key, windowSeconds, db))?.hits ?? 1;
}

/** When `bucket`'s current window ends (now when it has no window). */
export async function windowResetAt(bucket: string, windowSeconds: number, db: DbOrTx = getDb()): Promise<Date> {
  const row = await readBucket(bucket.slice(0, 191), windowSeconds, db);
  return new Date(Date.now() + Math.max(0, row?.msLeft ?? 0));
}

export async function resetBucket(bucket: string) {
  await getDb().execute(sql`DELETE FROM rate_limits WHERE bucket = ${bucket.slice(0, 191)}`);
}

/** The hits in `bucket`'s current window without counting one (0 when the window has ended). */
export async function peek(bucket: string, windowSeconds: number): Promise<{ hits: number; resetAt: Date }> {
  const row = await readBucket(bucket.slice(0, 191), windowSeconds);
  if (!row || row.msLeft <= 0) return { hits: 0, resetAt: new Date() };
  return { hits: row.hits, resetAt: new Date(Date.now() + row.msLeft) };
}

/** Throttle counters whose window ended more than `olderThanSeconds` ago (a new hit resets them anyway). */
export async function deleteStaleRateLimits(olderThanSeconds: number): Promise<number> {
  const r = schema.rateLimits;
  const [res] = await getDb()
    .delete(r)
    .where(sql`${r.windowStart} < UTC_TIMESTAMP(3) - INTERVAL ${olderThanSeconds} SECOND`);
  return res.affectedRows;
}
