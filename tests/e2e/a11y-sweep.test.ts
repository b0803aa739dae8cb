/**
 * The accessibility sweep's own checks (the sweep itself: tests/e2e/a11y-sweep-*.test.ts): a
 * planted violation in a real page is reported by the sweep's check, and an audit which cannot run
 * is an error, not a pass.
 */
import { describe, expect, it } from "vitest";
import { AuditError, sameForAxe } from "../support/a11y";
import { checkPage, DESKTOP, PHONE } from "../support/a11y-sweep";
import { setupBrowser, waitForHydration } from "../support/browser";

const b = setupBrowser();

describe("accessibility sweep", () => {
  it("bites: a planted violation in a real page is reported, with JavaScript on and off", async () => {
    for (const js of [true, false]) {
      await b.withPage({ js }, async (page) => {
        await page.setViewportSize({ width: PHONE, height: 812 });
        await page.goto("/loan-calculator");
        if (js) await waitForHydration(page);
        expect((await checkPage(b, page)).violations).toEqual([]);
        // An unlabelled image button and a text with almost no contrast: axe must name both.
        await page.evaluate(() => {
          document
            .querySelector("main")!
            .insertAdjacentHTML(
              "beforeend",
              '<button type="button" data-planted="1"><img src="/favicon.svg"></button><p data-planted="2" style="color:#eee;background:#fff">Faint words</p>',
            );
        });
        const { violations } = await checkPage(b, page);
        const ids = violations.map((v) => v.id);
        expect(ids).toContain("button-name");
        expect(ids).toContain("color-contrast");
        expect(violations.flatMap((v) => v.targets).some((t) => t.includes("data-planted"))).toBe(true);
        expect(new Set(violations.map((v) => v.width))).toEqual(new Set([PHONE, DESKTOP]));
      });
    }
  });

  it("takes a page with JavaScript for the one without only where they differ in nothing axe reads", () => {
    const region = (attrs: string, inner = "") =>
      `<div tabindex="-1" role="region" aria-label="Notifications (F8)" ${attrs}>${inner}</div>`;
    const page = (toasts: string, input: string, path: string) =>
      `<html lang="en" data-path="${path}"><head><base href="http://x${path}"></head><body>${toasts}<main>${input}</main></body></html>`;
    const withoutJs = page(region('data-place="inline" class="mx-auto"'), '<input name="q">', "/admin/partners?index");
    const withJs = page(region('data-place="floating" class="fixed" style="top: 0px"'), '<input name="q" value="">', "/admin/partners");
    expect(sameForAxe(withoutJs)).toBe(sameForAxe(withJs));
    // A toast in the region, a typed value or another address is another page for axe.
    const toast = '<div role="status">Saved</div>';
    expect(sameForAxe(page(region('data-place="inline"', toast), '<input name="q">', "/admin"))).not.toBe(
      sameForAxe(page(region('data-place="floating"', toast), '<input name="q">', "/admin")),
    );
    expect(sameForAxe(page("", '<input name="q" value="x">', "/admin"))).not.toBe(sameForAxe(page("", '<input name="q">', "/admin")));
    expect(sameForAxe(page("", "", "/admin?page=2"))).not.toBe(sameForAxe(page("", "", "/admin")));
  });

  it("an audit that cannot run is an error, not a pass", async () => {
    await b.withPage({ js: true }, async (page) => {
      await page.goto("/api/openapi.json");
      await expect(checkPage(b, page)).rejects.toThrow(AuditError);
      await page.goto("about:blank");
      await expect(checkPage(b, page)).rejects.toThrow(/could not run/);
    });
  });
});
