import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { keyOfRenderedUrl, RenderCache, renderCacheKey, renderCacheRule, storableLifetime } from "./render-cache.server";
import { invalidatePublicPages, publicPagesGeneration } from "./generation.server";

const NONCE = "AAAAAAAAAAAAAAAAAAAAAA==";
const PUBLIC = "public, max-age=0, s-maxage=300, stale-while-revalidate=60";
const CAMPAIGN = { query: "campaign-tags" } as const;
const NO_QUERY = { query: "none" } as const;
const headers = (extra: Record<string, string> = {}) =>
  new Headers({
    "content-type": "text/html; charset=utf-8",
    "cache-control": PUBLIC,
    "content-security-policy": `default-src 'self'; script-src 'nonce-${NONCE}' 'strict-dynamic'`,
    vary: "Cookie",
    "x-cache": "MISS",
    ...extra,
  });
const page = (text: string) =>
  Buffer.from(`<html><script nonce="${NONCE}">1</script>${text.repeat(50)}<script nonce="${NONCE}">2</script></html>`);
const get = (url: string, extra: { cookie?: string; authorization?: string; method?: string } = {}) => ({ method: "GET", url, ...extra });

describe("renderCacheRule", () => {
  it("reads a route handle's declaration, and nothing else", () => {
    expect(renderCacheRule({ publicCache: true, renderCache: { query: "campaign-tags" } })).toEqual(CAMPAIGN);
    expect(renderCacheRule({ renderCache: { query: "none" } })).toEqual(NO_QUERY);
    for (const h of [undefined, null, {}, { publicCache: true }, { renderCache: true }, { renderCache: { query: "any" } }]) {
      expect(renderCacheRule(h)).toBeNull();
    }
  });
});

describe("renderCacheKey", () => {
  it("keys anonymous GET/HEAD by path, campaign tags ignored", () => {
    expect(renderCacheKey(get("/"))).toBe("/");
    expect(renderCacheKey(get("/faq", { method: "HEAD" }))).toBe("/faq");
    expect(renderCacheKey(get("/faq?utm_source=news&utm_campaign=x"))).toBe("/faq");
    expect(renderCacheKey(get("/?"))).toBe("/");
  });
  it("refuses cookies, authorization, other methods and other queries", () => {
    expect(renderCacheKey(get("/", { cookie: "__session=x" }))).toBeNull();
    expect(renderCacheKey(get("/", { cookie: "lw_toast=x" }))).toBeNull();
    expect(renderCacheKey(get("/", { authorization: "Bearer x" }))).toBeNull();
    expect(renderCacheKey(get("/", { method: "POST" }))).toBeNull();
    expect(renderCacheKey(get("/?page=2"))).toBeNull();
    expect(renderCacheKey(get("/loan-calculator?amount=5000"))).toBeNull();
  });
});

describe("keyOfRenderedUrl", () => {
  it("follows the route's rule on queries", () => {
    expect(keyOfRenderedUrl("/faq", CAMPAIGN)).toBe("/faq");
    expect(keyOfRenderedUrl("/faq?utm_source=x", CAMPAIGN)).toBe("/faq");
    expect(keyOfRenderedUrl("/faq?q=rates", CAMPAIGN)).toBeNull();
    expect(keyOfRenderedUrl("/loan-calculator", NO_QUERY)).toBe("/loan-calculator");
    expect(keyOfRenderedUrl("/loan-calculator?utm_source=x", NO_QUERY)).toBeNull();
  });
});

describe("storableLifetime", () => {
  it("keeps only public 200 HTML without Set-Cookie, for s-maxage", () => {
    expect(storableLifetime(200, headers())).toBe(300_000);
    expect(storableLifetime(404, headers())).toBeNull();
    expect(storableLifetime(200, headers({ "cache-control": "private, no-store" }))).toBeNull();
    expect(storableLifetime(200, headers({ "set-cookie": "a=b" }))).toBeNull();
    expect(storableLifetime(200, headers({ "content-type": "application/json" }))).toBeNull();
  });
});

