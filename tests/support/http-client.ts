/**
 * The cookie-keeping HTTP client of the tests and the bench (bench/lib/http.ts extends it), like a
 * browser without JavaScript: redirects are not followed, every request says where it comes from
 * (X-Forwarded-For) and a form post carries the Origin a browser would send. Nothing here imports
 * vitest, so the bench can load it.
 */

/** A random client address in 10/8, sent as X-Forwarded-For (throttles count per address). */
export function randomIp() {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

export const uniqueEmail = (prefix = "user") =>
  `${prefix}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;

export class HttpClient {
  cookies = new Map<string, string>();
  constructor(
    public origin: string,
    public ip = randomIp(),
  ) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async fetch(pathname: string, init: RequestInit & { form?: Record<string, string>; json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", this.cookieHeader());
    headers.set("x-forwarded-for", this.ip);
    let body = init.body;
    if (init.form) {
      body = new URLSearchParams(init.form);
      headers.set("content-type", "application/x-www-form-urlencoded");
    } else if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers.set("content-type", "application/json");
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

  /** The cookies as Playwright's addCookies wants them. */
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
