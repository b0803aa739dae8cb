/**
 * Issue 16, defect 8 (the smaller items), in a real browser with and without JavaScript:
 * formatted phone and birth date on the review step and in the admin details; Under Review and
 * Approved look different in the admin table; the Documents tab shows full file names; the
 * footer's social items are links that say they open a new tab; a favicon; the calculator's
 * Apply Now carries the amount into step 1, which shows it formatted with an estimated payment;
 * an emptied amount puts the slider at its start; the dashboard tracker does not call the review
 * "In progress" next to a "Submitted" badge.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DraftData } from "~/schemas/wizard.schema";
import { getDb, schema } from "~/models/db.server";
import { samplePdf } from "../fixtures/documents";
import { MODES, setupBrowser } from "../support/browser";
import { createSubmittedApplication } from "../support/applications";
import { createAdmin, createApplicant, signInAdminInBrowser, signInApplicantInBrowser } from "../support/fixtures";
import { Client, uniqueEmail } from "../support/http";
import { completeAnonymousData, draftSession } from "../support/wizard";
import { at, waitForHydration } from "../support/wizard-browser";

const b = setupBrowser();

describe.each(MODES)("smaller items $label", ({ js }) => {
  it("review step: phone and birth date formatted; Edit per section; new-tab links say so", async () => {
    const data = await completeAnonymousData(uniqueEmail("review"));
    data.owner = { ...data.owner, phone: "5550103344", dateOfBirth: "1979-11-23" };
    const { cookie } = await draftSession({ ...data, step: 6 });
    await b.withPage({ js }, async (page, ctx) => {
      const [pair] = cookie.split(";");
      const i = pair!.indexOf("=");
      await ctx.addCookies([{ name: pair!.slice(0, i), value: pair!.slice(i + 1), url: b.baseUrl }]);
      await page.goto("/apply/review");
      await at(page, "review", js);
      const text = (await page.textContent("main")) ?? "";
      expect(text).toContain("(555) 010-3344");
      expect(text).toContain("November 23, 1979");
      expect(await page.getByRole("link", { name: "Edit address" }).getAttribute("href")).toBe("/apply/address");
      await page.getByRole("link", { name: "Terms of Service (opens in a new tab)" }).waitFor();
    });
  });

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
    await b.withPage({ js }, async (page) => {
      await signInAdminInBrowser(page, admin);
      // Each found by its reference (the list is shared with every other test's applications).
      const colour = async (ref: string) => {
        await page.goto(`/admin?q=${ref}`);
        const badge = page.locator("tr", { hasText: ref }).getByTestId("admin-status-badge");
        await badge.waitFor();
        return badge.evaluate((el) => getComputedStyle(el).backgroundColor);
      };
      expect(await colour(reviewing!.reference)).not.toBe(await colour(approved!.reference));
      await page.goto(`/admin/applications/${reviewing!.id}`);
      await page.getByText("(555) 010-7711").first().waitFor();
      await page.goto("/admin/documents");
      await page.getByText(longName, { exact: true }).first().waitFor();
    });
  });

  it("footer social items are links that say they open a new tab; a favicon", async () => {
    await b.withPage({ js }, async (page) => {
      await page.goto("/");
      const social = page.getByRole("list", { name: "Social media" }).getByRole("link");
      expect(await social.count()).toBe(4);
      expect(await social.first().getAttribute("target")).toBe("_blank");
      expect(await social.first().textContent()).toContain("(opens in a new tab)");
      const icon = await page.locator('link[rel="icon"]').getAttribute("href");
      expect(icon).toBe("/favicon.svg");
      const res = await page.request.get(icon!);
      expect(res.status()).toBe(200);
      expect(await res.text()).toContain("<svg");
      expect((await page.request.get("/favicon.ico", { maxRedirects: 0 })).status()).toBe(301);
    });
  });

  it("the calculator's Apply Now carries the amount to step 1, shown formatted with an estimated payment", async () => {
    await b.withPage({ js }, async (page) => {
      await page.goto("/loan-calculator?amount=18000&apr=9&term=36");
      if (js) await waitForHydration(page);
      await page.getByTestId("calculator-summary").getByRole("link", { name: "Apply Now" }).click();
      await at(page, "loan", js);
      expect(await page.getByLabel("Loan amount (USD)").inputValue()).toBe("18,000");
      const live = (await page.getByTestId("live-amount").textContent()) ?? "";
      expect(live).toContain("$18,000");
      expect(live).toMatch(/Estimated monthly payment\s*\$\d{3},?\d*\.\d\d/);
      if (js) {
        await page.getByLabel("Loan amount (USD)").fill("");
        expect(await page.getByLabel("Loan amount slider").inputValue()).toBe("1000");
        await page.getByLabel("Loan amount (USD)").fill("42000");
        await page.getByTestId("live-amount").getByText("$42,000").waitFor();
      }
    });
  });

  it("the dashboard tracker agrees with the Submitted badge", async () => {
    const applicant = await createApplicant();
    const app = await createSubmittedApplication({ userId: applicant.id, status: "submitted" });
    await b.withPage({ js }, async (page) => {
      await signInApplicantInBrowser(page, applicant.email, applicant.password);
      const tracker = page.getByRole("list", { name: `Progress of ${app!.reference}` });
      const text = (await tracker.textContent()) ?? "";
      expect(text).not.toMatch(/in progress/i);
      expect(text).toContain("Up next");
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

describe.each(MODES)("money masks $label", ({ js }) => {
  it("step 1 and step 4 show money with separators, take it with or without them, and store plain amounts", async () => {
    const data = await completeAnonymousData(uniqueEmail("money"));
    const { draftId, cookie } = await draftSession({
      ...data,
      step: 4,
      loan: { amount: "25000", purpose: "equipment-financing" },
      finances: {},
    });
    await b.withPage({ js }, async (page, ctx) => {
      const [pair] = cookie.split(";");
      const i = pair!.indexOf("=");
      await ctx.addCookies([{ name: pair!.slice(0, i), value: pair!.slice(i + 1), url: b.baseUrl }]);
      await page.goto("/apply/loan");
      await at(page, "loan", js);
      const amount = page.getByLabel("Loan amount (USD)");
      expect(await amount.inputValue()).toBe("25,000");
      if (js) {
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
      } else {
        await amount.fill("30,000");
      }
      await page.getByRole("button", { name: "Continue" }).click();
      await at(page, "owner", js);
      expect((await storedDraft(draftId)).loan?.amount).toBe("30000");

      await page.goto("/apply/finances");
      await at(page, "finances", js);
      const income = page.getByLabel("Total annual income (USD)");
      if (js) {
        await income.pressSequentially("150000");
        expect(await income.inputValue()).toBe("150,000");
      } else {
        await income.fill("$150,000");
      }
      await page.getByLabel("Pay Rent").check();
      const housing = page.getByLabel("Monthly housing payment (USD)");
      if (js) {
        await housing.pressSequentially("2250");
        expect(await housing.inputValue()).toBe("2,250");
      } else {
        await housing.fill("2,250");
      }
      await page.getByRole("button", { name: "Continue" }).click();
      await at(page, "documents", js);
      const stored = await storedDraft(draftId);
      expect(stored.finances).toMatchObject({ annualIncome: "150000", monthlyPayment: "2250" });

      await page.goto("/apply/finances");
      await at(page, "finances", js);
      expect(await income.inputValue()).toBe("150,000");
      expect(await housing.inputValue()).toBe("2,250");
    });
  });
});
