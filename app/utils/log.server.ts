/**
 * Error logging without PII: drizzle/mysql2 errors carry the query parameters in their message
 * (SSN, DOB, income...). Only the error's class, its SQL error code and the first line of its
 * message without parameters are logged.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return "non-error thrown";
  const e = error as Error & { code?: string; cause?: unknown };
  const cause = e.cause instanceof Error ? (e.cause as Error & { code?: string }) : undefined;
  const code = e.code ?? cause?.code;
  const firstLine = (e.message || "").split("\n")[0] ?? "";
  const isQuery = /^Failed query:/i.test(firstLine) || e.name === "DrizzleQueryError" || "sql" in e || "sqlMessage" in e;
  const message = isQuery ? "database query failed" : firstLine.replace(/params:.*$/i, "").slice(0, 200);
  return `${e.name}${code ? ` [${code}]` : ""}: ${message}`;
}

export function logError(context: string, error: unknown) {
  console.error(`[${context}] ${describeError(error)}`);
}

/**
 * The access log's path (issue 11, finding 9): percent-decoded (up to three times, so `%2D` and
 * `%252D` are seen as `-`), control characters replaced, and every application reference masked
 * as `APP-***` whatever its case or separator (`APP-…`, `app_…`, `APP…` with 10+ characters).
 */
export function maskPathForLog(rawPath: string) {
  let p = rawPath;
  for (let i = 0; i < 3; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(p);
    } catch {
      break;
    }
    if (decoded === p) break;
    p = decoded;
  }
  const printable = Array.from(p, (ch) => (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f ? "?" : ch)).join("");
  return printable.replace(/APP(?:[-_\s.:]+[A-Za-z0-9]+|[A-Za-z0-9]{10,})/gi, "APP-***").slice(0, 120);
}
