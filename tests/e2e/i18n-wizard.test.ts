/**
 * Issue 30, the wizard's steps 2 to 7 in Spanish with JavaScript on: a step's messages appear in
 * Spanish as the applicant types (Conform in the browser, the shared schema), and each step's tab
 * title and focused heading are Spanish after a client-side move. Without JavaScript:
 * tests/integration/i18n-wizard.test.ts.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { resources } from "~/content/locales";
import { ESIGN_DISCLOSURE_ES } from "~/content/consents-es.server";
import { MSG } from "~/content/messages";
import { setupBrowser } from "../support/browser";
import { uniqueEmail } from "../support/http";
import { TEST_PASSWORD } from "../support/fixtures";
import { at, fillOwnerInSpanish } from "../support/wizard-browser";

const b = setupBrowser();
const es = resources.es;
const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });
const cont = (page: Page) => page.getByRole("button", { name: es.wizard.continue, exact: true }).click();

/** After a client-side move: the tab's title and the focused heading are the step's, in Spanish. */
async function spanishStep(page: Page, slug: keyof typeof es.wizard.titles) {
  await at(page, slug, true);
  const title = es.wizard.titles[slug];
  await expect.poll(() => page.title()).toContain(title);
  await expect
    .poll(() => page.evaluate(() => `${document.activeElement?.tagName}:${document.activeElement?.textContent}`))
    .toBe(`H1:${title}`);
}

describe("the wizard in Spanish with JavaScript", () => {
  it("messages in Spanish as you type at step 2; each step's title and focus in Spanish", async () => {
    await b.withPage({ js: true }, async (page) => {
      await page.goto("/language?lng=es&redirectTo=/apply/loan");
      await at(page, "loan", true);
      await label(page, es.wizard.loan.amount).fill("30000");
      await page.getByLabel(es.wizard.purposes["equipment-financing"].label).check();
      await cont(page);

      await spanishStep(page, "owner");
      expect(await page.locator("[data-testid=esign-disclosure] h2").innerText()).toBe(ESIGN_DISCLOSURE_ES.heading);
      // Continue with nothing typed: the browser's check, in Spanish.
      await cont(page);
      await page.getByText(es.messages.firstNameRequired).first().waitFor();
      expect(new URL(page.url()).pathname).toBe("/apply/owner");
      // As you type: a wrong e-mail is refused at once, in Spanish.
      await label(page, es.apply.owner.email).fill("not-an-email");
      await page.getByText(es.messages.invalidEmail).first().waitFor();
      const body = await page.locator("body").innerText();
      expect(body).not.toContain(MSG.invalidEmail);
      expect(body).not.toContain(MSG.firstNameRequired);
      await label(page, es.apply.owner.firstName).fill("Robin");
      await expect.poll(() => page.getByText(es.messages.firstNameRequired).count()).toBe(0);

      await fillOwnerInSpanish(page, {
        firstName: "Robin",
        lastName: "Okafor",
        email: uniqueEmail("es-wizard-js"),
        password: TEST_PASSWORD,
        phone: "5550107788",
        dateOfBirth: "1984-06-30",
      });
      await cont(page);

      await spanishStep(page, "address");
      await label(page, es.apply.fields.streetAddress.label).fill("1600 Market Street");
      await label(page, es.apply.fields.city.label).fill("Philadelphia");
      await label(page, es.apply.fields.state.label).selectOption("PA");
      await label(page, es.apply.fields.zipCode.label).fill("19103");
      await cont(page);

      await spanishStep(page, "finances");
      await label(page, es.apply.fields.annualIncome.label).fill("150000");
      await page.getByLabel(es.apply.options.living.own!.label).check();
      await cont(page);

      await spanishStep(page, "documents");
      expect(await page.locator("body").innerText()).toContain(es.apply.documents.labels["bank-statements"]);
      await cont(page);

      await spanishStep(page, "review");
      expect(await page.getByRole("button", { name: es.apply.review.submit }).isDisabled()).toBe(true);
    });
  });
});
