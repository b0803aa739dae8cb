import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { runInRequestScope } from "~/platform/http/request-scope.server";
import { isMarketingPath } from "~/platform/observability/analytics";
import { Writable } from "node:stream";
import { isRouteErrorResponse } from "@remix-run/react";
import { type EntryContext, type HandleDocumentRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { site } from "~/content/site";
import { closeDb } from "~/platform/db/db.server";
import { getEnv, publicOrigin, sendsHsts } from "~/platform/env.server";
import { log, logError, maskPathForLog } from "~/platform/observability/log.server";
import { createObservability } from "~/platform/observability/observability.server";
import { NonceProvider } from "~/platform/http/nonce";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/platform/db/db-errors.server";
import { MSG } from "~/content/messages";
import { isPublicCacheHandle, PUBLIC_CACHE_CONTROL } from "~/platform/http/cache";
import { checkOrigin as checkOriginPure, type OriginInput } from "~/platform/http/origin.server";
import { applySecurityHeaders, contentSecurityPolicy } from "~/platform/http/security-headers.server";
import { acceptsGzip, RenderCache, renderCacheKey } from "~/platform/http/render-cache.server";
import { refuseBadRequestHost as refuseBadHost, type HostRules } from "~/platform/http/request-host.server";
import { createRequestHandler as createPublicRequestHandler, noteRenderedUrl } from "~/platform/http/remix-handler.server";
import { prepareServer as prepare, setDraining as setDrainingFlag } from "~/platform/server-lifecycle.server";

const ABORT_DELAY = 5_000;

export const productName = site.name;
/** The access log's masking of paths (scripts/serve.js). */
export const maskLogPath = maskPathForLog;
export const prepareServer = prepare;
/** The JSON logger (utils/log.server.ts): scripts/serve.js writes its lines through it. */
export { log };
/** Request ids, the access log and the metrics (server/observability.server.ts) for scripts/serve.js. */
export { createObservability };
/** The configuration, parsed once by the zod schema (utils/env.server.ts): scripts/serve.js reads it here. */
export const serverEnv = getEnv;
export { runInRequestScope };
export { sendsHsts };
export const setDraining = setDrainingFlag;
export async function closeResources() {
  await closeDb();
}
/** The render cache scripts/serve.js puts in front of this handler (app/platform/http/render-cache.server.ts). */
export function createRenderCache() {
  const env = getEnv();
  return env.RENDER_CACHE ? new RenderCache({ maxBytes: env.RENDER_CACHE_MAX_BYTES, maxEntries: env.RENDER_CACHE_MAX_ENTRIES }) : null;
}
export { acceptsGzip, renderCacheKey };
let hostRules: HostRules | undefined;
/** scripts/serve.js, first thing for every request: a request line or host that is not this site's is answered 400. */
export function refuseBadRequestHost(req: IncomingMessage, res: ServerResponse) {
  const env = getEnv();
  hostRules ??= { publicOrigin: publicOrigin(), enforcePublicHost: Boolean(env.PUBLIC_URL), trustProxy: env.TRUST_PROXY };
  return refuseBadHost(req, res, hostRules);
}
/** The Remix handler scripts/serve.js mounts: the URL Remix routes on is the public origin + the request's path. */
export function createRequestHandler(opts: Omit<Parameters<typeof createPublicRequestHandler>[0], "publicOrigin">) {
  return createPublicRequestHandler({ ...opts, publicOrigin: publicOrigin() });
}
let allowedOrigins: string[] | undefined;
export function checkOrigin(input: OriginInput) {
  // The configuration is read once at boot (getEnv caches it): split it once too.
  allowedOrigins ??= (getEnv().ALLOWED_ORIGINS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return checkOriginPure({ ...input, allowedOrigins });
}

/** Requests during which a loader or action found the database unreachable. */
const databaseDown = new WeakSet<Request>();

/** What Remix reports for every legacy `?_data=` request of a single-fetch app: noise, not an error. */
const LEGACY_DATA_WARNING = /^Warning: Single fetch-enabled apps should not be making \?_data requests/;

export function handleError(error: unknown, { request }: { request: Request }) {
  if (isDatabaseUnavailable(error)) databaseDown.add(request);
  if (request.signal.aborted) return;
  // Expected answers are not errors: a 4xx the router decided (no such route, a route id that does
  // not match the URL, a method the route lacks) and the legacy `_data` warning. Logging them let
  // any client write a log line per request.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (error instanceof Error && LEGACY_DATA_WARNING.test(error.message)) return;
  logError("request", error);
}

export function handleDataRequest(response: Response) {
  applySecurityHeaders(response.headers);
  return response;
}

const handleRequest: HandleDocumentRequestFunction = (request, responseStatusCode, responseHeaders, remixContext: EntryContext) => {
  // A loader that found the database unreachable (seen by handleError before Remix hides the
  // error in production): answer the friendly 503 page (root ErrorBoundary) rather than a 500.
  const errors = remixContext.staticHandlerContext.errors;
  if (errors && databaseDown.has(request)) {
    for (const [id, e] of Object.entries(errors)) {
      if (e instanceof Error) {
        // The shape isRouteErrorResponse() recognises, so it also hydrates as a 503 on the client.
        errors[id] = { status: 503, statusText: "Service Unavailable", internal: false, data: MSG.serviceUnavailable };
      }
    }
    responseStatusCode = 503;
  }
  // The render cache keeps this answer only under the key of what was rendered (remix-handler.server.ts).
  const location = remixContext.staticHandlerContext.location;
  noteRenderedUrl(request, `${location.pathname}${location.search}`);
  // Every 503 page says when to come back, also when a loader threw the 503 response itself
  // (withDatabase: Remix keeps a thrown response's status for the page, not its headers).
  if (responseStatusCode === 503 && !responseHeaders.has("Retry-After")) responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
  const nonce = randomBytes(16).toString("base64");
  const env = getEnv();
  responseHeaders.set(
    "Content-Security-Policy",
    // The pixel's sources only on public marketing pages (the only pages that load it).
    contentSecurityPolicy(nonce, {
      dev: env.NODE_ENV === "development",
      pixel: Boolean(env.META_PIXEL_ID) && isMarketingPath(new URL(request.url).pathname),
    }),
  );
  // Anonymous GETs of pages that are the same for everyone may be kept by a CDN (never with a
  // cookie in or out: signed-in pages, toasts and sessions stay private, no-store).
  const leaf = remixContext.staticHandlerContext.matches.at(-1);
  if (
    request.method === "GET" &&
    responseStatusCode === 200 &&
    !request.headers.has("cookie") &&
    !responseHeaders.has("set-cookie") &&
    leaf &&
    isPublicCacheHandle(remixContext.routeModules[leaf.route.id]?.handle)
  ) {
    responseHeaders.set("Cache-Control", PUBLIC_CACHE_CONTROL);
    responseHeaders.append("Vary", "Cookie");
  }
  applySecurityHeaders(responseHeaders);
  const bot = isbot(request.headers.get("user-agent") ?? "");

  // The document is rendered to the end and sent as ONE body with its length: React's stream is
  // many small chunks, and each went through a web stream, Express, compression and a socket
  // write of its own. No route suspends (no defer/Await), so the shell is the whole page anyway
  // and a visitor gets the first byte no later than before.
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Renders still running after ABORT_DELAY are cut short (abort is set just below).
    const timer = setTimeout(() => abort(), ABORT_DELAY);
    // Humans got the status as it was when the shell was ready, bots when all was: unchanged.
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timer);
        const body = Buffer.concat(chunks);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Content-Length", String(body.length));
        resolve(new Response(body, { headers: responseHeaders, status }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          if (!bot) status = responseStatusCode;
        },
        onAllReady() {
          if (bot) status = responseStatusCode;
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError("render", error);
        },
      },
    );
  });
};
export default handleRequest;
