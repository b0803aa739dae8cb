import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, RenderCache, renderCacheKey, storableLifetime } from "./render-cache.server";

const NONCE = "AAAAAAAAAAAAAAAAAAAAAA==";
const PUBLIC = "public, max-age=0, s-maxage=300, stale-while-revalidate=60";
const headers = (extra: Record<string, string> = {}) => ({
  "content-type": "text/html; charset=utf-8",
  "cache-control": PUBLIC,
  "content-security-policy": `default-src 'self'; script-src 'nonce-${NONCE}' 'strict-dynamic'`,
  vary: "Cookie, Accept-Encoding",
  "content-encoding": "br",
  ...extra,
});
const page = (text: string) =>
  Buffer.from(`<html><script nonce="${NONCE}">1</script>${text.repeat(50)}<script nonce="${NONCE}">2</script></html>`);

describe("renderCacheKey", () => {
  it("keys anonymous GET/HEAD of the public pages by path", () => {
    expect(renderCacheKey({ method: "GET", url: "/" })).toBe("/");
    expect(renderCacheKey({ method: "HEAD", url: "/faq" })).toBe("/faq");
    expect(renderCacheKey({ method: "GET", url: "/loan-calculator" })).toBe("/loan-calculator");
    expect(renderCacheKey({ method: "GET", url: "/faq?utm_source=news&utm_campaign=x" })).toBe("/faq");
    expect(renderCacheKey({ method: "GET", url: "/?" })).toBe("/");
  });
  it("refuses cookies, authorization, other methods, unknown queries and personal pages", () => {
    expect(renderCacheKey({ method: "GET", url: "/", cookie: "__session=x" })).toBeNull();
    expect(renderCacheKey({ method: "GET", url: "/", cookie: "lw_toast=x" })).toBeNull();
    expect(renderCacheKey({ method: "GET", url: "/", authorization: "Bearer x" })).toBeNull();
    expect(renderCacheKey({ method: "POST", url: "/" })).toBeNull();
    expect(renderCacheKey({ method: "GET", url: "/?page=2" })).toBeNull();
    expect(renderCacheKey({ method: "GET", url: "/loan-calculator?amount=5000" })).toBeNull();
    expect(renderCacheKey({ method: "GET", url: "/loan-calculator?utm_source=x" })).toBeNull();
    for (const p of [
      "/dashboard",
      "/apply/loan",
      "/account",
      "/admin",
      "/application-status",
      "/api/loan-applications",
      "/faq/",
      "/FAQ",
      "/faq.data",
    ]) {
      expect(renderCacheKey({ method: "GET", url: p }), p).toBeNull();
    }
  });
});

describe("acceptsGzip", () => {
  it("compresses for browsers and for gzip or * with a quality above 0", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8, *;q=0.1")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("GZIP")).toBe(true);
  });
  it("sends plain bytes when gzip is absent, refused, or ranked below identity", () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("*;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0.5, identity;q=1")).toBe(false);
    expect(acceptsGzip("gzip;q=nonsense")).toBe(false);
  });
});

describe("storableLifetime", () => {
  it("keeps only public 200 HTML without Set-Cookie, for s-maxage", () => {
    expect(storableLifetime(200, headers())).toBe(300_000);
    expect(storableLifetime(404, headers())).toBeNull();
    expect(storableLifetime(200, headers({ "cache-control": "private, no-store" }))).toBeNull();
    expect(storableLifetime(200, { ...headers(), "set-cookie": ["a=b"] } as never)).toBeNull();
    expect(storableLifetime(200, headers({ "content-type": "application/json" }))).toBeNull();
  });
});

describe("RenderCache", () => {
  it("answers with a fresh nonce, in the body and the CSP, raw or gzip", () => {
    const cache = new RenderCache({ maxBytes: 1e6, maxEntries: 10 });
    expect(cache.store("v1", "/", 200, headers(), page("hello"), "/")).toBe(true);
    const a = cache.get("v1", "/", { gzip: false })!;
    const b = cache.get("v1", "/", { gzip: true })!;
    const [rawA, rawB] = [Buffer.concat(a.chunks), Buffer.concat(b.chunks)];
    expect([rawA.length, rawB.length]).toEqual([a.length, b.length]);
    const bodyA = rawA.toString();
    const bodyB = zlib.gunzipSync(rawB).toString();
    const nonceOf = (h: Array<[string, string | string[]]>) =>
      /'nonce-([^']+)'/.exec(String(h.find(([n]) => n === "content-security-policy")![1]))![1]!;
    const [na, nb] = [nonceOf(a.headers), nonceOf(b.headers)];
    expect(na).not.toBe(NONCE);
    expect(na).not.toBe(nb);
    expect(bodyA).toBe(page("hello").toString().replaceAll(NONCE, na));
    expect(bodyB).toBe(page("hello").toString().replaceAll(NONCE, nb));
    expect(b.encoding).toBe("gzip");
    expect(a.headers.map(([n]) => n)).not.toContain("content-encoding");
  });

  it("drops entries of another build and expired ones", () => {
    let now = 0;
    const cache = new RenderCache({ maxBytes: 1e6, maxEntries: 10, now: () => now });
    cache.store("v1", "/", 200, headers(), page("a"), "/");
    expect(cache.get("v2", "/", { gzip: false })).toBeNull();
    expect(cache.size).toBe(0);
    cache.store("v1", "/", 200, headers(), page("a"), "/");
    now = 299_999;
    expect(cache.get("v1", "/", { gzip: false })?.age).toBe(299);
    now = 300_000;
    expect(cache.get("v1", "/", { gzip: false })).toBeNull();
  });

  it("keeps an answer only under the key of the URL that was rendered", () => {
    const cache = new RenderCache({ maxBytes: 1e6, maxEntries: 10 });
    const calc = "/loan-calculator?amount=1000000&z=/working-capital-loans";
    expect(cache.store("v", "/working-capital-loans", 200, headers(), page("calc"), calc)).toBe(false);
    expect(cache.store("v", "/working-capital-loans", 200, headers(), page("calc"), "/loan-calculator")).toBe(false);
    expect(cache.store("v", "/loan-calculator", 200, headers(), page("calc"), "/loan-calculator?amount=1")).toBe(false);
    expect(cache.store("v", "/faq", 200, headers(), page("faq"), undefined)).toBe(false);
    expect(cache.size).toBe(0);
    expect(cache.store("v", "/faq", 200, headers(), page("faq"), "/faq?utm_source=x")).toBe(true);
  });

  it("stays within its entry count and byte budget, least recently used out first", () => {
    const cache = new RenderCache({ maxBytes: 1e6, maxEntries: 2 });
    cache.store("v", "/a", 200, headers(), page("a"), "/a");
    cache.store("v", "/b", 200, headers(), page("b"), "/b");
    cache.get("v", "/a", { gzip: false });
    cache.store("v", "/c", 200, headers(), page("c"), "/c");
    expect(cache.get("v", "/b", { gzip: false })).toBeNull();
    expect(cache.get("v", "/a", { gzip: false })).not.toBeNull();
    const small = new RenderCache({ maxBytes: 40_000, maxEntries: 100 });
    for (let i = 0; i < 20; i++) small.store("v", `/${i}`, 200, headers(), page(`x${i}`.repeat(40)), `/${i}`);
    expect(small.usedBytes).toBeLessThanOrEqual(40_000);
    expect(small.size).toBeGreaterThan(0);
    expect(small.store("v", "/big", 200, headers(), Buffer.alloc(20_000), "/big")).toBe(false);
  });
});
