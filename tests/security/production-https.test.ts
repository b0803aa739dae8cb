/**
 * Production as deployed (behind HTTPS; COOKIE_SECURE not set): the session cookie is
 * `__Host-lw_session` with Secure (so no Domain, Path=/), every cookie is Secure, and HSTS is sent
 * on pages, data requests, the API, documents and errors. The run's main test server speaks plain
 * HTTP with COOKIE_SECURE=false, so this file starts its own server on the same database. That
 * server also runs without TRUST_PROXY: X-Forwarded-For is then ignored by the throttles.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetBucket } from "~/platform/security/rate-limits.server";
import { THROTTLE_RULES } from "~/platform/security/throttle.server";
import { createSubmittedApplication } from "../support/applications";
import { createDocument } from "../support/documents";
import { createAdmin, createApplicant, nextSecondFactor, TEST_PASSWORD } from "../support/fixtures";
import { samplePdf } from "../fixtures/documents";
import { Client, uniqueEmail } from "../support/http";
import { startAppServer, type AppServer } from "../support/server";

let server: AppServer;

beforeAll(async () => {
  // As deployed without a trusted proxy in front: TRUST_PROXY unset too.
  server = await startAppServer({ name: "https-mode", env: { COOKIE_SECURE: "", TRUST_PROXY: "", ACCESS_LOG: "0" } });
});
afterAll(async () => {
  await server?.stop();
});

const HSTS = /^max-age=(\d+); includeSubDomains/;

describe("production cookies", () => {
  it("names the session cookie __Host-lw_session and marks every cookie Secure, HttpOnly, SameSite=Lax", async () => {
    const u = await createApplicant();
    const c = new Client(server.origin);
    const res = await c.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
    expect(res.status).toBe(302);
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((h) => h.startsWith("__Host-lw_session="));
    expect(session).toBeDefined();
    expect(cookies.some((h) => h.startsWith("lw_session="))).toBe(false);
    for (const h of cookies) {
      const flags = h
        .split(";")
        .slice(1)
        .map((s) => s.trim().toLowerCase());
      expect(flags, h).toContain("secure");
      expect(flags, h).toContain("httponly");
      expect(flags, h).toContain("samesite=lax");
      expect(
        flags.some((f) => f.startsWith("domain=")),
        h,
      ).toBe(false);
    }
    // __Host- also requires Path=/.
    expect(session!.toLowerCase()).toContain("path=/");
    // And the cookie works: the dashboard opens with it.
    expect((await c.fetch("/dashboard")).status).toBe(200);
  });
});

describe("HSTS", () => {
  it("is sent with a year or more on pages, data, API, documents and errors", async () => {
    const u = await createApplicant();
    const app = await createSubmittedApplication({ userId: u.id });
    const doc = await createDocument({ applicationId: app.id, userId: u.id, data: samplePdf("hsts"), name: "hsts.pdf" });
    const c = new Client(server.origin);
    await c.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
    const admin = await createAdmin();
    const a = new Client(server.origin);
    await a.fetch("/admin-login", { form: { email: admin.email, password: admin.password } });
    await a.fetch("/admin-login/verify", { form: { code: nextSecondFactor(admin) } });

    const answers: Array<[string, Response]> = [
      ["/", await new Client(server.origin).fetch("/")],
      // The same page again, now from the render cache (answered before Express runs).
      ["/ (render cache)", await new Client(server.origin).fetch("/")],
      ["/faq", await new Client(server.origin).fetch("/faq")],
      ["/dashboard", await c.fetch("/dashboard")],
      ["/dashboard.data", await c.fetch("/dashboard.data")],
      ["/admin", await a.fetch("/admin")],
      ["/api/admin/applications", await a.fetch("/api/admin/applications")],
      [`/documents/${doc.id}/download`, await c.fetch(`/documents/${doc.id}/download`)],
      ["/no-such-page", await new Client(server.origin).fetch("/no-such-page")],
      ["/healthz", await new Client(server.origin).fetch("/healthz")],
      [
        "/api/auth/login (401)",
        await new Client(server.origin).fetch("/api/auth/login", { json: { email: u.email, password: "wrong-password-1" } }),
      ],
    ];
    expect(answers[1]![1].headers.get("x-cache")).toBe("HIT");
    for (const [what, res] of answers) {
      const hsts = res.headers.get("strict-transport-security") ?? "";
      expect(hsts, what).toMatch(HSTS);
      expect(hsts, `${what}: sent once`).not.toContain(",");
      expect(Number(HSTS.exec(hsts)![1]), what).toBeGreaterThanOrEqual(31_536_000);
    }
  });
});

describe("client address without TRUST_PROXY", () => {
  it("ignores X-Forwarded-For: rotating it does not get around the per-address sign-in limit", async () => {
    // Every request of this file reaches the server from 127.0.0.1; start its count from zero.
    await resetBucket("login:ip:127.0.0.1");
    try {
      for (let i = 1; i <= THROTTLE_RULES.login.limit; i++) {
        const c = new Client(server.origin); // a new random X-Forwarded-For each time
        const res = await c.fetch("/login", { form: { email: uniqueEmail("xff"), password: "Rotating-Forwarded-1" } });
        expect(res.status, `attempt ${i}`).toBe(401);
      }
      const last = await new Client(server.origin).fetch("/login", {
        form: { email: uniqueEmail("xff"), password: "Rotating-Forwarded-1" },
      });
      expect(last.status).toBe(429);
      expect(await last.text()).toContain(THROTTLE_RULES.login.message);
    } finally {
      await resetBucket("login:ip:127.0.0.1");
    }
  });
});
