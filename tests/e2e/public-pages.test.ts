/**
 * The public pages a visitor reads, in a real browser with and without JavaScript: the six loan
 * products, the FAQ (one question open at a time, /faq#<id> deep links, no scripts for anonymous
 * visitors), the two legal pages and their short paths.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { faqResourceLinks, faqs } from "~/content/faq";
import { legalLastUpdated, privacySections, termsSections } from "~/content/legal";
import { loanProducts } from "~/content/products";
import { site } from "~/content/site";
import { MODES, setupBrowser, waitForHydration } from "../support/browser";
import { createApplicant, signInApplicantInBrowser } from "../support/fixtures";
import { Client } from "../support/http";

const b = setupBrowser();

const text = async (page: Page, selector = "body") => ((await page.textContent(selector)) ?? "").replace(/\s+/g, " ");

async function expectSharedChrome(page: Page) {
  const header = await text(page, "header");
  expect(header).toContain(site.name);
  expect(header).toContain(site.supportPhone);
  expect(header).toContain(site.supportEmail);
  expect(await text(page, "footer")).toContain(`© ${site.copyrightYear} ${site.name}`);
}

describe.each(MODES)("loan product pages $label", ({ js }) => {
  it.each(loanProducts.map((p) => ({ ...p, label: p.path })))(
    "$label shows its content, title, description and Apply Now",
    async (product) => {
      await b.withPage({ js }, async (page) => {
        const res = await page.goto(product.path);
        expect(res?.status()).toBe(200);
        expect(await page.title()).toBe(product.title);
        expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(product.metaDescription);
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(product.headline);

        const main = await text(page, "main");
        expect(main).toContain(product.subheadline);
        const highlights = page.getByTestId("product-highlight");
        expect(await highlights.count()).toBe(3);
        for (const [i, h] of product.highlights.entries()) {
          expect(await highlights.nth(i).getByRole("heading").textContent()).toBe(h.title);
          expect(await highlights.nth(i).textContent()).toContain(h.text);
        }
        expect(await page.getByTestId("product-benefits").locator("li").allTextContents()).toEqual([...product.benefits]);
        expect(await page.getByTestId("product-rate").textContent()).toBe(product.rateFrom);
        expect(await page.getByTestId("product-terms").textContent()).toBe(product.terms);
        await page.getByRole("heading", { level: 2, name: product.list.heading }).waitFor();
        expect(await page.getByTestId("product-list").locator("li").allTextContents()).toEqual([...product.list.items]);

        // Apply Now everywhere on the page goes to the application; the side card has the contacts.
        const applyLinks = page.locator("main").getByRole("link", { name: "Apply Now" });
        expect(await applyLinks.count()).toBeGreaterThanOrEqual(2);
        for (const href of await applyLinks.evaluateAll((as) => as.map((a) => a.getAttribute("href"))))
          expect(href).toBe("/loan-application");
        const card = page.getByTestId("apply-card");
        expect(await card.getByRole("link", { name: "Apply Now" }).getAttribute("href")).toBe("/loan-application");
        const cardText = (await card.textContent()) ?? "";
        expect(cardText).toContain(site.supportPhone);
        expect(cardText).toContain(site.supportEmail);
        await expectSharedChrome(page);
      });
    },
  );

  it("the commercial real estate page has the product's benefits and financed property types", async () => {
    await b.withPage({ js }, async (page) => {
      await page.goto("/commercial-real-estate");
      const main = await text(page, "main");
      for (const t of [
        "Property Types",
        "Prime Locations",
        "Flexible Terms",
        "up to 25 years",
        "Rates from 6.99% APR",
        "Fast processing",
        "Up to $50,000 for smaller properties",
        "Expert guidance",
        "Fixed and variable rate options",
        "Office buildings",
        "Retail centers",
        "Industrial warehouses",
        "Mixed-use developments",
        "Medical facilities",
        "Self-storage facilities",
        "Restaurant properties",
        "Special purpose buildings",
      ]) {
        expect(main).toContain(t);
      }
    });
  });

  it("each product's spec rate and terms appear on its page", async () => {
    const facts: Record<string, string[]> = {
      "/startup-capital-loans": ["5.99% APR", "6 months to 5 years"],
      "/working-capital-loans": ["6.99% APR", "Same-day funding"],
      "/equipment-financing": ["7.99% APR", "12 months to 7 years", "No down payment"],
      "/business-expansion-loans": ["6.99% APR", "up to 7 years"],
      "/small-business-funding": ["5.99% APR", "1-100 employees"],
      "/commercial-real-estate": ["6.99% APR", "up to 25 years"],
    };
    await b.withPage({ js }, async (page) => {
      for (const [path, wanted] of Object.entries(facts)) {
        await page.goto(path);
        const main = (await text(page, "main")).toLowerCase();
        for (const w of wanted) expect(main, `${path}: ${w}`).toContain(w.toLowerCase());
      }
    });
  });
});

/** The ids of the open questions (each id is on its answer, the /faq#<id> anchor). */
const openFaqIds = (page: Page) =>
  page.locator("details[name=faq][open]").evaluateAll((ds) => ds.map((d) => d.querySelector("[data-testid=faq-answer]")?.id));

