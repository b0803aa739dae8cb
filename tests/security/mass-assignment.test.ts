/**
 * Mass assignment: fields a caller may not set (`status`, `role`, `userId`, MFA and timestamps)
 * have no effect when posted to sign-up, the wizard's steps and submission, and the JSON API's
 * create/patch: they are dropped by the forms' schemas, refused by the API's strict schemas, or
 * answered 403, and the stored rows show the server's values.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getUserByEmail } from "~/features/accounts/users.server";
import { getDb, schema } from "~/platform/db/db.server";
import { applicationRow, createDraftVia, registerPayload, signedInApplicant } from "../support/api";
import { createAdmin, TEST_PASSWORD } from "../support/fixtures";
import { Client, uniqueEmail } from "../support/http";
import { ADDRESS, FINANCES, LOAN, owner } from "../support/wizard";

const EXTRA = (otherUserId: number) => ({
  status: "approved",
  role: "admin",
  userId: String(otherUserId),
  user_id: String(otherUserId),
  mfaEnabledAt: "2020-01-01",
  submittedAt: "2020-01-01",
  id: "1",
});

describe("mass assignment", () => {
  it("sign-up ignores role, status, userId and MFA fields", async () => {
    const victim = await createAdmin();
    const email = uniqueEmail("mass-signup");
    const c = new Client();
    const res = await c.fetch("/signup", {
      form: {
        firstName: "Mass",
        lastName: "Assign",
        email,
        password: TEST_PASSWORD,
        phone: "555-010-1212",
        dateOfBirth: "1988-08-08",
        usCitizen: "on",
        agreeToTerms: "on",
        agreeToElectronicRecords: "on",
        ...EXTRA(victim.id),
      },
    });
    expect(res.headers.get("location")).toBe("/dashboard");
    const u = await getUserByEmail(email);
    expect(u?.role).toBe("user");
    expect(u?.mfaEnabledAt).toBeNull();
    expect(u?.id).not.toBe(victim.id);
    expect((await c.fetch("/admin")).headers.get("location")).toBe("/admin-login");
  });

  it("the API's register refuses role and unknown fields, and creates nothing", async () => {
    const email = uniqueEmail("mass-api");
    const asAdmin = await new Client().fetch("/api/auth/register", { json: registerPayload({ email, role: "admin" }) });
    expect(asAdmin.status).toBe(403);
    const withUserId = await new Client().fetch("/api/auth/register", { json: registerPayload({ email, userId: 1, status: "approved" }) });
    expect(withUserId.status).toBe(400);
    expect(await getUserByEmail(email)).toBeNull();
  });

  it("the wizard keeps only each step's own fields and submits as 'submitted' for the applicant", async () => {
    const victim = await createAdmin();
    const extra = EXTRA(victim.id);
    const email = uniqueEmail("mass-wizard");
    const c = new Client();
    const steps: Array<[string, Record<string, string>, string]> = [
      ["/apply/loan", LOAN, "/apply/owner"],
      ["/apply/owner", { ...owner(email), password: TEST_PASSWORD }, "/apply/address"],
      ["/apply/address", ADDRESS, "/apply/finances"],
      ["/apply/finances", FINANCES, "/apply/documents"],
    ];
    for (const [p, form, next] of steps) {
      const res = await c.fetch(p, { form: { ...form, ...extra, intent: "continue" } });
      expect(res.headers.get("location"), p).toBe(next);
    }
    const res = await c.fetch("/apply/review", { form: { agreeTerms: "on", authorizeCredit: "on", ...extra } });
    expect(res.status).toBe(302);
    const u = await getUserByEmail(email);
    expect(u?.role).toBe("user");
    const apps = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.userId, u!.id));
    expect(apps).toHaveLength(1);
    expect(apps[0]!.status).toBe("submitted");
    expect(apps[0]!.submittedAt!.getFullYear()).toBeGreaterThan(2020);
    const [draft] = await getDb().select().from(schema.applicationDrafts).where(eq(schema.applicationDrafts.id, apps[0]!.draftId!));
    const stored = JSON.stringify(draft!.data);
    for (const k of ["status", "role", "userId", "user_id", "mfaEnabledAt", "submittedAt"]) expect(stored).not.toContain(`"${k}"`);
    // Nothing was given to the other user.
    expect(await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.userId, victim.id))).toHaveLength(0);
  });

  it("the API's create and patch refuse status, role and someone else's userId", async () => {
    const { client, user } = await signedInApplicant();
    const other = await createAdmin();
    const approved = await client.fetch("/api/loan-applications", { json: { amount: "25000", status: "approved" } });
    expect(approved.status).toBe(400);
    const role = await client.fetch("/api/loan-applications", { json: { amount: "25000", role: "admin" } });
    expect(role.status).toBe(400);
    const forOther = await client.fetch("/api/loan-applications", { json: { amount: "25000", userId: other.id } });
    expect(forOther.status).toBe(403);

    const draft = await createDraftVia(client);
    const before = await applicationRow(draft.id);
    for (const body of [{ status: "approved" }, { userId: other.id }, { role: "admin" }, { id: 1 }]) {
      const res = await client.fetch(`/api/loan-applications/db/${draft.id}`, { method: "PATCH", json: body });
      expect([400, 403], JSON.stringify(body)).toContain(res.status);
    }
    const after = await applicationRow(draft.id);
    expect(after).toEqual(before);
    expect(after?.userId).toBe(user.id);
    expect(after?.status).toBe("draft");
  });
});
