/**
 * Issue 30's walk, as a new applicant takes it in Chromium, with JavaScript on and off: Spanish
 * chosen on the landing page, a $30,000 working-capital application from Texas with a validation
 * error on the way (in Spanish), the offers and a disclosure in Spanish with the same figures as the
 * English pages, the offer accepted, every e-mail in Spanish, and the status lookup answering in
 * Spanish. "In Spanish" is checked as a reader notices it: no English sentence on the page
 * (tests/support/spanish.ts), `<html lang="es">`, and the Spanish texts of app/content/locales.
 */
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { resources } from "~/content/locales";
import { getDb, schema } from "~/platform/db/db.server";
import { setupBrowser } from "../support/browser";
import { TEST_PASSWORD } from "../support/fixtures";
import { uniqueEmail } from "../support/http";
import { englishIn, figuresIn } from "../support/spanish";
import { at } from "../support/wizard-browser";

const b = setupBrowser();
const es = resources.es;

/** The page's visible text, lender names left out (proper names). */
async function visibleText(page: Page) {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    body.querySelectorAll("script, style, noscript, template, [hidden], [data-testid=partner-lender]").forEach((el) => el.remove());
    return `${document.title} ${body.innerText}`;
  });
}

async function expectSpanish(page: Page, where: string) {
  expect(await page.evaluate(() => document.documentElement.lang), where).toBe("es");
  expect(englishIn(await visibleText(page)), `English on ${where}`).toEqual([]);
}

/** The same page in English (?lng=en wins over the cookie), as its text: for comparing figures. */
async function englishTextOf(page: Page) {
  const url = new URL(page.url());
  url.searchParams.set("lng", "en");
  const other = await page.context().newPage();
  try {
    await other.goto(url.toString());
    expect(await other.evaluate(() => document.documentElement.lang)).toBe("en");
    return await visibleText(other);
  } finally {
    await other.close();
  }
}

const cont = (page: Page) => page.locator('main button[name="intent"][value="continue"]').click();

describe.each([true, false])("the whole journey in Spanish (JavaScript %s)", (js) => {
  it("landing switch, $30,000 of working capital from Texas with an error on the way, offers, disclosure, acceptance, e-mails and status lookup, all in Spanish", async () => {
    const email = uniqueEmail(js ? "es-journey-js" : "es-journey");
    await b.withPage({ js }, async (page) => {
      await page.goto("/");
      await page.getByRole("button", { name: resources.en.common.language.switchTo }).click();
      await page.waitForFunction(() => document.documentElement.lang === "es");
      await expectSpanish(page, "the landing page");

      await page.getByRole("link", { name: es.landing.applyNow }).first().click();
      await at(page, "loan", js);
      await expectSpanish(page, "step 1");
      await page.getByLabel(es.wizard.loan.amount).fill("30000");
      await page.getByLabel(es.wizard.purposes["working-capital"].label).check();
      await cont(page);

      await at(page, "owner", js);
      await expectSpanish(page, "step 2");
      await page.locator("[name=firstName]").fill("María");
      await page.locator("[name=lastName]").fill("González");
      await page.locator("[name=email]").fill("maria-en-ningun-sitio");
      await page.locator("[name=password]").fill(TEST_PASSWORD);
      await page.locator("[name=phone]").fill("(512) 555-0142");
      await page.locator("[name=dateOfBirth]").fill("1983-03-09");
      await page.locator("[name=usCitizen]").check();
      await page.locator("[name=agreeToElectronicRecords]").check();
      await cont(page);
      // The error, in Spanish, where the field is (with JavaScript at once, without after the POST).
      await page.locator("#main").getByText(es.messages.invalidEmail).first().waitFor();
      await expectSpanish(page, "step 2 with its error");
      await page.locator("[name=email]").fill(email);
      if (!js) await page.locator("[name=password]").fill(TEST_PASSWORD);
      await cont(page);

      await at(page, "address", js);
      await expectSpanish(page, "step 3");
      await page.locator("[name=streetAddress]").fill("1100 Congress Ave");
      await page.locator("[name=city]").fill("Austin");
      await page.locator("[name=state]").selectOption("TX");
      await page.locator("[name=zipCode]").fill("78701");
      await cont(page);

      await at(page, "finances", js);
      await expectSpanish(page, "step 4");
      await page.locator("[name=annualIncome]").fill("120000");
      await page.locator('[name=livingSituation][value="rent"]').check();
      await page.locator("[name=monthlyPayment]").fill("1500");
      await cont(page);

      await at(page, "documents", js);
      await expectSpanish(page, "step 5");
      await cont(page);

      await at(page, "review", js);
      await expectSpanish(page, "step 6");
      await page.locator("[name=agreeTerms]").check();
      await page.locator("[name=authorizeCredit]").check();
      await cont(page);

      await at(page, "submitted", js);
      await expectSpanish(page, "the submitted page");

      // The offers, announced on the submitted page.
      await page.locator('main a[href^="/dashboard/applications/"][href$="/offers"]').first().click();
      await page.waitForURL((u) => /\/dashboard\/applications\/APP-\w+\/offers$/.test(u.pathname));
      await expectSpanish(page, "the offers page");
      expect(figuresIn(await visibleText(page))).toEqual(figuresIn(await englishTextOf(page)));

      await page.locator('main a[href^="/offers/"]:not([href*="summary"])').first().click();
      await page.waitForURL((u) => /^\/offers\/\d+$/.test(u.pathname));
      if (js) await page.waitForFunction(() => Boolean((window as { __remixRouter?: unknown }).__remixRouter));
      await expectSpanish(page, "the disclosure");
      expect(figuresIn(await visibleText(page))).toEqual(figuresIn(await englishTextOf(page)));

      await page.locator("#signerName").fill("María González");
      await page.locator("#confirmRead").check();
      await page.locator('button[name="intent"][value="review"]').click();
      await page.locator('button[name="intent"][value="accept"]').click();
      await page.waitForURL((u) => /\/dashboard\/applications\/APP-\w+\/offers$/.test(u.pathname));
      await expectSpanish(page, "the offers page after acceptance");
      const reference = /APP-\w+/.exec(page.url())![0];

      // The status lookup, as a visitor with the reference.
      await page.goto("/application-status");
      await page.locator("main input[name=id]").fill(reference);
      await page.locator("main form button[type=submit]").first().click();
      await page.locator("main").getByText(reference).first().waitFor();
      await expectSpanish(page, "the status lookup's answer");
    });

    // Every e-mail this applicant got (or is held for them until the address is verified).
    const [user] = await getDb().select().from(schema.users).where(eq(schema.users.email, email));
    expect(user!.language).toBe("es");
    const mails = await getDb().select().from(schema.outbox).where(eq(schema.outbox.toEmail, email));
    expect(mails.map((m) => m.kind)).toEqual(expect.arrayContaining(["offer_accepted"]));
    for (const m of mails) expect(englishIn(`${m.subject}\n${m.bodyText}`), `e-mail ${m.kind}`).toEqual([]);
  }, 120_000);
});
