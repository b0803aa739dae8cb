/**
 * Bench data made with the app's own modules (the same database as the server, see bench-env.ts):
 * an applicant with a submitted application, an admin enrolled in MFA, and HTTP sign-ins for both.
 * App modules are imported lazily so that bench-env.ts has set the environment first.
 */
import { createHash, randomBytes } from "node:crypto";
import { Client, expectRedirect } from "./http";

export const BENCH_PASSWORD = "Bench-Horse-Battery-42";
const unique = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${randomBytes(3).toString("hex")}@example.com`;

export type BenchUser = { id: number; email: string; password: string };
export type BenchAdmin = BenchUser & { totpSecret: string; usedSteps: Set<number> };

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

/** A submitted application of `userId`, inserted directly (read-side data, like the tests do). */
export async function createApplication(userId: number, status: "submitted" | "approved" = "submitted") {
  const { eq } = await import("drizzle-orm");
  const { getDb, schema } = await import("~/models/db.server");
  const { generateReference } = await import("~/utils/reference.server");
  const reference = generateReference();
  const [res] = await getDb()
    .insert(schema.loanApplications)
    .values({
      reference,
      userId,
      amount: "25000",
      purpose: "working-capital",
      annualIncome: "120000",
      livingSituation: "rent",
      monthlyPayment: "1500",
      streetAddress: "100 Main Street",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      status,
      submittedAt: new Date(),
    });
  const [row] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.id, res.insertId));
  return row!;
}

/** An admin with a known TOTP secret (MFA enrolled), like tests/support/fixtures.ts createAdmin. */
export async function createAdmin(): Promise<BenchAdmin> {
  const { upsertAdmin } = await import("~/services/admin-seed.server");
  const { updateUser } = await import("~/models/users.server");
  const { generateRecoveryCodes, sealSecret } = await import("~/services/mfa.server");
  const { generateTotpSecret } = await import("~/utils/totp.server");
  const email = unique("bench-admin");
  const password = "Bench-Admin-Password-42";
  const { id } = await upsertAdmin(email, password, { firstName: "Ada", lastName: "Admin" });
  const totpSecret = generateTotpSecret();
  const recovery = generateRecoveryCodes();
  await updateUser(id, {
    mfaSecret: sealSecret(totpSecret),
    mfaEnabledAt: new Date(),
    mfaRecoveryCodes: recovery.map((c) => createHash("sha256").update(c.replace(/[\s-]/g, "").toUpperCase()).digest("hex")),
  });
  return { id, email, password, totpSecret, usedSteps: new Set() };
}

/** A TOTP code of a step this admin has not used yet (previous, current or next step). */
export async function nextTotp(admin: BenchAdmin) {
  const { base32Decode, hotp, totpStep } = await import("~/utils/totp.server");
  const now = totpStep();
  const last = Math.max(-1, ...admin.usedSteps);
  for (const step of [now - 1, now, now + 1]) {
    if (step > last) {
      admin.usedSteps.add(step);
      return hotp(base32Decode(admin.totpSecret), step);
    }
  }
  // All three used: wait for the next step.
  await new Promise((r) => setTimeout(r, 30_000));
  return nextTotp(admin);
}

/** Signs an admin in over HTTP: password, then the TOTP code. */
export async function signInAdmin(client: Client, admin: BenchAdmin) {
  await expectRedirect(await client.fetch("/admin-login", { form: { email: admin.email, password: admin.password } }), "/admin-login/verify", "admin sign-in");
  await expectRedirect(await client.fetch("/admin-login/verify", { form: { code: await nextTotp(admin) } }), "/admin", "admin MFA");
  return client;
}

export async function signInApplicant(client: Client, user: BenchUser) {
  await expectRedirect(await client.fetch("/login", { form: { email: user.email, password: user.password } }), /.+/, "applicant sign-in");
  return client;
}
