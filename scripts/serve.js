// The production and development HTTP server: Express + @remix-run/express (what remix-serve runs),
// plus what remix-serve lacks: the client address for throttling, a same-origin check on every
// state-changing request, security headers, health endpoints, a PII-free access log and a graceful
// shutdown that drains in-flight requests and closes the MySQL pool. See docs/decisions/0001.
import { broadcastDevReady } from "@remix-run/node";
import compression from "compression";
import express from "express";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

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
const BUILD_PATH = path.resolve(BUILD_DIR, "index.js");
const build = await import(pathToFileURL(BUILD_PATH).href);
const app = build.entry.module;

// The configuration (invalid: stop with the message), then: creates the database if missing,
// applies migrations, creates the demo admin on an empty database.
let env;
try {
  env = app.serverEnv();
  await app.prepareServer();
} catch (e) {
  app.log.fatal(e && e.userMessage ? e.userMessage : `[server] could not start: ${e && e.message}`);
  process.exit(1);
}

const MODE = env.NODE_ENV;
// Each request's id (X-Request-Id), the JSON access log and the metrics: app/platform/observability/observability.server.ts.
const observability = app.createObservability({ routes: build.routes, buildDir: BUILD_DIR });
const server = express();
server.disable("x-powered-by");
if (env.TRUST_PROXY) server.set("trust proxy", true);
// The render cache (app/platform/http/render-cache.server.ts, docs/decisions/0009): an anonymous GET/HEAD
// of a public page (no cookie, no unknown query) is answered from memory, first thing (no
// compression, static-file lookup or Remix), when this build rendered it within its s-maxage; the
// answer gets a fresh CSP nonce, gzip-compressed when the client takes it. Otherwise Remix renders
// it and a storable answer (200, public Cache-Control, no Set-Cookie) is kept (captured just before
// the Remix handler, below). `X-Cache: HIT|MISS` marks the answers it considered. RENDER_CACHE=0
// turns it off. Keyed by the build's version: a new build never serves the old build's HTML.
const renderCache = app.createRenderCache();
const BUILD_VERSION = String(build.assets.version);
const HSTS = app.sendsHsts();

/** Answers from the render cache if it holds this request's page; false sends the request on to Express. */
function answerFromRenderCache(req, res) {
  const key = app.renderCacheKey({
    method: req.method,
    url: req.url,
    cookie: req.headers.cookie,
    authorization: req.headers.authorization,
  });
  if (key === null) return false;
  const hit = renderCache.get(BUILD_VERSION, key, { gzip: app.acceptsGzip(req.headers["accept-encoding"]) });
  if (!hit) {
    res.locals = { renderCacheKey: key };
    res.setHeader("X-Cache", "MISS");
    return false;
  }
  res.statusCode = hit.status;
  for (const [name, value] of hit.headers) res.setHeader(name, value);
  // What the Express chain adds to every answer (below), which a hit does not pass through.
  if (!res.hasHeader("x-content-type-options")) res.setHeader("X-Content-Type-Options", "nosniff");
  if (HSTS) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  if (hit.encoding) res.setHeader("Content-Encoding", hit.encoding);
  res.setHeader("Content-Length", hit.length);
  res.setHeader("Age", hit.age);
  res.setHeader("X-Cache", "HIT");
  // The head and the pieces leave in one write when the socket is uncorked.
  res.cork();
  if (req.method !== "HEAD") for (const chunk of hit.chunks) res.write(chunk);
  res.end();
  res.uncork();
  return true;
}

server.use(compression());

// Headers every answer gets, static files, health checks and resource routes (documents) included;
// Remix answers add CSP and the rest (security-headers.server.ts). HSTS in production unless the
// app is served over plain HTTP (COOKIE_SECURE=false, e.g. tests on 127.0.0.1).
server.use((_req, res, next) => {
  // Added just before the head is sent, only where the answer did not set them itself.
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    if (!this.headersSent) {
      if (!this.hasHeader("x-content-type-options")) this.setHeader("X-Content-Type-Options", "nosniff");
      if (HSTS && !this.hasHeader("strict-transport-security"))
        this.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    return writeHead.apply(this, args);
  };
  next();
});

// Health: liveness without the database; readiness is a Remix resource route (/readyz).
server.get("/healthz", (_req, res) => res.set("cache-control", "no-store").json({ status: "ok" }));
// Prometheus metrics here only with METRICS_TOKEN (else 404); or on METRICS_PORT (docs/deploy.md).
server.get("/metrics", observability.metricsRoute);

server.use(`/${BUILD_DIR}`, express.static(`public/${BUILD_DIR}`, { immutable: true, maxAge: "1y", index: false }));
// public/ holds a handful of files (favicon, fonts, robots.txt...): a page path is not one of them,
// so only paths under one of its entries go through serve-static (which otherwise stats
// public/<page> on disk for every page request). In development every path does, as before.
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

