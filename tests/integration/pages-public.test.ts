/**
 * The public pages as served (no browser needed: they are the same HTML with JavaScript on or off,
 * and the anonymous ones ship no scripts): the six loan products, the FAQ, the legal pages and
 * their short paths, /api-docs, the landing page with its footer, the favicon, the 404 page and
 * the signed-in top bar. Their behaviour in a browser (the FAQ's accordion and deep links) is in
 * tests/e2e/public-pages.test.ts; their accessibility in tests/e2e/a11y-sweep.test.ts.
 */
import { describe, expect, it } from "vitest";
import { faqResourceLinks, faqs } from "~/content/faq";
import { legalLastUpdated, privacySections, termsSections } from "~/content/legal";
import { loanProducts } from "~/content/products";
import { site } from "~/content/site";
import { DEMO_ADMIN } from "~/content/constants";
import { createApplicant } from "../support/fixtures";
import { getPage, linkHrefs, named, squash, type Html } from "../support/html";
import { Client } from "../support/http";

function expectSharedChrome($: Html) {
  const header = squash($("header").first().text());
  expect(header).toContain(site.name);
  expect(header).toContain(site.supportPhone);
  expect(header).toContain(site.supportEmail);
  expect(squash($("footer").text())).toContain(`© ${site.copyrightYear} ${site.name}`);
}

/** External scripts and module preloads in a document's HTML (inline scripts are ScrollRestoration's few lines). */
const scriptFiles = (html: string) => [...html.matchAll(/<script\b[^>]*\bsrc=|<link\b[^>]*\brel="modulepreload"/gi)].length;

describe("loan product pages", () => {
  it.each(loanProducts.map((p) => ({ ...p, label: p.path })))(
    "$label shows its content, title, description and Apply Now",
    async (product) => {
      const { status, $, html } = await getPage(product.path);
      expect(status).toBe(200);
      expect(scriptFiles(html)).toBe(0);
      expect($("title").text()).toBe(product.title);
      expect($('meta[name="description"]').attr("content")).toBe(product.metaDescription);
      expect(squash($("h1").text())).toBe(product.headline);
      expect(squash($("main").text())).toContain(product.subheadline);
      const highlights = $("[data-testid=product-highlight]");
      expect(highlights).toHaveLength(3);
      for (const [i, h] of product.highlights.entries()) {
        expect(squash(highlights.eq(i).find("h2,h3,h4").first().text())).toBe(h.title);
        expect(squash(highlights.eq(i).text())).toContain(h.text);
      }
      // The product's own benefits come after the catalogue's claims (tests/integration/public-claims.test.ts).
      expect(
        $("[data-testid=product-benefits] li")
          .map((_, li) => squash($(li).text()))
          .get()
          .slice(-product.benefits.length),
      ).toEqual([...product.benefits]);
      expect(squash($("[data-testid=product-rate]").text())).toMatch(/^\d+\.\d\d% APR$/);
      expect($("h2").filter((_, h) => squash($(h).text()) === product.list.heading)).toHaveLength(1);
      expect(
        $("[data-testid=product-list] li")
          .map((_, li) => squash($(li).text()))
          .get(),
      ).toEqual([...product.list.items]);

      // Apply Now everywhere on the page goes to the application; the side card has the contacts.
      const apply = linkHrefs($, "Apply Now", "main");
      expect(apply.length).toBeGreaterThanOrEqual(2);
      for (const href of apply) expect(href).toBe("/loan-application");
      expect(linkHrefs($, "Apply Now", "[data-testid=apply-card]")).toEqual(["/loan-application"]);
      const card = squash($("[data-testid=apply-card]").text());
      expect(card).toContain(site.supportPhone);
      expect(card).toContain(site.supportEmail);
      expectSharedChrome($);
    },
  );

  it("the commercial real estate page has the product's benefits and financed property types", async () => {
    const main = (await getPage("/commercial-real-estate")).text("main");
    for (const t of [
      "Property Types",
      "Prime Locations",
      "Long Terms",
      "Expert guidance",
      "Fixed monthly payments",
      "Office buildings",
      "Retail centers",
      "Industrial warehouses",
      "Mixed-use developments",
      "Medical facilities",
      "Self-storage facilities",
      "Restaurant properties",
      "Special purpose buildings",
    ])
      expect(main).toContain(t);
  });

  it("each product's own facts appear on its page (its rates and terms: tests/integration/public-claims.test.ts)", async () => {
    const facts: Record<string, string[]> = {
      "/equipment-financing": ["No down payment"],
      "/small-business-funding": ["1-100 employees"],
    };
    for (const [path, wanted] of Object.entries(facts)) {
      const main = (await getPage(path)).text("main").toLowerCase();
      for (const w of wanted) expect(main, `${path}: ${w}`).toContain(w.toLowerCase());
    }
  });
});