describe("RenderCache", () => {
  it("answers with a fresh nonce, in the body and the CSP, raw or gzip, and replays no per-answer header", () => {
    const cache = new RenderCache({ maxBytes: 1e6, maxEntries: 10 });
    expect(cache.store("/", CAMPAIGN, 200, headers(), page("hello"))).toBe(true);
    const a = cache.get(get("/"))!;
    const b = cache.get(get("/?utm_source=x"), { gzip: true })!;
    const [rawA, rawB] = [Buffer.concat(a.chunks), Buffer.concat(b.chunks)];
    expect([rawA.length, rawB.length]).toEqual([a.length, b.length]);
    const nonceOf = (h: Array<[string, string]>) => /'nonce-([^']+)'/.exec(h.find(([n]) => n === "content-security-policy")![1])![1]!;
    const [na, nb] = [nonceOf(a.headers), nonceOf(b.headers)];
    expect(na).not.toBe(NONCE);
    expect(na).not.toBe(nb);
    expect(rawA.toString()).toBe(page("hello").toString().replaceAll(NONCE, na));
    expect(zlib.gunzipSync(rawB).toString()).toBe(page("hello").toString().replaceAll(NONCE, nb));
    expect([a.encoding, b.encoding]).toEqual([null, "gzip"]);
    expect(a.headers.map(([n]) => n)).not.toContain("x-cache");
    expect(a.headers).toContainEqual(["vary", "Cookie"]);
  });

  it("drops every page when the public pages' data changes (the lender catalogue), and keeps no render begun before", () => {
    const cache = new RenderCache({ maxBytes: 1e6, maxEntries: 10 });
    cache.store("/", CAMPAIGN, 200, headers(), page("Rates from 11.43% APR"));
    expect(cache.get(get("/"))).not.toBeNull();
    const begun = publicPagesGeneration();
    invalidatePublicPages();
    expect(cache.get(get("/"))).toBeNull();
    // A page rendered from the old catalogue and finished after the change is not kept.
    expect(cache.store("/", CAMPAIGN, 200, headers(), page("Rates from 11.43% APR"), begun)).toBe(false);
    expect(cache.store("/", CAMPAIGN, 200, headers(), page("Rates from 12.34% APR"))).toBe(true);
    expect(Buffer.concat(cache.get(get("/"))!.chunks).toString()).toContain("12.34%");
  });

  it("drops expired entries", () => {
    let now = 1_000_000;
    const cache = new RenderCache({ maxBytes: 1e6, maxEntries: 10, now: () => now });
    cache.store("/", CAMPAIGN, 200, headers(), page("a"));
    now += 299_999;
    expect(cache.get(get("/"))?.age).toBe(299);
    now += 2;
    expect(cache.get(get("/"))).toBeNull();
  });

  it("keeps an answer only under the key of the URL that was rendered, by the route's rule", () => {
    const cache = new RenderCache({ maxBytes: 1e6, maxEntries: 10 });
    expect(cache.store("/loan-calculator?amount=1000000&z=/working-capital-loans", NO_QUERY, 200, headers(), page("calc"))).toBe(false);
    expect(cache.store("/loan-calculator?utm_source=x", NO_QUERY, 200, headers(), page("calc"))).toBe(false);
    expect(cache.store("/faq?q=1", CAMPAIGN, 200, headers(), page("faq"))).toBe(false);
    expect(cache.size).toBe(0);
    expect(cache.store("/loan-calculator", NO_QUERY, 200, headers(), page("calc"))).toBe(true);
    expect(cache.get(get("/loan-calculator"))).not.toBeNull();
    // A page without a query only: campaign tags on it are another request.
    expect(cache.get(get("/loan-calculator?utm_source=x"))).toBeNull();
    expect(cache.store("/faq?utm_source=x", CAMPAIGN, 200, headers(), page("faq"))).toBe(true);
    expect(cache.get(get("/faq"))).not.toBeNull();
    expect(cache.get(get("/faq", { cookie: "a=b" }))).toBeNull();
  });

  it("stays within its entry count and byte budget, least recently used out first", () => {
    const cache = new RenderCache({ maxBytes: 1e6, maxEntries: 2 });
    cache.store("/a", CAMPAIGN, 200, headers(), page("a"));
    cache.store("/b", CAMPAIGN, 200, headers(), page("b"));
    cache.get(get("/a"));
    cache.store("/c", CAMPAIGN, 200, headers(), page("c"));
    expect(cache.get(get("/b"))).toBeNull();
    expect(cache.get(get("/a"))).not.toBeNull();
    const small = new RenderCache({ maxBytes: 40_000, maxEntries: 100 });
    for (let i = 0; i < 20; i++) small.store(`/${i}`, CAMPAIGN, 200, headers(), page(`x${i}`.repeat(40)));
    expect(small.usedBytes).toBeLessThanOrEqual(40_000);
    expect(small.size).toBeGreaterThan(0);
    expect(small.store("/big", CAMPAIGN, 200, headers(), Buffer.alloc(20_000))).toBe(false);
  });
});

describe("the page's language in the key (issue 30)", () => {
  const withLanguage = (url: string, acceptLanguage?: string) => ({ ...get(url), acceptLanguage });
  it("keys each language apart: ?lng= first, then Accept-Language; English keeps the plain path", () => {
    expect(renderCacheKey(withLanguage("/faq"))).toBe("/faq");
    expect(renderCacheKey(withLanguage("/faq", "en-US,en;q=0.9"))).toBe("/faq");
    expect(renderCacheKey(withLanguage("/faq", "es-US,es;q=0.9,en;q=0.5"))).toBe("/faq\nes");
    expect(renderCacheKey(withLanguage("/faq?lng=es"))).toBe("/faq\nes");
    expect(renderCacheKey(withLanguage("/faq?lng=en", "es"))).toBe("/faq");
    expect(renderCacheKey(withLanguage("/faq?lng=es&utm_source=x"))).toBe("/faq\nes");
    // A language the site does not have, or not spelled exactly: not from the cache.
    expect(renderCacheKey(withLanguage("/faq?lng=fr"))).toBeNull();
    expect(renderCacheKey(withLanguage("/faq?lng=es&lng=en"))).toBeNull();
  });

  it("stores a page under the language it was rendered in, and answers only that language", () => {
    const cache = new RenderCache({ maxBytes: 1_000_000, maxEntries: 10 });
    expect(cache.store("/faq?lng=es", CAMPAIGN, 200, headers(), page("es"), publicPagesGeneration(), "es")).toBe(true);
    expect(keyOfRenderedUrl("/loan-calculator?lng=es", NO_QUERY, "es")).toBe("/loan-calculator\nes");
    expect(cache.get(withLanguage("/faq", "es"))).not.toBeNull();
    expect(cache.get(withLanguage("/faq?lng=es"))).not.toBeNull();
    expect(cache.get(withLanguage("/faq"))).toBeNull();
    expect(cache.get(withLanguage("/faq", "en"))).toBeNull();
  });
});
