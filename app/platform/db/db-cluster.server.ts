/**
 * Several database hosts, one writer at a time: for a cluster whose nodes all accept writes
 * (MariaDB Galera). Writing to several nodes at once is correct on Galera but turns every row-lock
 * wait (`SELECT ... FOR UPDATE`) between two nodes into a certification failure at commit, and a
 * read on one node may not yet see a commit made on another; so the app sends all its traffic to
 * one node, the first healthy one in the configured order, and every app server given the same
 * order picks the same node.
 *
 * - A host "fails" when connecting to it, or a query on it, ends as "database unavailable"
 *   (refused, lost connection, no answer within the deadline, WSREP not ready: utils/db-errors).
 *   It is then skipped for DB_FAILBACK_MS, and the next host in order takes the traffic.
 * - Before a host takes the traffic (a fail-over, or the return to a preferred host once its
 *   pause is over), the node is asked whether it is ready: on Galera, `wsrep_ready` ON and
 *   `wsrep_local_state_comment` Synced. A node that is joining, donating or cut off is skipped.
 * - The request whose query met the failure answers 503 with Retry-After (its transaction was
 *   rolled back with its connection: nothing half-written); the requests after it go to the next
 *   host. Each host keeps its own bounded pool, queue limit and deadlines (db.server.ts).
 */
import type mysql from "mysql2/promise";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "~/platform/db/db-errors.server";
import { logError } from "~/platform/observability/log.server";
import { databaseDownInThisRequest, markDatabaseDown } from "~/platform/http/request-scope.server";
import type { GuardedConnection, GuardedPool } from "./db.server";

/** What a node says about itself: Galera or not, and if Galera, whether it may take queries. */
export type NodeStatus = { galera: boolean; ready: boolean; state: string };

type Queryable = { query: (sql: string) => Promise<unknown> };

/**
 * Asks a connection's node whether it is ready. Off Galera (MySQL, or MariaDB with wsrep_on OFF)
 * an answer is enough. On Galera the node must be Synced and wsrep_ready ON: a node cut off from
 * the cluster (non-primary) still answers `SELECT 1` but refuses real queries with error 1047.
 */
export async function nodeStatus(conn: Queryable): Promise<NodeStatus> {
  const [vars] = (await conn.query("SHOW VARIABLES LIKE 'wsrep_on'")) as [Array<{ Value: string }>];
  if (String(vars[0]?.Value ?? "OFF").toUpperCase() !== "ON") return { galera: false, ready: true, state: "not galera" };
  const [rows] = (await conn.query(
    "SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_ready', 'wsrep_local_state_comment', 'wsrep_cluster_status')",
  )) as [Array<{ Variable_name: string; Value: string }>];
  return galeraReadiness(Object.fromEntries(rows.map((r) => [r.Variable_name.toLowerCase(), String(r.Value)])));
}

/** The decision on a Galera node's status variables (pure, so it is unit-tested). */
export function galeraReadiness(status: Record<string, string | undefined>): NodeStatus {
  const state = status.wsrep_local_state_comment ?? "unknown";
  const ready =
    String(status.wsrep_ready ?? "").toUpperCase() === "ON" &&
    state === "Synced" &&
    // Absent on old versions; when present it must say the node is in the primary component.
    (status.wsrep_cluster_status === undefined || status.wsrep_cluster_status === "Primary");
  return {
    galera: true,
    ready,
    state: status.wsrep_cluster_status === "Primary" || !status.wsrep_cluster_status ? state : `${state}, ${status.wsrep_cluster_status}`,
  };
}

export class FailoverPool {
  private current = 0;
  private readonly downUntil: number[];
  readonly timeoutMs: number;
  private readonly failbackMs: number;

  constructor(
    readonly hosts: GuardedPool[],
    opts: { timeoutMs: number; failbackMs: number },
  ) {
    this.timeoutMs = opts.timeoutMs;
    this.failbackMs = opts.failbackMs;
    this.downUntil = hosts.map(() => 0);
    hosts.forEach((h, i) => {
      h.onUnavailable = () => this.markDown(i);
    });
  }

  /** The host taking the traffic now ("host:port"), for readiness and logs. */
  currentHost(): string {
    return this.hosts[this.current]!.options.label ?? String(this.current);
  }

  /** The pool of the host taking the traffic now (mysql2's events and stats). */
  get raw(): mysql.Pool {
    return this.hosts[this.current]!.raw;
  }

  /** Skip host `i` for DB_FAILBACK_MS. */
  markDown(i: number) {
    this.downUntil[i] = Date.now() + this.failbackMs;
  }

  /** The host taking the traffic was found not ready (readiness): the next request moves on. */
  markCurrentDown() {
    this.markDown(this.current);
  }

  /** Hosts to try: those not skipped, in list order, then the skipped ones (better than nothing). */
  private order(): number[] {
    const now = Date.now();
    const all = this.hosts.map((_, i) => i);
    return [...all.filter((i) => this.downUntil[i]! <= now), ...all.filter((i) => this.downUntil[i]! > now)];
  }

  async getConnection(deadlineMs = this.timeoutMs): Promise<GuardedConnection> {
    const known = databaseDownInThisRequest();
    if (known) throw known;
    const end = Date.now() + deadlineMs;
    let last: unknown;
    for (const i of this.order()) {
      const left = end - Date.now();
      if (left <= 0) break;
      let conn: GuardedConnection;
      try {
        conn = await this.hosts[i]!.getConnection(left, false);
      } catch (e) {
        if (!isDatabaseUnavailable(e)) throw e;
        last = e;
        continue;
      }
      if (i === this.current) return conn;
      // A new writer: only a node that is ready takes the traffic.
      try {
        const status = await nodeStatus(conn as unknown as Queryable);
        if (!status.ready) {
          conn.destroy();
          this.markDown(i);
          last = new DatabaseUnavailableError(`node ${this.hosts[i]!.options.label} is not ready (${status.state})`);
          continue;
        }
      } catch (e) {
        conn.destroy();
        this.markDown(i);
        if (!isDatabaseUnavailable(e)) logError("db.failover", e);
        last = e;
        continue;
      }
      const from = this.current;
      this.current = i;
      this.downUntil[i] = 0;
      // Several requests may find the new writer at once: one line.
      if (from !== i) console.warn(`[db] now writing to ${this.currentHost()} (was ${this.hosts[from]!.options.label})`);
      return conn;
    }
    const error =
      last instanceof DatabaseUnavailableError
        ? last
        : new DatabaseUnavailableError(`no database host answered within ${deadlineMs} ms`, { cause: last, code: "DB_TIMEOUT" });
    markDatabaseDown(error);
    throw error;
  }

  private async once<T>(call: (c: GuardedConnection) => Promise<T>): Promise<T> {
    const conn = await this.getConnection();
    try {
      return await call(conn);
    } finally {
      conn.release();
    }
  }

  query = ((...args: unknown[]) => this.once((c) => c.call("query", args))) as mysql.Pool["query"];
  execute = ((...args: unknown[]) => this.once((c) => c.call("execute", args))) as mysql.Pool["execute"];

  async end() {
    await Promise.all(this.hosts.map((h) => h.end()));
  }
}
