/**
 * The render cache of anonymous public pages (app/platform/server/index.ts, app/platform/http/render-cache/render-cache.server.ts,
 * docs/decisions/0009): real servers from the build, real MySQL. Servers of this file's own, so
 * what is cached (and the budgets) is known: other files' requests never warm them.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOASTS } from "~/content/messages";
import { createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { Client } from "../support/http";
import { startAppServer, type AppServer } from "../support/server";

const PUBLIC = [
  "/",
  "/small-business-funding",
  "/equipment-financing",
  "/working-capital-loans",
  "/commercial-real-estate",
  "/business-expansion-loans",
  "/startup-capital-loans",
  "/faq",
  "/loan-calculator",
  "/privacy-policy",
  "/terms-of-service",
  "/api-docs",
];

const ROOT = path.resolve(__dirname, "../..");
const BUILD_DIR = process.env.BUILD_DIR || "build";
let server: AppServer;
const servers: AppServer[] = [];

async function start(name: string, env: Record<string, string> = {}) {
  const s = await startAppServer({ name, env });
  servers.push(s);
  return s;
}

beforeAll(async () => {
  server = await start("render-cache");
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

const anon = (s: AppServer = server) => new Client(s.origin);
const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

async function get(c: Client, p: string, init: RequestInit = {}) {
  const res = await c.fetch(p, init);
  return { res, body: await res.text(), cache: res.headers.get("x-cache") };
}

describe("anonymous public pages", () => {
  it("are rendered once, then answered from memory with the same HTML, a fresh nonce and no cookie", async () => {
    for (const p of PUBLIC) {
      const miss = await get(anon(), p);
      expect(miss.res.status, p).toBe(200);
      expect(miss.cache, p).toBe("MISS");
      const hit = await get(anon(), p);
      expect(hit.cache, p).toBe("HIT");
      expect(hit.res.status, p).toBe(200);
      expect(withoutNonce(hit.body), p).toBe(withoutNonce(miss.body));
      for (const r of [miss, hit]) {
        expect(r.res.headers.get("set-cookie"), p).toBeNull();
        expect(r.res.headers.get("cache-control"), p).toMatch(/^public, .*s-maxage=300/);
        expect(r.res.headers.get("vary") ?? "", p).toMatch(/Cookie/);
        expect(r.res.headers.get("x-content-type-options"), p).toBe("nosniff");
      }
      // Each answer its own nonce, in the CSP and on every script of the page.
      const nonce = nonceOf(hit.res)!;
      expect(nonce, p).toBeTruthy();
      expect(nonce, p).not.toBe(nonceOf(miss.res));
      const scriptNonces = [...hit.body.matchAll(/<script\b[^>]*\bnonce="([^"]*)"/g)].map((m) => m[1]);
      expect(scriptNonces.length, p).toBeGreaterThan(0);
      for (const n of scriptNonces) expect(n, p).toBe(nonce);
    }
  });

  it("answers HEAD from memory, and gzip only to clients that take it", async () => {
    await get(anon(), "/faq");
    const head = await anon().fetch("/faq", { method: "HEAD" });
    expect(head.headers.get("x-cache")).toBe("HIT");
    expect(await head.text()).toBe("");
    const plain = await anon().fetch("/faq", { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("x-cache")).toBe("HIT");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(await plain.text()));
    const gz = await anon().fetch("/faq", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(await gz.text()).toContain("</html>");
  });

  it("treats campaign tags as the same page, and any other query (and the calculator's) as not cacheable", async () => {
    await get(anon(), "/");
    const utm = await get(anon(), "/?utm_source=newsletter&utm_campaign=spring");
    expect(utm.cache).toBe("HIT");
    for (const p of ["/?page=2", "/faq?q=rates", "/loan-calculator?utm_source=x"]) {
      for (let i = 0; i < 2; i++) expect((await get(anon(), p)).cache, p).toBeNull();
    }
    const calc = await get(anon(), "/loan-calculator?amount=25000&apr=12&term=36");
    expect(calc.cache).toBeNull();
    expect(calc.body).toContain("25,000");
    expect((await get(anon(), "/loan-calculator?amount=25000&apr=12&term=36")).cache).toBeNull();
  });

  it("is not used for methods other than GET and HEAD", async () => {
    await get(anon(), "/");
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"]) {
      const res = await anon().fetch("/", { method, ...(method === "POST" ? { form: {} } : {}) });
      expect(res.headers.get("x-cache"), method).toBeNull();
      expect(res.status, method).not.toBe(200);
    }
  });
});

describe("visitors with a cookie", () => {
  it("a signed-in visitor never gets a cached page, and their page is never kept", async () => {
    const user = await createApplicant();
    const c = anon();
    expect((await c.fetch("/login", { form: { email: user.email, password: TEST_PASSWORD } })).status).toBe(302);
    for (const p of PUBLIC) {
      await get(anon(), p); // warm
      const mine = await get(c, p);
      expect(mine.cache, p).toBeNull();
      expect(mine.res.headers.get("cache-control"), p).toBe("private, no-store");
      // Their own page: the root loader's data names them (the header greets them on most pages).
      expect(mine.body, p).toContain(`\\"firstName\\",\\"${user.firstName}\\"`);
      const other = await get(anon(), p);
      expect(other.cache, p).toBe("HIT");
      expect(other.body, p).not.toContain(`\\"firstName\\"`);
    }
  });

  it("a visitor with a toast (flash) cookie, or any cookie, gets the page rendered for them", async () => {
    const user = await createApplicant();
    const c = anon();
    await c.fetch("/login", { form: { email: user.email, password: TEST_PASSWORD } });
    await get(anon(), "/");
    const out = await c.fetch("/logout", { method: "POST" });
    expect(out.status).toBe(302);
    expect(c.cookies.has("lw_toast")).toBe(true);
    const withToast = await get(c, "/");
    expect(withToast.cache).toBeNull();
    expect(withToast.body).toContain(TOASTS.loggedOut.title);
    const after = await get(anon(), "/");
    expect(after.cache).toBe("HIT");
    expect(after.body).not.toContain(TOASTS.loggedOut.title);
    const foreign = await get(anon(), "/", { headers: { cookie: "_fbp=fb.1.123.456" } });
    expect(foreign.cache).toBeNull();
    expect((await get(anon(), "/", { headers: { authorization: "Bearer x" } })).cache).toBeNull();
  });
});

describe("personal pages", () => {
  it("are never cached, signed in or not", async () => {
    const user = await createApplicant();
    const applicant = anon();
    await applicant.fetch("/login", { form: { email: user.email, password: TEST_PASSWORD } });
    const pages = [
      "/dashboard",
      "/apply/loan",
      "/apply",
      "/account",
      "/admin",
      "/application-status",
      "/application-status?id=APP-000000000000",
      "/api/loan-applications",
      "/login",
      "/signup",
    ];
    for (const p of pages) {
      for (const c of [anon(), applicant, anon()]) {
        const res = await c.fetch(p);
        expect(res.headers.get("x-cache"), p).toBeNull();
        expect(res.headers.get("cache-control") ?? "", p).not.toMatch(/public/);
        await res.arrayBuffer();
      }
    }
  });
});

describe("bounds and switches", () => {
  it("keeps at most RENDER_CACHE_MAX_ENTRIES pages, least recently used out first", async () => {
    const small = await start("render-cache-small", { RENDER_CACHE_MAX_ENTRIES: "2" });
    for (const p of ["/", "/faq"]) expect((await get(anon(small), p)).cache).toBe("MISS");
    expect((await get(anon(small), "/")).cache).toBe("HIT"); // "/" now most recent
    expect((await get(anon(small), "/privacy-policy")).cache).toBe("MISS"); // pushes out /faq
    expect((await get(anon(small), "/")).cache).toBe("HIT");
    expect((await get(anon(small), "/faq")).cache).toBe("MISS");
  });

  it("RENDER_CACHE=0 turns it off", async () => {
    const off = await start("render-cache-off", { RENDER_CACHE: "0" });
    for (let i = 0; i < 2; i++) {
      const r = await get(anon(off), "/");
      expect(r.res.status).toBe(200);
      expect(r.cache).toBeNull();
      expect(r.res.headers.get("cache-control")).toMatch(/^public/);
    }
  });
});

describe("a deploy", () => {
  it("serves the new build's HTML at once, while the old build's server still has its own cached", async () => {
    // Build B: this build with a changed headline and a new build version (what `remix build`
    // of a changed page produces).
    const dirB = path.join("tests/.artifacts", `render-cache-build-b-${process.pid}`);
    const absB = path.join(ROOT, dirB);
    fs.rmSync(absB, { recursive: true, force: true });
    fs.cpSync(path.join(ROOT, BUILD_DIR), absB, { recursive: true });
    const indexB = path.join(absB, "index.js");
    const source = fs.readFileSync(indexB, "utf8");
    const version = /version: "([0-9a-f]+)"/.exec(source)?.[1];
    expect(version).toBeTruthy();
    const OLD = "Compare business loan offers from licensed lenders";
    const NEW = "Compare business loan offers from lenders today";
    expect(source).toContain(OLD);
    fs.writeFileSync(indexB, source.replaceAll(OLD, NEW).replaceAll(`version: "${version}"`, 'version: "deployb0"'));
    try {
      await get(anon(), "/");
      const old = await get(anon(), "/");
      expect(old.cache).toBe("HIT");
      expect(old.body).toContain(OLD);

      const b = await start("render-cache-build-b", { BUILD_DIR: dirB });
      const first = await get(anon(b), "/");
      expect(first.cache).toBe("MISS");
      expect(first.body).toContain(NEW);
      expect(first.body).not.toContain(OLD);
      const second = await get(anon(b), "/");
      expect(second.cache).toBe("HIT");
      expect(second.body).toContain(NEW);
    } finally {
      fs.rmSync(absB, { recursive: true, force: true });
    }
  });
});
