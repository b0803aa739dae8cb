import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { REJECTION_REASON_REQUIRED } from "~/features/back-office/admin.schema";
import { ApplicationNotFoundError, changeStatus, RejectionReasonRequiredError } from "~/features/applications/application-status.server";
import { getDb, schema } from "~/platform/db/db.server";
import { createSubmittedApplication } from "../support/applications";
import { adminClient, createAdmin, createApplicant } from "../support/fixtures";
import { Client } from "../support/http";

const db = () => getDb();

async function appRow(id: number) {
  const [row] = await db().select().from(schema.loanApplications).where(eq(schema.loanApplications.id, id));
  return row!;
}
const eventsOf = (id: number) =>
  db().select().from(schema.applicationEvents).where(eq(schema.applicationEvents.applicationId, id)).orderBy(schema.applicationEvents.id);
const mailTo = (email: string) => db().select().from(schema.outbox).where(eq(schema.outbox.toEmail, email)).orderBy(schema.outbox.id);

async function signIn(email: string, password: string, path: "/login" | "/admin-login") {
  const c = new Client();
  const res = await c.fetch(path, { form: { email, password } });
  expect(res.status).toBe(302);
  return c;
}

describe("changeStatus (service)", () => {
  it("writes status, updatedAt, the event, the e-mail and the audit entry together", async () => {
    const admin = await createAdmin();
    const applicant = await createApplicant();
    // "approved" needs an accepted offer.
    const app = await createSubmittedApplication({
      userId: applicant.id,
      amount: 30000,
      purpose: "equipment-financing",
      status: "offer-accepted",
      stage: "offer-accepted",
    });
    const before = await appRow(app.id);
    await new Promise((r) => setTimeout(r, 20));

    const change = await changeStatus(admin.id, app.id, "approved", "Strong cash flow");
    expect(change).toMatchObject({ from: "offer-accepted", to: "approved", changed: true, reference: app.reference });

    const after = await appRow(app.id);
    expect(after.status).toBe("approved");
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const evs = await eventsOf(app.id);
    expect(evs).toHaveLength(1);
    expect(evs[0]).toMatchObject({
      type: "status_changed",
      actorUserId: admin.id,
      fromStatus: "offer-accepted",
      toStatus: "approved",
      note: "Strong cash flow",
    });
    const mails = await mailTo(applicant.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe("status_approved");
    expect(mails[0]!.subject).toContain(app.reference);
    expect(mails[0]!.bodyText).toMatch(/Congratulations/);
    expect(mails[0]!.bodyText).toMatch(/approved with the offer you accepted/i);
    expect(mails[0]!.bodyText).toMatch(/the lender verifies your details/i);
    expect(mails[0]!.bodyText).toContain("$30,000");
    const audit = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "application.status_changed"), eq(schema.auditLog.targetId, String(app.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: admin.id, details: "offer-accepted -> approved" });
  });

  it("refuses a rejection without a reason and changes nothing", async () => {
    const admin = await createAdmin();
    const applicant = await createApplicant();
    const app = await createSubmittedApplication({ userId: applicant.id });
    await expect(changeStatus(admin.id, app.id, "rejected", "   ")).rejects.toBeInstanceOf(RejectionReasonRequiredError);
    expect((await appRow(app.id)).status).toBe("submitted");
    expect(await eventsOf(app.id)).toHaveLength(0);
    expect(await mailTo(applicant.email)).toHaveLength(0);
  });

  it("sends an adverse-action notice that states the reason and the 60-90 day reapply period", async () => {
    const admin = await createAdmin();
    const applicant = await createApplicant({ firstName: "Morgan" });
    const app = await createSubmittedApplication({ userId: applicant.id, status: "under-review" });
    await changeStatus(admin.id, app.id, "rejected", "Annual revenue below our $50,000 minimum");
    const [mail] = await mailTo(applicant.email);
    expect(mail!.kind).toBe("status_rejected");
    expect(mail!.bodyText).toContain("Hello Morgan,");
    expect(mail!.bodyText).toContain("Principal reason(s) for our decision: Annual revenue below our $50,000 minimum");
    expect(mail!.bodyText).toContain("60-90 days");
    expect(mail!.bodyText).toContain("Equal Credit Opportunity Act");
    const [ev, statusEv] = await eventsOf(app.id);
    // The stage moves to declined with the same reason, then the status event.
    expect(ev).toMatchObject({
      type: "stage_changed",
      fromStatus: "submitted",
      toStatus: "declined",
      note: "Annual revenue below our $50,000 minimum",
    });
    expect(statusEv).toMatchObject({ fromStatus: "under-review", toStatus: "rejected", note: "Annual revenue below our $50,000 minimum" });
  });

  it("e-mails the applicant for under-review and submitted too", async () => {
    const admin = await createAdmin();
    const applicant = await createApplicant();
    const app = await createSubmittedApplication({ userId: applicant.id });
    await changeStatus(admin.id, app.id, "under-review");
    await changeStatus(admin.id, app.id, "submitted");
    const mails = await mailTo(applicant.email);
    expect(mails.map((m) => m.kind)).toEqual(["status_under_review", "status_submitted"]);
    expect(mails[0]!.bodyText).toMatch(/may .*request additional documentation/i);
    expect(mails[1]!.bodyText).toMatch(/received/i);
  });

  it("setting the current status again records and sends nothing", async () => {
    const admin = await createAdmin();
    const applicant = await createApplicant();
    const app = await createSubmittedApplication({ userId: applicant.id, status: "approved" });
    const r = await changeStatus(admin.id, app.id, "approved");
    expect(r.changed).toBe(false);
    expect(await eventsOf(app.id)).toHaveLength(0);
    expect(await mailTo(applicant.email)).toHaveLength(0);
  });

  it("treats drafts and unknown ids as not found", async () => {
    const admin = await createAdmin();
    const applicant = await createApplicant();
    const draft = await createSubmittedApplication({ userId: applicant.id, status: "draft" });
    await expect(changeStatus(admin.id, draft.id, "approved")).rejects.toBeInstanceOf(ApplicationNotFoundError);
    await expect(changeStatus(admin.id, 2_000_000_000, "approved")).rejects.toBeInstanceOf(ApplicationNotFoundError);
    expect((await appRow(draft.id)).status).toBe("draft");
  });

  it("serialises concurrent changes: the trail chains from -> to without gaps", async () => {
    const admin = await createAdmin();
    const applicant = await createApplicant();
    const app = await createSubmittedApplication({ userId: applicant.id });
    // "approved" needs an accepted offer, so two changes that are allowed in either order
    // (a rejection, or a reopening of it to under review).
    await Promise.all([changeStatus(admin.id, app.id, "under-review"), changeStatus(admin.id, app.id, "rejected", "Incomplete documents")]);
    const evs = (await eventsOf(app.id)).filter((e) => e.type === "status_changed");
    expect(evs).toHaveLength(2);
    expect(evs[0]!.fromStatus).toBe("submitted");
    for (let i = 1; i < evs.length; i++) expect(evs[i]!.fromStatus).toBe(evs[i - 1]!.toStatus);
    expect((await appRow(app.id)).status).toBe(evs[1]!.toStatus);
    expect(await mailTo(applicant.email)).toHaveLength(2);
  });
});

