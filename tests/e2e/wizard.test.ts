/**
 * The application wizard in a real browser: the whole journey with an upload, with JavaScript and
 * once without (proving the plain forms work in a browser); with JavaScript, a signed-in applicant,
 * an existing e-mail, the product's messages on every step as you type.
 */
import fs from "node:fs";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { MSG } from "~/content/messages";
import { REFERENCE_PATTERN } from "~/features/applications/reference.server";
import { samplePdf, samplePng } from "../fixtures/documents";
import { MODES, setupBrowser } from "../support/browser";
import { createApplicant, signInApplicantForBrowser, TEST_PASSWORD } from "../support/fixtures";
import { uniqueEmail } from "../support/http";
import {
  applicationByReference,
  at,
  cont,
  emlFor,
  fileRow,
  fillAddress,
  fillFinances,
  fillLoan,
  fillOwner,
  upload,
  waitForHydration,
  type Applicant,
} from "../support/wizard-browser";

const b = setupBrowser();

const applicant = (): Applicant => ({
  firstName: "Dana",
  lastName: "Whitfield",
  email: uniqueEmail("wizard-e2e"),
  password: TEST_PASSWORD,
  phone: "(555) 010-3344",
  dateOfBirth: "1979-11-23",
});

const body = async (page: Page) => (await page.textContent("body")) ?? "";

/** Ticks both required consents and submits; returns the reference shown on step 7. */
async function review(page: Page, js: boolean) {
  await at(page, "review", js);
  const submit = page.getByRole("button", { name: "Submit Application" });
  if (js) {
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel(/I agree to the/).check();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel(/I authorize Lendwise/).check();
    expect(await submit.isDisabled()).toBe(false);
  } else {
    await page.getByLabel(/I agree to the/).check();
    await page.getByLabel(/I authorize Lendwise/).check();
  }
  await submit.click();
  await at(page, "submitted", js);
  const reference = (await page.getByTestId("reference").textContent())!.trim();
  expect(reference).toMatch(REFERENCE_PATTERN);
  return reference;
}

