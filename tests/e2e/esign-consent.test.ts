/**
 * The agreement to electronic records in a real browser with JavaScript: at sign-up the box is
 * required (its message next to it, shown in the browser), never ticked in advance, and once ticked
 * the account is created with the consent recorded; at step 2 of the wizard the same box is checked
 * as you submit, before any round trip. Without JavaScript the same forms are plain POSTs, answered
 * by the server: tests/integration/consents.test.ts (with the stored records' details, the wizard's
 * too); the sign-up form in a browser without JavaScript: tests/e2e/auth.test.ts's walk.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ESIGN_DISCLOSURE } from "~/content/consents";
import { MSG } from "~/content/messages";
import { getDb, schema } from "~/platform/db/db.server";
import { setupBrowser, waitForHydration } from "../support/browser";
import { submitSignUp, TEST_PASSWORD } from "../support/fixtures";
import { uniqueEmail } from "../support/http";
import { at, cont, fillLoan } from "../support/wizard-browser";

const b = setupBrowser();

describe("the E-SIGN agreement at sign-up with JavaScript", () => {
  it("is required and unticked, and is recorded with the new account", async () => {
    const email = uniqueEmail("esign-js");
    await b.withPage({ js: true }, async (page) => {
      await page.goto("/signup");
      await waitForHydration(page);
      const box = page.getByLabel(ESIGN_DISCLOSURE.label);
      expect(await box.isChecked()).toBe(false);
      // Everything else filled and ticked, this box left empty: refused with its message.
      await page.getByLabel("First name").fill("Robin");
      await page.getByLabel("Last name").fill("Okafor");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
      await page.getByLabel("Phone").fill("555-010-4242");
      await page.getByLabel("Date of birth").fill("1988-07-01");
      await page.getByLabel("I confirm that I am a US citizen and at least 18 years old").check();
      await page.getByLabel(/I agree to the/).check();
      await page.getByRole("button", { name: "Create Account" }).click();
      // The box's own error.
      await page.locator("#signup-agreeToElectronicRecords-error").getByText(MSG.mustAgreeElectronicRecords).waitFor();
      expect(new URL(page.url()).pathname).toBe("/signup");
      // The whole form again with the box ticked.
      await submitSignUp(page, {
        firstName: "Robin",
        lastName: "Okafor",
        email,
        password: TEST_PASSWORD,
        phone: "555-010-4242",
        dateOfBirth: "1988-07-01",
      });
      await page.waitForURL("**/dashboard");
    });
    const [user] = await getDb().select().from(schema.users).where(eq(schema.users.email, email));
    const records = await getDb().select().from(schema.consentRecords).where(eq(schema.consentRecords.userId, user!.id));
    expect(records.map((r) => [r.kind, r.textVersion])).toEqual([["electronic-records", ESIGN_DISCLOSURE.version]]);
  });
});

describe("the E-SIGN agreement at step 2 of the wizard, with JavaScript", () => {
  it("is shown unticked, refused in place when left empty, and lets the applicant on once ticked", async () => {
    await b.withPage({ js: true }, async (page) => {
      await page.goto("/apply/loan");
      await fillLoan(page, true);
      await at(page, "owner", true);
      const box = page.getByLabel(ESIGN_DISCLOSURE.label);
      expect(await box.isChecked()).toBe(false);
      await page.getByLabel("First name").fill("Robin");
      await page.getByLabel("Last name").fill("Okafor");
      await page.getByLabel("Email").fill(uniqueEmail("wizard-esign-js"));
      await page.getByLabel(/^Password/).fill(TEST_PASSWORD);
      await page.getByLabel("Phone").fill("555-010-4242");
      await page.getByLabel("Date of birth").fill("1988-07-01");
      await page.getByLabel("I confirm that I am a US citizen and at least 18 years old").check();
      await cont(page);
      await page.locator("#wizard-owner-agreeToElectronicRecords-error").getByText(MSG.mustAgreeElectronicRecords).waitFor();
      expect(new URL(page.url()).pathname).toBe("/apply/owner");
      await box.check();
      await cont(page);
      await at(page, "address", true);
    });
  });
});
