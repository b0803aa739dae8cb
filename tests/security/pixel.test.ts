/**
 * With META_PIXEL_ID set, the Meta pixel loads, and the CSP allows
 * facebook.com, only on public marketing pages; never on admin, dashboard, wizard, sign-in or
 * account pages (a second production server with the pixel configured).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKETING_PATHS } from "~/platform/observability/analytics";
import { createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { Client } from "../support/http";
import { startAppServer, type AppServer } from "../support/server";

let s: AppServer;
beforeAll(async () => {
  s = await startAppServer({ name: "pixel", env: { META_PIXEL_ID: "1234567890", ACCESS_LOG: "0" } });
});
afterAll(async () => {
  await s?.stop();
});

const hasPixel = (html: string) => html.includes("connect.facebook.net") || html.includes("facebook.com/tr");
const cspAllowsFacebook = (res: Response) => /facebook/.test(res.headers.get("content-security-policy") ?? "");

describe("Meta pixel", () => {
  it("loads on public marketing pages, with the CSP widened there", async () => {
    for (const path of ["/", "/faq", "/loan-calculator"]) {
      expect(MARKETING_PATHS.has(path)).toBe(true);
      const res = await new Client(s.origin).fetch(path);
      expect(res.status).toBe(200);
      expect(cspAllowsFacebook(res), path).toBe(true);
      expect(hasPixel(await res.text()), path).toBe(true);
    }
  });

  it("never loads on admin, sign-in, wizard or dashboard pages, whose CSP stays strict", async () => {
    const anonymous = new Client(s.origin);
    for (const path of ["/admin-login", "/login", "/signup", "/apply/loan", "/application-status"]) {
      const res = await anonymous.fetch(path);
      expect(res.status, path).toBe(200);
      expect(cspAllowsFacebook(res), path).toBe(false);
      expect(hasPixel(await res.text()), path).toBe(false);
    }
    const u = await createApplicant();
    const signedIn = new Client(s.origin);
    await signedIn.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
    const dash = await signedIn.fetch("/dashboard");
    expect(dash.status).toBe(200);
    expect(cspAllowsFacebook(dash)).toBe(false);
    expect(hasPixel(await dash.text())).toBe(false);
  });
});
