/**
 * Issue 30, the public pages in Spanish, over HTTP as a browser without JavaScript: every public
 * page with ?lng=es and with Accept-Language: es has <html lang=es>, a Spanish <title> and none of
 * the English sentences of the "public" and "legal" namespaces; the legal pages say the English
 * text governs; a status lookup answers in Spanish; the calculator's and the product pages'
 * figures are the same in both languages; the API docs stay English and still answer with ?lng=es.
 */
import { describe, expect, it } from "vitest";
import { fill, resources } from "~/content/locales";
import { loanProducts } from "~/content/products";
import { site } from "~/content/site";
import { createSubmittedApplication } from "../support/applications";
import { createApplicant } from "../support/fixtures";
import { getPage, parse, squash } from "../support/html";
import { Client } from "../support/http";
import { englishSentences, visibleText } from "../support/i18n";

const ES = { "accept-language": "es-US,es;q=0.9" };
const es = resources.es.public;
const legal = resources.es.legal;
const named = (t: string) => fill(t, { site: site.name });

/** The footer's hours are the common namespace's line (site.hours), not this page's: left out. */
const ENGLISH = englishSentences(["public", "legal"]).filter((s) => s !== resources.en.public.hours);

const PAGES: Array<[path: string, title: string]> = [
  ...loanProducts.map((p): [string, string] => [p.path, es.products[p.slug].title]),
  ["/loan-calculator", named(es.calculator.title)],
  ["/faq", named(es.faq.title)],
  ["/privacy-policy", named(legal.privacy.title)],
  ["/terms-of-service", named(legal.terms.title)],
  ["/security", named(legal.security.title)],
  ["/licenses", named(es.licenses.title)],
  ["/application-status", named(es.status.title)],
  ["/no-such-page-here", es.notFound.title],
];

function expectSpanish(page: Awaited<ReturnType<typeof parse>>, title: string, where: string) {
  expect(page.$("html").attr("lang"), where).toBe("es");
  expect(page.$("title").text(), where).toBe(title);
  const text = visibleText(page.$);
  const left = ENGLISH.filter((s) => text.includes(s));
  expect(left, where).toEqual([]);
}

const numbers = (s: string) => s.match(/[\d][\d.,]*/g) ?? [];

