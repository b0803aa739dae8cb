/**
 * Signing in over HTTP, for the tests (fixtures.ts) and the bench (bench/lib/fixtures.ts) alike:
 * the applicant at /login; the admin at /admin-login, then the second factor at
 * /admin-login/verify. Nothing here imports vitest.
 */
import { nextSecondFactor, type SecondFactors } from "./admin-mfa";
import { expectRedirect, type HttpClient } from "./http-client";

/** Signs an applicant in at /login; throws unless the answer is a redirect. */
export async function signInApplicantOverHttp(client: HttpClient, user: { email: string; password: string }) {
  await expectRedirect(await client.fetch("/login", { form: { email: user.email, password: user.password } }), /.+/, "applicant sign-in");
  return client;
}

/** Signs an admin in: password at /admin-login, then an unused second factor; returns the last answer. */
export async function signInAdminOverHttp(client: HttpClient, admin: SecondFactors & { email: string; password: string }) {
  await expectRedirect(
    await client.fetch("/admin-login", { form: { email: admin.email, password: admin.password } }),
    "/admin-login/verify",
    "admin sign-in: expected the MFA step",
  );
  const second = await client.fetch("/admin-login/verify", { form: { code: nextSecondFactor(admin) } });
  await expectRedirect(second.clone(), "/admin", "admin MFA");
  return second;
}
