/** Security headers for every response the Remix handler produces. */
import { sendsHsts } from "~/platform/env.server";

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
  if (sendsHsts()) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
}