describe("public pages in Spanish", () => {
  it.each(PAGES)(
    "%s?lng=es: <html lang=es>, a Spanish title and description, no English sentence of its namespaces",
    async (path, title) => {
      const page = await getPage(`${path}?lng=es`);
      expect(page.status).toBe(path.startsWith("/no-such") ? 404 : 200);
      expectSpanish(page, title, path);
      const description = page.$("meta[name=description]").attr("content");
      if (description)
        expect(
          ENGLISH.filter((s) => description.includes(s)),
          path,
        ).toEqual([]);
      // The English page is unchanged: its title is the English one.
      const en = await getPage(path);
      expect(en.$("html").attr("lang")).toBe("en");
      expect(en.$("title").text()).not.toBe(title);
    },
  );

  it.each(PAGES)("%s with Accept-Language: es is Spanish too", async (path, title) => {
    const page = await parse(await new Client().fetch(path, { headers: ES }));
    expectSpanish(page, title, path);
  });

  it("the footer's equal-credit statement is Spanish on a Spanish page, English on an English one", async () => {
    const page = await getPage("/faq?lng=es");
    expect(squash(page.$("[data-testid=equal-credit-statement]").text())).toBe(es.footer.equalCredit);
    const en = await getPage("/faq");
    expect(squash(en.$("[data-testid=equal-credit-statement]").text())).toBe(site.equalCreditStatement);
  });

  it("the legal pages are translated, under the note that the English text governs; the old addresses keep the language", async () => {
    for (const [path, doc] of [
      ["/privacy-policy", "privacy"],
      ["/terms-of-service", "terms"],
      ["/security", "security"],
    ] as const) {
      const page = await getPage(`${path}?lng=es`);
      expect(squash(page.$("[data-testid=english-governs]").text())).toBe(resources.es.common.legal.englishGoverns);
      expect(squash(page.$("h1").text())).toBe(legal[doc].heading);
      const en = await getPage(path);
      expect(en.$("[data-testid=english-governs]").length).toBe(0);
      expect(page.$("[data-testid=legal-section]").length).toBe(en.$("[data-testid=legal-section]").length);
      expect(squash(page.$("[data-testid=legal-updated]").text())).toBe(fill(legal.lastUpdated, { date: legal.date }));
    }
    for (const [old, to] of [
      ["/privacy", "/privacy-policy"],
      ["/terms", "/terms-of-service"],
    ]) {
      const res = await new Client().fetch(`${old}?lng=es`);
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe(`${to}?lng=es`);
      expect((await new Client().fetch(old)).headers.get("location")).toBe(to);
    }
  });

  it("a product page's figures are the same in both languages", async () => {
    const path = "/working-capital-loans";
    const [en, sp] = [await getPage(path), await getPage(`${path}?lng=es`)];
    expect(squash(sp.$("h1").text())).toBe(es.products["working-capital-loans"].headline);
    for (const id of ["product-rate", "product-terms", "product-amounts", "claim-example"]) {
      const a = squash(en.$(`[data-testid=${id}]`).text());
      const b = squash(sp.$(`[data-testid=${id}]`).text());
      expect(b, id).not.toBe("");
      expect(numbers(b), id).toEqual(numbers(a));
    }
    expect(sp.$("[data-testid=product-benefits] li").length).toBe(en.$("[data-testid=product-benefits] li").length);
  });

  it("the calculator's result is identical in figures across languages, and its GET form keeps the language", async () => {
    const query = "amount=25000&apr=9.5&term=36";
    const [en, sp] = [await getPage(`/loan-calculator?${query}`), await getPage(`/loan-calculator?${query}&lng=es`)];
    expect(sp.$("html").attr("lang")).toBe("es");
    for (const id of ["monthly-payment", "total-payment", "total-interest", "echo-amount"]) {
      const figure = squash(en.$(`[data-testid=${id}]`).text());
      expect(figure, id).toMatch(/^\$[\d,]+\.\d\d$/);
      expect(squash(sp.$(`[data-testid=${id}]`).text()), id).toBe(figure);
    }
    expect(numbers(squash(sp.$("[data-testid=echo-term]").text()))).toEqual(["36"]);
    expect(squash(sp.$("[data-testid=echo-term]").text())).toBe(fill(es.calculator.months, { count: 36 }));
    expect(sp.$("form[action='/loan-calculator'] input[name=lng]").attr("value")).toBe("es");
    expect(en.$("form[action='/loan-calculator'] input[name=lng]").length).toBe(0);
  });

  it("a status lookup answers in Spanish without JavaScript: the stage, the purpose, the next steps; a wrong ID in Spanish too", async () => {
    const user = await createApplicant();
    const app = await createSubmittedApplication({ userId: user.id, amount: 25000, purpose: "working-capital", status: "submitted" });
    const page = await getPage(`/application-status?id=${app.reference.toLowerCase()}&lng=es`);
    expect(page.status).toBe(200);
    expectSpanish(page, named(es.status.title), "status result");
    const result = page.$("[data-testid=status-result]");
    expect(squash(result.find("[data-testid=status-reference]").text())).toBe(app.reference);
    expect(squash(result.find("[data-testid=status-amount]").text())).toBe("$25,000");
    expect(squash(result.find("[data-testid=status-purpose]").text())).toBe(resources.es.wizard.purposes["working-capital"].label);
    expect(squash(result.find("[data-testid=status-badge]").text())).toBe(es.stages.submitted.label);
    expect(squash(result.find("[data-testid=stage-next]").text())).toBe(es.stages.submitted.next);
    expect(page.$("form#status-lookup input[name=lng]").attr("value")).toBe("es");

    const unknown = await getPage("/application-status?id=APP-123456&lng=es");
    expect(unknown.status).toBe(404);
    expect(unknown.text()).toContain(resources.es.messages.statusNotFound);
    expectSpanish(unknown, named(es.status.title), "status not found");
  });

  it("the API docs stay English for integrators and still answer with ?lng=es", async () => {
    const page = await getPage("/api-docs?lng=es");
    expect(page.status).toBe(200);
    expect(page.$("html").attr("lang")).toBe("es");
    expect(squash(page.$("h1").text())).toBe("API");
    expect(page.$("table").length).toBeGreaterThan(0);
    expect(squash(page.$("[data-testid=equal-credit-statement]").text())).toBe(es.footer.equalCredit);
  });
});
