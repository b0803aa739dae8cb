/** Test data made through the app's own services and schemas, in the run's database. */
import type { BrowserContext, Page } from "playwright-core";
import { AccountFields } from "~/features/accounts/auth.schema";
import { registerUser } from "~/features/accounts/auth.server";
import { nextSecondFactor, seedAdminWithMfa, type SeededAdmin } from "./admin-mfa";
import { uniqueEmail } from "./http-client";
import type { Client } from "./http";
import { passwordHashOf } from "./password-hash";
import { signInAdminOverHttp, signInApplicantOverHttp } from "./sign-in";

export const TEST_PASSWORD = "Correct-Horse-42";

export function accountInput(overrides: Partial<Record<string, string>> = {}) {
  return AccountFields.parse({
    firstName: "Jamie",
    lastName: "Rivera",
    email: uniqueEmail("applicant"),
    password: TEST_PASSWORD,
    phone: "(555) 010-2030",
    dateOfBirth: "1985-04-12",
    ...overrides,
  });
}

/** The sign-up form (/signup) as a browser without JavaScript posts it: every field filled, both boxes ticked. */
export function signUpForm(email: string, overrides: Partial<Record<string, string>> = {}) {
  return {
    firstName: "Robin",
    lastName: "Okafor",
    email,
    password: TEST_PASSWORD,
    phone: "555-010-4242",
    dateOfBirth: "1988-07-01",
    usCitizen: "on",
    agreeToTerms: "on",
    agreeToElectronicRecords: "on",
    ...overrides,
  };
}

export async function createApplicant(overrides: Partial<Record<string, string>> = {}) {
  const input = accountInput(overrides);
  const user = await registerUser({ ...input, passwordHash: await passwordHashOf(input.password) });
  return { ...user, password: input.password };
}

export type TestAdmin = SeededAdmin;
export { nextSecondFactor };

/**
 * An admin made the way an operator makes one (see ./admin-mfa): seeded, and unless
 * `enrolled: false` enrolled in MFA with a known TOTP secret.
 */
export async function createAdmin(opts: { enrolled?: boolean } = {}): Promise<TestAdmin> {
  return seedAdminWithMfa(uniqueEmail("admin"), "Admin-Password-42", opts);
}

/** Signs an admin in over HTTP: password at /admin-login, then the second factor (./sign-in). */
export async function signInAdmin(client: Client, admin: TestAdmin) {
  return signInAdminOverHttp(client, admin);
}

/**
 * Types e-mail and password into the sign-in form and presses Sign In (the steps of /login and
 * /admin-login alike); with `path`, opens that page first. Waits for nothing after the click.
 */
export async function submitSignIn(page: Page, email: string, password: string, path?: "/login" | "/admin-login") {
  if (path) await page.goto(path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Signs an applicant in through /login and waits for the dashboard. */
export async function signInApplicantInBrowser(page: Page, email: string, password = TEST_PASSWORD) {
  await submitSignIn(page, email, password, "/login");
  await page.waitForURL("**/dashboard");
}

/** Fills the whole sign-up form on the current page (both boxes ticked) and presses Create Account. */
export async function submitSignUp(
  page: Page,
  a: { firstName: string; lastName: string; email: string; password: string; phone: string; dateOfBirth: string },
) {
  await page.getByLabel("First name").fill(a.firstName);
  await page.getByLabel("Last name").fill(a.lastName);
  await page.getByLabel("Email").fill(a.email);
  await page.getByLabel("Password", { exact: true }).fill(a.password);
  await page.getByLabel("Phone").fill(a.phone);
  await page.getByLabel("Date of birth").fill(a.dateOfBirth);
  await page.getByLabel("I confirm that I am a US citizen and at least 18 years old").check();
  await page.getByLabel(/I agree to the/).check();
  await page.getByLabel(/agreement to electronic records/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
}

/** Signs an admin in through the pages, with or without JavaScript. */
export async function signInAdminInBrowser(page: Page, admin: TestAdmin) {
  await submitSignIn(page, admin.email, admin.password, "/admin-login");
  await page.waitForURL("**/admin-login/verify");
  await page.getByLabel("Authentication code").fill(nextSecondFactor(admin));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL((u) => u.pathname === "/admin");
}

/** A cookie client signed in as this admin (both factors). */
export async function adminClient(admin: TestAdmin) {
  const { Client } = await import("./http");
  const c = new Client();
  await signInAdmin(c, admin);
  return c;
}

/**
 * For browser tests whose subject is not signing in: signs in over HTTP (the same forms) and hands
 * the session cookies to the browser context, instead of three page loads through /login. Signing
 * in through the pages is walked in tests/e2e/auth.test.ts, admin.test.ts and dashboard.test.ts.
 * The sign-in's redirect is followed, as a browser would, so its one-time "Welcome" toast is shown
 * there and not on the test's first page.
 */
export async function signInApplicantForBrowser(ctx: BrowserContext, user: { email: string; password?: string }) {
  const { Client } = await import("./http");
  const c = await signInApplicantOverHttp(new Client(), { email: user.email, password: user.password ?? TEST_PASSWORD });
  await landOn(c, "/dashboard");
  await ctx.addCookies(c.browserCookies());
  return c;
}

/** The same for an admin (both factors): the context is signed in to /admin. */
export async function signInAdminForBrowser(ctx: BrowserContext, admin: TestAdmin) {
  const c = await adminClient(admin);
  await landOn(c, "/admin");
  await ctx.addCookies(c.browserCookies());
  return c;
}

async function landOn(c: Client, path: string) {
  const res = await c.fetch(path);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path} after signing in answered ${res.status}`);
}
