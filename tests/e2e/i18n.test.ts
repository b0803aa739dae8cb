/**
 * Issue 30 in a browser: with JavaScript on, Conform's messages (validated in the browser as the
 * applicant types, with the shared schema) show in Spanish. The same without JavaScript, from the
 * server: tests/integration/i18n.test.ts.
 */
import { describe, expect, it } from "vitest";
import { resources } from "~/content/locales";
import { MSG } from "~/content/messages";
import { setupBrowser } from "../support/browser";
import { at } from "../support/wizard-browser";

const b = setupBrowser();

describe("Spanish with JavaScript", () => {
  it("the wizard's messages as you type are Spanish", async () => {
    await b.withPage({ js: true }, async (page) => {
      await page.goto("/language?lng=es&redirectTo=/apply/loan");
      await at(page, "loan", true);
      expect(await page.locator("html").getAttribute("lang")).toBe("es");
      const amount = page.getByLabel(resources.es.wizard.loan.amount);
      await amount.fill("");
      await page.getByRole("button", { name: resources.es.wizard.continue }).click();
      await page.getByText(resources.es.messages.amountRequired).first().waitFor();
      await amount.fill("60000");
      await page.getByText(resources.es.messages.amountRange).first().waitFor();
      expect(await page.locator("body").innerText()).not.toContain(MSG.amountRange);
      // Still the browser's own check: no request reached the server's action.
      expect(new URL(page.url()).pathname).toBe("/apply/loan");
    });
  });
});
