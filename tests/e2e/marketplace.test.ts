/**
 * The marketplace walk in Chromium, with JavaScript and without, as a new applicant would: from
 * the submitted page of $30,000 of working capital in Texas (applied for over HTTP), compare at
 * least two offers, sort them, open a disclosure, sign it with the account's name (Enter in the
 * signature field shows the review of what is signed, never accepts; "Accept and sign" does), then see "Offer Accepted" in the
 * status lookup, the dashboard, the admin panel (a page the server renders: read over HTTP) and the
 * outbox e-mail; accepting another offer (from a tab opened before) is refused.
 * The "no lender match" submitted page is server-rendered content: tests/integration/marketplace.test.ts.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MARKET_MSG } from "~/content/messages";
import { MODES, setupBrowser } from "../support/browser";
import { adminClient, createAdmin } from "../support/fixtures";
import { getPage } from "../support/html";
import { applyOverHttp } from "../support/wizard";
import { emlFor, waitForHydration } from "../support/wizard-browser";

const b = setupBrowser();

async function settle(page: Page, js: boolean) {
  await page.waitForLoadState("load");
  if (js) await waitForHydration(page);
}

describe.each(MODES)("the marketplace $label", ({ js }) => {
  it("apply in Texas, compare and sort offers, read a disclosure, accept one; Offer Accepted everywhere; a second accept is refused", async () => {
    // An admin exists before the acceptance, so the admins' copy of the e-mail is sent at once
    // (the applicant's own copy waits until their address is verified).
    const admin = await createAdmin();
    await b.withPage({ js }, async (page, ctx) => {
      // The wizard's own walk in a browser is tests/e2e/wizard.test.ts; here the application is
      // made over HTTP (the same forms) and the browser takes over at the submitted page.
      const { client, user, app } = await applyOverHttp({ tag: "market" });
      const a = { firstName: user.firstName, lastName: user.lastName };
      const reference = app.reference;
      await ctx.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: b.baseUrl })));
      await page.goto("/apply/submitted");
      await page.getByTestId("reference").filter({ hasText: reference }).waitFor();
      await settle(page, js);
      await page.getByRole("link", { name: "See your offers" }).click();
      await page.waitForURL((u) => u.pathname === `/dashboard/applications/${reference}/offers`);
      await settle(page, js);
      await page.getByRole("heading", { name: "Compare your offers" }).waitFor();
      const rows = page.getByTestId("offer-row");
      expect(await rows.count()).toBeGreaterThanOrEqual(2);

      // Sort by the lowest monthly payment (a GET form): the first row carries the best-payment mark.
      await page.getByLabel("Sort by").selectOption("payment");
      await page.getByRole("button", { name: "Sort" }).click();
      await page.waitForURL((u) => u.searchParams.get("sort") === "payment");
      await settle(page, js);
      await rows.first().getByText("Lowest payment").waitFor();

      // A second tab holds another offer's disclosure, opened before the first is accepted.
      const ids = await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-offer-id")!));
      const other = await ctx.newPage();
      await other.goto(`/offers/${ids[1]}`);
      await settle(other, js);

      await rows
        .first()
        .getByRole("link", { name: /Choose this offer/ })
        .click();
      await page.waitForURL((u) => u.pathname === `/offers/${ids[0]}`);
      await settle(page, js);
      const table = page.getByTestId("disclosure-table");
      for (const label of [
        "Funding provided",
        "Estimated annual percentage rate (APR)",
        "Finance charge",
        "Estimated total payment amount",
        "Payment amount and frequency",
        "Term",
        "Prepayment",
      ]) {
        await table.getByRole("heading", { name: label, exact: true }).waitFor();
      }
      await page.getByRole("heading", { name: "In plain language" }).waitFor();
      // Enter in the signature field does not accept: it shows the review of what is being signed,
      // still on the offer, and only the review's own button signs.
      await page.getByLabel("I have read the disclosure").check();
      const signature = page.getByLabel("Your full name (signature)");
      await signature.fill(`${a.firstName.toLowerCase()}  ${a.lastName.toUpperCase()}`);
      await signature.press("Enter");
      await page
        .getByTestId("accept-review-sentence")
        .filter({ hasText: /^You are accepting \$30,000\.00 from .+ APR, \d+ payments of \$/ })
        .waitFor();
      expect(new URL(page.url()).pathname).toBe(`/offers/${ids[0]}`);
      expect(await page.getByTestId("offer-accepted-note").count()).toBe(0);
      await page.getByRole("button", { name: "Accept and sign" }).click();
      await page.waitForURL((u) => u.pathname === `/dashboard/applications/${reference}/offers`);
      await page.getByTestId("accepted-banner").waitFor();
      await page.getByTestId("status-badge").filter({ hasText: "Offer Accepted" }).waitFor();

      // The tab opened before: accepting another offer is refused with a clear message.
      await other.getByLabel("Your full name (signature)").fill(`${a.firstName} ${a.lastName}`);
      await other.getByLabel("I have read the disclosure").check();
      await other.getByRole("button", { name: "Review and sign" }).click();
      await other.getByTestId("accept-error").filter({ hasText: MARKET_MSG.anotherOfferAccepted }).waitFor();
      await other.close();

      // The status lookup
      await page.goto("/application-status");
      await settle(page, js);
      await page.getByLabel("Application ID").fill(reference);
      await page.getByRole("button", { name: "Check Status" }).click();
      await page.getByTestId("status-badge").filter({ hasText: "Offer Accepted" }).waitFor();

      // The dashboard
      await page.goto("/dashboard");
      await settle(page, js);
      const card = page.locator(`[data-testid="dashboard-application"][data-reference="${reference}"]`);
      // The dashboard shows the loan's stage.
      await card.getByTestId("stage-badge").filter({ hasText: "Offer Accepted" }).waitFor();
      await card.getByRole("link", { name: /View your accepted offer/ }).waitFor();

      // The e-mail (the signed disclosure goes to the applicant at once, verified or not, and the admins get a copy)
      const eml = await emlFor(`Offer Accepted - ${reference}`, 20_000);
      expect(eml).toContain("Funding provided");

      // The admin panel (server-rendered; the admin panel in a browser: tests/e2e/admin.test.ts).
      const { $ } = await getPage(`/admin?status=offer-accepted&q=${reference}`, await adminClient(admin));
      const row = $("tr").filter((_, el) => $(el).text().includes(reference));
      const badge = row.find("[data-testid=admin-status-badge]");
      expect(badge).toHaveLength(1);
      expect(badge.text()).toContain("Offer Accepted");
    });
  });
});
