/**
 * "The database cannot be reached right now" as one error class and one predicate, and how the
 * app answers it: 503 with Retry-After, a friendly page for documents (root ErrorBoundary) and
 * JSON `{ message }` for the API. A query that merely fails (bad SQL, a duplicate key) is NOT this.
 */
import { MSG } from "~/content/messages";

/** How long a client should wait before trying again (seconds). */
export const RETRY_AFTER_SECONDS = 5;

export class DatabaseUnavailableError extends Error {
  readonly code: string;
  constructor(reason: string, options?: { cause?: unknown; code?: string }) {
    super(`database unavailable: ${reason}`, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "DatabaseUnavailableError";
    this.code = options?.code ?? "DB_UNAVAILABLE";
  }
}

/** Network and server-side errors that mean "not reachable / not answering", not "query failed". */
const UNAVAILABLE_CODES = new Set([
  "DB_UNAVAILABLE",
  "DB_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "PROTOCOL_CONNECTION_LOST",
  "PROTOCOL_SEQUENCE_TIMEOUT",
  "PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR",
  "ER_CON_COUNT_ERROR", // too many connections
  "ER_SERVER_SHUTDOWN",
  "ER_CONNECTION_KILLED",
  "ER_QUERY_INTERRUPTED",
  "ER_NET_READ_ERROR",
  "ER_NET_READ_INTERRUPTED",
  "ER_NET_WRITE_INTERRUPTED",
  "ER_NET_ERROR_ON_WRITE",
  "ER_GET_TEMPORARY_ERRMSG",
  // Galera: a node that is not (or no longer) part of the primary component refuses queries with
  // 1047 "WSREP has not yet prepared node for application use", and a commit it cannot replicate
  // fails with 1180 "Got error 6 during COMMIT" (rolled back). Both mean "this node cannot serve
  // now", like a lost connection during a fail-over. A certification conflict between two nodes
  // comes as 1213 (ER_LOCK_DEADLOCK) and is retried by the transaction helper, not answered 503;
  // MySQL's wsrep builds name one ER_LOCK_WSREP_CONFLICT.
  "ER_UNKNOWN_COM_ERROR",
  "ER_ERROR_DURING_COMMIT",
  "ER_LOCK_WSREP_CONFLICT",
]);
/** The same by number, for errors that carry only `errno` (a proxy, another driver): 1047, 1180, 1927
 *  (connection killed), 2002/2003 (cannot connect), 2006 (server gone), 2013 (lost during query). */
const UNAVAILABLE_ERRNOS = new Set([1047, 1053, 1180, 1927, 2002, 2003, 2006, 2013, 2055]);
// mysql2 reports these as plain messages without a code.
const UNAVAILABLE_MESSAGES =
  /^(Queue limit reached\.|Pool is closed\.|No connections available\.|Can't add new command when connection is in closed state|Connection lost: The server closed the connection\.|WSREP has not yet prepared node for application use)/;

/** True when `error` (or any error in its `cause` chain) means the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 6 && e; depth++) {
    if (e instanceof DatabaseUnavailableError) return true;
    if (e instanceof Error) {
      const code = (e as Error & { code?: unknown }).code;
      if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
      // A server that became read-only (a demoted primary after a fail-over: Group Replication's
      // super_read_only, Aurora's old writer) refuses writes with 1290: this host cannot serve now.
      if (code === "ER_OPTION_PREVENTS_STATEMENT" && /read[-_ ]only/i.test(e.message)) return true;
      const errno = (e as Error & { errno?: unknown }).errno;
      if (typeof errno === "number" && UNAVAILABLE_ERRNOS.has(errno)) return true;
      if (UNAVAILABLE_MESSAGES.test(e.message)) return true;
      // Node's AggregateError (a connect that tried IPv4 and IPv6) carries the real ones inside.
      if (e instanceof AggregateError && e.errors.some((x) => isDatabaseUnavailable(x))) return true;
    }
    e = (e as { cause?: unknown } | null)?.cause;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Lock conflicts: the query was fine, but InnoDB gave up waiting for a row or gap lock. Repeating
// the whole transaction normally succeeds, so the transaction helper (models/db.server.ts) retries
// these; they are neither "database unavailable" (503) nor a bug (500).

/** MySQL/MariaDB error numbers of a lost lock conflict: 1213 deadlock, 1205 lock-wait timeout. */
export const LOCK_CONFLICT_ERRNOS: ReadonlySet<number> = new Set([1213, 1205]);
const LOCK_CONFLICT_CODES: ReadonlySet<string> = new Set(["ER_LOCK_DEADLOCK", "ER_LOCK_WAIT_TIMEOUT"]);

/**
 * The code of a lock conflict in `error` or its `cause` chain (drizzle wraps the driver's error),
 * e.g. "ER_LOCK_DEADLOCK", or null when it is not one.
 */
export function lockConflictCode(error: unknown): string | null {
  let e: unknown = error;
  for (let depth = 0; depth < 6 && e; depth++) {
    if (e instanceof Error) {
      const { code, errno } = e as Error & { code?: unknown; errno?: unknown };
      if (typeof code === "string" && LOCK_CONFLICT_CODES.has(code)) return code;
      if (typeof errno === "number" && LOCK_CONFLICT_ERRNOS.has(errno)) return errno === 1213 ? "ER_LOCK_DEADLOCK" : "ER_LOCK_WAIT_TIMEOUT";
    }
    e = (e as { cause?: unknown } | null)?.cause;
  }
  return null;
}

/** True when `error` is a deadlock (1213) or a lock-wait timeout (1205): safe to retry the transaction. */
export const isLockConflict = (error: unknown): boolean => lockConflictCode(error) !== null;

const headers = () => ({
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Retry-After": String(RETRY_AFTER_SECONDS),
});

/**
 * The 503 answer: JSON `{ message }`. Thrown from a loader it reaches the root ErrorBoundary as a
 * route error response with status 503 (the friendly page); returned from the API it is the JSON.
 */
export function serviceUnavailableResponse(message: string = MSG.serviceUnavailable): Response {
  return new Response(JSON.stringify({ message }), { status: 503, headers: headers() });
}

/**
 * Runs `fn`; when the database is unreachable, throws the 503 Response instead of the error, so a
 * loader/action (or the API builder, which passes thrown Responses through) answers 503.
 */
export async function withDatabase<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isDatabaseUnavailable(e)) throw serviceUnavailableResponse();
    throw e;
  }
}
