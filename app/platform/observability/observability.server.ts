/**
 * What app/platform/server/index.ts needs to make the server observable (docs/deploy.md, "Watching it"):
 * - `observe(req, res)`, first thing for every request: gives it an id (`X-Request-Id`, see
 *   utils/request-id.ts), writes the JSON access log line when it ends (pino-http; method, masked
 *   path, status, time, route, render-cache outcome) and times it for the latency histogram by
 *   route id (never by raw path: paths carry references).
 * - `metricsRoute`: `/metrics` on the app's port, only with `Authorization: Bearer $METRICS_TOKEN`
 *   (without METRICS_TOKEN the path does not exist there).
 * - `startMetricsServer()`: a listener of its own on METRICS_HOST:METRICS_PORT (127.0.0.1 unless
 *   set), for a Prometheus on the same host or network; it also asks for the token when one is set.
 */
import { randomUUID, timingSafeEqual, createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { pinoHttp } from "pino-http";
import { onTransactionRetry, poolStats } from "~/platform/db/db.server";
import { outboxBacklog } from "~/platform/outbox/outbox-queue.server";
import { getEnv } from "~/platform/env.server";
import { log, maskPathForLog } from "~/platform/observability/log.server";
import {
  observeHttpRequest,
  recordTransactionRetry,
  renderMetrics,
  setOutboxStatsSource,
  setPoolStatsSource,
} from "~/platform/observability/metrics.server";
import { chooseRequestId } from "~/platform/http/request-id";

/** The build's route manifest entries (build.routes), as much of them as matching needs. */
export type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

type Req = http.IncomingMessage & { originalUrl?: string };
type Res = http.ServerResponse;

/** The route tree Remix matches, rebuilt from the manifest (as @remix-run/server-runtime does). */
function routeTree(manifest: Record<string, ManifestRoute>): AgnosticRouteObject[] {
  const children = new Map<string | undefined, ManifestRoute[]>();
  for (const r of Object.values(manifest)) {
    const list = children.get(r.parentId) ?? [];
    list.push(r);
    children.set(r.parentId, list);
  }
  const build = (parentId: string | undefined): AgnosticRouteObject[] =>
    (children.get(parentId) ?? []).map((r) =>
      r.index
        ? { id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: build(r.id) },
    );
  return build(undefined);
}

const pathOf = (req: Req) => (req.originalUrl ?? req.url ?? "/").split("?")[0] || "/";

/** The path as the log shows it (masked), worked out once per request. */
const maskedPaths = new WeakMap<Req, string>();
function loggedPath(req: Req) {
  let p = maskedPaths.get(req);
  if (p === undefined) {
    p = maskPathForLog(pathOf(req));
    maskedPaths.set(req, p);
  }
  return p;
}

/** The label of a request in the latency histogram: a route id or a fixed word. */
function routeLabeller(manifest: Record<string, ManifestRoute>, buildDir: string) {
  const tree = routeTree(manifest);
  const publicEntries = new Set(fs.existsSync("public") ? fs.readdirSync("public") : []);
  // Most requests are for a few paths (public pages, static files): their label is remembered,
  // within a bound (paths with ids or references are many; the map is emptied when full).
  const memo = new Map<string, string>();
  return (pathname: string): string => {
    let known = memo.get(pathname);
    if (known === undefined) {
      if (memo.size >= 2000) memo.clear();
      known = labelOf(pathname);
      memo.set(pathname, known);
    }
    return known;
  };
  function labelOf(pathname: string): string {
    if (pathname === "/healthz") return "healthz";
    if (pathname === "/metrics") return "metrics";
    const first = pathname.split("/")[1] ?? "";
    if (first === buildDir || publicEntries.has(first)) return "static";
    // Single-fetch data requests: /apply/loan.data is the data of /apply/loan, /_root.data of /.
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    try {
      return matchRoutes(tree, page)?.at(-1)?.route.id ?? "unmatched";
    } catch {
      return "unmatched";
    }
  }
}

function sameSecret(given: string, expected: string) {
  // Hashes first: equal lengths for timingSafeEqual, and nothing learnt from the length.
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

let stopCountingRetries: (() => void) | undefined;

export function createObservability(opts: { routes: Record<string, ManifestRoute>; buildDir: string }) {
  const env = getEnv();
  setPoolStatsSource(poolStats);
  setOutboxStatsSource(outboxBacklog);
  // One listener per process (a development rebuild calls this again: the previous one goes).
  stopCountingRetries?.();
  stopCountingRetries = onTransactionRetry((e) =>
    recordTransactionRetry(e.code === "ER_LOCK_WAIT_TIMEOUT" ? "lock_wait_timeout" : "deadlock"),
  );
  const label = routeLabeller(opts.routes, opts.buildDir);

  function assignId(req: Req, res: Res) {
    const id = chooseRequestId(req.headers["x-request-id"], env.TRUST_PROXY, randomUUID);
    res.setHeader("X-Request-Id", id);
    return id;
  }

  const accessLog = pinoHttp<Req, Res>({
    logger: log,
    // Our serializers see the raw request and response: method, masked path, status. No headers
    // (cookies, authorization), no query string, no client address.
    wrapSerializers: false,
    serializers: {
      req: (req: Req) => ({ method: req.method, path: loggedPath(req) }),
      res: (res: Res) => ({ statusCode: res.statusCode }),
    },
    genReqId: assignId,
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
    customSuccessObject: (req, res, value) => ({
      reqId: req.id,
      route: label(pathOf(req)),
      ...(res.getHeader("x-cache") ? { cache: res.getHeader("x-cache") } : {}),
      ...value,
    }),
    // A 5xx is logged like any answer (its cause, if any, was logged by the app): no stack here.
    customErrorObject: (req, res, _error, value) => ({
      reqId: req.id,
      route: label(pathOf(req)),
      res: value.res,
      responseTime: value.responseTime,
    }),
    customSuccessMessage: (req, res, ms) => `${req.method} ${loggedPath(req)} ${res.statusCode} ${ms}ms`,
    customErrorMessage: (req, res) => `${req.method} ${loggedPath(req)} ${res.statusCode}`,
  });

  /** Call first for every request (before the render cache and Express). */
  function observe(req: Req, res: Res) {
    const started = process.hrtime.bigint();
    // Without the access log, pino-http's per-request loggers would be made for nothing.
    if (env.ACCESS_LOG) accessLog(req, res);
    else req.id = assignId(req, res);
    // A response emits 'close' once, whether it finished or the client left first.
    res.on("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      observeHttpRequest(req.method ?? "GET", label(pathOf(req)), res.statusCode, seconds);
    });
  }

  /** Answers a metrics request, or refuses it (401) when a token is set and not given. */
  async function answerMetrics(req: Req, res: Res) {
    res.setHeader("Cache-Control", "no-store");
    const token = env.METRICS_TOKEN;
    if (token) {
      const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1]?.trim() ?? "";
      if (!given || !sameSecret(given, token)) {
        res.statusCode = 401;
        res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end("Unauthorized");
        return;
      }
    }
    try {
      const { contentType, body } = await renderMetrics();
      res.statusCode = 200;
      res.setHeader("Content-Type", contentType);
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (e) {
      log.error({ error: e instanceof Error ? e.name : "Error" }, "[metrics] could not collect");
      res.statusCode = 500;
      res.end();
    }
  }

  /** `/metrics` on the app's port (Express): only when METRICS_TOKEN is set, else not found (next). */
  function metricsRoute(req: Req, res: Res, next: () => void) {
    if (!env.METRICS_TOKEN) return next();
    void answerMetrics(req, res);
  }

  /** The metrics listener on METRICS_HOST:METRICS_PORT when METRICS_PORT is set; returns it (or null). */
  function startMetricsServer(): http.Server | null {
    if (!env.METRICS_PORT) return null;
    const server = http.createServer((req, res) => {
      const path = (req.url ?? "/").split("?")[0];
      if ((req.method === "GET" || req.method === "HEAD") && path === "/metrics") return void answerMetrics(req, res);
      res.statusCode = 404;
      res.end();
    });
    server.listen(env.METRICS_PORT, env.METRICS_HOST, () => {
      log.info(
        { host: env.METRICS_HOST, port: env.METRICS_PORT },
        `[metrics] listening on http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics`,
      );
    });
    server.on("error", (e) => log.error({ error: e.name }, `[metrics] listener failed: ${e.message}`));
    return server;
  }

  return { observe, metricsRoute, startMetricsServer };
}