describe("FAQ", () => {
  it("lists ten questions in one exclusive group, the first open, each answer carrying its /faq#<id> anchor", async () => {
    const { $, html, status } = await getPage("/faq");
    expect(status).toBe(200);
    expect($("title").text()).toContain("Frequently Asked Questions");
    expect(faqs).toHaveLength(10);
    const items = $("details[name=faq]");
    expect(items).toHaveLength(10);
    expect(
      $("details[name=faq][open] [data-testid=faq-answer]")
        .map((_, a) => $(a).attr("id"))
        .get(),
    ).toEqual([faqs[0]!.id]);
    for (const [i, f] of faqs.entries()) {
      expect(squash(items.eq(i).children("summary").text())).toBe(f.question);
      // The id is on the answer inside the details: a fragment navigation opens its question.
      expect(items.eq(i).find(`[data-testid=faq-answer][id="${f.id}"]`)).toHaveLength(1);
    }
    // An anonymous visitor gets no script file (the accordion is the browser's own).
    expect(scriptFiles(html)).toBe(0);
    expect(html).not.toContain("__remixContext");
  });

  it("answers from the product's facts", async () => {
    const main = (await getPage("/faq")).text("main").toLowerCase();
    for (const fact of [
      "600",
      "6 months in business",
      "$50,000",
      "24-48 hours",
      "60-90 days",
      "prepayment",
      "origination fee",
      "does not affect your credit score",
      "bank statements",
    ])
      expect(main).toContain(fact.toLowerCase());
    // The answers about rates, amounts, speed and prepayment are the catalogue's (public-claims.test.ts).
    const fromCatalogue = new Set(["interest-rates", "loan-amounts-and-terms", "decision-time", "prepayment"]);
    for (const f of faqs.filter((x) => !fromCatalogue.has(x.id))) expect(main).toContain(squash(f.answer).toLowerCase());
  });

  it("has the side card and the resource links", async () => {
    const { $ } = await getPage("/faq");
    const side = named($, "Still have questions?", "aside");
    expect(side).toHaveLength(1);
    expect(linkHrefs($, "Apply Now", side)).toEqual(["/loan-application"]);
    expect(
      side
        .find("a")
        .filter((_, a) => squash($(a).text()) === "Use Calculator")
        .attr("href"),
    ).toBe("/loan-calculator");
    const resources = named($, "Helpful Resources", "nav");
    const hrefs = resources
      .find("a[href]")
      .map((_, a) => $(a).attr("href"))
      .get();
    expect(hrefs).toEqual(faqResourceLinks.map((l) => l.href));
    expect(hrefs).toEqual(["/startup-capital-loans", "/loan-calculator", "/loan-application"]);
    expectSharedChrome($);
  });

  it("a signed-in visitor gets the page with its scripts (hydrated, see the browser test)", async () => {
    const applicant = await createApplicant();
    const c = new Client();
    expect((await c.fetch("/login", { form: { email: applicant.email, password: applicant.password } })).status).toBe(302);
    const { html } = await getPage("/faq", c);
    expect(scriptFiles(html)).toBeGreaterThan(0);
  });
});

