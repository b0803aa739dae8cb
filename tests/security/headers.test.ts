/**
 * Response headers across the product: every public page of the build, signed-in pages, single-
 * fetch data, API answers, a document and the 404 page. HTML gets a CSP with a fresh nonce per
 * request that every inline script carries, object-src/base-uri/frame-ancestors locked down;
 * everything gets nosniff and a Referrer-Policy and no X-Powered-By; whatever is personal is
 * `Cache-Control: no-store`. (HSTS in production: production-https.test.ts.)
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createSubmittedApplication } from "../support/applications";
import { builtRoutes } from "../support/build-routes";
import { createDocument } from "../support/documents";
import { adminClient, createAdmin, createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { samplePdf } from "../fixtures/documents";
import { Client } from "../support/http";

let publicPaths: string[] = [];
let applicant: Client;
let admin: Client;
let appId: number;
let docId: number;

beforeAll(async () => {
  const routes = await builtRoutes();
  // Pages anyone can open: a component, no dynamic segment, not behind a sign-in.
  publicPaths = routes
    .filter((r) => r.hasComponent && !/[:*]/.test(r.pattern) && !/^(admin|api|apply|dashboard)(\/|$)|^admin-login\//.test(r.pattern))
    .map((r) => `/${r.pattern}`)
    .filter((p, i, all) => all.indexOf(p) === i);
  const u = await createApplicant();
  applicant = new Client();
  await applicant.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
  const app = await createSubmittedApplication({ userId: u.id });
  appId = app.id;
  docId = (await createDocument({ applicationId: app.id, userId: u.id, data: samplePdf("headers"), name: "headers.pdf" })).id;
  admin = await adminClient(await createAdmin());
});

function cspOf(res: Response) {
  const csp = res.headers.get("content-security-policy") ?? "";
  const directives = new Map(
    csp
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!.toLowerCase(), values] as const;
      }),
  );
  return directives;
}

function expectCommonHeaders(res: Response, what: string) {
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), what).toMatch(/^(no-referrer|strict-origin-when-cross-origin|same-origin|strict-origin)$/);
  expect(res.headers.get("x-powered-by"), what).toBeNull();
}

/** CSP of an HTML page: nonce-based scripts, and every <script> in the page carries that nonce. */
async function expectHtmlCsp(res: Response, what: string) {
  const csp = cspOf(res);
  const scriptSrc = csp.get("script-src") ?? [];
  const nonceToken = scriptSrc.find((v) => v.startsWith("'nonce-"));
  expect(nonceToken, `${what}: script-src ${scriptSrc.join(" ")}`).toBeDefined();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(csp.get("object-src"), what).toEqual(["'none'"]);
  expect(csp.get("base-uri"), what).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors"), what).toEqual(["'none'"]);
  const nonce = nonceToken!.slice("'nonce-".length, -1);
  expect(Buffer.from(nonce, "base64").length, what).toBeGreaterThanOrEqual(16);
  const html = await res.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]!);
  expect(scripts.length, what).toBeGreaterThan(0);
  for (const attrs of scripts) expect(/\bnonce="([^"]*)"/.exec(attrs)?.[1], `${what}: <script${attrs}>`).toBe(nonce);
  return nonce;
}

describe("HTML pages", () => {
  it("finds the public pages in the build", () => {
    expect(publicPaths).toEqual(expect.arrayContaining(["/", "/faq", "/login", "/signup", "/loan-calculator", "/application-status"]));
  });

  it("sends every public page a CSP whose nonce every inline script carries, and a new nonce each time", async () => {
    for (const p of publicPaths) {
      const c = new Client();
      const first = await c.fetch(p);
      if (first.status >= 300 && first.status < 400) continue; // /terms -> /terms-of-service etc.
      expect(first.headers.get("content-type"), p).toMatch(/^text\/html/);
      expectCommonHeaders(first, p);
      const n1 = await expectHtmlCsp(first, p);
      const n2 = await expectHtmlCsp(await c.fetch(p), p);
      expect(n2, p).not.toBe(n1);
    }
  });

  it("does the same on signed-in pages and the 404 page, with Cache-Control: no-store when signed in", async () => {
    const pages: Array<[string, Client]> = [
      ["/dashboard", applicant],
      ["/apply/loan", applicant],
      ["/admin", admin],
      [`/admin/applications/${appId}`, admin],
      ["/admin/documents", admin],
    ];
    for (const [p, c] of pages) {
      const res = await c.fetch(p);
      expect(res.status, p).toBe(200);
      expectCommonHeaders(res, p);
      expect(res.headers.get("cache-control") ?? "", p).toMatch(/no-store/);
      await expectHtmlCsp(res, p);
    }
    const notFound = await new Client().fetch("/no-such-page-here");
    expect(notFound.status).toBe(404);
    expectCommonHeaders(notFound, "404");
    await expectHtmlCsp(notFound, "404");
  });
});

describe("data, API and documents", () => {
  it("marks signed-in single-fetch data, PII JSON and documents no-store and nosniff", async () => {
    const answers: Array<[string, Response]> = [
      ["/dashboard.data", await applicant.fetch("/dashboard.data")],
      [`/admin/applications/${appId}.data`, await admin.fetch(`/admin/applications/${appId}.data`)],
      ["/api/admin/applications", await admin.fetch("/api/admin/applications")],
      ["/api/loan-applications (201)", await applicant.fetch("/api/loan-applications", { json: { amount: "25000" } })],
      [
        "/api/auth/login (401)",
        await new Client().fetch("/api/auth/login", { json: { email: "nobody@example.com", password: "Nobody-Pass-1" } }),
      ],
      [`/documents/${docId}/download`, await applicant.fetch(`/documents/${docId}/download`)],
      [`/api/documents/preview/${docId}`, await admin.fetch(`/api/documents/preview/${docId}`)],
    ];
    for (const [what, res] of answers) {
      expect(res.status, what).toBeLessThan(500);
      expectCommonHeaders(res, what);
      expect(res.headers.get("cache-control") ?? "", what).toMatch(/no-store/);
    }
  });

  it("serves a document sandboxed, with its stored type and a download disposition", async () => {
    const res = await applicant.fetch(`/documents/${docId}/download`);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="headers\.pdf"/);
    const csp = cspOf(res);
    expect(csp.has("sandbox")).toBe(true);
    expect(csp.get("default-src")).toEqual(["'none'"]);
  });
});
