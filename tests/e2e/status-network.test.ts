/** With JavaScript, a lookup whose request fails in transit shows the product's message in place. */
import { describe, expect, it } from "vitest";
import { MSG } from "~/content/messages";
import { setupBrowser } from "../support/browser";
import { waitForHydration } from "../support/wizard-browser";

const b = setupBrowser();

describe("status lookup, network failure", () => {
  it("shows 'Unable to check status. Please try again later.' and keeps the form", async () => {
    await b.withPage({ js: true }, async (page) => {
      await page.goto("/application-status");
      await waitForHydration(page);
      // Every data request of the lookup fails as if the network dropped.
      await page.route(/\/application-status\.data/, (route) => route.abort("internetdisconnected"));
      await page.getByLabel(/application id/i).fill("APP-0123456789AB");
      await page.getByRole("button", { name: "Check Status" }).click();
      await page.getByText(MSG.statusUnavailable).waitFor();
      expect(await page.getByRole("button", { name: "Check Status" }).isVisible()).toBe(true);
      expect(await page.getByLabel(/application id/i).inputValue()).toBe("APP-0123456789AB");
    });
  });
});