describe.each(MODES)("application wizard $label", ({ js }) => {
  it("a visitor applies with a document upload and gets a reference; nothing is lost on reload, back or a closed browser", async () => {
    const a = applicant();
    const pdf = samplePdf(`WIZARD-${Date.now()}`);
    let reference = "";
    const state = await b.withPage({ js }, async (page, ctx) => {
      await page.goto("/apply");
      await at(page, "loan", js);
      // With JavaScript the address changes before the new step is drawn: wait for what the applicant sees.
      await page.getByText("Step 1 of 7").first().waitFor();
      await page.getByRole("heading", { name: "How much does your business need?" }).waitFor();
      expect(await page.getByLabel("Loan amount (USD)").inputValue()).toBe("25,000");
      expect(await page.getByRole("link", { name: "Exit Application" }).getAttribute("href")).toBe("/");
      if (js) {
        // Number input and slider kept in step.
        await page.getByLabel("Loan amount (USD)").fill("42000");
        expect(await page.getByLabel("Loan amount slider").inputValue()).toBe("42000");
        await page.getByLabel("Loan amount slider").fill("7000");
        expect(await page.getByLabel("Loan amount (USD)").inputValue()).toBe("7,000");
      }
      await fillLoan(page, js);
      await at(page, "owner", js);
      // With JavaScript the address changes before the new step is drawn: wait for what the applicant sees.
      await page.getByText("Step 2 of 7").first().waitFor();
      await page.getByRole("heading", { name: "Tell us about yourself" }).waitFor();
      await fillOwner(page, js, a);
      await fillAddress(page, js);

      // Reload and go back: what was saved is still there.
      await at(page, "finances", js);
      await page.reload();
      await page.goBack();
      await at(page, "address", js);
      expect(await page.getByLabel("Street address").inputValue()).toBe("1600 Market Street");
      expect(await page.getByLabel("State").inputValue()).toBe("PA");
      await page.goForward();
      await at(page, "finances", js);
      // The monthly payment appears only for rent or mortgage (CSS, so also without JavaScript).
      await page.getByLabel("Fully Own").check();
      expect(await page.getByLabel("Monthly housing payment (USD)").isVisible()).toBe(false);
      await fillFinances(page, js);

      await at(page, "documents", js);
      // With JavaScript the address changes before the new step is drawn: wait for what the applicant sees.
      await page.getByText("Step 5 of 7").first().waitFor();
      expect(await body(page)).toContain("sent over an encrypted connection (TLS) and stored encrypted with AES-256-GCM");
      await upload(page, "bank-statements", "Bank Statements", { name: "March statement.pdf", mimeType: "application/pdf", buffer: pdf });
      await page.getByRole("status").filter({ hasText: "March statement.pdf uploaded successfully" }).first().waitFor();
      await fileRow(page, "bank-statements", "March statement.pdf").waitFor();
      expect(await fileRow(page, "bank-statements", "March statement.pdf").textContent()).toMatch(/\(\d+(\.\d+)? (Bytes|KB)\)/);
      // Several files per area, and removable before submission.
      await upload(page, "bank-statements", "Bank Statements", { name: "April.png", mimeType: "image/png", buffer: samplePng() });
      // A file of the wrong type is refused with the types the area takes.
      await page.getByText(`Upload Failed - ${MSG.fileNotPdfOrWord}`).first().waitFor();
      await upload(page, "id-front", "Government ID (Front)", { name: "licence.png", mimeType: "image/png", buffer: samplePng() });
      await fileRow(page, "id-front", "licence.png").waitFor();
      await page.getByRole("button", { name: "Remove licence.png" }).click();
      await fileRow(page, "id-front", "licence.png").waitFor({ state: "detached" });
      if (js) await waitForHydration(page);
      return { storage: await ctx.storageState() };
    });

    // A new browser window with the same cookies (the browser was closed): /apply resumes.
    await b.withPage({ js }, async (page) => {
      await page.context().addCookies(state.storage.cookies);
      await page.goto("/loan-application");
      await at(page, "documents", js);
      await fileRow(page, "bank-statements", "March statement.pdf").waitFor();
      await cont(page);
      await at(page, "review", js);
      const text = await body(page);
      for (const v of [
        "$30,000",
        "Equipment Financing",
        "Dana Whitfield",
        a.email,
        "(555) 010-3344",
        "November 23, 1979" /* formatted */,
        "1600 Market Street, Philadelphia, Pennsylvania 19103-7240",
        "$150,000",
        "Pay Rent",
        "$2,250",
        "March statement.pdf",
      ]) {
        expect(text).toContain(v);
      }
      if (js) await page.evaluate(() => ((window as unknown as { dataLayer: unknown[] }).dataLayer = []));
      reference = await review(page, js);
      // With JavaScript the address changes before the new step is drawn: wait for what the applicant sees.
      await page.getByText("Step 7 of 7").first().waitFor();
      await page.getByRole("status").filter({ hasText: "Application Submitted Successfully!" }).first().waitFor();
      expect(await body(page)).toContain(`Your application ID is ${reference}`);
      const text7 = await body(page);
      expect(text7).toMatch(/email confirmation within a few minutes/i);
      expect(text7).toMatch(/processed within 24 hours/i);
      expect(text7).toMatch(/updates by email/i);
      expect(text7).not.toMatch(/SMS/);
      expect(await page.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe("/dashboard");
      expect(await page.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
      if (js) {
        const events = await page.evaluate(() => (window as unknown as { dataLayer: Array<Record<string, unknown>> }).dataLayer);
        expect(events).toContainEqual({ event: "Lead", content_name: "business loan application", value: 30000, currency: "USD" });
      }
      // The status lookup finds the new reference.
      await page.goto("/application-status");
      if (js) await waitForHydration(page);
      await page.getByLabel("Application ID").fill(reference);
      await page.getByRole("button", { name: "Check Status" }).click();
      await page.getByTestId("status-result").getByText(reference).waitFor();
    });

    const app = await applicationByReference(reference);
    expect(app).toMatchObject({
      status: "submitted",
      amount: "30000.00",
      purpose: "equipment-financing",
      livingSituation: "rent",
      monthlyPayment: "2250.00",
      state: "PA",
    });
    const user = await getDb().select().from(schema.users).where(eq(schema.users.id, app!.userId));
    expect(user[0]).toMatchObject({ email: a.email, role: "user", firstName: "Dana" });
    const docs = await getDb().select().from(schema.documents).where(eq(schema.documents.applicationId, app!.id));
    expect(docs.map((d) => d.fileName)).toEqual(["March statement.pdf"]);
    // Stored encrypted: the file on disk is not the uploaded bytes and does not contain the marker.
    const { storedFile } = await import("../support/wizard-browser");
    const onDisk = fs.readFileSync(storedFile(docs[0]!.storageKey));
    expect(onDisk.equals(pdf)).toBe(false);
    expect(onDisk.includes(Buffer.from("WIZARD-"))).toBe(false);
    expect(onDisk.includes(Buffer.from("%PDF"))).toBe(false);
    // The confirmation e-mail: queued in the same transaction, written as .eml by the worker.
    const [mail] = await getDb()
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.toEmail, a.email), eq(schema.outbox.kind, "application_submitted")));
    expect(mail?.subject).toContain(reference);
    const eml = await emlFor(reference);
    expect(eml).toContain(`To: ${a.email}`);
    expect(eml).toContain("$30,000");
  });
});

/**
 * The rest with JavaScript only: without it, the same pages answer the same forms over HTTP
 * (tests/integration/pages-forms.test.ts, "wizard journeys without JavaScript"; docs/testing.md).
 */
