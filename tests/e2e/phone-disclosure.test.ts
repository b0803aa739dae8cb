/**
 * The disclosure on a 375 px phone, with and without JavaScript: the key figures are cards that use
 * the screen's width (no column of one to three words a line), the page does not pan sideways, the
 * accept bar is in view from the start and takes the applicant to the signing form; Enter in the
 * signature still only shows the review, "Accept and sign" accepts, and the signed offer summary
 * downloads as a PDF.
 */
import { describe, expect, it } from "vitest";
import { OFFER_SUMMARY_PAGE } from "~/content/offer-summary-rules";
import { MODES, setupBrowser, waitForHydration } from "../support/browser";
import { applyOverHttp, openOffer } from "../support/wizard";

const b = setupBrowser();

describe.each(MODES)("the disclosure at 375 px $label", ({ js }) => {
  it("figures as full-width cards, the accept bar in view, the signing form one tap away, the signed PDF to keep", async () => {
    const a = await applyOverHttp({ tag: js ? "phone-sign-js" : "phone-sign-nojs" });
    const offer = await openOffer(a.app.id);
    await b.withPage({ js }, async (page, ctx) => {
      await ctx.addCookies(a.client.browserCookies());
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`/offers/${offer.id}`);
      if (js) await waitForHydration(page);

      const layout = await page.evaluate(() => {
        // Words per line of a block of text that wraps (the defect: 1-3 words a line in a narrow column).
        const wordsPerLine = (el: HTMLElement) => {
          const lines = Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
          const words = (el.textContent ?? "").trim().split(/\s+/).length;
          return lines > 1 ? words / lines : Infinity;
        };
        const cards = [...document.querySelectorAll<HTMLElement>("[data-testid=disclosure-row]")];
        const closed = cards.map((c) => c.querySelector("details")).filter((d): d is HTMLDetailsElement => Boolean(d && !d.open));
        for (const d of closed) d.open = true;
        const lines = (el: HTMLElement) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
        const out = {
          // A figure takes one line, or two with its detail ("monthly (last payment ...)"); a sentence (prepayment) is read as text.
          valueLines: cards
            .map((c) => c.querySelector<HTMLElement>("[data-testid=disclosure-value]")!)
            .filter((v) => (v.textContent ?? "").trim().split(/\s+/).length <= 6)
            .map(lines),
          extra: document.documentElement.scrollWidth - window.innerWidth,
          // Each card's share of the screen's width.
          cards: cards.map((c) => c.getBoundingClientRect().width / window.innerWidth),
          wrapping: cards.flatMap((c) =>
            [...c.querySelectorAll<HTMLElement>("p")]
              .filter((el) => el.dataset.testid !== "disclosure-value" || (el.textContent ?? "").trim().split(/\s+/).length > 6)
              .map((el) => ({
                text: (el.textContent ?? "").slice(0, 40),
                perLine: wordsPerLine(el),
              })),
          ),
        };
        for (const d of closed) d.open = false;
        return out;
      });
      expect(layout.extra).toBe(0);
      expect(layout.cards.length).toBeGreaterThanOrEqual(7);
      for (const share of layout.cards) expect(share).toBeGreaterThan(0.75);
      for (const n of layout.valueLines) expect(n).toBeLessThanOrEqual(2);
      // The explanations read as sentences, not a column of one to three words a line.
      for (const w of layout.wrapping) expect(w.perLine, w.text).toBeGreaterThanOrEqual(4);

      // An explanation opens under its figure.
      const first = page.getByTestId("disclosure-row").first();
      await first.getByText("What this means").click();
      expect(await first.locator("details").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);

      // The bar: in view at the bottom of the screen before any scrolling, with the offer's figures.
      await page.evaluate(() => window.scrollTo(0, 0));
      const bar = page.getByTestId("accept-bar");
      await bar.filter({ hasText: /^Accept \$30,000 from .+, \$[\d,]+\.\d\d a month$/ }).waitFor();
      const box = (await bar.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(740);

      // One tap: the signing form is in view (with JavaScript its field has focus).
      await bar.click();
      const field = page.getByLabel("Your full name (signature)");
      if (js) await page.waitForFunction(() => document.activeElement?.id === "signerName");
      else await page.waitForURL((u) => u.hash === "#accept");
      const fieldBox = (await field.boundingBox())!;
      expect(fieldBox.y).toBeGreaterThanOrEqual(0);
      expect(fieldBox.y + fieldBox.height).toBeLessThanOrEqual(740);

      // Enter shows the review; only "Accept and sign" accepts.
      await page.getByLabel("I have read the disclosure").check();
      await field.fill(`${a.user.firstName} ${a.user.lastName}`);
      await field.press("Enter");
      await page
        .getByTestId("accept-review-sentence")
        .filter({ hasText: /^You are accepting \$30,000\.00 from / })
        .waitFor();
      expect(await page.getByTestId("offer-accepted-note").count()).toBe(0);
      await page.getByRole("button", { name: "Accept and sign" }).click();
      await page.waitForURL((u) => u.pathname === `/dashboard/applications/${a.app.reference}/offers`);

      await page.goto(`/offers/${offer.id}`);
      if (js) await waitForHydration(page);
      expect(await page.getByTestId("accept-bar").count()).toBe(0);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: OFFER_SUMMARY_PAGE.signedPdf }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`signed-offer-summary-${a.app.reference}-${offer.id}.pdf`);
    });
  });
});
