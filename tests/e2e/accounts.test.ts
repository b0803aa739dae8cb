/**
 * Accounts in a real browser, with JavaScript and without: sign up, follow the verification link
 * from the outbox, sign out, "forgot password", reset through the e-mailed link, sign in with the
 * new password; the old password and a session signed in elsewhere no longer work, and the link
 * does not work twice. Then /account and "My data" are reachable from the dashboard.
 */
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { ACCOUNT_MSG, ACCOUNT_TOASTS } from "~/content/messages";
import { MODES, setupBrowser } from "../support/browser";
import { submitSignIn, submitSignUp, TEST_PASSWORD } from "../support/fixtures";
import { follow } from "../support/html";
import { Client, uniqueEmail } from "../support/http";

const b = setupBrowser();
const NEW_PASSWORD = "Fresh-Lantern-93";

async function linkFromOutbox(email: string, kind: string) {
  for (let i = 0; i < 50; i++) {
    const rows = await getDb()
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.toEmail, email), eq(schema.outbox.kind, kind)));
    const m = /https?:\/\/[^\s/]+(\/[^\s]*token=[A-Za-z0-9_-]+)/.exec(rows.at(-1)?.bodyText ?? "");
    if (m) return m[1]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${kind} e-mail for ${email}`);
}

async function seeStatus(page: Page, t: string) {
  await page.getByRole("status").filter({ hasText: t }).first().waitFor();
}

async function login(page: Page, email: string, password: string) {
  await submitSignIn(page, email, password, "/login");
  await page.waitForLoadState("load");
}

describe.each(MODES)("account recovery $label", ({ js }) => {
  it("verifies the e-mail, resets a forgotten password through the e-mailed link, and ends the old sessions", async () => {
    const email = uniqueEmail("e2e-acct");
    await b.withPage({ js }, async (page, ctx) => {
      await page.goto("/signup");
      await submitSignUp(page, {
        firstName: "Quinn",
        lastName: "Harper",
        email,
        password: TEST_PASSWORD,
        phone: "555-010-7711",
        dateOfBirth: "1987-03-14",
      });
      await page.waitForURL("**/dashboard");
      await page.getByTestId("verify-banner").waitFor();

      // The verification link from the outbox: opening it shows a button; the button confirms.
      await page.goto(await linkFromOutbox(email, "email_verification"));
      await page.getByTestId("verify-email-address").filter({ hasText: email }).waitFor();
      await page.getByRole("button", { name: "Confirm e-mail address" }).click();
      await page.waitForURL("**/dashboard");
      await seeStatus(page, ACCOUNT_TOASTS.emailVerified.description);
      expect(await page.getByTestId("verify-banner").count()).toBe(0);

      // Settings and data are linked from the dashboard.
      await page.getByRole("link", { name: "Account settings" }).first().click();
      await page.waitForURL("**/account");
      await page.getByTestId("account-email-status").filter({ hasText: "confirmed" }).waitFor();
      await page.getByRole("link", { name: "My data" }).first().click();
      await page.waitForURL("**/account/data");
      await page.getByTestId("retention-text").waitFor();

      // Another device stays signed in until the reset (a second client, over HTTP: its pages are
      // server-rendered redirects; the sign-in form in a browser is the walk above and below).
      const phone = new Client();
      expect((await phone.fetch("/login", { form: { email, password: TEST_PASSWORD } })).headers.get("location")).toBe("/dashboard");
      expect((await follow(phone, "/dashboard")).url).toBe("/dashboard");

      await page.getByRole("button", { name: "Logout" }).first().click();
      await page.waitForURL((u) => u.pathname === "/");
      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await page.waitForURL("**/forgot-password");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await page.getByTestId("forgot-sent").filter({ hasText: ACCOUNT_MSG.forgotSent }).waitFor();

      const resetLink = await linkFromOutbox(email, "password_reset");
      await page.goto(resetLink);
      await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Set new password" }).click();
      await page.waitForURL("**/login");
      await seeStatus(page, ACCOUNT_TOASTS.passwordReset.description);

      // The old password no longer works; the new one does.
      await login(page, email, TEST_PASSWORD);
      await page.getByText("Invalid email or password.").first().waitFor();
      await login(page, email, NEW_PASSWORD);
      await page.waitForURL("**/dashboard");

      // The other device's session ended with the reset.
      expect((await follow(phone, "/dashboard")).url.split("?")[0]).toBe("/login");

      // The link does not work twice.
      await page.goto(resetLink);
      await page.getByTestId("reset-invalid").filter({ hasText: ACCOUNT_MSG.resetInvalid }).waitFor();
      expect(await ctx.cookies()).not.toHaveLength(0);
    });
  }, 60_000);
});
