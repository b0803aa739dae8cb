/**
 * The one mysql2 pool and drizzle instance. Only app/models use getDb and the schema (models are
 * the only code that touches the database); a service may start a transaction with `transaction`
 * and pass its `tx` (type Tx / DbOrTx) back into model functions (enforced in eslint.config.js).
 *
 * The pool is bounded (DB_POOL_SIZE connections, DB_QUEUE_LIMIT waiters) and every database call
 * has a deadline (DB_TIMEOUT_MS): getting a connection and each query. mysql2 has no acquire
 * timeout (sidorares/node-mysql2#673), and its per-query `timeout` hands the connection back to the
 * pool with the query still running, so both deadlines are ours: a query past its deadline
 * destroys its connection (the server then rolls back whatever transaction it held) and fails with
 * DatabaseUnavailableError, which the app answers with 503. Lost connections are dropped from the
 * pool and never crash the process; new ones are made on demand, so the app recovers by itself
 * when MySQL comes back. One per process (utils/singleton) so development live reload does not leak pools.
 *
 * With several hosts (DATABASE_URL `mysql://u:p@db1,db2,db3/name` or DATABASE_HOSTS, a Galera
 * cluster) there is one such pool per host and a FailoverPool in front (models/db-cluster.server.ts):
 * all traffic goes to one host at a time, the first healthy one in list order. On Galera every new
 * connection asks for causal reads (`wsrep_sync_wait=1`, DB_CAUSAL_READS).
 *
 * Hand-written on purpose (the guard and the failover, around mysql2's own pool): no maintained
 * pool for mysql2 gives an acquire deadline, a per-query deadline that destroys the connection
 * (mysql2's returns it to the pool with the query still running), a 503 on outage, and failover
 * across Galera nodes; generic pools (`generic-pool`, `tarn`) would replace mysql2's pool, not the
 * deadlines and the failover around it.
 */
import { drizzle, type MySql2Database } from "drizzle-orm/mysql2";
import mysql from "mysql2/promise";
import * as schema from "../../../db/schema";
import { DatabaseUnavailableError, isDatabaseUnavailable, lockConflictCode } from "~/platform/db/db-errors.server";
import { databaseTargets, hostLabel } from "~/platform/db/database-url.server";
import { getEnv } from "~/platform/env.server";
import { FailoverPool } from "./db-cluster.server";
import { databaseDownInThisRequest, markDatabaseDown } from "~/platform/http/request-scope.server";
import { singleton } from "~/platform/singleton.server";
import { observePoolWait, type PoolStats } from "~/platform/observability/metrics.server";
import { logError } from "~/platform/observability/log.server";

export type Database = MySql2Database<typeof schema>;

/** What drizzle and the app use: one host's GuardedPool, or a FailoverPool over several. */
export type AppPool = GuardedPool | FailoverPool;

type Holder = { pool?: AppPool; db?: Database };
const holder = singleton("db", (): Holder => ({}));

export function poolOptions(
  url: string,
  env: {
    DB_TIMEOUT_MS: number;
    DB_CONNECT_TIMEOUT_MS?: number;
    DB_POOL_SIZE: number;
    DB_QUEUE_LIMIT: number;
    NODE_ENV: string;
  } = getEnv(),
): mysql.PoolOptions {
  return {
    uri: url,
    connectionLimit: env.DB_POOL_SIZE,
    // 0 would mean "unbounded" to mysql2: refuse at once instead.
    queueLimit: env.DB_QUEUE_LIMIT,
    waitForConnections: env.DB_QUEUE_LIMIT > 0,
    // Opening a connection is quick on a live host; one that does not answer is passed over (for
    // the next host, or a 503) long before the query deadline.
    connectTimeout: Math.min(env.DB_CONNECT_TIMEOUT_MS ?? env.DB_TIMEOUT_MS, env.DB_TIMEOUT_MS),
    enableKeepAlive: true,
    keepAliveInitialDelay: 10_000,
    // No maxIdle/idleTimeout: mysql2 would then run a 1 s timer that keeps scripts alive. A
    // connection the server closed is dropped from the pool when its socket ends.
    // mysql2's "long stack traces" make an Error (a captured stack) for every query: about 6% of
    // a step-1 save's CPU in the issue-14 profile. Kept in development, where the call site helps.
    trace: env.NODE_ENV !== "production",
    timezone: "Z",
    dateStrings: false,
    decimalNumbers: false,
  };
}

/**
 * A DatabaseUnavailableError, remembered for the rest of the request (utils/request-scope) unless
 * `remember` is false (one host of several failed: the next may still answer).
 */
