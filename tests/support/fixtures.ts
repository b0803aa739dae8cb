/** Test data made through the app's own services and schemas, in the run's database. */
import type { Page } from "playwright-core";
import { AccountFields } from "~/schemas/auth.schema";
import { registerUser } from "~/services/auth.server";
import { seedAdmin } from "~/services/admin-seed.server";
import { completeEnrolment } from "~/services/mfa.server";
import { generateTotpSecret, hotp, base32Decode, totpStep } from "~/utils/totp.server";
import { uniqueEmail, type Client } from "./http";

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

export async function createApplicant(overrides: Partial<Record<string, string>> = {}) {
  const input = accountInput(overrides);
  const user = await registerUser(input);
  return { ...user, password: input.password };
}

export type TestAdmin = {
  id: number;
  email: string;
  password: string;
  firstName: string;
  totpSecret: string | null;
  recoveryCodes: string[];
  /** TOTP steps already used by this admin's sign-ins (a code works once). */
  usedSteps: Set<number>;
  /** The operator's one-time enrolment code from seeding (used up once MFA is enrolled). */
  enrolmentCode: string;
};

/**
 * An admin made the way an operator makes one: `seedAdmin` (what `npm run db:seed` runs) creates
 * it and issues the one-time enrolment code; unless `enrolled: false`, MFA is then enrolled with
 * that code and a known TOTP secret (completeEnrolment, as /admin-login/setup does).
 */
export async function createAdmin(opts: { enrolled?: boolean } = {}): Promise<TestAdmin> {
  const email = uniqueEmail("admin");
  const password = "Admin-Password-42";
  const { id, enrolment } = await seedAdmin(email, password, { firstName: "Ada", lastName: "Admin" });
  const enrolmentCode = enrolment!.code;
  const base = { id, email, password, firstName: "Ada", enrolmentCode };
  if (opts.enrolled === false) return { ...base, totpSecret: null, recoveryCodes: [], usedSteps: new Set() };
  const totpSecret = generateTotpSecret();
  // Enrol with the previous step's code, so the current and next steps stay free for sign-ins.
  for (let attempt = 0; attempt < 2; attempt++) {
    const step = totpStep() - 1;
    const recoveryCodes = await completeEnrolment(id, totpSecret, hotp(base32Decode(totpSecret), step), enrolmentCode);
    if (recoveryCodes) return { ...base, totpSecret, recoveryCodes, usedSteps: new Set([step]) };
  }
  throw new Error("test admin: MFA enrolment failed");
}

/**
 * A second-factor code this admin has not used yet: the TOTP of the current or the next step,
 * else one of the recovery codes.
 */
export function nextSecondFactor(admin: TestAdmin): string {
  if (!admin.totpSecret) throw new Error("admin has no MFA");
  const now = totpStep();
  const last = Math.max(-1, ...admin.usedSteps);
  // The current and the next step stay accepted for at least 30 s; the previous one may expire
  // at the next 30-second boundary, a moment after it is typed, so it is never used.
  for (const step of [now, now + 1]) {
    if (step > last) {
      admin.usedSteps.add(step);
      return hotp(base32Decode(admin.totpSecret), step);
    }
  }
  const code = admin.recoveryCodes.shift();
  if (!code) throw new Error("no unused second factor left for this admin");
  return code;
}

/** Signs an admin in over HTTP: password at /admin-login, then the second factor. */
export async function signInAdmin(client: Client, admin: TestAdmin) {
  const first = await client.fetch("/admin-login", { form: { email: admin.email, password: admin.password } });
  const next = first.headers.get("location");
  if (next !== "/admin-login/verify") throw new Error(`admin sign-in: expected the MFA step, got ${first.status} ${next}`);
  const second = await client.fetch("/admin-login/verify", { form: { code: nextSecondFactor(admin) } });
  if (second.headers.get("location") !== "/admin") throw new Error(`admin MFA failed: ${second.status}`);
  return second;
}

/** Signs an admin in through the pages, with or without JavaScript. */
export async function signInAdminInBrowser(page: Page, admin: TestAdmin) {
  await page.goto("/admin-login");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
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
