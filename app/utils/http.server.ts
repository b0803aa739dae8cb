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

/** Client address: X-Forwarded-For only when TRUST_PROXY is set. remix-serve passes the socket address through no header, so fall back to a constant. */
export function clientAddress(request: Request, trustProxy: boolean) {
  if (trustProxy) {
    const xff = request.headers.get("x-forwarded-for");
    if (xff) return xff.split(",")[0]!.trim().slice(0, 64);
  }
  return request.headers.get("x-real-client-ip-internal") ?? "local";
}