describe("legal pages", () => {
  it.each([
    { path: "/terms-of-service", short: "/terms", heading: "Terms of Service", sections: termsSections, count: 11 },
    { path: "/privacy-policy", short: "/privacy", heading: "Privacy Policy", sections: privacySections, count: 10 },
  ])("$path has $count sections, the date, a table of contents, and $short leads to it permanently", async (p) => {
    const c = new Client();
    const short = await c.fetch(p.short);
    expect(short.status).toBe(301);
    expect(new URL(short.headers.get("location")!, "http://x").pathname).toBe(p.path);

    const { $ } = await getPage(p.path, c);
    expect($("title").text()).toContain(p.heading);
    expect(squash($("h1").text())).toBe(p.heading);
    expect(squash($("[data-testid=legal-updated]").text())).toBe(`Last updated: ${legalLastUpdated}`);
    expect(legalLastUpdated).toBe("January 3, 2025");
    const rendered = $("[data-testid=legal-section]");
    expect(rendered).toHaveLength(p.count);
    expect(p.sections).toHaveLength(p.count);
    const toc = named($, "Contents", "nav");
    for (const [i, s] of p.sections.entries()) {
      expect(squash(rendered.eq(i).find("h2").text())).toBe(`${i + 1}. ${s.title}`);
      // The table of contents jumps to each section: its link's fragment is the section's id.
      const link = toc.find("a").filter((_, a) => squash($(a).text()) === s.title);
      expect(link.attr("href")).toBe(`#${s.id}`);
      expect(rendered.eq(i).attr("id")).toBe(s.id);
    }
    expectSharedChrome($);
  });

  it("states the product's facts: 18+, no application fee, a possible origination fee, retention up to 7 years", async () => {
    const terms = (await getPage("/terms-of-service")).text("main");
    expect(terms).toContain("at least 18 years old");
    expect(terms).toContain("no fee to apply");
    expect(terms).toContain("origination fee");
    expect((await getPage("/privacy-policy")).text("main")).toContain("up to 7 years");
  });
});

describe("/api-docs", () => {
  it("lists every endpoint with its method, path and who may call it, and links the OpenAPI document", async () => {
    const { $, status } = await getPage("/api-docs");
    expect(status).toBe(200);
    expect(squash($("h1").text())).toBe("API");
    const rows = $("tr").filter((_, tr) => $(tr).find("td").length > 0);
    // The product's 12 calls, the marketplace's 3, the back office's 5 and the partner API's 2 + 9 (a lender's) + 5 (webhooks).
    expect(rows).toHaveLength(12 + 3 + 5 + 2 + 9 + 5);
    const row = (text: string) => rows.filter((_, tr) => $(tr).text().includes(text)).first();
    expect(row("/api/offers/{id}/accept")).toHaveLength(1);
    const cells = (text: string) =>
      row(text)
        .find("td")
        .map((_, td) => squash($(td).text()))
        .get();
    expect(cells("/api/documents/upload")[0]).toBe("POST");
    expect(cells("/api/documents/upload")[2]).toBe("Signed in");
    expect(cells("/api/admin/applications/{id}/status")[2]).toBe("Admin");
    expect(cells("/api/partner/applications")[2]).toBe("API key applications:read");
    expect(cells("/api/partner/applications/{applicationId}/offers")[2]).toBe("API key offers:write");
    expect(cells("/api/partner/applications/{applicationId}/documents/{documentId}")[2]).toBe("API key documents:read");
    expect(row("/api/loan-applications").find("td").eq(2).text()).toMatch(/^Signed in or API key applications:write$/);
    expect(linkHrefs($, "OpenAPI 3.1 document")).toEqual(["/api/openapi.json"]);
    // The partner guide.
    const guide = squash($("#partner-guide").parent().text());
    expect(guide).toContain("Authorization: Bearer $LENDWISE_KEY");
    // Each lender call has its line, and the decline reason codes are listed.
    for (const call of ["/offers/{offerId}/confirm", "/decline", "/document-requests", "/verifying", "/funded", "/documents/{id}"]) {
      expect(guide).toContain(call);
    }
    expect(guide).toContain("insufficient-income");
  });
});

