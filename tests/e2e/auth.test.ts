/**
 * The account flows in a real browser with JavaScript: sign up, land on the dashboard, log out,
 * validation in the browser, fail a login with the product's message, admin sign-in, non-admin
 * refused; and the sign-up walk once without JavaScript, proving the plain forms work in a browser.
 * The same forms without JavaScript, answer by answer: tests/integration/pages-forms.test.ts; the
 * public shell (landing page, 404, top bar): tests/integration/pages-public.test.ts.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MSG } from "~/content/messages";
import { MODES, setupBrowser } from "../support/browser";
import { createAdmin, createApplicant, signInAdminInBrowser, submitSignIn, submitSignUp, TEST_PASSWORD } from "../support/fixtures";
import { uniqueEmail } from "../support/http";

const b = setupBrowser();

/** The whole page's text, once the (possibly still streaming) document has fully loaded. */
async function text(page: Page) {
  await page.waitForLoadState("load");
  return (await page.textContent("body")) ?? "";
}

/** The toast (with JS) or the status message (without) shows `t`. */
async function seeStatus(page: Page, t: string) {
  await page.getByRole("status").filter({ hasText: t }).first().waitFor();
}

async function login(page: Page, email: string, password: string, path: "/login" | "/admin-login" = "/login") {
  await submitSignIn(page, email, password, path);
  await page.waitForLoadState("load");
}

describe.each(MODES)("sign-up walk $label", ({ js }) => {
  it("signs up, lands on the dashboard, logs out", async () => {
    await b.withPage({ js }, async (page) => {
      await page.goto("/");
      await page.getByRole("link", { name: "Sign Up" }).first().click();
      await page.waitForURL("**/signup");
      await page.getByRole("heading", { name: "Create your account" }).waitFor();
      await submitSignUp(page, {
        firstName: "Morgan",
        lastName: "Lee",
        email: uniqueEmail("e2e"),
        password: TEST_PASSWORD,
        phone: "555-010-4455",
        dateOfBirth: "1988-07-09",
      });
      await page.waitForURL("**/dashboard");
      await page.getByText("Welcome, Morgan").first().waitFor();
      await seeStatus(page, "Account Created Successfully!");

      await page.getByRole("button", { name: "Logout" }).first().click();
      await page.waitForURL((u) => u.pathname === "/");
      await seeStatus(page, "You have been logged out successfully.");
      await page.getByRole("link", { name: "Login" }).first().waitFor();
      await page.goto("/dashboard");
      expect(new URL(page.url()).pathname).toBe("/login");
    });
  });
});

describe("accounts with JavaScript", () => {
  const js = true;
  it("shows the product's validation messages next to the fields", async () => {
    await b.withPage({ js }, async (page) => {
      await page.goto("/signup");
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByText(MSG.firstNameRequired).waitFor();
      const body = await text(page);
      for (const m of [
        MSG.firstNameRequired,
        MSG.lastNameRequired,
        MSG.invalidEmail,
        MSG.passwordMin,
        MSG.phoneInvalid,
        MSG.dobRequired,
        MSG.mustBeCitizen,
        MSG.mustAgreeTerms,
      ]) {
        expect(body).toContain(m);
      }
      expect(await page.getByLabel("First name").getAttribute("aria-invalid")).toBe("true");
    });
  });

  it("fails a login with 'Invalid email or password.'", async () => {
    const u = await createApplicant();
    await b.withPage({ js }, async (page) => {
      await login(page, u.email, "not-the-password");
      await page.getByText("Invalid email or password.").first().waitFor();
      expect(new URL(page.url()).pathname).toBe("/login");
      expect(await text(page)).toContain("Login Failed");
    });
  });

  it("signs in as a user and goes to the dashboard", async () => {
    const u = await createApplicant();
    await b.withPage({ js }, async (page) => {
      await login(page, u.email, TEST_PASSWORD);
      await page.waitForURL("**/dashboard");
      await seeStatus(page, "Welcome back!");
      await page.goto("/login");
      expect(new URL(page.url()).pathname).toBe("/dashboard");
    });
  });

  it("signs an admin in at /admin-login and reaches /admin", async () => {
    const a = await createAdmin();
    await b.withPage({ js }, async (page) => {
      await signInAdminInBrowser(page, a);
      await page.getByText(`Admin: ${a.firstName}`).waitFor();
      await seeStatus(page, "Welcome to the admin panel.");
    });
  });

  it("refuses a non-admin at the admin sign-in and at /admin", async () => {
    const u = await createApplicant();
    await b.withPage({ js }, async (page) => {
      await login(page, u.email, TEST_PASSWORD, "/admin-login");
      await page.getByText("Access Denied - You don't have admin privileges.").first().waitFor();
      await page.goto("/dashboard");
      expect(new URL(page.url()).pathname).toBe("/login");
      // Signed in as an applicant, /admin sends them to the admin sign-in.
      await login(page, u.email, TEST_PASSWORD);
      await page.goto("/admin");
      expect(new URL(page.url()).pathname).toBe("/admin-login");
    });
  });
});
