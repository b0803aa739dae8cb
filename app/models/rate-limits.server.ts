/** Fixed-window counters in MySQL, so a limit holds across several app servers. */
import { sql } from "drizzle-orm";
import { getDb, schema } from "~/models/db.server";

/** Counts one hit in `bucket` and returns the hits in the current window. */
export async function hit(bucket: string, windowSeconds: number): Promise<{ hits: number; resetAt: Date }> {
  const db = getDb();
  const key = bucket.slice(0, 191);
  await db.execute(sql`
    INSERT INTO rate_limits (bucket, window_start, hits) VALUES (${key}, UTC_TIMESTAMP(3), 1)
    ON DUPLICATE KEY UPDATE
      hits = IF(window_start < UTC_TIMESTAMP(3) - INTERVAL ${windowSeconds} SECOND, 1, hits + 1),
      window_start = IF(window_start < UTC_TIMESTAMP(3) - INTERVAL ${windowSeconds} SECOND, UTC_TIMESTAMP(3), window_start)`);
  const [rows] = (await db.execute(
    sql`SELECT hits, TIMESTAMPDIFF(MICROSECOND, UTC_TIMESTAMP(3), window_start + INTERVAL ${windowSeconds} SECOND) DIV 1000 AS msLeft
        FROM rate_limits WHERE bucket = ${key}`,
  )) as unknown as [Array<{ hits: number | string; msLeft: number | string }>];
  const row = rows[0];
  return { hits: Number(row?.hits ?? 1), resetAt: new Date(Date.now() + Math.max(0, Number(row?.msLeft ?? 0))) };
}

export async function resetBucket(bucket: string) {
  await getDb().execute(sql`DELETE FROM rate_limits WHERE bucket = ${bucket.slice(0, 191)}`);
}

/** The hits in `bucket`'s current window without counting one (0 when the window has ended). */
export async function peek(bucket: string, windowSeconds: number): Promise<{ hits: number; resetAt: Date }> {
  const [rows] = (await getDb().execute(
    sql`SELECT hits, TIMESTAMPDIFF(MICROSECOND, UTC_TIMESTAMP(3), window_start + INTERVAL ${windowSeconds} SECOND) DIV 1000 AS msLeft
        FROM rate_limits WHERE bucket = ${bucket.slice(0, 191)}`,
  )) as unknown as [Array<{ hits: number | string; msLeft: number | string }>];
  const msLeft = Number(rows[0]?.msLeft ?? 0);
  if (!rows[0] || msLeft <= 0) return { hits: 0, resetAt: new Date() };
  return { hits: Number(rows[0].hits), resetAt: new Date(Date.now() + msLeft) };
}

/** Throttle counters whose window ended more than `olderThanSeconds` ago (a new hit resets them anyway). */
export async function deleteStaleRateLimits(olderThanSeconds: number): Promise<number> {
  const r = schema.rateLimits;
  const [res] = await getDb()
    .delete(r)
    .where(sql`${r.windowStart} < UTC_TIMESTAMP(3) - INTERVAL ${olderThanSeconds} SECOND`);
  return res.affectedRows;
}
