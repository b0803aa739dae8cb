/**
 * Issue 30, the account pages in a browser with JavaScript on: a Spanish /account hydrates, a form
 * the browser refuses (Conform, the shared schema) says so in Spanish, and the toast a form's answer
 * raises (kept in English in its cookie, shown after a client-side navigation) is Spanish. The same
 * without JavaScript: tests/integration/i18n-account.test.ts.
 */
import { describe, expect, it } from "vitest";
import { resources } from "~/content/locales";
import { ACCOUNT_MSG, ACCOUNT_TOASTS } from "~/content/messages";
import { setupBrowser, waitForHydration } from "../support/browser";
import { createApplicant, signInApplicantForBrowser, TEST_PASSWORD } from "../support/fixtures";

const b = setupBrowser();
const es = resources.es;

describe("the account pages in Spanish with JavaScript", () => {
  it("a refused change of password and the toast after a password change are Spanish", async () => {
    const user = await createApplicant();
    await b.withPage({ js: true }, async (page, ctx) => {
      await signInApplicantForBrowser(ctx, user);
      await page.goto("/language?lng=es&redirectTo=/account");
      await waitForHydration(page);
      expect(await page.locator("html").getAttribute("lang")).toBe("es");
      const form = page.locator("form#password");
      await form.getByLabel(es.account.settings.currentPassword, { exact: true }).fill(TEST_PASSWORD);
      await form.getByLabel(es.account.settings.newPassword, { exact: true }).fill("Fresh-Lantern-93");
      await form.getByLabel(es.account.settings.confirmNewPassword, { exact: true }).fill("Other-Lantern-93");
      await form.getByRole("button", { name: es.account.settings.changePassword }).click();
      // The browser's own check, in Spanish.
      await page.getByText(es.account.msg.passwordConfirmMismatch).first().waitFor();
      expect(await page.locator("body").innerText()).not.toContain(ACCOUNT_MSG.passwordConfirmMismatch);

      await form.getByLabel(es.account.settings.confirmNewPassword, { exact: true }).fill("Fresh-Lantern-93");
      await form.getByRole("button", { name: es.account.settings.changePassword }).click();
      const toast = page.locator("[data-toast]");
      await toast.getByText(es.toasts.account.passwordChanged.description).waitFor();
      expect(await toast.innerText()).toContain(es.toasts.account.passwordChanged.title);
      expect(await page.locator("body").innerText()).not.toContain(ACCOUNT_TOASTS.passwordChanged.description);
      expect(await page.getByRole("region", { name: es.toasts.region }).count()).toBe(1);
    });
  });
});