/** Where the question of `id` is on screen: below the sticky header and inside the viewport, its answer too. */
async function questionInView(page: Page, id: string) {
  return page.evaluate((id) => {
    const answer = document.getElementById(id)!;
    const question = answer.closest("details")!.querySelector("summary")!.getBoundingClientRect();
    const header = document.querySelector("header")!.getBoundingClientRect();
    return question.top >= header.bottom && answer.getBoundingClientRect().bottom <= window.innerHeight && question.top > 0;
  }, id);
}

describe.each(MODES)("FAQ $label", ({ js }) => {
  it("/faq#<id> opens that question (only that one) and shows it below the header", async () => {
    await b.withPage({ js }, async (page) => {
      for (const f of [faqs[9]!, faqs[4]!, faqs[1]!]) {
        await page.goto(`/faq#${f.id}`);
        await page.getByText(f.answer).waitFor();
        expect(await openFaqIds(page)).toEqual([f.id]);
        expect(await page.getByText(faqs[0]!.answer).isVisible()).toBe(false);
        expect(await questionInView(page, f.id)).toBe(true);
        // The question is still the summary's text, the control a screen reader announces.
        expect(await page.locator("details[open] > summary").textContent()).toBe(f.question);
      }
      // A narrow screen, where the question wraps onto two lines, shows it too.
      await page.setViewportSize({ width: 360, height: 640 });
      await page.goto(`/faq#${faqs[4]!.id}`);
      await page.getByText(faqs[4]!.answer).waitFor();
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
      await page.getByText(faqs[4]!.answer).waitFor();
      expect(await openIds()).toEqual([faqs[4]!.id]);
      expect(await page.getByText(faqs[0]!.answer).isVisible()).toBe(false);

      await page.getByText(faqs[9]!.question).click();
      await page.getByText(faqs[9]!.answer).waitFor();
      expect(await openIds()).toEqual([faqs[9]!.id]);

      // Closing the open one leaves none open.
      await page.getByText(faqs[9]!.question).click();
      await expect.poll(openIds).toEqual([]);
    });
  });

  it("answers from the product's facts", async () => {
    await b.withPage({ js }, async (page) => {
      await page.goto("/faq");
      // textContent includes the closed answers too.
      const main = (await text(page, "main")).toLowerCase();
      for (const fact of [
        "600",
        "6 months in business",
        "$50,000",
        "5.99% to 35.99%",
        "24-48 hours",
        "60-90 days",
        "no prepayment penalty",
        "origination fee",
        "does not affect your credit score",
        "bank statements",
      ]) {
        expect(main).toContain(fact.toLowerCase());
      }
      for (const f of faqs) expect(main).toContain(f.answer.replace(/\s+/g, " ").toLowerCase());
    });
  });

  it("has the side card and the resource links", async () => {
    await b.withPage({ js }, async (page) => {
      await page.goto("/faq");
      const side = page.getByRole("complementary", { name: "Still have questions?" });
      expect(await side.getByRole("link", { name: "Apply Now" }).getAttribute("href")).toBe("/loan-application");
      expect(await side.getByRole("link", { name: "Use Calculator" }).getAttribute("href")).toBe("/loan-calculator");
      const resources = page.getByRole("navigation", { name: "Helpful Resources" });
      const hrefs = await resources.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(hrefs).toEqual(faqResourceLinks.map((l) => l.href));
      expect(hrefs).toEqual(["/startup-capital-loans", "/loan-calculator", "/loan-application"]);
      await expectSharedChrome(page);
    });
  });
});

/** External scripts and module preloads in a document's HTML (inline scripts are ScrollRestoration's few lines). */
const scriptFiles = (html: string) => [...html.matchAll(/<script\b[^>]*\bsrc=|<link\b[^>]*\brel="modulepreload"/gi)].length;