describe("application wizard with JavaScript", () => {
  const js = true;
  it("a signed-in user applies with step 2 pre-filled from the account", async () => {
    const user = await createApplicant({ firstName: "Priya", lastName: "Natarajan" });
    await b.withPage({ js }, async (page, ctx) => {
      await signInApplicantForBrowser(ctx, user);
      await page.goto("/apply");
      await at(page, "loan", js);
      const initiated = await page.evaluate(() => (window as unknown as { dataLayer?: Array<{ event: string }> }).dataLayer ?? []);
      expect(initiated.map((e) => e.event)).toContain("InitiateCheckout");
      await fillLoan(page, js, "5000", "Working Capital");
      await at(page, "owner", js);
      const text = await body(page);
      expect(text).toContain("You are already logged in.");
      expect(text).toContain("Your account information will be used for this application.");
      expect(text).toContain("Using your account email");
      expect(await page.getByLabel("Email").inputValue()).toBe(user.email);
      expect(await page.getByLabel("Email").isDisabled()).toBe(true);
      expect(await page.getByLabel("First name").inputValue()).toBe("Priya");
      expect(await page.getByLabel("First name").isDisabled()).toBe(true);
      expect(await page.locator('input[type="password"]').count()).toBe(0);
      await cont(page);
      await page.getByText(MSG.mustBeCitizen).waitFor();
      await page.getByLabel("I confirm that I am a US citizen and at least 18 years old").check();
      await cont(page);
      await fillAddress(page, js);
      await fillFinances(page, js);
      await at(page, "documents", js);
      await cont(page);
      const reference = await review(page, js);
      const app = await applicationByReference(reference);
      expect(app).toMatchObject({ userId: user.id, status: "submitted", amount: "5000.00", purpose: "working-capital" });
    });
  });

  it("an existing e-mail: a different password gets the product's message, the same password signs in", async () => {
    const user = await createApplicant();
    await b.withPage({ js }, async (page) => {
      await page.goto("/apply/loan");
      await fillLoan(page, js);
      await fillOwner(page, js, { ...applicant(), email: user.email, password: "Wrong-Password-9" });
      await at(page, "owner", js);
      // The e-mail field's own error (the "There is a problem" summary repeats it).
      await page.locator("#wizard-owner-email-error").getByText(MSG.userExists).waitFor();
      await page.getByLabel(/^Password/).fill(TEST_PASSWORD);
      await page.getByLabel("I confirm that I am a US citizen and at least 18 years old").check();
      await page.getByLabel(/agreement to electronic records/).check();
      await cont(page);
      await at(page, "address", js);
      // Signed in now: step 2 shows the account.
      await page.getByRole("button", { name: "Back" }).click();
      await at(page, "owner", js);
      expect(await body(page)).toContain("You are already logged in.");
      await page.goto("/dashboard");
      expect(new URL(page.url()).pathname).toBe("/dashboard");
    });
  });

  it("every step shows the product's validation messages", async () => {
    await b.withPage({ js }, async (page) => {
      await page.goto("/apply/loan");
      await at(page, "loan", js);
      await page.getByLabel("Loan amount (USD)").fill("");
      await cont(page);
      await page.getByText(MSG.amountRequired).waitFor();
      await page.getByText(MSG.purposeRequired).waitFor();
      await page.getByLabel("Loan amount (USD)").fill("60000");
      await page.getByText(MSG.amountRange).waitFor();
      await fillLoan(page, js, "1000", "Other Business Purpose");

      await at(page, "owner", js);
      await page.getByLabel("Email").fill("not-an-email");
      await page.getByLabel(/^Password/).fill("short");
      await page.getByLabel("Phone").fill("123");
      await cont(page);
      for (const m of [
        MSG.firstNameRequired,
        MSG.lastNameRequired,
        MSG.invalidEmail,
        MSG.passwordMin,
        MSG.phoneInvalid,
        MSG.dobRequired,
        MSG.mustBeCitizen,
      ]) {
        await page.getByText(m).first().waitFor();
      }
      // Live: fixing a field clears its message as you type.
      await page.getByLabel("First name").fill("Sam");
      await page.getByText(MSG.firstNameRequired).waitFor({ state: "detached" });
      await page.getByLabel(/^Password/).fill("");
      await fillOwner(page, js, applicant());

      await at(page, "address", js);
      await page.getByLabel("ZIP code").fill("1234");
      await cont(page);
      for (const m of [MSG.streetRequired, MSG.cityRequired, MSG.stateRequired, MSG.zipInvalid]) await page.getByText(m).first().waitFor();
      await fillAddress(page, js);

      await at(page, "finances", js);
      await cont(page);
      for (const m of [MSG.incomeRequired, MSG.livingRequired]) await page.getByText(m).first().waitFor();
      await fillFinances(page, js);

      await at(page, "documents", js);
      await cont(page);
      await at(page, "review", js);
      // Without both consents the button stays disabled (the server's refusal: tests/integration/submit.test.ts).
      expect(await page.getByRole("button", { name: "Submit Application" }).isDisabled()).toBe(true);
    });
  });
});