export function unavailable(reason: string, cause?: unknown, code = "DB_UNAVAILABLE", remember = true) {
  const error = new DatabaseUnavailableError(reason, { cause, code });
  if (remember) markDatabaseDown(error);
  return error;
}

/** Runs `p` with a deadline; `onLate` gets the value if it arrives after the deadline. */
export function withDeadline<T>(p: Promise<T>, ms: number, onTimeout: () => Error, onLate?: (v: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        reject(onTimeout());
      },
      Math.max(1, ms),
    );
    p.then(
      (v) => {
        if (timedOut) return onLate?.(v);
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        if (timedOut) return;
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/**
 * A pooled connection whose queries have a deadline. Past it, or after a connection-level error,
 * the connection is destroyed (removed from the pool) and every later call on it fails at once with
 * the same error, so a transaction's ROLLBACK does not hang and the connection is never reused.
 */
export class GuardedConnection {
  private dead: Error | null = null;
  constructor(
    readonly inner: mysql.PoolConnection,
    private readonly timeoutMs: number,
    /** Told when this connection fails as "unavailable" (the failover pool then moves on). */
    private readonly onUnavailable?: (error: Error) => void,
  ) {}

  /** The callback connection (drizzle's streaming iterator uses it). */
  get connection() {
    return this.inner.connection;
  }

  private kill(error: Error) {
    if (!this.dead && error instanceof DatabaseUnavailableError && error.code !== "DB_DESTROYED") this.onUnavailable?.(error);
    this.dead ??= error;
    try {
      this.inner.destroy();
    } catch {
      // Already gone.
    }
  }

  private run<T>(call: () => Promise<T>): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const started = call();
    return withDeadline(started, this.timeoutMs, () => {
      const err = unavailable(`no answer within ${this.timeoutMs} ms`, undefined, "DB_TIMEOUT");
      this.kill(err);
      return err;
    }).catch((e: unknown) => {
      if (e instanceof DatabaseUnavailableError) throw e;
      if (isDatabaseUnavailable(e)) {
        const err = unavailable((e as Error).message, e, (e as { code?: string }).code);
        this.kill(err);
        throw err;
      }
      throw e;
    });
  }

  /** `query` or `execute` with mysql2's arguments, under the deadline. */
  call(method: "query" | "execute", args: unknown[]): Promise<unknown> {
    return this.run(() => (this.inner[method] as (...a: unknown[]) => Promise<unknown>).apply(this.inner, args));
  }

  query = ((...args: unknown[]) => this.call("query", args)) as mysql.PoolConnection["query"];
  execute = ((...args: unknown[]) => this.call("execute", args)) as mysql.PoolConnection["execute"];

  release() {
    if (this.dead) return;
    this.inner.release();
  }

  /** Drizzle's streaming iterator ends pooled connections with end(): that means release. */
  end() {
    this.release();
  }

  destroy() {
    this.kill(unavailable("connection destroyed", undefined, "DB_DESTROYED", false));
  }
}

/**
 * The pool as drizzle and the app see it (`getConnection`, `query`, `execute`, `end`), with the
 * deadlines above. `raw` is mysql2's pool (events, stats).
 */
export class GuardedPool {
  /** Whether this host is a Galera node (wsrep_on), learnt from its first connection. */
  private galera: Promise<boolean> | boolean | undefined;
  private readonly prepared = new WeakSet<object>();
  /** Told when a connection or a connection attempt of this pool fails as "unavailable". */
  onUnavailable?: (error: Error) => void;

  constructor(
    readonly raw: mysql.Pool,
    readonly timeoutMs: number,
    readonly options: { label?: string; causalReads?: boolean } = {},
  ) {
    // A connection that dies while idle emits 'error'; without a listener that would crash the
    // process. The pool drops such a connection by itself; nothing else to do.
    const core = (raw as unknown as { pool: import("node:events").EventEmitter }).pool;
    core.on("connection", (conn: import("node:events").EventEmitter) => {
      conn.on("error", () => {});
    });
  }

  /**
   * A pooled connection within `deadlineMs`. `remember` false: a failure is not remembered for the
   * request (the failover pool tries the next host).
   */
  async getConnection(deadlineMs = this.timeoutMs, remember = true): Promise<GuardedConnection> {
    // This request already met the database not answering: fail at once instead of waiting again.
    const known = databaseDownInThisRequest();
    if (known) throw known;
    const waitStarted = performance.now();
    let conn: GuardedConnection;
    try {
      const inner = await withDeadline(
        this.raw.getConnection(),
        deadlineMs,
        () => unavailable(`no connection within ${deadlineMs} ms`, undefined, "DB_TIMEOUT", remember),
        // Arrived after we gave up: hand it straight back.
        (late) => late.release(),
      );
      observePoolWait((performance.now() - waitStarted) / 1000, "ok");
      conn = new GuardedConnection(inner, this.timeoutMs, this.onUnavailable);
    } catch (e) {
      observePoolWait((performance.now() - waitStarted) / 1000, "error");
      let err = e;
      if (!(e instanceof DatabaseUnavailableError) && isDatabaseUnavailable(e))
        err = unavailable((e as Error).message, e, (e as { code?: string }).code, remember);
      if (err instanceof DatabaseUnavailableError) this.onUnavailable?.(err);
      throw err;
    }
    // Off Galera (known after the first connection) nothing more to do: the single-server path.
    if (this.galera === false) return conn;
    try {
      await this.prepare(conn);
    } catch (e) {
      conn.destroy();
      throw e;
    }
    return conn;
  }

  /** Learns once whether the host is a Galera node; there, asks each new connection for causal reads. */
  private async prepare(conn: GuardedConnection) {
    if (this.galera === undefined) {
      const detect = (async () => {
        const [rows] = (await conn.query("SHOW VARIABLES LIKE 'wsrep_on'")) as unknown as [Array<{ Value: string }>];
        return String(rows[0]?.Value ?? "OFF").toUpperCase() === "ON";
      })();
      this.galera = detect;
      try {
        this.galera = await detect;
      } catch (e) {
        this.galera = undefined;
        throw e;
      }
    }
    const galera = await this.galera;
    if (!galera || this.options.causalReads === false) return;
    const core = conn.connection as unknown as object;
    if (this.prepared.has(core)) return;
    await conn.query("SET SESSION wsrep_sync_wait = 1");
    this.prepared.add(core);
  }

  /** True when the host turned out to be a Galera node (undefined before its first connection). */
  isGalera(): boolean | undefined {
    return typeof this.galera === "boolean" ? this.galera : undefined;
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

  /** Ends the pool; gives up waiting after the deadline (a stopped server never says goodbye). */
  async end() {
    await withDeadline(this.raw.end(), this.timeoutMs, () => new Error("pool end timed out")).catch(() => {});
  }
}

/** One GuardedPool per host of `targets` (single-host URLs), behind a FailoverPool when there are several. */
export function createAppPool(
  targets: string[],
  env: Parameters<typeof poolOptions>[1] & { DB_FAILBACK_MS: number; DB_CAUSAL_READS: boolean },
): AppPool {
  const pools = targets.map(
    (url) =>
      new GuardedPool(mysql.createPool(poolOptions(url, env)), env.DB_TIMEOUT_MS, {
        label: hostLabel(url),
        causalReads: env.DB_CAUSAL_READS,
      }),
  );
  return pools.length === 1 ? pools[0]! : new FailoverPool(pools, { timeoutMs: env.DB_TIMEOUT_MS, failbackMs: env.DB_FAILBACK_MS });
}

export function getPool(): AppPool {
  const h = holder;
  if (!h.pool) {
    const env = getEnv();
    h.pool = createAppPool(databaseTargets(env.DATABASE_URL, env.DATABASE_HOSTS), env);
  }
  return h.pool;
}

/** The pool's connections (all, free), its queue and limit, for the metrics; null before the first query. */
export function poolStats(): PoolStats | null {
  const raw = holder.pool?.raw as unknown as
    | {
        pool?: {
          config?: { connectionLimit?: number };
          _allConnections?: { length: number };
          _freeConnections?: { length: number };
          _connectionQueue?: { length: number };
        };
      }
    | undefined;
  const p = raw?.pool;
  if (!p) return null;
  return {
    limit: p.config?.connectionLimit ?? 0,
    total: p._allConnections?.length ?? 0,
    free: p._freeConnections?.length ?? 0,
    queued: p._connectionQueue?.length ?? 0,
  };
}

export function getDb(): Database {
  const h = holder;
  // drizzle only needs getConnection/query/execute; the guarded pool has them.
  if (!h.db) h.db = drizzle(getPool() as unknown as mysql.Pool, { schema, mode: "default" });
  return h.db;
}

export async function closeDb() {
  const h = holder;
  const pool = h.pool;
  h.pool = undefined;
  h.db = undefined;
  if (pool) await pool.end();
}

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * How a transaction that lost a lock conflict is repeated: at most `attempts` runs in all, each
 * retry after a random pause of up to `baseDelayMs * 2^(retry - 1)` (capped at `maxDelayMs`), so
 * the transactions that collided do not meet again in lockstep ("full jitter").
 */
export const TRANSACTION_RETRY = { attempts: 5, baseDelayMs: 15, maxDelayMs: 250 } as const;

/** What a retry listener is told: which run failed, with which conflict, and the pause before the next. */
export type TransactionRetryEvent = { attempt: number; code: string; delayMs: number };
type RetryState = { listeners: Set<(e: TransactionRetryEvent) => void>; count: number };
const retryState = singleton("db-transaction-retries", (): RetryState => ({ listeners: new Set(), count: 0 }));

/**
 * Calls `listener` on every transaction retry (for metrics: a counter of deadlock retries).
 * Returns the function that removes it. A listener that throws is ignored.
 */
export function onTransactionRetry(listener: (e: TransactionRetryEvent) => void): () => void {
  retryState.listeners.add(listener);
  return () => retryState.listeners.delete(listener);
}

/** How many transaction retries this process has made since it started. */
export const transactionRetryCount = () => retryState.count;

/**
 * Runs fn in one transaction; every multi-row write goes through here.
 *
 * A transaction that loses a lock conflict (deadlock 1213, lock-wait timeout 1205;
 * utils/db-errors) is rolled back and `fn` runs again from the start on a fresh transaction, up
 * to TRANSACTION_RETRY.attempts runs in all. That is safe because a rolled-back run leaves
 * nothing behind: every side effect of a workflow is a row written in the same transaction (the
 * outbox for e-mails and webhooks, events, audit rows written with `tx`), and `fn` must not do
 * anything else that cannot be repeated before COMMIT (send, write a file, call another service;
 * a file move that has to sit inside the transaction must be made idempotent, as saveUpload's is).
 * `fn` must also not count on state it changed outside the database in an earlier run. Pass
 * `{ retry: false }` for work that cannot meet these rules: the error then reaches the caller.
 */
export async function transaction<T>(fn: (tx: Tx) => Promise<T>, opts: { retry?: boolean } = {}): Promise<T> {
  const { attempts, baseDelayMs, maxDelayMs } = TRANSACTION_RETRY;
  for (let attempt = 1; ; attempt++) {
    // Each attempt has hooks of its own: a rolled-back attempt's are dropped with it.
    const hooks: Array<() => void> = [];
    try {
      const out = await getDb().transaction((tx) => {
        commitHooks.set(tx, hooks);
        return fn(tx);
      });
      for (const hook of hooks) {
        try {
          hook();
        } catch (e) {
          // The work is committed; a hook (a wake-up call) failing must not report it as failed.
          logError("db", e);
        }
      }
      return out;
    } catch (e) {
      const code = lockConflictCode(e);
      if (!code || opts.retry === false || attempt >= attempts) throw e;
      const delayMs = Math.round(Math.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)));
      retryState.count++;
      for (const listener of retryState.listeners) {
        try {
          listener({ attempt, code, delayMs });
        } catch {
          // Metrics must never fail the work they count.
        }
      }
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
export type DbOrTx = Database | Tx;

const commitHooks = new WeakMap<DbOrTx, Array<() => void>>();

/**
 * Runs `hook` once the transaction that `db` belongs to has committed, for a wake-up that must not
 * run before the rows it announces are visible (a sender's pass over its outbox). Outside a
 * transaction opened by transaction() (the pool itself, or a nested savepoint) it runs on the next
 * turn of the event loop. Nothing may depend on it running: a crash between COMMIT and the hook
 * loses the hook, so senders keep their periodic pass.
 */
export function afterCommit(db: DbOrTx, hook: () => void): void {
  const hooks = commitHooks.get(db);
  if (hooks) hooks.push(hook);
  else setImmediate(hook);
}

/**
 * A query whose SQL text drizzle builds once per connection pool (or transaction) instead of on
 * every call: `build` returns `db.select(...)...prepare()` with `sql.placeholder(name)` where the
 * values go. For the hot reads of signed-in pages (building the SQL cost more CPU than sending it).
 */
export function preparedPerDb<Q>(build: (db: DbOrTx) => Q): (db?: DbOrTx) => Q {
  const byDb = new WeakMap<DbOrTx, Q>();
  return (db = getDb()) => {
    let q = byDb.get(db);
    if (!q) {
      q = build(db);
      byDb.set(db, q);
    }
    return q;
  };
}

export { schema };
