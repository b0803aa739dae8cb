/**
 * Every security header the app sends is decided here, and only here:
 * - `everyAnswerHeaders()`: what every answer gets (static files, health checks, render cache hits,
 *   Express's own errors included), set by the server entry (app/platform/server/index.ts) before
 *   anything else answers; an answer that sets one of them itself replaces it.
 * - `applySecurityHeaders()`: the rest, for every response the Remix handler produces (pages, data
 *   requests, resource routes, the API).
 * - `applyDocumentSecurityHeaders()`: a page's CSP with its per-request nonce, plus the rest.
 * - `DOCUMENT_FILE_HEADERS` / `DOCUMENT_ERROR_PAGE_HEADERS`: the locked-down headers of a served
 *   document and of its small error page (app/features/documents/document-response.server.ts).
 */
import { sendsHsts } from "~/platform/env.server";

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The headers every answer gets: nosniff, and HSTS in production unless the app is served over
 * plain HTTP (COOKIE_SECURE=false, e.g. tests on 127.0.0.1). Worked out once (the configuration
 * is read once at boot).
 */
let everyAnswer: ReadonlyArray<readonly [string, string]> | undefined;
export function everyAnswerHeaders(): ReadonlyArray<readonly [string, string]> {
  everyAnswer ??= [["X-Content-Type-Options", "nosniff"], ...(sendsHsts() ? [["Strict-Transport-Security", HSTS] as const] : [])];
  return everyAnswer;
}

/**
 * A served document (preview or download): sandboxed, never cached, framed only by our own pages
 * (the review workspace shows it inline): frame-ancestors 'self', and X-Frame-Options SAMEORIGIN
 * for browsers that know only that.
 */
export const DOCUMENT_FILE_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "SAMEORIGIN",
  "Cache-Control": "no-store",
  "Content-Security-Policy": "sandbox; default-src 'none'; frame-ancestors 'self'",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/** The document routes' small HTML error page: inline styles only, nothing else loads. */
export const DOCUMENT_ERROR_PAGE_HEADERS: Readonly<Record<string, string>> = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
  "Referrer-Policy": "no-referrer",
};

/** The policy around its nonce, built once per (dev, pixel) pair instead of on every document. */
const cspParts = new Map<string, [string, string]>();

export function contentSecurityPolicy(nonce: string, opts: { dev: boolean; pixel: boolean }) {
  const key = `${opts.dev}:${opts.pixel}`;
  let parts = cspParts.get(key);
  if (!parts) {
    const [before, after] = buildContentSecurityPolicy("\u0000", opts).split("\u0000");
    parts = [before!, after!];
    cspParts.set(key, parts);
  }
  return parts[0] + nonce + parts[1];
}

function buildContentSecurityPolicy(nonce: string, opts: { dev: boolean; pixel: boolean }) {
  const connect = [
    "'self'",
    ...(opts.dev ? ["ws://localhost:*", "ws://127.0.0.1:*"] : []),
    ...(opts.pixel ? ["https://www.facebook.com", "https://connect.facebook.net"] : []),
  ];
  const img = ["'self'", "data:", "blob:", ...(opts.pixel ? ["https://www.facebook.com"] : [])];
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img.join(" ")}`,
    `connect-src ${connect.join(" ")}`,
    "font-src 'self'",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function applySecurityHeaders(headers: Headers) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (sendsHsts()) headers.set("Strict-Transport-Security", HSTS);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
}

/** A page's headers: its CSP with this request's nonce (`dev`: the live reload; `pixel`: the marketing pixel's sources), then the rest. */
export function applyDocumentSecurityHeaders(headers: Headers, nonce: string, opts: { dev: boolean; pixel: boolean }) {
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, opts));
  applySecurityHeaders(headers);
}
