/**
 * "The database cannot be reached right now" as one error class and one predicate, and how the
 * app answers it: 503 with Retry-After, a friendly page for documents (root ErrorBoundary) and
 * JSON `{ message }` for the API. A query that merely fails (bad SQL, a duplicate key) is NOT this.
 */
import { MSG } from "./messages";

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
]);
// mysql2 reports these as plain messages without a code.
const UNAVAILABLE_MESSAGES =
  /^(Queue limit reached\.|Pool is closed\.|No connections available\.|Can't add new command when connection is in closed state|Connection lost: The server closed the connection\.)/;

/** True when `error` (or any error in its `cause` chain) means the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 6 && e; depth++) {
    if (e instanceof DatabaseUnavailableError) return true;
    if (e instanceof Error) {
      const code = (e as Error & { code?: unknown }).code;
      if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
      if (UNAVAILABLE_MESSAGES.test(e.message)) return true;
      // Node's AggregateError (a connect that tried IPv4 and IPv6) carries the real ones inside.
      if (e instanceof AggregateError && e.errors.some((x) => isDatabaseUnavailable(x))) return true;
    }
    e = (e as { cause?: unknown } | null)?.cause;
  }
  return false;
}

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
