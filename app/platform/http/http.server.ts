/** Small helpers for headers and responses shared by routes. */
export function combineHeaders(...all: Array<HeadersInit | null | undefined>) {
  const out = new Headers();
  for (const h of all) {
    if (!h) continue;
    new Headers(h).forEach((value, key) => {
      if (key.toLowerCase() === "set-cookie") return;
      out.set(key, value);
    });
    const cookies = typeof (h as Headers).getSetCookie === "function" ? (h as Headers).getSetCookie() : new Headers(h).getSetCookie();
    for (const c of cookies) out.append("set-cookie", c);
  }
  return out;
}

/**
 * Client address when the server entry gave none (app/platform/server/index.ts passes the socket's address,
 * or X-Forwarded-For under TRUST_PROXY, in the load context: see getClientIp). Only
 * X-Forwarded-For with TRUST_PROXY is read here; no other header a client could set is believed.
 */
export function clientAddress(request: Request, trustProxy: boolean) {
  if (trustProxy) {
    const xff = request.headers.get("x-forwarded-for");
    if (xff) return xff.split(",")[0]!.trim().slice(0, 64);
  }
  return "unknown";
}
