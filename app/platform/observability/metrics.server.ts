/**
 * Prometheus metrics (prom-client), one registry per process. Served by app/server/observability
 * (a METRICS_PORT on 127.0.0.1 and/or /metrics behind METRICS_TOKEN; docs/deploy.md, "Watching it").
 *
 * Labels never hold a raw path, a reference, an address or an e-mail: routes are Remix route ids,
 * throttles their rule name, retries their error class.
 */
import client from "prom-client";
import { singleton } from "~/platform/singleton.server";

export type PoolStats = { limit: number; total: number; free: number; queued: number };
export type OutboxStats = { unsent: number; oldestUnsentAgeSeconds: number; failed: number };

type Sources = { pool?: () => PoolStats | null; outbox?: () => Promise<OutboxStats | null> };

function create() {
  const registry = new client.Registry();
  const sources: Sources = {};
  client.collectDefaultMetrics({ register: registry });

  const httpDuration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request's arrival to the end of its answer, by Remix route id (or static, healthz, metrics, unmatched).",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new client.Gauge({
    name: "db_pool_connections",
    help: "Database connections of this server's pool, by state (in_use, free) and its limit (DB_POOL_SIZE).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const s = sources.pool?.();
      if (!s) return;
      this.set({ state: "in_use" }, s.total - s.free);
      this.set({ state: "free" }, s.free);
      this.set({ state: "limit" }, s.limit);
    },
  });
  new client.Gauge({
    name: "db_pool_queued_requests",
    help: "Requests for a connection waiting in this server's pool queue (bounded by DB_QUEUE_LIMIT).",
    registers: [registry],
    collect() {
      const s = sources.pool?.();
      if (s) this.set(s.queued);
    },
  });
  const poolWait = new client.Histogram({
    name: "db_pool_wait_seconds",
    help: "Time spent waiting for a pooled database connection (outcome: ok, or timeout/error).",
    labelNames: ["outcome"] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const transactionRetries = new client.Counter({
    name: "db_transaction_retries_total",
    help: "Transactions run again after a deadlock or lock-wait timeout, by reason.",
    labelNames: ["reason"] as const,
    registers: [registry],
  });

  const outboxFirst = { unsent: 0, oldest: 0, failed: 0, read: null as Promise<OutboxStats | null> | null };
  // The three outbox gauges come from one query per scrape (whichever gauge is collected first starts it).
  const readOutbox = () => (outboxFirst.read ??= (sources.outbox?.() ?? Promise.resolve(null)).catch(() => null));
  new client.Gauge({
    name: "outbox_oldest_unsent_age_seconds",
    help: "Age of the oldest e-mail waiting in the outbox (pending, not held for an unverified address); 0 when none.",
    registers: [registry],
    async collect() {
      const s = await readOutbox();
      if (s) this.set(s.oldestUnsentAgeSeconds);
    },
  });
  new client.Gauge({
    name: "outbox_unsent",
    help: "E-mails waiting in the outbox (pending, not held), shared by every server.",
    registers: [registry],
    async collect() {
      const s = await readOutbox();
      if (s) this.set(s.unsent);
    },
  });
  new client.Gauge({
    name: "outbox_failed",
    help: "E-mails the outbox gave up on after its last attempt (status failed), shared by every server.",
    registers: [registry],
    async collect() {
      const s = await readOutbox();
      if (s) this.set(s.failed);
    },
  });
  const outboxSent = new client.Counter({
    name: "outbox_sent_total",
    help: "E-mails this server's outbox worker sent.",
    registers: [registry],
  });
  const outboxFailures = new client.Counter({
    name: "outbox_send_failures_total",
    help: "Failed send attempts of this server's outbox worker (each is retried with backoff; gave_up=true when it stops).",
    labelNames: ["gave_up"] as const,
    registers: [registry],
  });
  const throttleRefusals = new client.Counter({
    name: "throttle_refusals_total",
    help: "Requests refused by a throttle (429), by throttle rule.",
    labelNames: ["rule"] as const,
    registers: [registry],
  });

  return {
    registry,
    sources,
    httpDuration,
    poolWait,
    transactionRetries,
    outboxSent,
    outboxFailures,
    throttleRefusals,
    /** Starts a new scrape: the outbox is read again. */
    beginScrape() {
      outboxFirst.read = null;
    },
  };
}

const m = singleton("metrics", create);

/** The registry /metrics serves. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  m.beginScrape();
  return { contentType: m.registry.contentType, body: await m.registry.metrics() };
}

/** Where the pool gauges read from (set once by the server at start). */
export function setPoolStatsSource(read: () => PoolStats | null) {
  m.sources.pool = read;
}

/** Where the outbox gauges read from (a query; set once by the server at start). */
export function setOutboxStatsSource(read: () => Promise<OutboxStats | null>) {
  m.sources.outbox = read;
}

/** One HTTP answer: `route` is a route id or a fixed word, never a path. */
export function observeHttpRequest(method: string, route: string, status: number, seconds: number) {
  m.httpDuration.observe({ method, route, status: String(status) }, seconds);
}

/** Time spent waiting for a pooled connection. */
export function observePoolWait(seconds: number, outcome: "ok" | "error") {
  m.poolWait.observe({ outcome }, seconds);
}

/** A transaction run again after a retryable error (`reason`: e.g. deadlock, lock_wait_timeout). */
export function recordTransactionRetry(reason: string) {
  m.transactionRetries.inc({ reason: reason.replace(/[^a-z0-9_]/gi, "_").slice(0, 40) || "unknown" });
}

export function recordOutboxSent() {
  m.outboxSent.inc();
}

export function recordOutboxFailure(gaveUp: boolean) {
  m.outboxFailures.inc({ gave_up: String(gaveUp) });
}

/** A request refused by the throttle `rule` (its name in THROTTLE_RULES). */
export function recordThrottleRefusal(rule: string) {
  m.throttleRefusals.inc({ rule });
}
