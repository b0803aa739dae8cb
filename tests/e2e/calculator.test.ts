/**
 * /loan-calculator in a real browser with JavaScript: the figures follow the typing, Calculate puts
 * the values in a shareable URL, Back shows the previous figures, an invalid value changes nothing.
 * Without JavaScript the GET form is rendered by the server: tests/integration/pages-tools.test.ts.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser, waitForHydration } from "../support/browser";
import { DEFAULT_FIGURES, TEN_K_FIGURES } from "../fixtures/calculator";

const b = setupBrowser();

async function figures(page: Page) {
  const t = async (id: string) => ((await page.getByTestId(id).textContent()) ?? "").trim();
  return {
    monthly: await t("monthly-payment"),
    total: await t("total-payment"),
    interest: await t("total-interest"),
    amount: await t("echo-amount"),
    apr: await t("echo-apr"),
    term: await t("echo-term"),
  };
}

describe("loan calculator with JavaScript", () => {
  it("calculates the amortised payment as you type, puts the values in a shareable URL, and Back shows the previous figures", async () => {
    await b.withPage({ js: true }, async (page) => {
      await page.goto("/loan-calculator");
      await waitForHydration(page, "form");
      expect(await figures(page)).toEqual(DEFAULT_FIGURES);
      await page.getByLabel("Loan Amount ($)").fill("10000");
      await page.getByLabel("Interest Rate (APR %)").fill("6");
      await page.getByLabel("Loan Term").selectOption("12");
      // Recalculated as you type, without a request or a new URL.
      await page.getByTestId("monthly-payment").filter({ hasText: "$860.66" }).waitFor();
      expect(new URL(page.url()).search).toBe("");
      expect(await figures(page)).toEqual(TEN_K_FIGURES);

      await page.getByRole("button", { name: "Calculate Payment" }).click();
      await page.waitForURL((u) => u.searchParams.get("amount") === "10000");
      // With JavaScript the URL has the three values only (no shown* figures).
      const url = new URL(page.url());
      expect(Object.fromEntries(url.searchParams)).toEqual({ amount: "10000", apr: "6", term: "12" });
      expect(await figures(page)).toEqual(TEN_K_FIGURES);
      expect(await page.getByLabel("Loan Amount ($)").inputValue()).toBe("10000");
      expect(await page.getByLabel("Loan Term").inputValue()).toBe("12");
      // Focus stays on the button, and going back shows the previous query's values and figures.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Calculate Payment");
      await page.goBack();
      await page.waitForURL((u) => u.search === "");
      await page.getByTestId("monthly-payment").filter({ hasText: "$794.88" }).waitFor();
      expect(await figures(page)).toEqual(DEFAULT_FIGURES);
      expect(await page.getByLabel("Loan Amount ($)").inputValue()).toBe("25000");
    });
  });

  it("leaves the figures unchanged when a value does not parse to a non-zero number", async () => {
    await b.withPage({ js: true }, async (page) => {
      await page.goto("/loan-calculator?amount=10000&apr=6&term=12");
      await waitForHydration(page, "form");
      const amount = page.getByLabel("Loan Amount ($)");
      const apr = page.getByLabel("Interest Rate (APR %)");
      await amount.fill("0");
      expect(await figures(page)).toEqual(TEN_K_FIGURES);
      await amount.fill("");
      await apr.fill("0");
      expect(await figures(page)).toEqual(TEN_K_FIGURES);
      // Calculate does not replace the figures with anything else either.
      await page.getByRole("button", { name: "Calculate Payment" }).click();
      expect(await figures(page)).toEqual(TEN_K_FIGURES);
      expect(await page.textContent("main")).not.toMatch(/NaN|Infinity/);
      // The last valid figures stay until all three parse again.
      await amount.fill("25000");
      await apr.fill("8.99");
      await page.getByLabel("Loan Term").selectOption("36");
      await page.getByTestId("monthly-payment").filter({ hasText: "$794.88" }).waitFor();
    });
  });
});
