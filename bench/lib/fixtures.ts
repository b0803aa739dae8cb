/**
 * Bench data made with the tests' own helpers (tests/support), in the same database as the server
 * (see bench-env.ts): an applicant (fixtures.createApplicant, the app's own registration) with a
 * submitted application (applications.ts), an admin seeded and enrolled in MFA (admin-mfa.ts), and
 * the HTTP sign-ins of both (sign-in.ts). They are imported lazily, so that bench-env.ts has set
 * the environment before any app module loads.
 */
import { randomBytes } from "node:crypto";
import type { SecondFactors } from "../../tests/support/admin-mfa";
import type { Client } from "./http";

export const BENCH_PASSWORD = "Bench-Horse-Battery-42";
const unique = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${randomBytes(3).toString("hex")}@example.com`;

export type BenchUser = { id: number; email: string; password: string };
export type BenchAdmin = BenchUser & SecondFactors;

export async function createApplicant(): Promise<BenchUser> {
  const { createApplicant: create } = await import("../../tests/support/fixtures");
  const email = unique("bench-applicant");
  const user = await create({ firstName: "Bench", lastName: "Applicant", email, password: BENCH_PASSWORD });
  return { id: user.id, email, password: BENCH_PASSWORD };
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

/** Signs an admin in over HTTP: password, then the TOTP code (the tests' own sign-in). */
export async function signInAdmin(client: Client, admin: BenchAdmin) {
  const { signInAdminOverHttp } = await import("../../tests/support/sign-in");
  await signInAdminOverHttp(client, admin);
  return client;
}

export async function signInApplicant(client: Client, user: BenchUser) {
  const { signInApplicantOverHttp } = await import("../../tests/support/sign-in");
  await signInApplicantOverHttp(client, user);
  return client;
}
