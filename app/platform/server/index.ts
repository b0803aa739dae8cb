/**
 * The production and development HTTP server (`npm start`, `npm run dev`; docs/decisions/0001):
 * Express + the Remix handler, plus what remix-serve lacks: the client address for throttling, a
 * same-origin check on every state-changing request, the headers every answer gets, health
 * endpoints, the render cache of anonymous public pages, a PII-free access log and a graceful
 * shutdown that drains in-flight requests and closes the MySQL pool.
 *
 * `npm run build` compiles it to build/server.js (scripts/build-server.mjs), which `npm start` runs
 * with plain node; `npm run dev` runs it through tsx. It is not part of the Remix build: it loads
 * the build and reaches the app through the build's entry module (app/entry.server.tsx), so the
 * entry and the app share one copy of each module (one configuration, one pool, one logger).
 * Only types are imported from app/ here.
 */
import type http from "node:http";
import { createServer } from "node:http";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import accepts from "accepts";
import closeWithGrace from "close-with-grace";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler, type Response } from "express";
import type * as AppEntry from "~/entry.server";

// Every other setting is read through the app's zod schema (app/platform/env.server.ts, `env` below).
// Only two are read here, before the build is loaded: NODE_ENV, whose default must be in place
// before React and Remix load, and BUILD_DIR, which says where the build is (as in remix.config.js).
// Without NODE_ENV this is a local run (README's `npm start`): development, with generated secrets
// and the demo admin. Deployments set NODE_ENV=production, which fails closed without secrets.
if (!process.env.NODE_ENV) {
  process.env.NODE_ENV = "development";
  console.warn("[server] NODE_ENV is not set: running in development (demo admin, generated secrets). Set NODE_ENV=production to deploy.");
}
const BUILD_DIR = process.env.BUILD_DIR || "build";
const build = (await import(pathToFileURL(path.resolve(BUILD_DIR, "index.js")).href)) as ServerBuild;
const app = build.entry.module as unknown as typeof AppEntry;

// The configuration (invalid: stop with the message), then: the framework patches are applied (in
// production), the database is created if missing, migrations applied, the demo admin created on
// an empty database (app/platform/server-lifecycle.server.ts).
let env: ReturnType<typeof app.serverEnv>;
try {
  env = app.serverEnv();
  await app.prepareServer();
} catch (e) {
  const err = e as { userMessage?: string; message?: string } | undefined;
  app.log.fatal(err?.userMessage ?? `[server] could not start: ${err?.message}`);
  process.exit(1);
}

const MODE = env.NODE_ENV;
// Each request's id (X-Request-Id), the JSON access log (pino-http, masked paths: no references,
// no query, no headers) and the metrics: app/platform/observability/observability.server.ts.
const observability = app.createObservability({ routes: build.routes, buildDir: BUILD_DIR });
const server = express();
server.disable("x-powered-by");
if (env.TRUST_PROXY) server.set("trust proxy", true);

server.use(compression());

// The headers every answer gets, static files, health checks, cached pages and Express's own
// errors included (app/platform/http/security-headers.server.ts decides them all). Set first: an answer
// that sets one itself replaces it.
const EVERY_ANSWER_HEADERS = app.everyAnswerHeaders();
const setEveryAnswerHeaders = (res: http.ServerResponse) => {
  for (const [name, value] of EVERY_ANSWER_HEADERS) res.setHeader(name, value);
};
server.use((_req, res, next) => {
  setEveryAnswerHeaders(res);
  next();
});

/**
 * The render cache (app/platform/http/render-cache/render-cache.server.ts, docs/decisions/0009): an anonymous GET/HEAD
 * of a page whose route declares `handle.renderCache` is answered from memory when this process
 * rendered it within its s-maxage, with a fresh CSP nonce, plain or gzip as `accepts` negotiates
 * (the cache keeps the page pre-compressed around the nonce: compressing each hit cost ten times
 * the CPU). It runs before Express (whose routing and request set-up cost more than the answer
 * itself); false sends the request on. RENDER_CACHE=0 turns it off.
 */
