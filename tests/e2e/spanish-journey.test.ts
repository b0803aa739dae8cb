/**
 * Issue 30's Done-when, walked in Chromium with JavaScript on and off: Spanish chosen on the English
 * landing page, a $30,000 working-capital application from Austin, Texas with a wrong e-mail on the
 * way (refused in Spanish), the offers and a disclosure in Spanish with the figures of the English
 * pages, the offer signed, the status lookup answering in Spanish, and every e-mail to the applicant
 * in Spanish. "In Spanish" as a reader notices it: `<html lang="es">` and no English function word
 * on the page (tests/support/spanish.ts), proper names (lenders, products) aside. Each page's own
 * checks over HTTP: tests/integration/i18n-*.test.ts.
 */
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { resources } from "~/content/locales";
import { getDb, schema } from "~/platform/db/db.server";
import { MODES, setupBrowser, waitForHydration } from "../support/browser";
import { TEST_PASSWORD } from "../support/fixtures";
import { parse, squash } from "../support/html";
import { Client, uniqueEmail } from "../support/http";
import { mailsTo, waitForMail } from "../support/mail";
import { englishIn, figuresIn } from "../support/spanish";
import { at, fillOwnerInSpanish } from "../support/wizard-browser";

const b = setupBrowser();
const es = resources.es;
const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });
const cont = (page: Page) => page.getByRole("button", { name: es.wizard.continue, exact: true }).click();

/** The body's visible text, without the partner lenders' names (proper names) and the given names. */
async function bodyText(page: Page, names: string[] = [], scope = "body") {
  const text = await page.evaluate((sel) => {
    const el = document.querySelector(sel)!.cloneNode(true) as HTMLElement;
    el.querySelectorAll("script, style, noscript, template, [hidden], [data-testid=partner-lender]").forEach((e) => e.remove());
    return el.innerText;
  }, scope);
  return names.reduce((t, n) => t.split(n).join(" "), text);
}

async function expectSpanish(page: Page, where: string, names: string[] = []) {
  expect(await page.evaluate(() => document.documentElement.lang), where).toBe("es");
  expect(englishIn(await bodyText(page, names)), `English on ${where}`).toEqual([]);
}

/** The same path over HTTP in English (?lng=en wins over the cookie), with the browser's cookies. */
async function englishOf(page: Page, path: string, scope = "body") {
  const client = new Client();
  for (const c of await page.context().cookies()) client.cookies.set(c.name, c.value);
  const res = await client.fetch(`${path}${path.includes("?") ? "&" : "?"}lng=en`);
  expect(res.status, path).toBe(200);
  const { $ } = await parse(res);
  expect($("html").attr("lang")).toBe("en");
  $("script, style, noscript").remove();
  return squash($(scope).text());
}

