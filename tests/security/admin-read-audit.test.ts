/**
 * Every admin read of an applicant's data leaves one audit row (who, which application, from
 * where, page or API): the offers page (the signer's name and client address), the applicant's
 * offer pages and offer API read by an admin, the internal notes and document requests over the
 * API, and the lists. Filters are recorded without personal data: a search by its kind only.
 */
import { and, desc, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema, transaction } from "~/platform/db/db.server";
import { matchOnSubmit } from "~/features/marketplace/marketplace.server";
import { createSubmittedApplication } from "../support/applications";
import { adminClient, createAdmin, createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { Client } from "../support/http";

const a = schema.auditLog;

async function lastAuditId() {
  const [row] = await getDb().select({ id: a.id }).from(a).orderBy(desc(a.id)).limit(1);
  return row?.id ?? 0;
}

/** The audit rows `actorId` caused while `read` ran. */
async function auditedBy(actorId: number, read: () => Promise<Response>) {
  const before = await lastAuditId();
  const res = await read();
  expect(res.status, `${res.url} ${res.status}`).toBe(200);
  await res.arrayBuffer();
  return getDb()
    .select()
    .from(a)
    .where(and(eq(a.actorUserId, actorId), gt(a.id, before)));
}

/** A submitted application with its lenders' offers, as a submission leaves it. */
async function applicationWithOffers() {
  const owner = await createApplicant();
  const app = (await createSubmittedApplication({ userId: owner.id, amount: 30000 }))!;
  await transaction((tx) => matchOnSubmit(tx, app.id));
  const [offer] = await getDb()
    .select({ id: schema.offers.id })
    .from(schema.offers)
    .where(eq(schema.offers.applicationId, app.id))
    .limit(1);
  expect(offer, "the matching made at least one offer").toBeDefined();
  return { owner, app, offerId: offer!.id };
}

describe("admin reads of an applicant's data", () => {
  it("each write one audit row naming the admin, the application, the client address and the channel; the owner's own reads write none", async () => {
    const { owner, app, offerId } = await applicationWithOffers();
    const admin = await createAdmin();
    const ac = await adminClient(admin);
    const reads: Array<[path: string, action: string, details: string]> = [
      [`/admin/applications/${app.id}/offers`, "admin.offers_viewed", "via=page"],
      [`/dashboard/applications/${app.reference}/offers`, "admin.offers_viewed", "via=page"],
      [`/offers/${offerId}`, "admin.offer_viewed", `via=page offer=${offerId}`],
      [`/api/loan-applications/${app.reference}/offers`, "admin.offers_viewed", "via=api"],
      [`/api/offers/${offerId}`, "admin.offer_viewed", `via=api offer=${offerId}`],
      [`/api/admin/applications/${app.id}/notes`, "admin.notes_viewed", "via=api"],
      [`/api/admin/applications/${app.id}/document-requests`, "admin.document_requests_viewed", "via=api"],
    ];
    for (const [path, action, details] of reads) {
      const rows = await auditedBy(admin.id, () => ac.fetch(path));
      expect(
        rows.map((r) => ({ action: r.action, targetType: r.targetType, targetId: r.targetId, ip: r.ip, details: r.details })),
        path,
      ).toEqual([{ action, targetType: "application", targetId: String(app.id), ip: ac.ip, details }]);
    }

    // The owner reading their own offers is not an admin read.
    const oc = new Client();
    await oc.fetch("/login", { form: { email: owner.email, password: TEST_PASSWORD } });
    for (const path of [`/api/loan-applications/${app.reference}/offers`, `/api/offers/${offerId}`, `/offers/${offerId}`]) {
      expect(await auditedBy(owner.id, () => oc.fetch(path)), path).toEqual([]);
    }

    // The application's trail shows those reads to the next admin.
    const html = await (await ac.fetch(`/admin/applications/${app.id}`)).text();
    const trail = html.slice(html.indexOf('data-testid="audit-trail"'));
    for (const label of ["Viewed the offers", "Viewed an offer", "Viewed the internal notes", "Viewed the document requests"]) {
      expect(trail).toContain(label);
    }
  });

  it("lists and the CSV export record the search by its kind, never its text", async () => {
    const admin = await createAdmin();
    const ac = await adminClient(admin);
    const email = "searched.person@example.com";
    const cases: Array<[path: string, action: string, kind: string]> = [
      [`/admin/export.csv?q=${encodeURIComponent(email)}`, "backoffice.csv_exported", "search=email"],
      [`/admin?q=${encodeURIComponent(email)}`, "admin.list_applications", "search=email"],
      [`/api/admin/applications?q=${encodeURIComponent(email)}`, "admin.list_applications", "search=email"],
      ["/admin/export.csv?q=APP-7Q2X9K4M3N8P&status=submitted", "backoffice.csv_exported", "search=reference"],
      ["/admin/export.csv?q=Hernandez", "backoffice.csv_exported", "search=text"],
      ["/admin/export.csv", "backoffice.csv_exported", "search=none"],
    ];
    for (const [path, action, kind] of cases) {
      const rows = await auditedBy(admin.id, () => ac.fetch(path));
      const row = rows.find((r) => r.action === action);
      expect(row, path).toBeDefined();
      expect(row!.details!.split(" "), path).toContain(kind);
      for (const text of [email, "searched.person", "APP-7Q2X9K4M3N8P", "Hernandez"]) expect(row!.details, path).not.toContain(text);
    }
  });
});
