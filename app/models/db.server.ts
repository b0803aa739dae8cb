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
 */
import { drizzle, type MySql2Database } from "drizzle-orm/mysql2";
import mysql from "mysql2/promise";
import * as schema from "../../db/schema";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "~/utils/db-errors.server";
import { getEnv } from "~/utils/env.server";
import { databaseDownInThisRequest, markDatabaseDown } from "~/utils/request-scope.server";
import { singleton } from "~/utils/singleton.server";

export type Database = MySql2Database<typeof schema>;

type Holder = { pool?: GuardedPool; db?: Database };
const holder = singleton("db", (): Holder => ({}));

export function poolOptions(
  url: string,
  env: { DB_TIMEOUT_MS: number; DB_POOL_SIZE: number; DB_QUEUE_LIMIT: number; NODE_ENV: string } = getEnv(),
): mysql.PoolOptions {
  return {
    uri: url,
    connectionLimit: env.DB_POOL_SIZE,
    // 0 would mean "unbounded" to mysql2: refuse at once instead.
    queueLimit: env.DB_QUEUE_LIMIT,
    waitForConnections: env.DB_QUEUE_LIMIT > 0,
    connectTimeout: env.DB_TIMEOUT_MS,
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

/** A DatabaseUnavailableError, remembered for the rest of the request (utils/request-scope). */
function unavailable(reason: string, cause?: unknown, code = "DB_UNAVAILABLE") {
  const error = new DatabaseUnavailableError(reason, { cause, code });
  markDatabaseDown(error);
  return error;
}

/** Runs `p` with a deadline; `onLate` gets the value if it arrives after the deadline. */
function withDeadline<T>(p: Promise<T>, ms: number, onTimeout: () => Error, onLate?: (v: T) => void): Promise<T> {
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
  ) {}

  /** The callback connection (drizzle's streaming iterator uses it). */
  get connection() {
    return this.inner.connection;
  }

  private kill(error: Error) {
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
    this.kill(unavailable("connection destroyed"));
  }
}

/**
 * The pool as drizzle and the app see it (`getConnection`, `query`, `execute`, `end`), with the
 * deadlines above. `raw` is mysql2's pool (events, stats).
 */
export class GuardedPool {
  constructor(
    readonly raw: mysql.Pool,
    readonly timeoutMs: number,
  ) {
    // A connection that dies while idle emits 'error'; without a listener that would crash the
    // process. The pool drops such a connection by itself; nothing else to do.
    const core = (raw as unknown as { pool: import("node:events").EventEmitter }).pool;
    core.on("connection", (conn: import("node:events").EventEmitter) => {
      conn.on("error", () => {});
    });
  }

  async getConnection(deadlineMs = this.timeoutMs): Promise<GuardedConnection> {
    // This request already met the database not answering: fail at once instead of waiting again.
    const known = databaseDownInThisRequest();
    if (known) throw known;
    try {
      const conn = await withDeadline(
        this.raw.getConnection(),
        deadlineMs,
        () => unavailable(`no connection within ${deadlineMs} ms`, undefined, "DB_TIMEOUT"),
        // Arrived after we gave up: hand it straight back.
        (late) => late.release(),
      );
      return new GuardedConnection(conn, this.timeoutMs);
    } catch (e) {
      if (e instanceof DatabaseUnavailableError) throw e;
      if (isDatabaseUnavailable(e)) throw unavailable((e as Error).message, e, (e as { code?: string }).code);
      throw e;
    }
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

export function getPool(): GuardedPool {
  const h = holder;
  if (!h.pool) {
    const env = getEnv();
    h.pool = new GuardedPool(mysql.createPool(poolOptions(env.DATABASE_URL, env)), env.DB_TIMEOUT_MS);
  }
  return h.pool;
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

/** Runs fn in one transaction; every multi-row write goes through here. */
export function transaction<T>(fn: (tx: Parameters<Parameters<Database["transaction"]>[0]>[0]) => Promise<T>) {
  return getDb().transaction(fn);
}
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Tx;

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
