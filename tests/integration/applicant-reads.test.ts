/**
 * What the dashboard reads, on the real database: the applicant's applications (newest first,
 * each with its progress oldest first), the recent activity (newest first, document events named
 * while the document exists) and the back office's document requests (newest first, the newest
 * 500 at most, each request's items in the order they were asked). These reads sort in code what
 * the database no longer sorts for them, so the order is checked here, not assumed.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { listApplicationsForUser } from "~/features/applications/application-queries.server";
import { listRecentActivityForUser } from "~/features/applications/applicant-views.server";
import { listDocumentRequests } from "~/features/documents/document-requests.server";
import { createSubmittedApplication } from "../support/applications";
import { createApplicant } from "../support/fixtures";

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute));

async function addEvent(applicationId: number, type: string, minute: number, extra: { toStatus?: string; note?: string } = {}) {
  await getDb()
    .insert(schema.applicationEvents)
    .values({ applicationId, type, createdAt: at(minute), ...extra });
}

async function addDocument(applicationId: number, fileName: string) {
  const [res] = await getDb()
    .insert(schema.documents)
    .values({
      applicationId,
      documentType: "bank-statements",
      fileName,
      fileSize: 10,
      contentType: "application/pdf",
      storageKey: randomBytes(16).toString("hex"),
      wrappedKey: "test",
      keyId: "test",
    });
  return res.insertId;
}

describe("the dashboard's reads", () => {
  let userId = 0;
  let older = 0;
  let newer = 0;
  let keptDocument = 0;

  beforeAll(async () => {
    userId = (await createApplicant()).id;
    older = (await createSubmittedApplication({ userId, submittedAt: at(1) }))!.id;
    newer = (await createSubmittedApplication({ userId, submittedAt: at(2), status: "approved" }))!.id;
    await createSubmittedApplication({ userId, status: "draft" });
    // Inserted out of time order: the reads must order by time, not by insertion.
    await addEvent(newer, "status_changed", 30, { toStatus: "approved" });
    await addEvent(newer, "submitted", 2, { toStatus: "submitted" });
    await addEvent(newer, "status_changed", 10, { toStatus: "under-review" });
    await addEvent(older, "submitted", 1, { toStatus: "submitted" });
    keptDocument = await addDocument(older, "march-statement.pdf");
    await addEvent(older, "document_uploaded", 20, { note: `bank-statements (document ${keptDocument})` });
    await addEvent(older, "document_uploaded", 25, { note: "bank-statements (document 999999999)" });
    await addEvent(older, "note_added", 5, { note: "not a document event (document 1)" });
  });

  it("lists applications newest first, drafts left out, each with its progress oldest first", async () => {
    const apps = await listApplicationsForUser(userId);
    expect(apps.map((a) => a.id)).toEqual([newer, older]);
    expect(apps[0]!.history.map((h) => h.toStatus)).toEqual(["submitted", "under-review", "approved"]);
    expect(apps[1]!.history.map((h) => h.type)).toEqual(["submitted"]);
  });

  it("lists the latest activity newest first, naming a document only while it exists", async () => {
    const activity = await listRecentActivityForUser(userId, 5);
    expect(activity.map((a) => a.at)).toEqual([at(30), at(25), at(20), at(10), at(5)].map((d) => d.toISOString()));
    const [, gone, kept] = activity;
    expect(kept).toMatchObject({ type: "document_uploaded", documentType: "bank-statements", documentName: "march-statement.pdf" });
    expect(gone).toMatchObject({ type: "document_uploaded", documentType: "bank-statements", documentName: null });
    expect(activity[4]).not.toHaveProperty("documentName");
  });

  it("lists document requests newest first with their items in the order asked", async () => {
    const db = getDb();
    const ask = async (minute: number, types: Array<(typeof schema.DOCUMENT_TYPES_DB)[number]>) => {
      const [res] = await db
        .insert(schema.documentRequests)
        .values({ applicationId: older, message: `asked at ${minute}`, createdAt: at(minute) });
      for (const documentType of types) await db.insert(schema.documentRequestItems).values({ requestId: res.insertId, documentType });
      return res.insertId;
    };
    const first = await ask(40, ["ssn", "id-front"]);
    const second = await ask(50, ["llc", "ein", "bank-statements"]);
    const list = await listDocumentRequests([older, newer]);
    expect(list.map((r) => r.id)).toEqual([second, first]);
    expect(list[0]!.items.map((i) => i.documentType)).toEqual(["llc", "ein", "bank-statements"]);
    expect(list[1]!.items.map((i) => i.documentType)).toEqual(["ssn", "id-front"]);
  });

  it("keeps only the newest 500 requests when there are more, in the plain read too", async () => {
    const app = (await createSubmittedApplication({ userId, submittedAt: at(4) }))!.id;
    const db = getDb();
    // 600 requests x 1 item: under the plain read's row limit, over the 500-request cap.
    await db
      .insert(schema.documentRequests)
      .values(
        Array.from({ length: 600 }, (_, k) => ({ applicationId: app, message: `p${k}`, createdAt: new Date(at(0).getTime() + k * 1000) })),
      );
    const made = await db
      .select({ id: schema.documentRequests.id })
      .from(schema.documentRequests)
      .where(eq(schema.documentRequests.applicationId, app));
    await db.insert(schema.documentRequestItems).values(made.map((r) => ({ requestId: r.id, documentType: "ein" as const })));
    const list = await listDocumentRequests([app]);
    expect(list).toHaveLength(500);
    expect(list[0]!.message).toBe("p599");
    expect(list[499]!.message).toBe("p100");
    for (const r of list) expect(r.items.map((i) => i.documentType)).toEqual(["ein"]);
  });

  it("keeps only the newest 500 requests, each whole, when an application has thousands of rows", async () => {
    const app = (await createSubmittedApplication({ userId, submittedAt: at(3) }))!.id;
    const db = getDb();
    // 900 requests x 6 items: more rows than the plain read takes, so the ordered read answers.
    const requests = Array.from({ length: 900 }, (_, k) => ({
      applicationId: app,
      message: `r${k}`,
      createdAt: new Date(at(0).getTime() + k * 1000),
    }));
    await db.insert(schema.documentRequests).values(requests);
    const made = await db
      .select({ id: schema.documentRequests.id })
      .from(schema.documentRequests)
      .where(eq(schema.documentRequests.applicationId, app));
    const reversed = [...schema.DOCUMENT_TYPES_DB].reverse();
    await db
      .insert(schema.documentRequestItems)
      .values(made.flatMap((r) => reversed.map((documentType) => ({ requestId: r.id, documentType }))));
    const list = await listDocumentRequests([app]);
    expect(list).toHaveLength(500);
    expect(list[0]!.message).toBe("r899");
    expect(list[499]!.message).toBe("r400");
    for (const r of list) expect(r.items.map((i) => i.documentType)).toEqual(reversed);
  });
});