describe("public shell", () => {
  it("renders the landing page with its sections, footer items and a mobile menu that needs no JavaScript", async () => {
    const { $, html } = await getPage("/");
    expect(scriptFiles(html)).toBe(0);
    const body = squash($("body").text());
    for (const t of [
      "Fast Funding",
      "Secure Lending",
      "Competitive Rates",
      "Apply Online",
      "Instant Business Review",
      "Get Funded",
      "Interest Rates",
      "Success Stories",
      "Licensing",
      "Compliance",
      "© 2025",
      "Mon-Fri 9AM-6PM EST",
    ])
      expect(body).toContain(t);
    // True claims only: no housing-credit legend, no licence claim without a configured NMLS id
    // (tests/integration/footer-licence.test.ts has the configured one), and the ECOA statement.
    expect(body).not.toContain("Equal Housing Lender");
    expect(body).not.toContain("NMLS ID");
    expect($("[data-testid=licence-line]")).toHaveLength(0);
    expect(squash($("[data-testid=equal-credit-statement]").text())).toBe(site.equalCreditStatement);
    // Items without a page are not links.
    for (const t of ["Interest Rates", "Success Stories", "Compliance"]) expect(linkHrefs($, t)).toEqual([]);
    // The trust pages (#29): the licences and security pages, and who runs the marketplace.
    expect(linkHrefs($, "Licensing", $("footer"))).toEqual(["/licenses"]);
    expect(linkHrefs($, "Security", $("footer"))).toEqual(["/security"]);
    expect(squash($("footer [data-testid=legal-entity]").text())).toBe(
      "Lendwise is operated by Lendwise Marketplace, Inc., 100 Example Avenue, Suite 400, Wilmington, DE 19801.",
    );
    // The mobile menu is a <details> whose summary says Menu; Sign Up is inside it.
    const menu = $("header details").filter((_, d) => squash($(d).children("summary").text()) === "Menu");
    expect(menu).toHaveLength(1);
    expect(linkHrefs($, "Sign Up", menu)).toEqual(["/signup"]);
  });

  it("footer social items are links that say they open a new tab; a favicon", async () => {
    const c = new Client();
    const { $ } = await getPage("/", c);
    const social = named($, "Social media", "ul").find("a");
    expect(social).toHaveLength(4);
    expect(social.first().attr("target")).toBe("_blank");
    expect(squash(social.first().text())).toContain("(opens in a new tab)");
    const icon = $('link[rel="icon"]').attr("href");
    expect(icon).toBe("/favicon.svg");
    const res = await c.fetch(icon!);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<svg");
    expect((await c.fetch("/favicon.ico")).status).toBe(301);
  });

  it("shows no demo-credentials hint in production (there is no demo admin there)", async () => {
    const { $ } = await getPage("/admin-login");
    expect($("h1,h2").filter((_, h) => squash($(h).text()) === "Admin Sign In")).toHaveLength(1);
    expect($("[data-testid=demo-credentials]")).toHaveLength(0);
    expect($("body").text()).not.toContain(DEMO_ADMIN.email);
  });

  it("answers an unknown path with the 404 page and a way home", async () => {
    const { $, status } = await getPage("/definitely-not-here");
    expect(status).toBe(404);
    expect($("title").text()).toBe("404 Page Not Found");
    expect(linkHrefs($, "Go back home")).toEqual(["/"]);
  });

  it("shows 'Welcome, ' and the first name in the top bar when signed in", async () => {
    const u = await createApplicant({ firstName: "Priya" });
    const c = new Client();
    expect((await c.fetch("/login", { form: { email: u.email, password: u.password } })).status).toBe(302);
    const { $ } = await getPage("/", c);
    expect(squash($("header").first().text())).toContain("Welcome, Priya");
  });
});
