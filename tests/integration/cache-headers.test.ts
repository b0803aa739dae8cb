/** Anonymous public pages may be kept by a CDN; anything personal never is. */
import { describe, expect, it } from "vitest";
import { createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { Client } from "../support/http";

const PUBLIC = [
  "/",
  "/faq",
  "/loan-calculator",
  "/terms-of-service",
  "/privacy-policy",
  "/startup-capital-loans",
  "/commercial-real-estate",
];

describe("CDN cache headers", () => {
  it("lets a CDN keep anonymous public pages, varying on Cookie", async () => {
    for (const p of PUBLIC) {
      const res = await new Client().fetch(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get("cache-control"), p).toMatch(/^public, .*s-maxage=\d+/);
      expect(res.headers.get("vary") ?? "", p).toMatch(/Cookie/i);
      expect(res.headers.get("set-cookie"), p).toBeNull();
    }
  });

  it("keeps signed-in pages, lookups, sign-in forms and errors private", async () => {
    const u = await createApplicant();
    const c = new Client();
    await c.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
    for (const p of ["/", "/faq", "/dashboard"]) {
      expect((await c.fetch(p)).headers.get("cache-control"), p).toBe("private, no-store");
    }
    for (const p of ["/application-status?id=APP-000000000000", "/login", "/signup", "/apply/loan", "/no-such-page"]) {
      const res = await new Client().fetch(p);
      expect(res.headers.get("cache-control"), p).toContain("no-store");
    }
  });
});
