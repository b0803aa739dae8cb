/**
 * The smaller items in a real browser with JavaScript: Under Review and Approved look different in
 * the admin table (the formatted phone in the admin details and the Documents tab's full file names
 * are server-rendered: read over HTTP in the same test); the calculator's Apply Now carries the amount into step 1, which shows it formatted with
 * an estimated payment, and an emptied amount puts the slider at its start; masks for phone, ZIP
 * and money as you type. What the server renders for these without JavaScript (the review step's
 * formats, the footer's new-tab links, the favicon, the dashboard tracker, money typed with
 * separators): tests/integration/pages-forms.test.ts and pages-public.test.ts.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DraftData } from "~/features/applications/wizard/wizard.schema";
import { getDb, schema } from "~/platform/db/db.server";
import { samplePdf } from "../fixtures/documents";
import { setupBrowser } from "../support/browser";
import { createSubmittedApplication } from "../support/applications";
import { createAdmin, createApplicant, signInAdminForBrowser } from "../support/fixtures";
import { getPage, squash } from "../support/html";
import { Client, uniqueEmail } from "../support/http";
import { completeAnonymousData, draftSession } from "../support/wizard";
import { at, waitForHydration } from "../support/wizard-browser";

const b = setupBrowser();

describe("smaller items with JavaScript", () => {
  const js = true;
  it("admin: phone formatted, Under Review and Approved differ, Documents tab shows full names", async () => {
    const admin = await createAdmin();
    const applicant = await createApplicant({ phone: "555.010.7711" });
    const reviewing = await createSubmittedApplication({ userId: applicant.id, status: "under-review", amount: 11000 });
    const approved = await createSubmittedApplication({ userId: applicant.id, status: "approved", amount: 12000 });
    const longName = `Articles-of-organization-signed-${Date.now()}-final-version.pdf`;
    const form = new FormData();
    form.set("intent", "upload");
    form.set("applicationId", String(reviewing!.id));
    form.set("documentType", "llc");
    form.set("file", new Blob([new Uint8Array(samplePdf("long-name"))], { type: "application/pdf" }), longName);
    const c = new Client();
    expect((await c.fetch("/login", { form: { email: applicant.email, password: applicant.password } })).status).toBe(302);
    expect((await c.fetch("/dashboard", { method: "POST", body: form })).status).toBe(302);
    const adminHttp = await b.withPage({ js }, async (page, ctx) => {
      const signedIn = await signInAdminForBrowser(ctx, admin);
      // Each found by its reference (the list is shared with every other test's applications).
      const colour = async (ref: string) => {
        await page.goto(`/admin?q=${ref}`);
        const badge = page.locator("tr", { hasText: ref }).getByTestId("admin-status-badge");
        await badge.waitFor();
        return badge.evaluate((el) => getComputedStyle(el).backgroundColor);
      };
      expect(await colour(reviewing!.reference)).not.toBe(await colour(approved!.reference));
      return signedIn;
    });
    // What the server renders (the same with JavaScript): the details and the Documents tab.
    const details = await getPage(`/admin/applications/${reviewing!.id}`, adminHttp);
    expect(details.text()).toContain("(555) 010-7711");
    const documents = await getPage("/admin/documents", adminHttp);
    expect(documents.$("body *").filter((_, el) => squash(documents.$(el).text()) === longName).length).toBeGreaterThan(0);
  });

  it("the calculator's Apply Now carries the amount to step 1, shown formatted with an estimated payment", async () => {
    await b.withPage({ js }, async (page) => {
      await page.goto("/loan-calculator?amount=18000&apr=9&term=36");
      await waitForHydration(page);
      await page.getByTestId("calculator-summary").getByRole("link", { name: "Apply Now" }).click();
      await at(page, "loan", js);
      expect(await page.getByLabel("Loan amount (USD)").inputValue()).toBe("18,000");
      const live = (await page.getByTestId("live-amount").textContent()) ?? "";
      expect(live).toContain("$18,000");
      expect(live).toMatch(/Estimated monthly payment\s*\$\d{3},?\d*\.\d\d/);
      await page.getByLabel("Loan amount (USD)").fill("");
      expect(await page.getByLabel("Loan amount slider").inputValue()).toBe("1000");
      await page.getByLabel("Loan amount (USD)").fill("42000");
      await page.getByTestId("live-amount").getByText("$42,000").waitFor();
    });
  });
});

describe("wizard polish", () => {
  it("named steps in the tracker; masks for phone and ZIP with JavaScript; Continue in reach on a phone", async () => {
    await b.withPage({ js: true }, async (page) => {
      await page.goto("/apply/loan");
      await at(page, "loan", true);
      const steps = page.getByRole("list", { name: "Application steps" });
      expect(((await steps.textContent()) ?? "").replace(/\s+/g, " ")).toContain("Loan");
      expect(await steps.locator("[aria-current=step]").textContent()).toContain("Loan");
      await page.getByLabel("Equipment Financing").check();
      await page.getByRole("button", { name: "Continue" }).click();
      await at(page, "owner", true);
      const phone = page.getByLabel("Phone");
      await phone.fill("5550103344");
      await phone.blur();
      expect(await phone.inputValue()).toBe("(555) 010-3344");
      // On a phone the Continue button is on screen without scrolling to the end of the form.
      await page.setViewportSize({ width: 375, height: 700 });
      const box = (await page.getByRole("button", { name: "Continue" }).boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(700);
    });
  });

  it("the ZIP mask", async () => {
    await b.withPage({ js: true }, async (page, ctx) => {
      const { cookie } = await draftSession(await completeAnonymousData(uniqueEmail("zip")));
      const [pair] = cookie.split(";");
      const i = pair!.indexOf("=");
      await ctx.addCookies([{ name: pair!.slice(0, i), value: pair!.slice(i + 1), url: b.baseUrl }]);
      await page.goto("/apply/address");
      await at(page, "address", true);
      const zip = page.getByLabel("ZIP code");
      await zip.fill("191037240");
      await zip.blur();
      expect(await zip.inputValue()).toBe("19103-7240");
    });
  });
});

/** The draft's stored step values (what the server kept of what the browser sent). */
async function storedDraft(draftId: number) {
  const [row] = await getDb().select().from(schema.applicationDrafts).where(eq(schema.applicationDrafts.id, draftId));
  return (row?.data ?? {}) as DraftData;
}

