/**
 * Bench data made with the app's own modules (the same database as the server, see bench-env.ts):
 * an applicant with a submitted application, an admin enrolled in MFA, and HTTP sign-ins for both.
 * The application and the admin come from the tests' own helpers (tests/support), so bench and
 * tests make them one way. App modules and those helpers are imported lazily so that bench-env.ts
 * has set the environment first.
 */
import { randomBytes } from "node:crypto";
import { Client, expectRedirect } from "./http";

export const BENCH_PASSWORD = "Bench-Horse-Battery-42";
const unique = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${randomBytes(3).toString("hex")}@example.com`;

export type BenchUser = { id: number; email: string; password: string };
export type BenchAdmin = BenchUser & import("../../tests/support/admin-mfa").SecondFactors;

export async function createApplicant(): Promise<BenchUser> {
  const { AccountFields } = await import("~/schemas/auth.schema");
  const { registerUser } = await import("~/services/auth.server");
  const input = AccountFields.parse({
    firstName: "Bench",
    lastName: "Applicant",
    email: unique("bench-applicant"),
    password: BENCH_PASSWORD,
    phone: "(555) 010-2030",
    dateOfBirth: "1985-04-12",
  });
  const user = await registerUser(input);
  return { id: user.id, email: input.email, password: BENCH_PASSWORD };
}

/** A submitted application of `userId`, inserted directly (read-side data): the tests' own helper. */
export async function createApplication(userId: number, status: "submitted" | "approved" = "submitted") {
  const { createSubmittedApplication } = await import("../../tests/support/applications");
  return (await createSubmittedApplication({ userId, status }))!;
}

/** An admin seeded and enrolled in MFA through the app's own modules: the tests' own helper. */
export async function createAdmin(): Promise<BenchAdmin> {
  const { seedAdminWithMfa } = await import("../../tests/support/admin-mfa");
  return seedAdminWithMfa(unique("bench-admin"), "Bench-Admin-Password-42");
}

/** A second-factor code this admin has not used yet (TOTP, else a recovery code). */
export async function nextTotp(admin: BenchAdmin) {
  const { nextSecondFactor } = await import("../../tests/support/admin-mfa");
  return nextSecondFactor(admin);
}

/** Signs an admin in over HTTP: password, then the TOTP code. */
export async function signInAdmin(client: Client, admin: BenchAdmin) {
  await expectRedirect(
    await client.fetch("/admin-login", { form: { email: admin.email, password: admin.password } }),
    "/admin-login/verify",
    "admin sign-in",
  );
  await expectRedirect(await client.fetch("/admin-login/verify", { form: { code: await nextTotp(admin) } }), "/admin", "admin MFA");
  return client;
}

export async function signInApplicant(client: Client, user: BenchUser) {
  await expectRedirect(await client.fetch("/login", { form: { email: user.email, password: user.password } }), /.+/, "applicant sign-in");
  return client;
}
