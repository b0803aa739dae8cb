/**
 * The webhook sender: claims due rows of the delivery outbox under a lease (so two app servers
 * never send one row at once), checks the endpoint's URL again (every address public, unless the
 * development switch is on) and connects to the addresses that check returned (so a DNS answer
 * that changed since, a rebinding, cannot reach inside), signs the body the Standard Webhooks way
 * (the `standardwebhooks` library: HMAC-SHA256 over `id.timestamp.body`, headers webhook-id,
 * webhook-timestamp, webhook-signature) and POSTs it. A 2xx answer is a delivery; anything else is
 * retried with exponential backoff for 24 hours, after which the endpoint is disabled and its
 * contact and the admins are e-mailed. `now` is a parameter so tests move the clock.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import os from "node:os";
import { Webhook } from "standardwebhooks";
import { transaction } from "~/platform/db/db.server";
import { kickOutbox } from "~/features/mail/index.server";
import { describeError, log } from "~/platform/observability/log.server";
import { backgroundWorker } from "~/platform/background-worker.server";
import { onWebhookWake } from "./webhook-wake.server";
import { afterFailure, isDelivered } from "./domain/webhook-events";
import { claimDueDeliveries, getEndpoint, markAttemptFailed, markDelivered, type WebhookDeliveryRow } from "./webhook-data.server";
import { checkEndpointUrl, disableExhaustedEndpoint, openWebhookSecret, webhookUrlPolicy, type WebhookUrlPolicy } from "./webhooks.server";

export const WEBHOOK_LEASE_MS = 2 * 60_000;
export const WEBHOOK_TIMEOUT_MS = 10_000;
const BATCH = 20;

/** What one POST got: the status, or no answer (refused, timed out, TLS failure...). */
type Sent = { status: number } | { status: null; error: string };

/** POSTs `body` to `url`, connecting only to `address` (the one the URL check approved). */
function post(url: URL, address: string, headers: Record<string, string>, body: string): Promise<Sent> {
  const family = isIP(address) === 6 ? 6 : 4;
  const pinned: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all)
      (cb as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
    else cb(null, address, family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const req = client.request(
      url,
      {
        method: "POST",
        lookup: pinned,
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        timeout: WEBHOOK_TIMEOUT_MS,
      },
      (res) => {
        // Only the status counts: the answer's body is never read (a receiver cannot hold the sender).
        resolve({ status: res.statusCode ?? 0 });
        res.destroy();
      },
    );
    req.on("timeout", () => req.destroy(new Error(`No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`)));
    req.on("error", (e) => resolve({ status: null, error: describeError(e) }));
    req.end(body);
  });
}

const workerId = `${os.hostname().slice(0, 30)}:${process.pid}`;

/** The Standard Webhooks headers of one attempt (the timestamp is the real time of sending). */
export function signedHeaders(secret: string, eventId: string, payload: string, at = new Date()) {
  const signature = new Webhook(secret).sign(eventId, at, payload);
  return {
    "content-type": "application/json",
    "user-agent": "Lendwise-Webhooks/1",
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signature,
  };
}

async function attempt(row: WebhookDeliveryRow, policy: WebhookUrlPolicy): Promise<Sent> {
  const endpoint = await getEndpoint(row.endpointId);
  if (!endpoint || endpoint.status !== "active") return { status: null, error: "Endpoint disabled" };
  const verdict = await checkEndpointUrl(endpoint.url, policy);
  if (!verdict.ok) return { status: null, error: `Refused: ${verdict.reason}` };
  const headers = signedHeaders(openWebhookSecret(endpoint.secretSealed), row.eventId, row.payload);
  return post(verdict.url, verdict.addresses[0]!, headers, row.payload);
}

async function deliverOne(row: WebhookDeliveryRow, token: string, now: Date, policy: WebhookUrlPolicy): Promise<boolean> {
  let sent: Sent;
  try {
    sent = await attempt(row, policy);
  } catch (e) {
    sent = { status: null, error: describeError(e) };
  }
  const attempts = row.attempts + 1;
  if (isDelivered(sent.status)) {
    await markDelivered(row.id, token, { now, responseCode: sent.status! });
    log.info({ deliveryId: row.id, endpointId: row.endpointId, type: row.eventType, attempts }, `[webhooks] delivery ${row.id} delivered`);
    return true;
  }
  const error = sent.status === null ? sent.error : `HTTP ${sent.status}`;
  const endpointGone = sent.status === null && sent.error === "Endpoint disabled";
  const next = endpointGone ? ({ giveUp: true } as const) : afterFailure({ createdAt: row.createdAt, attempts, now });
  const failure = {
    now,
    responseCode: sent.status,
    error,
    nextAttemptAt: next.giveUp ? now : next.at,
    giveUp: next.giveUp,
  };
  if (next.giveUp && !endpointGone) {
    // The schedule is exhausted: this row fails, and the endpoint is disabled with its e-mails, at once.
    let disabled = false;
    await transaction(async (tx) => {
      await markAttemptFailed(row.id, token, failure, tx);
      const endpoint = await getEndpoint(row.endpointId, tx);
      disabled = endpoint ? await disableExhaustedEndpoint(tx, endpoint, row.id, now) : false;
    });
    if (disabled) kickOutbox();
  } else {
    await markAttemptFailed(row.id, token, failure);
  }
  log.warn(
    { deliveryId: row.id, endpointId: row.endpointId, type: row.eventType, attempts, status: sent.status, gaveUp: next.giveUp },
    `[webhooks] delivery ${row.id} attempt ${attempts} failed (${error})${next.giveUp ? ", giving up" : ", will retry"}`,
  );
  return false;
}

/**
 * One pass: claims due rows (optionally only `ids`), tries each once, records the outcome.
 * `now` moves the clock (tests); `policy` is the URL policy (default: this server's).
 */
export async function drainWebhooksOnce(opts: { now?: Date; ids?: number[]; limit?: number; policy?: WebhookUrlPolicy } = {}) {
  const now = opts.now ?? new Date();
  const policy = opts.policy ?? webhookUrlPolicy();
  const token = `${workerId}:${randomBytes(6).toString("hex")}`;
  const rows = await claimDueDeliveries({ token, now, leaseMs: WEBHOOK_LEASE_MS, limit: opts.limit ?? BATCH, ids: opts.ids });
  const results = await Promise.all(rows.map((r) => deliverOne(r, token, now, policy)));
  const delivered = results.filter(Boolean).length;
  return { delivered, failed: results.length - delivered };
}

const worker = backgroundWorker("webhook", async () => {
  const { delivered, failed } = await drainWebhooksOnce();
  return { full: delivered + failed >= BATCH };
});

/** Starts the background sender (every `intervalMs`, and at once). Idempotent. */
export function startWebhookWorker(intervalMs = 5_000) {
  // A committed event wakes the sender at once; the pass above catches anything a wake missed.
  onWebhookWake(() => worker.wake());
  worker.start(intervalMs);
}

/** Stops it; resolves once the deliveries in flight have their outcome recorded. */
export function stopWebhookWorker(): Promise<void> {
  onWebhookWake(null);
  return worker.stop();
}