const reqOf = (req: http.IncomingMessage) => ({
  method: req.method ?? "GET",
  url: req.url ?? "/",
  cookie: req.headers.cookie,
  authorization: req.headers.authorization,
  acceptLanguage: req.headers["accept-language"],
});
function answerFromRenderCache(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const gzip = accepts(req).encoding(["gzip", "identity"]) === "gzip";
  const answer = app.answerFromRenderCache(reqOf(req), { gzip });
  if (!answer) return false;
  res.statusCode = answer.status;
  setEveryAnswerHeaders(res);
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  // As `compression` marks every answer it could have compressed (the kept Vary is the page's: Cookie).
  const kept = res.getHeader("vary");
  res.setHeader("Vary", kept ? `${String(kept)}, Accept-Encoding` : "Accept-Encoding");
  if (answer.encoding) res.setHeader("Content-Encoding", answer.encoding);
  res.setHeader("Content-Length", answer.length);
  res.setHeader("Age", answer.age);
  res.setHeader("X-Cache", "HIT");
  // The head and the pieces leave in one write when the socket is uncorked.
  res.cork();
  if (req.method !== "HEAD") for (const chunk of answer.chunks) res.write(chunk);
  res.end();
  res.uncork();
  return true;
}

// Health: liveness without the database; readiness is a Remix resource route (/readyz).
server.get("/healthz", (_req, res) => {
  res.set("cache-control", "no-store").json({ status: "ok" });
});
// Prometheus metrics here only with METRICS_TOKEN (else 404); or on METRICS_PORT (docs/deploy.md).
server.get("/metrics", observability.metricsRoute);

server.use(`/${BUILD_DIR}`, express.static(`public/${BUILD_DIR}`, { immutable: true, maxAge: "1y", index: false }));
// public/ holds a handful of files (favicon, fonts, robots.txt...): a page path is not one of them,
// so only paths under one of its entries go through serve-static (which otherwise stats
// public/<page> on disk for every page request). In development every path does.
const servePublic = express.static("public", { maxAge: "1h", index: false });
const PUBLIC_ENTRIES = new Set(fs.existsSync("public") ? fs.readdirSync("public") : []);
server.use((req, res, next) => {
  if (MODE === "development") return servePublic(req, res, next);
  const first = req.path.split("/")[1] ?? "";
  let name = first;
  try {
    name = decodeURIComponent(first);
  } catch {
    return servePublic(req, res, next); // serve-static answers a path that does not decode
  }
  return PUBLIC_ENTRIES.has(name) ? servePublic(req, res, next) : next();
});

// Requests the shutdown waits for.
let inFlight = 0;
server.use((_req, res, next) => {
  inFlight++;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    inFlight--;
  };
  res.on("finish", finish);
  res.on("close", finish);
  next();
});

// Same-origin check for every state-changing request (CSRF), before any action runs.
// A JSON API call with `Authorization: Bearer` is a partner API key call: the API builder
// (app/platform/api/api-route.server.ts) checks the key first, answers 401 for an invalid one, and skips
// the same-origin rule only for a valid key, which never reads a cookie.
server.use((req, res, next) => {
  if (req.path.startsWith("/api/") && /^bearer[ \t]/i.test(req.get("authorization") || "")) return next();
  const verdict = app.checkOrigin({
    method: req.method,
    origin: req.get("origin"),
    secFetchSite: req.get("sec-fetch-site"),
    host: req.get("host"),
  });
  if (verdict.ok) return next();
  res.status(403).set("cache-control", "no-store");
  if (req.path.startsWith("/api/")) res.json({ message: verdict.message });
  else res.type("text/plain").send(verdict.message);
});

// Page actions take HTML form posts only. Another method or body type is the client's mistake
// (405/415), not a 500 from a form parser; an empty POST (e.g. a logout button) is an empty form.
// The JSON API (/api/...) checks methods and bodies itself.
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
server.use((req, res, next) => {
  if (req.path.startsWith("/api/") || req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  res.set("cache-control", "no-store");
  if (req.method !== "POST") {
    res.status(405).set("allow", "GET, HEAD, POST").type("text/plain").send("Method Not Allowed");
    return;
  }
  const type = (req.get("content-type") || "").split(";")[0]!.trim().toLowerCase();
  if (FORM_TYPES.has(type)) return next();
  const hasBody = Number(req.get("content-length") || 0) > 0 || req.get("transfer-encoding") !== undefined;
  if (!type && !hasBody) {
    req.headers["content-type"] = "application/x-www-form-urlencoded";
    return next();
  }
  res.status(415).type("text/plain").send("Unsupported Media Type");
});

/**
 * Back-pressure for streamed downloads (the CSV export): Remix's adapter writes a body stream as
 * fast as it is produced, whatever the client takes. A loader that streams awaits this between
 * batches: it resolves once less than 1 MB waits in the response's buffer (or the client left).
 */
const RESPONSE_BUFFER_LIMIT = 1024 * 1024;
const drainWaiter = (res: Response) => () =>
  res.writableLength < RESPONSE_BUFFER_LIMIT || res.destroyed || res.writableEnded
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const done = () => {
          res.off("drain", done);
          res.off("close", done);
          resolve();
        };
        res.on("drain", done);
        res.on("close", done);
      });

