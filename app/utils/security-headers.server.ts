/** Security headers for every response the Remix handler produces. */
import { sendsHsts } from "./env.server";

export function contentSecurityPolicy(nonce: string, opts: { dev: boolean; pixel: boolean }) {
  const connect = ["'self'", ...(opts.dev ? ["ws://localhost:*", "ws://127.0.0.1:*"] : []), ...(opts.pixel ? ["https://www.facebook.com", "https://connect.facebook.net"] : [])];
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
