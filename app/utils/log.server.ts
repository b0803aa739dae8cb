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
