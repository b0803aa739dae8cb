/**
 * The back office over HTTP, as a browser without JavaScript would use it: document
 * requests (e-mail, dashboard, upload closes them, "waiting on applicant"), per-document review
 * with a replacement request, internal notes that never reach applicants, assignment with the
 * colleague warning, queues with counts, the CSV export (formula-safe, audited), and the admin API.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BACK_OFFICE_MSG } from "~/features/back-office/back-office.schema";
import { parseAdminListParams } from "~/features/back-office/admin.schema";
import { assignApplication } from "~/features/back-office/back-office.server";
import { csvExportStream } from "~/features/back-office/csv-export.server";
import { getDb, schema } from "~/platform/db/db.server";
import { samplePdf } from "../fixtures/documents";
import { createSubmittedApplication } from "../support/applications";
import { createDocument } from "../support/documents";
import { adminClient, createAdmin, createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { Client } from "../support/http";

const db = () => getDb();
const tag = () => Math.random().toString(36).slice(2, 8);

async function applicantClient(email: string) {
  const c = new Client();
  const res = await c.fetch("/login", { form: { email, password: TEST_PASSWORD } });
  expect(res.headers.get("location")).toBe("/dashboard");
  return c;
}

async function setup(opts: { firstName?: string; lastName?: string } = {}) {
  const admin = await createAdmin();
  const ac = await adminClient(admin);
  const applicant = await createApplicant({ firstName: opts.firstName ?? `Riley${tag()}`, lastName: opts.lastName ?? "Stone" });
  const app = await createSubmittedApplication({ userId: applicant.id });
  return { admin, ac, applicant, app };
}

const post = (c: Client, appId: number, form: Record<string, string>) =>
  c.fetch(`/admin/applications/${appId}`, { form: { redirectTo: `/admin/applications/${appId}`, ...form } });
const text = async (c: Client, path: string) => {
  const res = await c.fetch(path);
  expect(res.status, path).toBe(200);
  return res.text();
};

async function uploadFromDashboard(c: Client, applicationId: number, documentType: string, name = "statement.pdf") {
  const fd = new FormData();
  fd.set("intent", "upload");
  fd.set("applicationId", String(applicationId));
  fd.set("documentType", documentType);
  fd.set("file", new Blob([new Uint8Array(samplePdf(`bo-${tag()}`))], { type: "application/pdf" }), name);
  const res = await c.fetch("/dashboard", { method: "POST", body: fd });
  expect(res.status).toBe(302);
}

const requestsOf = (appId: number) => db().select().from(schema.documentRequests).where(eq(schema.documentRequests.applicationId, appId));
const auditOf = (action: string, targetId: number | string) =>
  db()
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.action, action), eq(schema.auditLog.targetId, String(targetId))));

describe("document requests", () => {
  it("asks for documents with a message: e-mail, dashboard, waiting queue; an upload closes the request", async () => {
    const { admin, ac, applicant, app } = await setup();
    const message = `May bank statement is cut off ${tag()}`;
    const res = await c_post(ac, app.id, { intent: "request-documents", documentTypes: ["bank-statements", "ein"], message });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/applications/${app.id}#document-requests`);

    const [request] = await requestsOf(app.id);
    expect(request).toMatchObject({ status: "open", message, requestedBy: admin.id });
    const [mail] = await db()
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.toEmail, applicant.email), eq(schema.outbox.kind, "document_request")));
    expect(mail!.subject).toContain(app.reference);
    expect(mail!.bodyText).toContain(message);
    expect(mail!.bodyText).toContain("Bank Statements");
    expect(mail!.bodyText).not.toContain(admin.firstName + " Admin");
    expect(await auditOf("backoffice.documents_requested", app.id)).toHaveLength(1);

    // The admin list: the waiting queue holds it with how long it has waited.
    const waiting = await text(ac, `/admin?queue=waiting&q=${app.reference}`);
    expect(waiting).toContain(app.reference);
    expect(waiting).toContain("Waiting on applicant for less than an hour");

    // The applicant's dashboard shows it; another applicant's does not.
    const owner = await applicantClient(applicant.email);
    const dash = await text(owner, "/dashboard");
    expect(dash).toContain("Documents requested");
    expect(dash).toContain(message);
    const stranger = await createApplicant();
    const strangerDash = await text(await applicantClient(stranger.email), "/dashboard");
    expect(strangerDash).not.toContain(message);

    // One of two types uploaded: still open; the second closes it.
    await uploadFromDashboard(owner, app.id, "bank-statements");
    expect((await requestsOf(app.id))[0]!.status).toBe("open");
    await uploadFromDashboard(owner, app.id, "ein", "ein.pdf");
    const [closed] = await requestsOf(app.id);
    expect(closed!.status).toBe("fulfilled");
    expect(closed!.fulfilledAt).not.toBeNull();
    expect(await text(ac, `/admin?queue=waiting&q=${app.reference}`)).not.toContain(`data-reference="${app.reference}"`);
    expect(await text(owner, "/dashboard")).not.toContain('data-testid="open-request"');
  });

  it("re-shows the form with the messages when types or message are missing, and writes nothing", async () => {
    const { ac, app } = await setup();
    const res = await post(ac, app.id, { intent: "request-documents", message: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(BACK_OFFICE_MSG.documentTypesRequired);
    expect(html).toContain(BACK_OFFICE_MSG.requestMessageRequired);
    expect(await requestsOf(app.id)).toHaveLength(0);
  });
});

/** A form with repeated fields (checkbox groups). */
function c_post(c: Client, appId: number, form: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  body.set("redirectTo", `/admin/applications/${appId}`);
  for (const [k, v] of Object.entries(form)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  return c.fetch(`/admin/applications/${appId}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

describe("document review", () => {
  it("rejects with a reason and asks for a replacement in one action; the applicant sees states, never the reviewer", async () => {
    const { admin, ac, applicant, app } = await setup();
    const rejected = await createDocument({
      applicationId: app.id,
      userId: applicant.id,
      data: samplePdf("r1"),
      name: "blurry.pdf",
      documentType: "bank-statements",
    });
    const accepted = await createDocument({
      applicationId: app.id,
      userId: applicant.id,
      data: samplePdf("r2"),
      name: "ein-letter.pdf",
      documentType: "ein",
    });
    await createDocument({ applicationId: app.id, userId: applicant.id, data: samplePdf("r3"), name: "llc.pdf", documentType: "llc" });

    const r1 = await post(ac, app.id, {
      intent: "review-document",
      documentId: String(rejected.id),
      decision: "rejected",
      reason: "unreadable",
      requestReplacement: "on",
    });
    expect(r1.status).toBe(302);
    const r2 = await post(ac, app.id, { intent: "review-document", documentId: String(accepted.id), decision: "accepted" });
    expect(r2.status).toBe(302);

    const [request] = await requestsOf(app.id);
    expect(request).toMatchObject({ status: "open", message: "Please upload a replacement: Unreadable" });
    expect(await auditOf("backoffice.document_reviewed", rejected.id)).toHaveLength(1);

    const details = await text(ac, `/admin/applications/${app.id}`);
    expect(details).toContain(`Rejected: Unreadable by ${admin.firstName} Admin`);

    const dash = await text(await applicantClient(applicant.email), "/dashboard");
    expect(dash).toContain("Needs replacing: Unreadable");
    expect(dash).toContain("Accepted");
    expect(dash).toContain("In review");
    expect(dash).not.toContain(admin.email);
    expect(dash).not.toMatch(/Ada Admin|by Ada/);
  });

  it("needs a reason to reject, text for 'other', and refuses another application's document", async () => {
    const { ac, applicant, app } = await setup();
    const doc = await createDocument({ applicationId: app.id, userId: applicant.id, data: samplePdf("r4"), name: "x.pdf" });
    const noReason = await post(ac, app.id, { intent: "review-document", documentId: String(doc.id), decision: "rejected" });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain(BACK_OFFICE_MSG.reasonRequired);
    const other = await post(ac, app.id, { intent: "review-document", documentId: String(doc.id), decision: "rejected", reason: "other" });
    expect(other.status).toBe(400);
    expect(await other.text()).toContain(BACK_OFFICE_MSG.reasonTextRequired);
    const elsewhere = await createSubmittedApplication({ userId: applicant.id });
    const wrongApp = await post(ac, elsewhere.id, { intent: "review-document", documentId: String(doc.id), decision: "accepted" });
    expect(wrongApp.status).toBe(404);
    expect(await db().select().from(schema.documentReviews).where(eq(schema.documentReviews.documentId, doc.id))).toHaveLength(0);
  });
});

describe("internal notes", () => {
  it("shows a note with author and time to admins; never on the dashboard, the API, the status lookup or in e-mails", async () => {
    const { admin, ac, applicant, app } = await setup();
    const note = `Called the bank, waiting on a callback NOTE-${tag()}`;
    expect((await post(ac, app.id, { intent: "add-note", body: note })).status).toBe(302);
    const details = await text(ac, `/admin/applications/${app.id}`);
    expect(details).toContain(note);
    expect(details).toContain(`${admin.firstName} Admin`);
    expect(await auditOf("backoffice.note_added", app.id)).toHaveLength(1);
    // Also after a status change (e-mail) and a document request (e-mail).
    await post(ac, app.id, { status: "under-review", note: "" });
    await c_post(ac, app.id, { intent: "request-documents", documentTypes: "ssn", message: "Please send your SSN card" });

    const owner = await applicantClient(applicant.email);
    for (const path of ["/dashboard", `/api/loan-applications/status/${app.reference}`, "/application-status"]) {
      expect(await (await owner.fetch(path)).text(), path).not.toContain(note);
    }
    const mails = await db().select().from(schema.outbox).where(eq(schema.outbox.toEmail, applicant.email));
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const m of mails) expect(m.bodyText + m.subject).not.toContain(note);
    // An applicant posting the form is sent to the admin sign-in and nothing is written.
    const before = await db().select().from(schema.applicationNotes).where(eq(schema.applicationNotes.applicationId, app.id));
    const res = await owner.fetch(`/admin/applications/${app.id}`, { form: { intent: "add-note", body: "applicant note" } });
    expect(res.headers.get("location")).toMatch(/^\/admin-login/);
    expect(await db().select().from(schema.applicationNotes).where(eq(schema.applicationNotes.applicationId, app.id))).toHaveLength(
      before.length,
    );
  });

  it("refuses an empty note", async () => {
    const { ac, app } = await setup();
    const res = await post(ac, app.id, { intent: "add-note", body: "   " });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(BACK_OFFICE_MSG.noteRequired);
  });
});

describe("assignment and queues", () => {
  it("lists in the stale queue only open applications not updated for more than 7 days", async () => {
    const { ac, applicant } = await setup();
    const old = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    const make = async (status: "under-review" | "approved" | "offer-accepted", updatedAt: Date) => {
      const app = (await createSubmittedApplication({ userId: applicant.id, status }))!;
      await db().update(schema.loanApplications).set({ updatedAt }).where(eq(schema.loanApplications.id, app.id));
      return app.reference;
    };
    const staleReview = await make("under-review", old);
    const staleAccepted = await make("offer-accepted", old);
    const oldButDecided = await make("approved", old);
    const fresh = await make("under-review", new Date());
    for (const ref of [staleReview, staleAccepted])
      expect(await text(ac, `/admin?queue=stale&q=${ref}`)).toContain(`data-reference="${ref}"`);
    for (const ref of [oldButDecided, fresh])
      expect(await text(ac, `/admin?queue=stale&q=${ref}`)).not.toContain(`data-reference="${ref}"`);
  });

  it("assigns to me, filters mine and unassigned, counts the queue, and warns and records a colleague's change", async () => {
    const { admin, ac, app } = await setup();
    expect((await post(ac, app.id, { intent: "assign", assigneeId: String(admin.id) })).status).toBe(302);
    const mine = await text(ac, "/admin?assigned=mine");
    expect(mine).toContain(`data-reference="${app.reference}"`);
    expect(mine).toMatch(/data-testid="queue-mine"[^>]*>Assigned to me<span[^>]*>1<\/span>/);
    expect(mine).toContain("New today");
    expect(mine).toContain("Waiting on applicant");
    expect(mine).toContain("Stale over 7 days");
    expect(await text(ac, `/admin?assigned=unassigned&q=${app.reference}`)).not.toContain(`data-reference="${app.reference}"`);
    expect(await text(ac, `/admin?q=${app.reference}`)).toMatch(/data-testid="assigned-to">Ada Admin</);

    // A colleague sees the notice and the change is recorded as made on a colleague's application.
    const colleague = await createAdmin();
    const cc = await adminClient(colleague);
    const details = await text(cc, `/admin/applications/${app.id}`);
    expect(details).toContain(BACK_OFFICE_MSG.colleagueAssigned("Ada Admin").replace("'", "&#x27;"));
    expect(
      (
        await cc.fetch(`/admin/applications/${app.id}`, {
          form: { status: "under-review", note: "", redirectTo: `/admin/applications/${app.id}` },
        })
      ).status,
    ).toBe(302);
    const [warned] = await auditOf("backoffice.colleague_application_changed", app.id);
    expect(warned).toMatchObject({ actorUserId: colleague.id, details: `status submitted -> under-review; assigned to admin ${admin.id}` });
    // Reassigning to an applicant is refused.
    const res = await post(cc, app.id, { intent: "assign", assigneeId: String(app.userId) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(BACK_OFFICE_MSG.assigneeInvalid);
  });
});

describe("CSV export", () => {
  it("streams the filtered list with a BOM, quoting, formula-safe cells, and an audit entry naming the filter", async () => {
    const { admin, ac, app } = await setup({ firstName: '=HYPERLINK("http://x")', lastName: "O'Brien, Jr." });
    await post(ac, app.id, { intent: "assign", assigneeId: String(admin.id) });
    const other = await createSubmittedApplication({ userId: app.userId });
    const res = await ac.fetch("/admin/export.csv?assigned=mine");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).split("\r\n");
    expect(lines[0]).toMatch(/^Application ID,Status,Amount \(USD\),Purpose,First name,Last name,E-mail/);
    expect(lines).toHaveLength(3); // header, one row, and the empty string after the last CRLF
    expect(lines[1]).toContain(`${app.reference},submitted,25000.00,Working Capital,"'=HYPERLINK(""http://x"")","O'Brien, Jr.",`);
    expect(lines[1]).toContain(",Ada Admin,");
    expect(lines.join()).not.toContain(other.reference);
    const [audit] = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "backoffice.csv_exported"), eq(schema.auditLog.actorUserId, admin.id)));
    expect(audit!.details).toBe("via=page search=none status=all assigned=mine queue=any");
  });

  it("is for admins only", async () => {
    const applicant = await createApplicant();
    const res = await (await applicantClient(applicant.email)).fetch("/admin/export.csv");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin-login");
    expect((await new Client().fetch("/admin/export.csv")).headers.get("location")).toBe("/admin-login");
  });

  it("reads the next batch only after the response's buffer has drained (back-pressure from the server entry)", async () => {
    const admin = await createAdmin();
    const applicant = await createApplicant();
    const apps = [];
    for (let i = 0; i < 3; i++) apps.push(await createSubmittedApplication({ userId: applicant.id }));
    for (const a of apps) await assignApplication(admin.id, a.id, admin.id);
    let waits = 0;
    let release: () => void = () => {};
    const waitForDrain = () => {
      waits++;
      return new Promise<void>((r) => (release = r));
    };
    const reader = csvExportStream(parseAdminListParams(new URLSearchParams("assigned=mine")), admin.id, {
      batchSize: 1,
      waitForDrain,
    }).getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    expect(decoder.decode((await reader.read()).value)).toMatch(/^\uFEFFApplication ID,/);
    const lines: string[] = [];
    for (let batch = 0; batch < 3; batch++) {
      const next = reader.read();
      // The stream is waiting for the client: no batch is read until the buffer drains.
      await new Promise((r) => setTimeout(r, 50));
      expect(waits).toBe(batch + 1);
      release();
      lines.push(decoder.decode((await next).value));
    }
    expect(lines.map((l) => l.split(",")[0])).toEqual(apps.map((a) => a.reference));
  });
});

describe("the status API records a change to a colleague's application", () => {
  it("writes backoffice.colleague_application_changed", async () => {
    const { admin, app } = await setup();
    await assignApplication(admin.id, app.id, admin.id);
    const colleague = await adminClient(await createAdmin());
    // "approved" needs an accepted offer; under review is a change any submitted application takes.
    const res = await colleague.fetch(`/api/admin/applications/${app.id}/status`, { method: "PATCH", json: { status: "under-review" } });
    expect(res.status).toBe(200);
    const [entry] = await auditOf("backoffice.colleague_application_changed", app.id);
    expect(entry!.details).toBe(`status submitted -> under-review; assigned to admin ${admin.id}`);
  });
});