describe("FAQ without Remix's scripts (issue 14)", () => {
  it("goes to an anonymous visitor with no script file, and with JavaScript on nothing is downloaded", async () => {
    const res = await new Client().fetch("/faq");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(scriptFiles(html)).toBe(0);
    expect(html).not.toContain("__remixContext");
    expect(html).toContain('name="faq"');

    await b.withPage({ js: true }, async (page) => {
      const scripts: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "script") scripts.push(r.url());
      });
      await page.goto(`/faq#${faqs[6]!.id}`, { waitUntil: "load" });
      expect(scripts).toEqual([]);
      expect(await openFaqIds(page)).toEqual([faqs[6]!.id]);
      // The accordion is still exclusive: the browser closes the open question.
      await page.getByText(faqs[2]!.question).click();
      await page.getByText(faqs[2]!.answer).waitFor();
      expect(await openFaqIds(page)).toEqual([faqs[2]!.id]);
    });
  });

  it("a signed-in visitor gets the hydrated page; /faq#<id> opens its question, also on coming back in the app", async () => {
    const applicant = await createApplicant();
    await b.withPage({ js: true }, async (page) => {
      await signInApplicantInBrowser(page, applicant.email, applicant.password);
      // The HTML as served: once React has hydrated, Remix takes its script tags out of the live page.
      const served = await page.goto(`/faq#${faqs[3]!.id}`);
      expect(scriptFiles(await served!.text())).toBeGreaterThan(0);
      await waitForHydration(page);
      expect(await openFaqIds(page)).toEqual([faqs[3]!.id]);
      expect(await questionInView(page, faqs[3]!.id)).toBe(true);

      // Another question, then the dashboard and Back: the router renders /faq#<id> afresh (no
      // fragment navigation by the browser) and the page opens the question of the URL again.
      await page.getByText(faqs[8]!.question).click();
      await page.getByText(faqs[8]!.answer).waitFor();
      await page
        .getByRole("banner")
        .getByRole("link", { name: /dashboard/i })
        .click();
      await page.waitForURL("**/dashboard");
      await page.goBack();
      await page.waitForURL(`**/faq#${faqs[3]!.id}`);
      await page.getByText(faqs[3]!.answer).waitFor();
      expect(await openFaqIds(page)).toEqual([faqs[3]!.id]);
      expect(await questionInView(page, faqs[3]!.id)).toBe(true);
    });
  });
});

describe.each(MODES)("legal pages $label", ({ js }) => {
  it.each([
    { path: "/terms-of-service", short: "/terms", heading: "Terms of Service", sections: termsSections, count: 11 },
    { path: "/privacy-policy", short: "/privacy", heading: "Privacy Policy", sections: privacySections, count: 10 },
  ])("$path has $count sections, the date, and $short leads to it", async ({ path, short, heading, sections, count }) => {
    await b.withPage({ js }, async (page) => {
      await page.goto(short);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.title()).toContain(heading);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(heading);
      expect(await page.getByTestId("legal-updated").textContent()).toBe(`Last updated: ${legalLastUpdated}`);
      expect(legalLastUpdated).toBe("January 3, 2025");
      const rendered = page.getByTestId("legal-section");
      expect(await rendered.count()).toBe(count);
      expect(sections).toHaveLength(count);
      for (const [i, s] of sections.entries()) {
        expect(await rendered.nth(i).getByRole("heading", { level: 2 }).textContent()).toBe(`${i + 1}. ${s.title}`);
      }
      // The table of contents jumps to a section.
      await page
        .getByRole("navigation", { name: "Contents" })
        .getByRole("link", { name: sections[count - 1]!.title })
        .click();
      expect(new URL(page.url()).hash).toBe(`#${sections[count - 1]!.id}`);
      await expectSharedChrome(page);
    });
  });

  it("states the product's facts: 18+, no application fee, a possible origination fee, retention up to 7 years", async () => {
    await b.withPage({ js }, async (page) => {
      await page.goto("/terms-of-service");
      const terms = await text(page, "main");
      expect(terms).toContain("at least 18 years old");
      expect(terms).toContain("no fee to apply");
      expect(terms).toContain("origination fee");
      await page.goto("/privacy-policy");
      expect(await text(page, "main")).toContain("up to 7 years");
    });
  });
});

describe("short legal paths", () => {
  it("/terms and /privacy redirect permanently", async () => {
    const c = new Client();
    for (const [from, to] of [
      ["/terms", "/terms-of-service"],
      ["/privacy", "/privacy-policy"],
    ]) {
      const res = await c.fetch(from!);
      expect(res.status).toBe(301);
      expect(new URL(res.headers.get("location")!, "http://x").pathname).toBe(to);
    }
  });
});
