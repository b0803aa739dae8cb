/**
 * The compare-two view of the offers page on a 375 px phone, with JavaScript and without: tick two
 * offers, press Compare, and the two stand side by side with their "Choose this offer" actions, with
 * no sideways scroll, and the best match's three figures each stay in their column. With JavaScript the other boxes are disabled once two are ticked. What the
 * view says is checked over HTTP (tests/integration/offers-decision.test.ts); this is its layout.
 */
import { describe, expect, it } from "vitest";
import { MODES, setupBrowser, waitForHydration } from "../support/browser";
import { applyOverHttp } from "../support/wizard";

const b = setupBrowser();

describe.each(MODES)("comparing two offers on a phone $label", ({ js }) => {
  it("shows the two side by side at 375 px without sideways scroll", async () => {
    await b.withPage({ js }, async (page, ctx) => {
      const { client, app } = await applyOverHttp({ tag: "compare" });
      await ctx.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: b.baseUrl })));
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(`/dashboard/applications/${app.reference}/offers`);
      if (js) await waitForHydration(page);
      // The best match's three figures side by side: each amount stays inside its own column.
      const overlaps = await page
        .getByTestId("best-match")
        .getByTestId("key-figures")
        .evaluate((dl) => {
          const rects = [...dl.querySelectorAll("dd")].map((dd) => {
            const range = document.createRange();
            range.selectNodeContents(dd);
            return { text: range.getBoundingClientRect(), cell: dd.parentElement!.getBoundingClientRect() };
          });
          return rects.filter((r) => r.text.right > r.cell.right + 0.5 || r.text.left < r.cell.left - 0.5).length;
        });
      expect(overlaps).toBe(0);
      const form = page.getByRole("form", { name: "Compare two offers" });
      const boxes = form.getByRole("checkbox");
      const count = await boxes.count();
      expect(count).toBeGreaterThanOrEqual(2);
      const names = await boxes.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      if (js && count > 2) await expect.poll(() => boxes.nth(2).isDisabled()).toBe(true);
      await form.getByRole("button", { name: "Compare" }).click();
      await page.waitForURL((u) => u.searchParams.getAll("compare").join(",") === `${names[0]},${names[1]}`);
      if (js) await waitForHydration(page);
      const view = page.getByTestId("compare-view");
      await view.getByRole("heading", { name: "Side by side" }).waitFor();
      const choose = view.getByRole("link", { name: /Choose this offer/ });
      expect(await choose.count()).toBe(2);
      for (const link of await choose.all()) {
        const box = await link.boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(375);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
  });
});
