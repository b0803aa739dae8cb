/**
 * The review workspace (#29 lift 7) over HTTP, as a browser without JavaScript: the queue beside
 * the application with its columns (applicant, state, offers, SLA timer with the overdue mark),
 * the document shown inline from its authorised preview route (framed by our pages only), accept
 * and reject landing back on the same document, the audit trail folding repeated views while each
 * view stays recorded, and who may open what: admins every application, a lender only those shared
 * with it (another lender's application or document is 404, as one that does not exist).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { BACK_OFFICE_MSG } from "~/features/back-office/back-office.schema";
import { createSubmittedApplication } from "../support/applications";
import { createDocument } from "../support/documents";
import { adminClient, createAdmin, createApplicant, type TestAdmin } from "../support/fixtures";
import { parse, squash } from "../support/html";
import { Client } from "../support/http";
import { createLenderUser, shareWithLender, signInLenderOverHttp, twoLenders, type TestLenderUser } from "../support/lenders";
import { signInApplicantOverHttp } from "../support/sign-in";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

let admin: TestAdmin;
let client: Client;
let app: { id: number; reference: string };
let pdf: { id: number };
let png: { id: number };

beforeAll(async () => {
  admin = await createAdmin();
  client = await adminClient(admin);
  const applicant = await createApplicant({ firstName: "Quinn", lastName: "Queue" });
  // Submitted long ago: first in the queue (oldest first) and past the SLA.
  app = (await createSubmittedApplication({ userId: applicant.id, submittedAt: new Date("2001-03-01T09:00:00Z") }))!;
  await getDb()
    .update(schema.loanApplications)
    .set({ updatedAt: new Date("2001-03-01T09:00:00Z") })
    .where(eq(schema.loanApplications.id, app.id));
  pdf = await createDocument({ applicationId: app.id, userId: applicant.id, data: PDF, name: "ein-letter.pdf" });
  png = await createDocument({
    applicationId: app.id,
    userId: applicant.id,
    data: PNG,
    name: "licence-front.png",
    documentType: "id-front",
  });
});

describe("the admin's review workspace", () => {
  it("shows the queue beside the application: applicant, state, offers and an overdue SLA timer", async () => {
    const page = await parse(await client.fetch(`/admin/review/${app.id}`));
    expect(page.status).toBe(200);
    const row = page.$(`[data-testid=review-queue-row][data-application-id=${app.id}]`);
    expect(row.length).toBe(1);
    expect(squash(row.text())).toContain(app.reference);
    expect(squash(row.text())).toContain("Quinn Queue");
    expect(row.find("a[aria-current=page]").attr("href")).toBe(`/admin/review/${app.id}`);
    const headers = page
      .$("[data-testid=review-queue] thead th")
      .map((_, th) => squash(page.$(th).text()))
      .get();
    expect(headers).toEqual(["Applicant", "State", "Offers", "SLA"]);
    const cells = row
      .find("td")
      .map((_, td) => squash(page.$(td).text()))
      .get();
    expect(cells[1]).toBe("Submitted");
    expect(cells[2]).toBe("0");
    expect(cells[3]).toMatch(/^\d+ d( \d+ h)? idle \d+ d( \d+ h)? Overdue$/);
    expect(row.find("[data-testid=review-sla]").attr("data-overdue")).toBe("true");
    // The application, beside the queue, and the visible list of keyboard shortcuts.
    expect(page.text("[data-testid=review-application] h3")).toContain(app.reference);
    expect(page.text("[data-testid=keyboard-shortcuts]")).toContain("Keyboard shortcuts");
    expect(page.text("[data-testid=keyboard-shortcuts]")).toContain("Accept the document shown");
  });

  it("shows the first document inline in a frame, an image as an image, from the preview route framed by our pages only", async () => {
    const first = await parse(await client.fetch(`/admin/review/${app.id}`));
    expect(first.$("[data-testid=document-viewer] iframe").attr("src")).toBe(`/documents/${pdf.id}/preview`);
    expect(first.$("[data-testid=document-viewer] iframe").attr("title")).toContain("ein-letter.pdf");
    const image = await parse(await client.fetch(`/admin/review/${app.id}?doc=${png.id}`));
    expect(image.$("[data-testid=document-viewer] img").attr("src")).toBe(`/documents/${png.id}/preview`);
    expect(image.$("[data-testid=review-documents] a[aria-current=page]").attr("href")).toBe(`/admin/review/${app.id}?doc=${png.id}`);

    const file = await client.fetch(`/documents/${pdf.id}/preview`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(file.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    await file.arrayBuffer();
    // The workspace page itself is never framed; it may frame its own origin.
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src 'self'");
  });

  it("accepts and rejects without JavaScript, landing back on the same document", async () => {
    const page = await parse(await client.fetch(`/admin/review/${app.id}?doc=${png.id}`));
    const accept = page.$("form").filter((_, f) => page.$(f).find("button[data-shortcut=accept]").length > 0);
    expect(accept.attr("action")).toBe(`/admin/review/${app.id}?doc=${png.id}`);
    const accepted = await client.fetch(accept.attr("action")!, {
      form: { intent: "review-document", documentId: String(png.id), decision: "accepted" },
    });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe(`/admin/review/${app.id}?doc=${png.id}#document-viewer`);
    const after = await parse(await client.fetch(`/admin/review/${app.id}?doc=${png.id}`));
    expect(after.text("[data-testid=review-state]")).toMatch(/^Accepted by /);

    // A rejection without a reason: 400, the message in place, nothing stored.
    const bad = await parse(
      await client.fetch(`/admin/review/${app.id}?doc=${pdf.id}`, {
        form: { intent: "review-document", documentId: String(pdf.id), decision: "rejected", reason: "" },
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.text("[data-testid=review-decision]")).toContain(BACK_OFFICE_MSG.reasonRequired);
    const none = await getDb().select().from(schema.documentReviews).where(eq(schema.documentReviews.documentId, pdf.id));
    expect(none).toEqual([]);

    const rejected = await client.fetch(`/admin/review/${app.id}?doc=${pdf.id}`, {
      form: { intent: "review-document", documentId: String(pdf.id), decision: "rejected", reason: "unreadable" },
    });
    expect(rejected.headers.get("location")).toBe(`/admin/review/${app.id}?doc=${pdf.id}#document-viewer`);
    expect((await parse(await client.fetch(`/admin/review/${app.id}?doc=${pdf.id}`))).text("[data-testid=review-state]")).toMatch(
      /^Rejected: .* by /,
    );
  });

  it("folds repeated views in the audit trail while recording each one", async () => {
    const other = (await createSubmittedApplication({ userId: (await createApplicant()).id }))!;
    for (let i = 0; i < 4; i++) await (await client.fetch(`/admin/review/${other.id}`)).arrayBuffer();
    const page = await parse(await client.fetch(`/admin/review/${other.id}`));
    const recorded = await getDb()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, "admin.application_viewed"),
          eq(schema.auditLog.targetId, String(other.id)),
          eq(schema.auditLog.actorUserId, admin.id),
        ),
      );
    expect(recorded.length).toBe(5);
    const rows = page.$("[data-testid=audit-entry]");
    expect(rows.length).toBe(1);
    expect(squash(rows.first().text())).toMatch(/Viewed the application 5 times by .+, last at .+ \(first at .+\)/);
  });

  it("answers 404 for an application that does not exist, a document of another application, and refuses everyone but admins", async () => {
    expect((await client.fetch(`/admin/review/2000000000`)).status).toBe(404);
    const other = (await createSubmittedApplication({ userId: (await createApplicant()).id }))!;
    expect((await client.fetch(`/admin/review/${other.id}?doc=${pdf.id}`)).status).toBe(404);
    // A document of another application cannot be reviewed through this one.
    const cross = await client.fetch(`/admin/review/${other.id}`, {
      form: { intent: "review-document", documentId: String(pdf.id), decision: "accepted" },
    });
    expect(cross.status).toBe(404);

    const visitor = await new Client().fetch(`/admin/review/${app.id}`);
    expect(visitor.status).toBe(302);
    const applicant = await createApplicant();
    const applicantClient = await signInApplicantOverHttp(new Client(), applicant);
    const asApplicant = await applicantClient.fetch(`/admin/review/${app.id}`);
    expect([302, 403, 404]).toContain(asApplicant.status);
    expect(asApplicant.headers.get("location") ?? "").not.toBe(`/admin/review/${app.id}`);
  });
});

describe("the lender's review workspace", () => {
  let lenderA: { id: number; name: string };
  let lenderB: { id: number; name: string };
  let userA: TestLenderUser;
  let clientA: Client;
  let mine: { id: number; reference: string; docId: number };
  let theirs: { id: number; docId: number };

  beforeAll(async () => {
    [lenderA, lenderB] = await twoLenders();
    userA = await createLenderUser(lenderA.id);
    clientA = await signInLenderOverHttp(new Client(), userA);
    const applicant = await createApplicant({ firstName: "Lane", lastName: "Lender-Queue" });
    const a = (await createSubmittedApplication({ userId: applicant.id, submittedAt: new Date("2001-04-01T09:00:00Z") }))!;
    const aDoc = await createDocument({ applicationId: a.id, userId: applicant.id, data: PDF, name: "a-statement.pdf" });
    await shareWithLender(a.id, lenderA.id);
    mine = { id: a.id, reference: a.reference, docId: aDoc.id };
    const b = (await createSubmittedApplication({ userId: applicant.id }))!;
    const bDoc = await createDocument({ applicationId: b.id, userId: applicant.id, data: PDF, name: "b-statement.pdf" });
    await shareWithLender(b.id, lenderB.id);
    theirs = { id: b.id, docId: bDoc.id };
  });

  it("shows its own application beside its queue, the document inline from the lender's preview route", async () => {
    const page = await parse(await clientA.fetch(`/lender/review/${mine.id}`));
    expect(page.status).toBe(200);
    const row = page.$(`[data-testid=review-queue-row][data-application-id=${mine.id}]`);
    expect(squash(row.text())).toContain("Lane Lender-Queue");
    const cells = row
      .find("td")
      .map((_, td) => squash(page.$(td).text()))
      .get();
    expect(cells[1]).toBe("New match");
    expect(cells[2]).toBe("1");
    expect(row.find("[data-testid=review-sla]").attr("data-overdue")).toBe("true");
    expect(page.$(`[data-testid=review-queue-row][data-application-id=${theirs.id}]`).length).toBe(0);
    expect(page.$("[data-testid=document-viewer] iframe").attr("src")).toBe(`/lender/documents/${mine.docId}/preview`);
    // No document decisions for lenders: only the queue keys.
    expect(page.$("button[data-shortcut=accept]").length).toBe(0);
    expect(page.text("[data-testid=keyboard-shortcuts]")).not.toContain("Accept");
  });

  it("cannot open another lender's application or document in the workspace", async () => {
    expect((await clientA.fetch(`/lender/review/${theirs.id}`)).status).toBe(404);
    expect((await clientA.fetch(`/lender/review/${mine.id}?doc=${theirs.docId}`)).status).toBe(404);
    const file = await clientA.fetch(`/lender/documents/${theirs.docId}/preview`);
    expect(file.status).toBe(404);
    expect(await file.text()).not.toContain("%PDF");
    // Admins and visitors do not reach the lender's workspace.
    expect((await new Client().fetch(`/lender/review/${mine.id}`)).status).toBe(302);
    expect((await client.fetch(`/lender/review/${mine.id}`)).status).not.toBe(200);
  });
});
