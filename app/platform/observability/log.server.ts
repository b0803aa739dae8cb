/**
 * The app's log: one JSON object per line on stdout (pino), for a log shipper to collect. Every
 * line written while a request is handled carries its id (`reqId`, from the request scope), so
 * the access log line, any error of that request and the outbox's "e-mail sent" line can be joined.
 *
 * No PII: errors are logged as their class, SQL error code and first message line without query
 * parameters (drizzle/mysql2 put SSN, DOB, income... in their messages); every string message is
 * passed through `maskText` (application references and e-mail addresses masked); object fields
 * that may hold personal data are redacted by name. Callers still log ids, kinds and counts, never
 * values a user typed.
 */
import pino from "pino";
import { currentRequestId } from "~/platform/http/request-scope.server";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/**
 * Where the lines go. A plain object with a `write` method (pino calls it once per line), so a
 * test can watch what is written; process.stdout keeps the lines in order with anything else the
 * process prints.
 */
export const logSink = {
  write(line: string) {
    process.stdout.write(line);
  },
};

/** A path's application references in any spelling (`APP-…`, `app_…`, `APP…` with 10+ characters). */
const PATH_REFERENCE = /APP(?:[-_\s.:]+[A-Za-z0-9]+|[A-Za-z0-9]{10,})/gi;
/** References in free text: the path's pattern would also mask words ("app server"). */
const TEXT_REFERENCE = /\bAPP(?:[-_.:][A-Za-z0-9]{12}|[A-Z0-9]{12})\b/gi;
/** Anything shaped like an e-mail address. */
const EMAIL = /[^\s@<>"'(),;:[\]]+@[^\s@<>"'(),;:[\]]+\.[A-Za-z]{2,}/g;
/** A quick check before the reference patterns run (most text has no "app" at all). */
const MAYBE_APP = /app/i;
/** Control characters, shown as "?" in a logged path. */
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A free-text log message with references and e-mail addresses masked. */
export function maskText(text: string): string {
  // Most lines hold neither: two cheap scans instead of two regex replaces.
  let out = text.includes("@") ? text.replace(EMAIL, "[email]") : text;
  if (MAYBE_APP.test(out)) out = out.replace(TEXT_REFERENCE, "APP-***");
  return out;
}

export const log = pino(
  {
    level: LEVELS.includes(process.env.LOG_LEVEL ?? "") ? process.env.LOG_LEVEL : "info",
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // The request id of the scope the line is written in (none outside a request).
    mixin() {
      const reqId = currentRequestId();
      return reqId ? { reqId } : {};
    },
    hooks: {
      logMethod(args, method) {
        for (let i = 0; i < args.length; i++) if (typeof args[i] === "string") args[i] = maskText(args[i] as string);
        return method.apply(this, args as Parameters<typeof method>);
      },
    },
    // Top-level field names that could carry personal data, should a caller ever pass them
    // (top level only: wildcard paths cost several microseconds on every line).
    redact: {
      paths: ["email", "to", "toEmail", "password", "reference", "firstName", "lastName", "dateOfBirth", "ssn", "headers", "body"],
      censor: "[redacted]",
    },
  },
  logSink,
);

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
  return maskText(`${e.name}${code ? ` [${code}]` : ""}: ${message}`);
}

/** One error line: `{"level":"error","context":...,"error":"<class> [code]: <first line>","msg":"[context] ..."}`. */
export function logError(context: string, error: unknown) {
  const described = describeError(error);
  log.error({ context, error: described }, `[${context}] ${described}`);
}

/**
 * The access log's path: percent-decoded (up to three times, so `%2D` and
 * `%252D` are seen as `-`), control characters replaced, and every application reference masked
 * as `APP-***` whatever its case or separator (`APP-…`, `app_…`, `APP…` with 10+ characters).
 */
export function maskPathForLog(rawPath: string) {
  let p = rawPath;
  for (let i = 0; i < 3 && p.includes("%"); i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(p);
    } catch {
      break;
    }
    if (decoded === p) break;
    p = decoded;
  }
  const printable = p.replace(CONTROL, "?");
  const noEmail = printable.includes("@") ? printable.replace(EMAIL, "[email]") : printable;
  return (MAYBE_APP.test(noEmail) ? noEmail.replace(PATH_REFERENCE, "APP-***") : noEmail).slice(0, 120);
}