describe("money masks with JavaScript", () => {
  it("step 1 and step 4 keep money formatted as you type, the slider following, and store plain amounts", async () => {
    const data = await completeAnonymousData(uniqueEmail("money"));
    const { draftId, cookie } = await draftSession({
      ...data,
      step: 4,
      loan: { amount: "25000", purpose: "equipment-financing" },
      finances: {},
    });
    await b.withPage({ js: true }, async (page, ctx) => {
      const [pair] = cookie.split(";");
      const i = pair!.indexOf("=");
      await ctx.addCookies([{ name: pair!.slice(0, i), value: pair!.slice(i + 1), url: b.baseUrl }]);
      await page.goto("/apply/loan");
      await at(page, "loan", true);
      const amount = page.getByLabel("Loan amount (USD)");
      expect(await amount.inputValue()).toBe("25,000");
      // Kept formatted while typing, the slider following the amount.
      await amount.fill("");
      expect(await page.getByLabel("Loan amount slider").inputValue()).toBe("1000");
      await amount.pressSequentially("30000");
      expect(await amount.inputValue()).toBe("30,000");
      expect(await page.getByLabel("Loan amount slider").inputValue()).toBe("30000");
      await page.getByLabel("Loan amount slider").fill("41000");
      expect(await amount.inputValue()).toBe("41,000");
      await amount.fill("30000");
      expect(await amount.inputValue()).toBe("30,000");
      await page.getByRole("button", { name: "Continue" }).click();
      await at(page, "owner", true);
      expect((await storedDraft(draftId)).loan?.amount).toBe("30000");

      await page.goto("/apply/finances");
      await at(page, "finances", true);
      const income = page.getByLabel("Total annual income (USD)");
      await income.pressSequentially("150000");
      expect(await income.inputValue()).toBe("150,000");
      await page.getByLabel("Pay Rent").check();
      const housing = page.getByLabel("Monthly housing payment (USD)");
      await housing.pressSequentially("2250");
      expect(await housing.inputValue()).toBe("2,250");
      await page.getByRole("button", { name: "Continue" }).click();
      await at(page, "documents", true);
      expect((await storedDraft(draftId)).finances).toMatchObject({ annualIncome: "150000", monthlyPayment: "2250" });
    });
  });
});
