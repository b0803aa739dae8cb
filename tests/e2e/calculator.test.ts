/**
 * /loan-calculator in a real browser, with JavaScript (figures follow the typing) and without it
 * (the GET form is submitted and the server renders the figures): the same figures both ways.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MODES, setupBrowser, waitForHydration } from "../support/browser";

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

const DEFAULT_FIGURES = {
  monthly: "$794.88",
  total: "$28,615.57",
  interest: "$3,615.57",
  amount: "$25,000.00",
  apr: "8.99% APR",
  term: "36 months",
};
const TEN_K_FIGURES = {
  monthly: "$860.66",
  total: "$10,327.97",
  interest: "$327.97",
  amount: "$10,000.00",
  apr: "6% APR",
  term: "12 months",
};

describe.each(MODES)("loan calculator $label", ({ js }) => {
  it("opens with the product's defaults and their figures, the rate factors, the note and Apply Now", async () => {
    await b.withPage({ js }, async (page) => {
      await page.goto("/loan-calculator");
      expect(await page.title()).toContain("Loan Calculator");
      await page.getByRole("heading", { level: 1, name: "Business Loan Calculator" }).waitFor();
      expect(await page.getByLabel("Loan Amount ($)").inputValue()).toBe("25000");
      const apr = page.getByLabel("Interest Rate (APR %)");
      expect(await apr.inputValue()).toBe("8.99");
      expect(await apr.getAttribute("step")).toBe("0.01");
      const term = page.getByLabel("Loan Term");
      expect(await term.inputValue()).toBe("36");
      expect(await term.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([
        "12",
        "24",
        "36",
        "48",
        "60",
        "72",
        "84",
      ]);
      expect(await figures(page)).toEqual(DEFAULT_FIGURES);
      const factors = (await page.getByRole("region", { name: "What affects your rate?" }).textContent()) ?? "";
      for (const f of ["Business credit score", "Time in business", "Annual revenue", "Industry type", "Loan amount and term"]) {
        expect(factors).toContain(f);
      }
      expect(await page.getByTestId("calculator-note").textContent()).toContain("estimates only");
      const apply = page.getByTestId("calculator-summary").getByRole("link", { name: "Apply Now" });
      // Issue 16: Apply Now carries the amount into the wizard.
      expect(await apply.getAttribute("href")).toBe("/loan-application?amount=25000");
    });
  });

  it("calculates the amortised payment for new values and puts them in a shareable URL", async () => {
    await b.withPage({ js }, async (page) => {
      await page.goto("/loan-calculator");
      if (js) await waitForHydration(page, "form");
      await page.getByLabel("Loan Amount ($)").fill("10000");
      await page.getByLabel("Interest Rate (APR %)").fill("6");
      await page.getByLabel("Loan Term").selectOption("12");
      if (js) {
        // Recalculated as you type, without a request or a new URL.
        await page.getByTestId("monthly-payment").filter({ hasText: "$860.66" }).waitFor();
        expect(new URL(page.url()).search).toBe("");
        expect(await figures(page)).toEqual(TEN_K_FIGURES);
      } else {
        expect(await figures(page)).toEqual(DEFAULT_FIGURES);
      }
      await page.getByRole("button", { name: "Calculate Payment" }).click();
      await page.waitForURL((u) => u.searchParams.get("amount") === "10000");
      const url = new URL(page.url());
      // Without JavaScript the form also carries the figures on screen (shown*, issue 16).
      expect(Object.fromEntries([...url.searchParams].filter(([k]) => !k.startsWith("shown")))).toEqual({
        amount: "10000",
        apr: "6",
        term: "12",
      });
      if (js) expect([...url.searchParams.keys()].sort()).toEqual(["amount", "apr", "term"]);
      expect(await figures(page)).toEqual(TEN_K_FIGURES);
      expect(await page.getByLabel("Loan Amount ($)").inputValue()).toBe("10000");
      expect(await page.getByLabel("Loan Term").inputValue()).toBe("12");
      if (js) {
        // Focus stays on the button, and going back shows the previous query's values and figures.
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Calculate Payment");
        await page.goBack();
        await page.waitForURL((u) => u.search === "");
        await page.getByTestId("monthly-payment").filter({ hasText: "$794.88" }).waitFor();
        expect(await figures(page)).toEqual(DEFAULT_FIGURES);
        expect(await page.getByLabel("Loan Amount ($)").inputValue()).toBe("25000");
      }
    });
  });

  it("renders a shared result URL with the same figures", async () => {
    await b.withPage({ js }, async (page) => {
      await page.goto("/loan-calculator?amount=50000&apr=35.99&term=84");
      expect(await figures(page)).toEqual({
        monthly: "$1,636.30",
        total: "$137,449.48",
        interest: "$87,449.48",
        amount: "$50,000.00",
        apr: "35.99% APR",
        term: "84 months",
      });
    });
  });

  it("leaves the figures unchanged when a value does not parse to a non-zero number", async () => {
    await b.withPage({ js }, async (page) => {
      await page.goto("/loan-calculator?amount=10000&apr=6&term=12");
      if (js) {
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
        // The last valid figures stay until all three parse again.
        await amount.fill("25000");
        await apr.fill("8.99");
        await page.getByLabel("Loan Term").selectOption("36");
        await page.getByTestId("monthly-payment").filter({ hasText: "$794.88" }).waitFor();
      } else {
        // Without JavaScript the form sends the figures on screen along (issue 16): the results
        // stay unchanged, never NaN, and the form keeps what was typed.
        await page.getByLabel("Loan Amount ($)").fill("0");
        await page.getByRole("button", { name: "Calculate Payment" }).click();
        await page.waitForURL((u) => u.searchParams.get("amount") === "0");
        expect(await figures(page)).toEqual(TEN_K_FIGURES);
        expect(await page.getByLabel("Loan Amount ($)").inputValue()).toBe("0");
        // And again from there: still the last valid figures.
        await page.getByLabel("Interest Rate (APR %)").fill("");
        await page.getByRole("button", { name: "Calculate Payment" }).click();
        await page.waitForURL((u) => u.searchParams.get("apr") === "");
        expect(await figures(page)).toEqual(TEN_K_FIGURES);
      }
      expect(await page.textContent("main")).not.toMatch(/NaN|Infinity/);
    });
  });
});
