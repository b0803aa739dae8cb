/**
 * The accessibility sweep's own checks (the sweep itself: tests/e2e/a11y-sweep-*.test.ts): a
 * planted violation in a real page is reported by the sweep's check, and an audit which cannot run
 * is an error, not a pass.
 */
import { describe, expect, it } from "vitest";
import { AuditError } from "../support/a11y";
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

  it("an audit that cannot run is an error, not a pass", async () => {
    await b.withPage({ js: true }, async (page) => {
      await page.goto("/api/openapi.json");
      await expect(checkPage(b, page)).rejects.toThrow(AuditError);
      await page.goto("about:blank");
      await expect(checkPage(b, page)).rejects.toThrow(/could not run/);
    });
  });
});
