/** A cookie-keeping HTTP client, like a browser without JavaScript (redirects are not followed). */

let ipCounter = 0;
/** A distinct client address for every call (10.0.0.1, 10.0.0.2, ...), sent as X-Forwarded-For. */
export function nextIp() {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export class Client {
  cookies = new Map<string, string>();
  constructor(
    public origin: string,
    public ip = nextIp(),
  ) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async fetch(pathname: string, init: RequestInit & { form?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", this.cookieHeader());
    headers.set("x-forwarded-for", this.ip);
    let body = init.body;
    if (init.form) {
      body = new URLSearchParams(init.form);
      headers.set("content-type", "application/x-www-form-urlencoded");
    }
    const method = init.method ?? (body ? "POST" : "GET");
    if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) headers.set("origin", this.origin);
    const res = await fetch(this.origin + pathname, { ...init, method, headers, body, redirect: "manual" });
    this.keepCookies(res.headers.getSetCookie());
    return res;
  }

  keepCookies(setCookies: string[]) {
    for (const c of setCookies) {
      const [pair, ...attrs] = c.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const expired = value === "" || attrs.some((a) => /max-age=0\b/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The cookies as Playwright wants them. */
  browserCookies() {
    return [...this.cookies].map(([name, value]) => ({ name, value, url: this.origin }));
  }
}

/** Throws unless `res` is a redirect to `to`. */
export async function expectRedirect(res: Response, to: string | RegExp, what: string) {
  const loc = res.headers.get("location") ?? "";
  const ok = res.status >= 300 && res.status < 400 && (typeof to === "string" ? loc === to : to.test(loc));
  if (!ok) throw new Error(`${what}: expected a redirect to ${to}, got ${res.status} ${loc} ${(await res.text()).slice(0, 300)}`);
}
