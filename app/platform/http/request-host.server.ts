/**
 * Which host a request is for, decided once by the server entry before the render cache and Remix
 * see the request (app/platform/server/index.ts). Remix's Express adapter builds the URL it routes on from the
 * Host header, so a Host such as `127.0.0.1/loan-calculator?amount=1000000&z=` made it render
 * another page (or another query) than the path the render cache keys on, and the cache then served
 * that page to every anonymous visitor. Three rules close that:
 *
 * 1. The request line is origin-form (`GET /faq`). An absolute-form target (`GET http://host/faq`,
 *    which only proxies receive), `*` or an authority is refused with 400.
 * 2. The host the request names is a plain `host[:port]` (letters, digits, `-`, `_`, `.`, or an IPv6
 *    literal in brackets, and at most a port): no path, query, user info, spaces or commas. That is
 *    the Host header, or under TRUST_PROXY the first entry of X-Forwarded-Host (every entry of which
 *    must be plain too). Without TRUST_PROXY, X-Forwarded-Host is ignored and removed.
 * 3. When PUBLIC_URL is set (always in production), that host is PUBLIC_URL's host (a default port
 *    may be written or left out). When PUBLIC_URL is itself a loopback origin (localhost, 127.0.0.1,
 *    [::1]: development and tests), any loopback host on any port is accepted too, so
 *    http://127.0.0.1:3000 and http://localhost:3000 both work. The health checks (/healthz,
 *    /readyz) skip this rule only: load balancers probe them by the server's own address.
 *
 * A refused request is answered 400 with a fixed text. An accepted one continues with its Host set
 * to the accepted host and no X-Forwarded-Host, and Remix gets the URL PUBLIC_URL + the request's
 * path (remix-handler.server.ts): the Host header never decides what is rendered.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export const BAD_REQUEST_TARGET = "Bad Request: the request target must be a path";
export const BAD_REQUEST_HOST = "Bad Request: the Host header does not name this site";

/** Paths a load balancer probes by the server's own address (rule 3 does not apply). */
const HEALTH_PATHS = new Set(["/healthz", "/readyz"]);

const LABEL = "[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?";
const PLAIN_HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9A-Fa-f:.]{2,45}\\])(?::[0-9]{1,5})?$`);

/** `host[:port]` and nothing else: no path, query, fragment, user info, whitespace or list. */
export function isPlainHost(value: string): boolean {
  if (value.length === 0 || value.length > 260 || !PLAIN_HOST.test(value)) return false;
  const port = /:([0-9]{1,5})$/.exec(value.startsWith("[") ? value.slice(value.indexOf("]")) : value);
  return !port || Number(port[1]) <= 65535;
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

type HostParts = { name: string; port: string };

function split(host: string, defaultPort: string): HostParts {
  const lower = host.toLowerCase();
  // An IPv6 literal keeps its colons inside the brackets.
  if (lower.startsWith("[")) {
    const end = lower.indexOf("]");
    const rest = lower.slice(end + 1);
    return { name: lower.slice(0, end + 1), port: rest ? String(Number(rest.slice(1))) : defaultPort };
  }
  const colon = lower.lastIndexOf(":");
  const name = (colon === -1 ? lower : lower.slice(0, colon)).replace(/\.$/, "");
  return { name, port: colon === -1 ? defaultPort : String(Number(lower.slice(colon + 1))) };
}

export type HostRules = {
  /** The public origin (PUBLIC_URL, or the development default). */
  publicOrigin: string;
  /** Whether PUBLIC_URL was configured: only then is rule 3 enforced. */
  enforcePublicHost: boolean;
  trustProxy: boolean;
};

export type HostVerdict = { ok: true; host: string } | { ok: false; message: string };

export type HostInput = {
  /** The request target as sent (Node's `req.url`). */
  target: string;
  host?: string | undefined;
  forwardedHost?: string | string[] | undefined;
};

/** Rules 1-3 above; the accepted host, or the message of the 400. */
export function checkRequestHost(input: HostInput, rules: HostRules): HostVerdict {
  if (!input.target.startsWith("/")) return { ok: false, message: BAD_REQUEST_TARGET };
  const publicUrl = new URL(rules.publicOrigin);
  const defaultPort = publicUrl.protocol === "https:" ? "443" : "80";
  if (input.host !== undefined && !isPlainHost(input.host)) return { ok: false, message: BAD_REQUEST_HOST };
  let host = input.host;
  if (rules.trustProxy && input.forwardedHost !== undefined) {
    const entries = (Array.isArray(input.forwardedHost) ? input.forwardedHost.join(",") : input.forwardedHost)
      .split(",")
      .map((s) => s.trim());
    if (!entries.every(isPlainHost)) return { ok: false, message: BAD_REQUEST_HOST };
    host = entries[0];
  }
  // HTTP/1.0 without Host (Node refuses HTTP/1.1 without one): the request is for the public host.
  if (host === undefined) return { ok: true, host: publicUrl.host };
  if (!isPlainHost(host)) return { ok: false, message: BAD_REQUEST_HOST };
  if (!rules.enforcePublicHost) return { ok: true, host };
  const q = input.target.indexOf("?");
  if (HEALTH_PATHS.has(q === -1 ? input.target : input.target.slice(0, q))) return { ok: true, host };
  const want = split(publicUrl.host, defaultPort);
  const got = split(host, defaultPort);
  if (got.name === want.name && got.port === want.port) return { ok: true, host };
  if (LOOPBACK_NAMES.has(want.name) && LOOPBACK_NAMES.has(got.name)) return { ok: true, host };
  return { ok: false, message: BAD_REQUEST_HOST };
}

/**
 * The server entry's first step for every request: answers 400 (and returns true) when the request
 * target or host is refused; otherwise leaves the accepted host as the request's Host, drops
 * X-Forwarded-Host (Remix's own action check reads it whatever TRUST_PROXY says) and returns false.
 */
export function refuseBadRequestHost(req: IncomingMessage, res: ServerResponse, rules: HostRules): boolean {
  const verdict = checkRequestHost(
    { target: req.url ?? "", host: req.headers.host, forwardedHost: req.headers["x-forwarded-host"] },
    rules,
  );
  if (verdict.ok) {
    req.headers.host = verdict.host;
    delete req.headers["x-forwarded-host"];
    return false;
  }
  res.statusCode = 400;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  // The body may not have been read: the connection is not reused.
  res.setHeader("Connection", "close");
  res.end(verdict.message);
  return true;
}
