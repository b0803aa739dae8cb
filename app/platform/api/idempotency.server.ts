/**
 * Idempotency-Key for the API's POST and PATCH calls, per caller (a partner key or a
 * signed-in user):
 *   - the first request with a key inserts its row (in-progress) on its own, before the work; the
 *     unique index on (caller, key) lets exactly one of several concurrent requests through;
 *   - once the work answers (below 500), the status and JSON body are stored: the same key with the
 *     same request (method, path, JSON body with its keys sorted) gets that answer again, marked
 *     `Idempotent-Replayed: true`, without the work being done again;
 *   - the same key with another request: 422;
 *   - while the first request is still working, another with the same key waits for it (polling,
 *     at most IDEMPOTENCY_WAIT_MS) and replays its answer; if it is still not done: 409 with
 *     Retry-After;
 *   - a 5xx or a failure releases the key, so a retry does the work;
 *   - keys live 24 hours (an expired row is replaced; the retention job deletes old rows).
 */
import { createHash } from "node:crypto";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  readIdempotencyKey,
  releaseIdempotencyKey,
} from "~/platform/api/idempotency-keys.server";

export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
export const IDEMPOTENCY_WAIT_MS = 5_000;
const POLL_MS = 50;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const isValidIdempotencyKey = (key: string) => KEY_PATTERN.test(key);

/** JSON with object keys sorted, so the same body in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

export type StoredAnswer = { status: number; body: string };
export type IdempotencyOutcome =
  { kind: "run"; id: number } | { kind: "replay"; answer: StoredAnswer } | { kind: "mismatch" } | { kind: "in-progress" };

/** Claims `key` for this request, or says what to answer instead. */
export async function beginIdempotent(input: {
  scope: string;
  key: string;
  method: string;
  path: string;
  body: unknown;
  /** How long to wait for a running request with the same key (default IDEMPOTENCY_WAIT_MS). */
  waitMs?: number;
}): Promise<IdempotencyOutcome> {
  const keyHash = sha256(input.key);
  const requestHash = sha256(`${input.method}\n${input.path}\n${canonical(input.body)}`);
  const deadline = Date.now() + (input.waitMs ?? IDEMPOTENCY_WAIT_MS);
  for (;;) {
    const id = await claimIdempotencyKey({ scope: input.scope, keyHash, requestHash, ttlSeconds: IDEMPOTENCY_TTL_SECONDS });
    if (id != null) return { kind: "run", id };
    const row = await readIdempotencyKey(input.scope, keyHash);
    if (!row) continue; // released between our insert and read: try to claim again
    if (row.expired) {
      await releaseIdempotencyKey(row.id);
      continue;
    }
    if (row.requestHash !== requestHash) return { kind: "mismatch" };
    if (row.state === "done" && row.responseStatus != null) {
      return { kind: "replay", answer: { status: row.responseStatus, body: row.responseBody ?? "" } };
    }
    if (Date.now() >= deadline) return { kind: "in-progress" };
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** Stores the first answer (below 500), or releases the key after a server failure. */
export async function finishIdempotent(id: number, answer: StoredAnswer | null) {
  if (!answer || answer.status >= 500) await releaseIdempotencyKey(id);
  else await completeIdempotencyKey(id, answer.status, answer.body);
}
