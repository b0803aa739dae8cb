/**
 * Redirect targets are parsed like a browser parses them (WHATWG URL against
 * our own origin); anything that is not a path on our origin gives the safe default. Tab, CR and LF
 * (which browsers drop), backslashes, encoded slashes and schemes never lead elsewhere, never give a
 * 500, and the raw input never reaches the log.
 */
import fs from "node:fs";
import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import { safeRedirect } from "~/platform/http/safe-redirect";
import { MODES, setupBrowser } from "../support/browser";
import { createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { Client } from "../support/http";

const ORIGIN = "https://lendwise.example";
/** Where a browser on our origin ends up when sent to `location`. */
const landsOn = (location: string) => new URL(location, ORIGIN);

const pieces = fc.constantFrom(
  "/",
  "//",
  "\\",
  "\\\\",
  "\t",
  "\r",
  "\n",
  "\u0000",
  "\u001f",
  " ",
  "%2F",
  "%2f",
  "%5C",
  "%09",
  "%0d%0a",
  "@",
  ":",
  "?",
  "#",
  ".",
  "..",
  "evil.example",
  "javascript:",
  "data:",
  "http:",
  "https:",
  "//evil.example",
  "/\t/evil.example",
  "\\/evil.example",
  "dashboard",
  "ok",
);

describe("safeRedirect (property)", () => {
  it("only ever answers a path on our own origin, whatever it is given", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(pieces, { maxLength: 8 }).map((a) => a.join("")),
          fc.string(),
          fc.webUrl(),
        ),
        (input) => {
          const out = safeRedirect(input, "/dashboard");
          expect(out.startsWith("/")).toBe(true);
          expect(out.startsWith("//") || out.startsWith("/\\")).toBe(false);
          expect([...out].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)).toBe(false);
          expect(landsOn(out).origin).toBe(ORIGIN);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("keeps ordinary same-origin paths and refuses the pen test's examples", () => {
    expect(safeRedirect("/dashboard?tab=2#x", "/")).toBe("/dashboard?tab=2#x");
    for (const bad of [
      "/\t/evil.example",
      "/%09/evil.example".replace("%09", "\t"),
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "/\r/evil.example",
      " //evil.example",
      "/.//evil.example",
    ]) {
      expect(safeRedirect(bad, "/dashboard"), JSON.stringify(bad)).toBe("/dashboard");
    }
  });
});

describe("sign-in with a hostile redirectTo", () => {
  it("answers a CR or tab in redirectTo with a redirect on our origin, not a 500, and logs none of it", async () => {
    const u = await createApplicant();
    const marker = `evil-${Date.now().toString(36)}.example`;
    for (const redirectTo of [`/\r\n/${marker}`, `/\t/${marker}`, `/\\${marker}`]) {
      const res = await new Client().fetch("/login", { form: { email: u.email, password: TEST_PASSWORD, redirectTo } });
      expect(res.status, JSON.stringify(redirectTo)).toBe(302);
      expect(landsOn(res.headers.get("location")!).origin).toBe(ORIGIN);
    }
    expect(fs.readFileSync(inject("serverLog"), "utf8")).not.toContain(marker);
  });
});

const b = setupBrowser();
describe.each(MODES)("Chromium $label", ({ js }) => {
  it("stays on our origin after signing in from /login?redirectTo=%2F%09%2Fevil.example", async () => {
    const u = await createApplicant();
    await b.withPage({ js }, async (page) => {
      await page.goto("/login?redirectTo=%2F%09%2Fevil.example");
      await page.getByLabel("Email").fill(u.email);
      await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname !== "/login");
      expect(new URL(page.url()).origin).toBe(b.baseUrl);
    });
  });
});
