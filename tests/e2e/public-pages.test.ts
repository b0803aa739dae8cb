/**
 * The FAQ in a real browser: the page anonymous visitors get has no scripts, so the browser alone
 * keeps one question open at a time (<details name>) and opens the question of /faq#<id> below the
 * sticky header, on a desktop and on a narrow phone; a signed-in visitor gets the hydrated page,
 * which opens /faq#<id> on client-side navigations too. The pages' content (products, FAQ texts,
 * legal pages) is checked over HTTP in tests/integration/pages-public.test.ts.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { faqs } from "~/content/faq";
import { setupBrowser, waitForHydration } from "../support/browser";
import { createApplicant, signInApplicantForBrowser } from "../support/fixtures";

const b = setupBrowser();

/** The ids of the open questions (each id is on its answer, the /faq#<id> anchor). */
const openFaqIds = (page: Page) =>
  page.locator("details[name=faq][open]").evaluateAll((ds) => ds.map((d) => d.querySelector("[data-testid=faq-answer]")?.id));

/**
 * The answer of the question `id` (found by its id, not its text: the answers about rates, amounts,
 * speed and prepayment are written from the lender catalogue, checked in pages-public.test.ts).
 */
const shownAnswer = (page: Page, id: string) => page.locator(`[data-testid=faq-answer][id="${id}"]`);

/** Where the question of `id` is on screen: below the sticky header and inside the viewport, its answer too. */
async function questionInView(page: Page, id: string) {
  return page.evaluate((id) => {
    const answer = document.getElementById(id)!;
    const question = answer.closest("details")!.querySelector("summary")!.getBoundingClientRect();
    const header = document.querySelector("header")!.getBoundingClientRect();
    return question.top >= header.bottom && answer.getBoundingClientRect().bottom <= window.innerHeight && question.top > 0;
  }, id);
}

// The page anonymous visitors get ships no scripts: JavaScript on would run nothing, so it runs once.
describe("FAQ without scripts", () => {
  const js = false;
  it("/faq#<id> opens that question (only that one) and shows it below the header", async () => {
    await b.withPage({ js }, async (page) => {
      for (const f of [faqs[9]!, faqs[4]!, faqs[1]!]) {
        await page.goto(`/faq#${f.id}`);
        await shownAnswer(page, f.id).waitFor();
        expect(await openFaqIds(page)).toEqual([f.id]);
        expect(await shownAnswer(page, faqs[0]!.id).isVisible()).toBe(false);
        expect(await questionInView(page, f.id)).toBe(true);
        // The question is still the summary's text, the control a screen reader announces.
        expect(await page.locator("details[open] > summary").textContent()).toBe(f.question);
      }
      // A narrow screen, where the question wraps onto two lines, shows it too.
      await page.setViewportSize({ width: 360, height: 640 });
      await page.goto(`/faq#${faqs[4]!.id}`);
      await shownAnswer(page, faqs[4]!.id).waitFor();
      expect(await questionInView(page, faqs[4]!.id)).toBe(true);
    });
  });

  it("lists ten questions and keeps only one open at a time", async () => {
    await b.withPage({ js }, async (page) => {
      await page.goto("/faq");
      expect(await page.title()).toContain("Frequently Asked Questions");
      const items = page.locator("details[name=faq]");
      expect(await items.count()).toBe(10);
      expect(faqs).toHaveLength(10);
      const openIds = () => openFaqIds(page);
      expect(await openIds()).toEqual([faqs[0]!.id]);

      await page.getByText(faqs[4]!.question).click();
      await shownAnswer(page, faqs[4]!.id).waitFor();
      expect(await openIds()).toEqual([faqs[4]!.id]);
      expect(await shownAnswer(page, faqs[0]!.id).isVisible()).toBe(false);

      await page.getByText(faqs[9]!.question).click();
      await shownAnswer(page, faqs[9]!.id).waitFor();
      expect(await openIds()).toEqual([faqs[9]!.id]);

      // Closing the open one leaves none open.
      await page.getByText(faqs[9]!.question).click();
      await expect.poll(openIds).toEqual([]);
    });
  });
});

/** External scripts and module preloads in a document's HTML (inline scripts are ScrollRestoration's few lines). */
const scriptFiles = (html: string) => [...html.matchAll(/<script\b[^>]*\bsrc=|<link\b[^>]*\brel="modulepreload"/gi)].length;

describe("FAQ for a signed-in visitor, hydrated", () => {
  it("a signed-in visitor gets the hydrated page; /faq#<id> opens its question, also on coming back in the app", async () => {
    const applicant = await createApplicant();
    await b.withPage({ js: true }, async (page, ctx) => {
      await signInApplicantForBrowser(ctx, applicant);
      // The HTML as served: once React has hydrated, Remix takes its script tags out of the live page.
      const served = await page.goto(`/faq#${faqs[3]!.id}`);
      expect(scriptFiles(await served!.text())).toBeGreaterThan(0);
      await waitForHydration(page);
      expect(await openFaqIds(page)).toEqual([faqs[3]!.id]);
      expect(await questionInView(page, faqs[3]!.id)).toBe(true);

      // Another question, then the dashboard and Back: the router renders /faq#<id> afresh (no
      // fragment navigation by the browser) and the page opens the question of the URL again.
      await page.getByText(faqs[8]!.question).click();
      await shownAnswer(page, faqs[8]!.id).waitFor();
      await page
        .getByRole("banner")
        .getByRole("link", { name: /dashboard/i })
        .click();
      await page.waitForURL("**/dashboard");
      await page.goBack();
      await page.waitForURL(`**/faq#${faqs[3]!.id}`);
      await shownAnswer(page, faqs[3]!.id).waitFor();
      expect(await openFaqIds(page)).toEqual([faqs[3]!.id]);
      expect(await questionInView(page, faqs[3]!.id)).toBe(true);
    });
  });
});
