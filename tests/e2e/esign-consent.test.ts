/**
 * The agreement to electronic records at sign-up in a real browser, with JavaScript on and off: the
 * box is required (its message next to it), never ticked in advance, and once ticked the account is
 * created with the consent recorded. At step 2 of the wizard, with JavaScript, the same box is
 * checked as you submit, before any round trip. The same over HTTP, with the stored record's details
 * (the wizard's too): tests/integration/consents.test.ts.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ESIGN_DISCLOSURE } from "~/content/consents";
import { MSG } from "~/content/messages";
import { getDb, schema } from "~/platform/db/db.server";
import { MODES, setupBrowser, waitForHydration } from "../support/browser";
import { submitSignUp, TEST_PASSWORD } from "../support/fixtures";
import { uniqueEmail } from "../support/http";
import { at, cont, fillLoan } from "../support/wizard-browser";

const b = setupBrowser();

describe.each(MODES)("the E-SIGN agreement at sign-up $label", ({ js }) => {
  it("is required and unticked, and is recorded with the new account", async () => {
    const email = uniqueEmail(`esign-${js ? "js" : "nojs"}`);
    await b.withPage({ js }, async (page) => {
      await page.goto("/signup");
      if (js) await waitForHydration(page);
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
      // The box's own error (without JavaScript the "There is a problem" summary repeats it).
      await page.locator("#signup-agreeToElectronicRecords-error").getByText(MSG.mustAgreeElectronicRecords).waitFor();
      expect(new URL(page.url()).pathname).toBe("/signup");
      // The whole form again with the box ticked (without JavaScript the password is not sent back).
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
