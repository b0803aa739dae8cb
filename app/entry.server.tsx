import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { databaseDownInThisRequest, runInRequestScope } from "~/platform/http/request-scope.server";
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
import { applyDocumentSecurityHeaders, applySecurityHeaders, everyAnswerHeaders } from "~/platform/http/security-headers.server";
import {
  keyOfRenderedUrl,
  RenderCache,
  renderCacheKey,
  renderCacheRule,
  type CacheableRequest,
} from "~/platform/http/render-cache/render-cache.server";
import { publicPagesGeneration } from "~/platform/http/render-cache/generation.server";
import { refuseBadRequestHost as refuseBadHost, type HostRules } from "~/platform/http/request-host.server";
import { createRequestHandler as createPublicRequestHandler } from "~/platform/http/remix-handler.server";
import { prepareServer as prepare, setDraining as setDrainingFlag, workersStopped } from "~/platform/server-lifecycle.server";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nextOptions, isLanguage, type Language } from "~/content/locales";
import { anonymousLanguage } from "~/platform/http/negotiate-language.server";

const ABORT_DELAY = 5_000;

export const productName = site.name;
// What the server entry (app/platform/server/index.ts) uses of the app, through the server build so
// that the entry and the app share one copy of each module (one configuration, one pool, one log).
// The entry's type for this module is `typeof import("~/entry.server")`.

/** The access log's masking of paths. */
export const maskLogPath = maskPathForLog;
export const prepareServer = prepare;
/** The JSON logger (utils/log.server.ts): the server entry writes its lines through it. */
export { log };
/** Request ids, the access log and the metrics (server/observability.server.ts). */
export { createObservability };
/** The configuration, parsed once by the zod schema (utils/env.server.ts). */
export const serverEnv = getEnv;
export { runInRequestScope };
export { sendsHsts };
/** The headers every answer gets (utils/security-headers.server.ts, the one place they are decided). */
export { everyAnswerHeaders };
export const setDraining = setDrainingFlag;
export async function closeResources() {
  // A pass of the outbox or webhook sender still running would lose its pool half way, its rows
  // left leased to this process for minutes.
  await workersStopped();
  await closeDb();
}

/**
 * The render cache (app/platform/http/render-cache/render-cache.server.ts): made on first use from the configuration
 * (RENDER_CACHE=0: none). Filled by handleRequest below for the routes that declare
 * `handle.renderCache`; read by the server entry before Remix runs.
 */
let renderCache: RenderCache | null | undefined;
function theRenderCache() {
  if (renderCache === undefined) {
    const env = getEnv();
    renderCache = env.RENDER_CACHE
      ? new RenderCache({ maxBytes: env.RENDER_CACHE_MAX_BYTES, maxEntries: env.RENDER_CACHE_MAX_ENTRIES })
      : null;
  }
  return renderCache;
}
/** The kept answer of this request's page (fresh nonce), or null: Remix renders it. */
export function answerFromRenderCache(req: CacheableRequest, opts: { gzip: boolean } = { gzip: false }) {
  return theRenderCache()?.get(req, opts) ?? null;
}
let hostRules: HostRules | undefined;
/** The server entry, first thing for every request: a request line or host that is not this site's is answered 400. */
export function refuseBadRequestHost(req: IncomingMessage, res: ServerResponse) {
  const env = getEnv();
  hostRules ??= { publicOrigin: publicOrigin(), enforcePublicHost: Boolean(env.PUBLIC_URL), trustProxy: env.TRUST_PROXY };
  return refuseBadHost(req, res, hostRules);
}
/** The Remix handler the server entry mounts: the URL Remix routes on is the public origin + the request's path. */
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

/** One i18next instance per request, in the page's language, with every resource in memory (no loading). */
function i18nFor(lng: Language) {
  const instance = createInstance();
  void instance.use(initReactI18next).init(i18nextOptions(lng));
  return instance;
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
  // Every 503 page says when to come back, also when a loader threw the 503 response itself
  // (withDatabase: Remix keeps a thrown response's status for the page, not its headers).
  if (responseStatusCode === 503 && !responseHeaders.has("Retry-After")) responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
  const nonce = randomBytes(16).toString("base64");
  const env = getEnv();
  // Anonymous GETs of pages that are the same for everyone may be kept by a CDN (never with a
  // cookie in or out: signed-in pages, toasts and sessions stay private, no-store).
  const leaf = remixContext.staticHandlerContext.matches.at(-1);
  // A page that answered without the database (the FAQ's claim-free fallback) is kept by no cache.
  const degraded = databaseDownInThisRequest() !== null;
  if (
    request.method === "GET" &&
    responseStatusCode === 200 &&
    !degraded &&
    !request.headers.has("cookie") &&
    !responseHeaders.has("set-cookie") &&
    leaf &&
    isPublicCacheHandle(remixContext.routeModules[leaf.route.id]?.handle)
  ) {
    responseHeaders.set("Cache-Control", PUBLIC_CACHE_CONTROL);
    // The language follows the cookie and, for an anonymous first visit, Accept-Language (issue 30).
    responseHeaders.append("Vary", "Cookie, Accept-Language");
  }
  applyDocumentSecurityHeaders(responseHeaders, nonce, {
    dev: env.NODE_ENV === "development",
    // The pixel's sources only on public marketing pages (the only pages that load it).
    pixel: Boolean(env.META_PIXEL_ID) && isMarketingPath(new URL(request.url).pathname),
  });
  // The render cache: a route that declares `handle.renderCache`, asked for anonymously with no
  // query or campaign tags only, is kept once rendered (if the answer is storable: a public 200),
  // under the key of the URL Remix rendered, never one a header chose. `X-Cache: MISS` marks it.
  const rule = leaf ? renderCacheRule(remixContext.routeModules[leaf.route.id]?.handle) : null;
  const location = remixContext.staticHandlerContext.location;
  const renderedUrl = `${location.pathname}${location.search}`;
  // The page's language: the root loader's choice (app/platform/http/language.server.ts); without
  // it (the root loader failed) the query's or Accept-Language's.
  const rootLocale = (remixContext.staticHandlerContext.loaderData?.root as { locale?: unknown } | undefined)?.locale;
  const locale = isLanguage(rootLocale) ? rootLocale : anonymousLanguage(location.search, request.headers.get("accept-language"));
  const cache =
    rule &&
    !degraded &&
    // Kept only under the language the render cache would look it up with (the same negotiation).
    locale === anonymousLanguage(location.search, request.headers.get("accept-language")) &&
    renderCacheKey({
      method: request.method,
      url: renderedUrl,
      cookie: request.headers.get("cookie"),
      authorization: request.headers.get("authorization"),
    }) !== null &&
    keyOfRenderedUrl(renderedUrl, rule, locale) !== null
      ? theRenderCache()
      : null;
  if (cache) responseHeaders.set("X-Cache", "MISS");
  // The content generation as this answer is assembled: a catalogue change meanwhile is not kept.
  const generation = publicPagesGeneration();
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
        if (cache && rule && request.method === "GET") cache.store(renderedUrl, rule, status, responseHeaders, body, generation, locale);
        resolve(new Response(body, { headers: responseHeaders, status }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18nFor(locale)}>
        <NonceProvider value={nonce}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </NonceProvider>
      </I18nextProvider>,
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