describe.each(MODES)("the whole journey in Spanish ($label)", ({ js }) => {
  it("landing switch, a $30,000 working-capital application from Austin with a wrong e-mail, offers, disclosure, signature, status lookup and e-mails in Spanish", async () => {
    const email = uniqueEmail(js ? "es-journey-js" : "es-journey");
    const names: string[] = [];
    await b.withPage({ js }, async (page) => {
      await page.goto("/");
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
      await page.getByRole("button", { name: resources.en.common.language.switchTo }).click();
      await page.locator("html[lang=es]").waitFor({ state: "attached" });
      await expectSpanish(page, "the landing page");
      await page.getByRole("link", { name: es.landing.applyNow }).first().click();

      // Step 1.
      await at(page, "loan", js);
      await label(page, es.wizard.loan.amount).fill("30000");
      await page.getByLabel(es.wizard.purposes["working-capital"].label).check();
      await cont(page);

      // Step 2, first with a wrong e-mail: refused in Spanish.
      await at(page, "owner", js);
      await fillOwnerInSpanish(page, {
        firstName: "Marisol",
        lastName: "Treviño",
        email: "marisol.example.com",
        password: TEST_PASSWORD,
        phone: "5125550142",
        dateOfBirth: "1983-03-09",
      });
      await cont(page);
      await page.locator("main").getByText(es.messages.invalidEmail).first().waitFor();
      await expectSpanish(page, "step 2 with its error");
      if (!js) await label(page, es.apply.owner.password).fill(TEST_PASSWORD);
      await label(page, es.apply.owner.email).fill(email);
      await cont(page);

      await at(page, "address", js);
      await label(page, es.apply.fields.streetAddress.label).fill("1100 Congress Ave");
      await label(page, es.apply.fields.city.label).fill("Austin");
      await label(page, es.apply.fields.state.label).selectOption("TX");
      await label(page, es.apply.fields.zipCode.label).fill("78701");
      await cont(page);

      await at(page, "finances", js);
      await label(page, es.apply.fields.annualIncome.label).fill("180000");
      await page.getByLabel(es.apply.options.living.own!.label).check();
      await cont(page);

      await at(page, "documents", js);
      await cont(page);

      await at(page, "review", js);
      await page.locator("input[name=agreeTerms]").check();
      await page.locator("input[name=authorizeCredit]").check();
      await page.getByRole("button", { name: es.apply.review.submit }).click();

      await at(page, "submitted", js);
      const reference = squash(await page.getByTestId("reference").innerText());
      expect(reference).toMatch(/^APP-\w+$/);
      await expectSpanish(page, "the submitted page");
      const [app] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.reference, reference));
      const offers = await getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, app!.id));
      names.push(...new Set(offers.flatMap((o) => [o.lenderName, o.productName])));

      // The offers: Spanish, the English page's figures.
      await page.getByRole("link", { name: es.apply.submitted.seeOffers }).click();
      const offersPath = `/dashboard/applications/${reference}/offers`;
      await page.waitForURL((u) => u.pathname === offersPath);
      if (js) await waitForHydration(page);
      const firstRow = page.getByTestId("offer-row").first();
      await firstRow.waitFor();
      await expectSpanish(page, "the offers page", names);
      expect(figuresIn(await bodyText(page))).toEqual(figuresIn(await englishOf(page, offersPath)));

      // Its first offer's disclosure: the table's figures as in English.
      const id = await firstRow.getAttribute("data-offer-id");
      await firstRow.locator(`a[href="/offers/${id}"]`).click();
      await page.waitForURL((u) => u.pathname === `/offers/${id}`);
      if (js) await waitForHydration(page);
      await page.getByTestId("disclosure-table").waitFor();
      await expectSpanish(page, "the disclosure", names);
      const table = "[data-testid=disclosure-table]";
      expect(figuresIn(await bodyText(page, [], table))).toEqual(figuresIn(await englishOf(page, `/offers/${id}`, table)));

      // Signing: the review, then the signature.
      await page.locator("#confirmRead").check();
      await page.locator("#signerName").fill("Marisol Treviño");
      await page.locator('button[name="intent"][value="review"]').click();
      await page.getByTestId("accept-review-sentence").waitFor();
      await expectSpanish(page, "the review of the signature", names);
      await page.locator('button[name="intent"][value="accept"]').click();
      await page.getByTestId("accepted-banner").waitFor();
      await expectSpanish(page, "the offers page after acceptance", names);

      // The status lookup answers in Spanish.
      await page.goto("/application-status");
      if (js) await waitForHydration(page);
      await page.locator("input[name=id]").fill(reference);
      await page.locator("input[name=id]").press("Enter");
      await page.getByTestId("status-badge").waitFor();
      await expectSpanish(page, "the status lookup's answer", names);
    });

    // Every e-mail to the applicant, once the acceptance's is there, in Spanish; the account's language.
    await waitForMail(email, "offer_accepted");
    const mails = await mailsTo(email);
    for (const m of mails) {
      const text = names.reduce((t, n) => t.split(n).join(" "), `${m.subject}\n${m.bodyText}`);
      expect(englishIn(text), `e-mail ${m.kind}`).toEqual([]);
    }
    const [user] = await getDb().select().from(schema.users).where(eq(schema.users.email, email));
    expect(user!.language).toBe("es");
  });
});
