/**
 * The lender workspace in Chromium with JavaScript: a lender user signs in (password,
 * then the authenticator code), opens an application from the queue at phone width, and sends a
 * firm offer; the offer shows in "Your offers" and nothing scrolls sideways at 375 px. The same
 * forms without JavaScript are tested over HTTP (tests/integration/lender-workspace.test.ts).
 */
import { describe, expect, it } from "vitest";
import { nextSecondFactor } from "../support/admin-mfa";
import { createSubmittedApplication } from "../support/applications";
import { setupBrowser, waitForHydration } from "../support/browser";
import { createApplicant, submitSignIn } from "../support/fixtures";
import { createLenderUser, shareWithLender, twoLenders } from "../support/lenders";

const b = setupBrowser();

describe("the lender workspace with JavaScript", () => {
  it("signs in with the second factor and sends a firm offer, usable at 375 px", async () => {
    const [lender] = await twoLenders();
    const u = await createLenderUser(lender.id);
    const applicant = await createApplicant();
    const app = (await createSubmittedApplication({ userId: applicant.id }))!;
    await shareWithLender(app.id, lender.id);
    await b.withPage({ js: true }, async (page) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto("/lender/login");
      await waitForHydration(page);
      await submitSignIn(page, u.email, u.password);
      await page.waitForURL((url) => url.pathname === "/lender/login/verify");
      await waitForHydration(page);
      await page.getByLabel("Authentication code").fill(nextSecondFactor(u));
      await page.getByRole("button", { name: "Verify" }).click();
      await page.waitForURL((url) => url.pathname === "/lender");
      await waitForHydration(page);
      await page.getByRole("link", { name: app.reference }).click();
      await page.waitForURL((url) => url.pathname === `/lender/applications/${app.id}`);
      await waitForHydration(page);
      const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(await noSideways()).toBe(true);
      const form = page.getByRole("form", { name: "Firm offer" });
      await form.getByLabel("Amount (USD)").fill("22000");
      await form.getByLabel("Term (months)").fill("12");
      await form.getByLabel("Note rate (% a year)").fill("10.25");
      await form.getByLabel("Origination fee (USD)").fill("300");
      await form.getByRole("button", { name: "Send firm offer" }).click();
      await page
        .getByTestId("lender-offers")
        .getByText(/Firm offer ·/)
        .waitFor();
      await page.getByTestId("lender-stage").filter({ hasText: "Offer out" }).waitFor();
      expect(await noSideways()).toBe(true);
    });
  });
});
