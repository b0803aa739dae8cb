import { getPool } from "~/platform/db/db.server";
import { FailoverPool, nodeStatus } from "~/platform/db/db-cluster.server";

export type DatabaseReadiness = "ready" | "unavailable" | "not synced";

/**
 * Does the database take queries, within `timeoutMs`? Off Galera: it answers. On Galera: the node
 * the app writes to is Synced with wsrep_ready ON (a node cut off from the cluster still answers
 * `SELECT 1`, but refuses every real query with error 1047). With several hosts, a node found not
 * ready is skipped from now on, so the next request goes to a node that is.
 */
export async function databaseReadiness(timeoutMs = 2000): Promise<DatabaseReadiness> {
  let timer: NodeJS.Timeout | undefined;
  const pool = getPool();
  const check = (async (): Promise<DatabaseReadiness> => {
    const conn = await pool.getConnection(timeoutMs);
    try {
      const status = await nodeStatus(conn as unknown as Parameters<typeof nodeStatus>[0]);
      if (status.ready) return "ready";
      if (pool instanceof FailoverPool) pool.markCurrentDown();
      return "not synced";
    } finally {
      conn.release();
    }
  })();
  try {
    return await Promise.race([
      check,
      new Promise<DatabaseReadiness>((resolve) => (timer = setTimeout(() => resolve("unavailable"), timeoutMs))),
    ]);
  } catch {
    return "unavailable";
  } finally {
    clearTimeout(timer);
    // A check that lost the race may still fail later: never an unhandled rejection.
    check.catch(() => {});
  }
}

/** Does the database answer and take queries (see databaseReadiness)? */
export async function pingDatabase(timeoutMs = 2000) {
  return (await databaseReadiness(timeoutMs)) === "ready";
}
