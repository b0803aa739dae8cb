/** Test data made through the app's own services and schemas, in the run's database. */
import { AccountFields } from "~/schemas/auth";
import { registerUser } from "~/services/auth.server";
import { upsertAdmin } from "~/services/admin-seed.server";
import { uniqueEmail } from "./http";

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

export async function createAdmin() {
  const email = uniqueEmail("admin");
  const password = "Admin-Password-42";
  const { id } = await upsertAdmin(email, password, { firstName: "Ada", lastName: "Admin" });
  return { id, email, password, firstName: "Ada" };
}