let inFlight = 0;
server.use((req, res, next) => {
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
// A JSON API call with `Authorization: Bearer` is a partner API key call: the API
// builder (app/platform/api/api-route.server.ts) checks the key first, answers 401 for an invalid one,
// and skips the same-origin rule only for a valid key, which never reads a cookie.
server.use((req, res, next) => {
  if (req.path.startsWith("/api/") && /^bearer[ \t]/i.test(req.get("authorization") || "")) return next();
  const verdict = app.checkOrigin({
    method: req.method,
    origin: req.get("origin"),
    secFetchSite: req.get("sec-fetch-site"),
    host: req.get("host"),
    contentType: req.get("content-type"),
    path: req.path,
  });
  if (verdict.ok) return next();
  res.status(403).set("cache-control", "no-store");
  if (req.path.startsWith("/api/")) return res.json({ message: verdict.message });
  return res.type("text/plain").send(verdict.message);
});

// Page actions take HTML form posts only. Another method or body type is the client's mistake
// (405/415), not a 500 from a form parser; an empty POST (e.g. a logout button) is an empty form.
// The JSON API (/api/...) checks methods and bodies itself.
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
server.use((req, res, next) => {
  if (req.path.startsWith("/api/") || req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  res.set("cache-control", "no-store");
  if (req.method !== "POST") return res.status(405).set("allow", "GET, HEAD, POST").type("text/plain").send("Method Not Allowed");
  const type = (req.get("content-type") || "").split(";")[0].trim().toLowerCase();
  if (FORM_TYPES.has(type)) return next();
  const hasBody = Number(req.get("content-length") || 0) > 0 || req.get("transfer-encoding") !== undefined;
  if (!type && !hasBody) {
    req.headers["content-type"] = "application/x-www-form-urlencoded";
    return next();
  }
  return res.status(415).type("text/plain").send("Unsupported Media Type");
});

// The render cache's other half: a GET it missed is kept as the app writes it (before compression,
// whose wrappers are further out), if storable once it ends.
if (renderCache) {
  server.use((req, res, next) => {
    const key = res.locals.renderCacheKey;
    if (key === undefined || req.method !== "GET") return next();
    const chunks = [];
    let size = 0;
    let tooBig = false;
    const write = res.write;
    const end = res.end;
    const keep = (chunk, encoding) => {
      if (tooBig || chunk == null || typeof chunk === "function") return;
      const buf =
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8")
          : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      size += buf.length;
      if (size > 4 * 1024 * 1024) tooBig = true;
      else chunks.push(Buffer.from(buf));
    };
    res.write = function (chunk, encoding, cb) {
      keep(chunk, encoding);
      return write.call(this, chunk, encoding, cb);
    };
    res.end = function (chunk, encoding, cb) {
      keep(chunk, encoding);
      if (!tooBig && !res.destroyed) {
        try {
          renderCache.store(BUILD_VERSION, key, res.statusCode, res.getHeaders(), Buffer.concat(chunks, size), res.locals.renderedUrl);
        } catch (e) {
          app.log.error(`[server] render cache: ${e && e.name ? e.name : "Error"}`);
        }
      }
      return end.call(this, chunk, encoding, cb);
    };
    next();
  });
}

/**
 * Back-pressure for streamed downloads (the CSV export): Remix's adapter writes a body stream as
 * fast as it is produced, whatever the client takes. A loader that streams awaits this between
 * batches: it resolves once less than 1 MB waits in the response's buffer (or the client left).
 */
const RESPONSE_BUFFER_LIMIT = 1024 * 1024;
const drainWaiter = (res) => () =>
  res.writableLength < RESPONSE_BUFFER_LIMIT || res.destroyed || res.writableEnded
    ? Promise.resolve()
    : new Promise((resolve) => {
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
    clientIp: (req.ip || req.socket.remoteAddress || "unknown").replace(/^::ffff:/, ""),
    waitForDrain: drainWaiter(res),
  }),
});
server.all("*", (req, res, next) =>
  app.runInRequestScope(
    () => remixHandler(req, res, next),
    (end) => res.on("close", end),
    req.id,
  ),
);

// Errors Express meets before Remix (a path that does not decode, a body it cannot read): a plain
// answer and one log line with the error's class only (no stack, no path, no values).
server.use((err, _req, res, _next) => {
  const status = Number(err && (err.status || err.statusCode)) || 500;
  app.log.error(`[server] ${err && err.name ? err.name : "Error"} (${status})`);
  if (res.headersSent) return res.end();
  res
    .status(status)
    .set("cache-control", "no-store")
    .type("text/plain")
    .send(status >= 500 ? "Internal Server Error" : "Bad Request");
});

const port = env.PORT;
const host = env.HOST;
// First a request line or Host that is not this site's is answered 400 (app/platform/http/request-host.server.ts:
// absolute-form targets, a Host with a path or query, another host than PUBLIC_URL's), before the
// render cache and Remix. A page in the render cache is answered before Express runs (its routing
// and request/response set-up cost more than the answer itself); everything else goes to Express.
// Every request is timed and access-logged (observe) first, refused ones included.
const listener = http.createServer((req, res) => {
  observability.observe(req, res);
  if (app.refuseBadRequestHost(req, res)) return;
  return (renderCache && answerFromRenderCache(req, res)) || server(req, res);
});
listener.listen(port, host, () => {
  app.log.info(`[server] ${app.productName} listening on http://${host ?? "localhost"}:${port} (${MODE})`);
  if (MODE === "development" && env.REMIX_DEV_ORIGIN) broadcastDevReady(build);
});
const metricsListener = observability.startMetricsServer();

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  app.log.info(`[server] ${signal}: draining`);
  app.setDraining(true);
  // Behind a load balancer: keep serving while /readyz answers 503, so the balancer stops sending
  // new requests before the listener closes (SHUTDOWN_DELAY_MS, default 0).
  const delay = env.SHUTDOWN_DELAY_MS;
  if (delay > 0) await new Promise((r) => setTimeout(r, delay));
  listener.close();
  listener.closeIdleConnections?.();
  metricsListener?.close();
  const deadline = Date.now() + env.SHUTDOWN_GRACE_MS;
  while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  listener.closeAllConnections?.();
  await app.closeResources().catch(() => {});
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