describe("POST /admin/applications/:id (status action)", () => {
  it("an admin changes the status; redirect back to the list with its query and the success toast", async () => {
    const admin = await createAdmin();
    const applicant = await createApplicant();
    const app = await createSubmittedApplication({ userId: applicant.id });
    const c = await adminClient(admin);
    const res = await c.fetch(`/admin/applications/${app.id}`, {
      form: { status: "under-review", redirectTo: "/admin?status=submitted&q=working" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin?status=submitted&q=working");
    const page = await c.fetch("/admin?status=submitted&q=working");
    const html = await page.text();
    expect(html).toContain("Status Updated");
    expect(html).toContain("Application status has been updated successfully.");
    expect((await appRow(app.id)).status).toBe("under-review");
  });

  it("re-renders the details with the reason message when rejecting without one, and changes nothing", async () => {
    const admin = await createAdmin();
    const applicant = await createApplicant();
    const app = await createSubmittedApplication({ userId: applicant.id });
    const c = await adminClient(admin);
    const res = await c.fetch(`/admin/applications/${app.id}`, { form: { status: "rejected", note: "", redirectTo: "/admin" } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(REJECTION_REASON_REQUIRED);
    expect(html).toContain(app.reference);
    expect((await appRow(app.id)).status).toBe("submitted");
    expect(await eventsOf(app.id)).toHaveLength(0);
  });

  it("never redirects outside the admin panel", async () => {
    const admin = await createAdmin();
    const applicant = await createApplicant();
    const app = await createSubmittedApplication({ userId: applicant.id });
    const c = await adminClient(admin);
    for (const redirectTo of ["https://evil.example/", "//evil.example/admin", "/dashboard"]) {
      const res = await c.fetch(`/admin/applications/${app.id}`, { form: { status: "under-review", redirectTo } });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/admin/applications/${app.id}#status`);
    }
  });

  it("refuses an unknown status and a status an admin cannot set", async () => {
    const admin = await createAdmin();
    const applicant = await createApplicant();
    const app = await createSubmittedApplication({ userId: applicant.id });
    const c = await adminClient(admin);
    for (const status of ["draft", "pending", "funded", ""]) {
      const res = await c.fetch(`/admin/applications/${app.id}`, { form: { status } });
      expect(res.status).toBe(400);
    }
    expect((await appRow(app.id)).status).toBe("submitted");
  });

  it("anonymous visitors and applicants are sent to /admin-login and change nothing", async () => {
    const applicant = await createApplicant();
    const app = await createSubmittedApplication({ userId: applicant.id });
    const anon = new Client();
    const user = await signIn(applicant.email, applicant.password, "/login");
    for (const c of [anon, user]) {
      const res = await c.fetch(`/admin/applications/${app.id}`, { form: { status: "approved", redirectTo: "/admin" } });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/admin-login");
      expect(await res.text()).not.toContain(app.reference);
    }
    expect((await appRow(app.id)).status).toBe("submitted");
    expect(await eventsOf(app.id)).toHaveLength(0);
  });

  it("the applicant's status lookup and dashboard show the new status at once", async () => {
    const admin = await createAdmin();
    const applicant = await createApplicant();
    const app = await createSubmittedApplication({ userId: applicant.id });
    const c = await adminClient(admin);
    await c.fetch(`/admin/applications/${app.id}`, { form: { status: "under-review" } });
    const lookup = await new Client().fetch(`/application-status?id=${app.reference}`);
    expect(lookup.status).toBe(200);
    expect(await lookup.text()).toMatch(/Under Review/);
    const u = await signIn(applicant.email, applicant.password, "/login");
    const dash = await (await u.fetch("/dashboard")).text();
    expect(dash).toContain(app.reference);
    expect(dash).toMatch(/Under Review/);
  });
});