// Each request runs in its own scope (app/platform/http/request-scope.server.ts): once the database has
// failed to answer it, the rest of that request's work fails at once instead of waiting again.
// The handler is @remix-run/express's but for the URL Remix routes on: PUBLIC_URL + the request's
// path, never the Host header (app/platform/http/remix-handler.server.ts).
const remixHandler = app.createRequestHandler({
  build,
  mode: MODE,
  getLoadContext: (req, res) => ({
    clientIp: ((req as express.Request).ip || req.socket.remoteAddress || "unknown").replace(/^::ffff:/, ""),
    waitForDrain: drainWaiter(res as Response),
  }),
});
const handleWithRemix: RequestHandler = (req, res, next) =>
  app.runInRequestScope(
    () => remixHandler(req, res, next),
    (end) => res.on("close", end),
    (req as unknown as { id?: string }).id,
  );
server.all("*", handleWithRemix);

// Errors Express meets before Remix (a path that does not decode, a body it cannot read): a plain
// answer and one log line with the error's class only (no stack, no path, no values).
const onError: ErrorRequestHandler = (err: { name?: string; status?: number; statusCode?: number } | undefined, _req, res, _next) => {
  const status = Number(err?.status || err?.statusCode) || 500;
  app.log.error(`[server] ${err?.name ?? "Error"} (${status})`);
  if (res.headersSent) return void res.end();
  res
    .status(status)
    .set("cache-control", "no-store")
    .type("text/plain")
    .send(status >= 500 ? "Internal Server Error" : "Bad Request");
};
server.use(onError);

// First a request line or Host that is not this site's is answered 400 (app/platform/http/request-host.server.ts:
// absolute-form targets, a Host with a path or query, another host than PUBLIC_URL's), before the
// render cache and Express. Every request is timed and access-logged (observe) first, refused ones
// included.
const listener = createServer((req: http.IncomingMessage, res: http.ServerResponse) => {
  observability.observe(req, res);
  if (app.refuseBadRequestHost(req, res)) return;
  if (answerFromRenderCache(req, res)) return;
  server(req, res);
});
listener.listen(env.PORT, env.HOST, () => {
  app.log.info(`[server] ${app.productName} listening on http://${env.HOST ?? "localhost"}:${env.PORT} (${MODE})`);
  if (MODE === "development" && env.REMIX_DEV_ORIGIN) void broadcastDevReady(build);
});
const metricsListener = observability.startMetricsServer();

// Graceful shutdown on SIGTERM/SIGINT (and on a crash): /readyz answers 503 at once; behind a load
// balancer the server keeps serving for SHUTDOWN_DELAY_MS so it stops sending new requests, then
// the listener closes, in-flight requests get up to SHUTDOWN_GRACE_MS, and the MySQL pool closes.
// close-with-grace exits 0 when that is done (1 after a crash, or past its own deadline).
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
closeWithGrace(
  {
    delay: env.SHUTDOWN_DELAY_MS + env.SHUTDOWN_GRACE_MS + 5_000,
    // Its messages without the error's text or stack (they may hold values).
    logger: { error: (m: unknown) => app.log.error(`[server] ${typeof m === "string" ? m : ((m as Error | undefined)?.name ?? "Error")}`) },
  },
  async ({ signal, err }) => {
    if (err) app.log.error(`[server] ${err.name}: shutting down`);
    app.log.info(`[server] ${signal ?? "error"}: draining`);
    app.setDraining(true);
    if (env.SHUTDOWN_DELAY_MS > 0) await sleep(env.SHUTDOWN_DELAY_MS);
    listener.close();
    listener.closeIdleConnections();
    metricsListener?.close();
    const deadline = Date.now() + env.SHUTDOWN_GRACE_MS;
    while (inFlight > 0 && Date.now() < deadline) await sleep(50);
    listener.closeAllConnections();
    await app.closeResources().catch(() => {});
  },
);
