/** Plain HTTP helpers for integration tests against the running test server. */
import { inject } from "vitest";
import { randomIp } from "./browser";

export const baseUrl = () => inject("baseUrl");

/** A tiny cookie-keeping client, like a browser without JavaScript. */
export class Client {
  cookies = new Map<string, string>();
  ip = randomIp();
  constructor(public origin = inject("baseUrl")) {}

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
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

export const uniqueEmail = (prefix = "user") =>
  `${prefix}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
