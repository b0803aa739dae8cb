/**
 * Object-level authorisation: applicant B, signed in, cannot reach any of applicant A's pages,
 * data, documents or API resources, by A's ids, a third applicant's or ids that do not exist; every answer is the same
 * "not found" a missing id gets (or a redirect away from admin pages), and nothing of A's changes.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { applicationRow, createDraftVia, signedInApplicant } from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { createDocument } from "../support/documents";
import { samplePdf } from "../fixtures/documents";
import type { Client } from "../support/http";

const tag = Math.random().toString(36).slice(2, 8);
const A_SECRETS = { marker: `A-DOC-${tag}`, fileName: `a-private-${tag}.pdf` };

let a: { client: Client; user: { id: number; email: string; firstName: string } };
let b: { client: Client; user: { id: number } };
let submitted: { id: number; reference: string };
let draft: { id: number; applicationId: string };
let docIds: number[] = [];
let secrets: string[] = [];

beforeAll(async () => {
  a = await signedInApplicant();
  b = await signedInApplicant();
  submitted = await createSubmittedApplication({ userId: a.user.id, annualIncome: 876_543 });
  draft = await createDraftVia(a.client, { amount: "42000", purpose: "working-capital", streetAddress: `${tag} Private Lane` });
  const d1 = await createDocument({
    applicationId: submitted.id,
    userId: a.user.id,
    data: samplePdf(A_SECRETS.marker),
    name: A_SECRETS.fileName,
  });
  const d2 = await createDocument({
    applicationId: draft.id,
    userId: a.user.id,
    data: samplePdf(A_SECRETS.marker),
    name: A_SECRETS.fileName,
  });
  docIds = [d1.id, d2.id];
  secrets = [submitted.reference, draft.applicationId, a.user.email, A_SECRETS.marker, A_SECRETS.fileName, `${tag} Private Lane`, "876543"];
});

async function expectNothingOfA(res: Response, where: string) {
  const body = await res.text();
  for (const s of secrets) expect(body.includes(s), `${where} shows ${s}`).toBe(false);
}

describe("applicant B against applicant A", () => {
  it("sees none of A's applications on the dashboard (page and data)", async () => {
    for (const p of ["/dashboard", "/dashboard.data"]) {
      const res = await b.client.fetch(p);
      expect(res.status).toBe(200);
      await expectNothingOfA(res, p);
    }
    // The check can see A's data: A's own dashboard shows the reference.
    expect(await (await a.client.fetch("/dashboard")).text()).toContain(submitted.reference);
  });

  it("gets 404 for A's documents and for other people's on pages and API, like a missing id", async () => {
    // Not A's ids plus or minus one: those belong to whichever test made a document meanwhile, and
    // the probes would land in that test's audit trail. C's documents are other people's for sure.
    const c = await signedInApplicant();
    const cApp = await createSubmittedApplication({ userId: c.user.id });
    const otherIds: number[] = [];
    for (const name of ["c-one.pdf", "c-two.pdf"])
      otherIds.push((await createDocument({ applicationId: cApp.id, userId: c.user.id, data: samplePdf(name), name })).id);
    const ids = [...docIds, ...otherIds, 2_000_000_000];
    for (const id of ids) {
      for (const p of [
        `/documents/${id}/preview`,
        `/documents/${id}/download`,
        `/api/documents/preview/${id}`,
        `/api/documents/download/${id}`,
      ]) {
        const res = await b.client.fetch(p);
        // B owns no document: A's ids, C's and a missing one all look missing.
        expect(res.status, p).toBe(404);
        await expectNothingOfA(res, p);
      }
    }
    // A gets them.
    expect((await a.client.fetch(`/api/documents/download/${docIds[0]}`)).status).toBe(200);
  });

  it("cannot change, submit or upload to A's draft through the API (404), and nothing changes", async () => {
    const before = await applicationRow(draft.id);
    for (const body of [{ amount: "30000" }, { status: "submitted" }, { userId: b.user.id }]) {
      const res = await b.client.fetch(`/api/loan-applications/db/${draft.id}`, { method: "PATCH", json: body });
      expect([403, 404], JSON.stringify(body)).toContain(res.status);
      await expectNothingOfA(res, "PATCH");
    }
    const fd = new FormData();
    fd.set("applicationId", String(draft.id));
    fd.set("documentType", "ein");
    fd.set("file", new Blob([new Uint8Array(samplePdf("B-upload"))]), "b.pdf");
    const up = await b.client.fetch("/api/documents/upload", { method: "POST", body: fd });
    expect(up.status).toBe(404);
    expect(await applicationRow(draft.id)).toEqual(before);
    const docs = await getDb()
      .select({ id: schema.documents.id })
      .from(schema.documents)
      .where(eq(schema.documents.applicationId, draft.id));
    expect(docs.map((d) => d.id)).toEqual([docIds[1]]);
  });

  it("cannot upload to A's submitted application from the dashboard form", async () => {
    const fd = new FormData();
    fd.set("applicationId", String(submitted.id));
    fd.set("documentType", "ein");
    fd.set("file", new Blob([new Uint8Array(samplePdf("B-dashboard"))]), "b.pdf");
    const res = await b.client.fetch("/dashboard", { method: "POST", body: fd });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const docs = await getDb()
      .select({ id: schema.documents.id })
      .from(schema.documents)
      .where(eq(schema.documents.applicationId, submitted.id));
    expect(docs.map((d) => d.id)).toEqual([docIds[0]]);
  });

  it("is sent away from the admin views and refused by the admin API", async () => {
    for (const p of [`/admin/applications/${submitted.id}`, "/admin/documents", `/admin?q=${submitted.reference}`]) {
      const res = await b.client.fetch(p);
      expect(res.status, p).toBe(302);
      expect(res.headers.get("location")).toBe("/admin-login");
    }
    for (const p of [`/api/admin/applications?q=${submitted.reference}`, "/api/admin/documents"]) {
      const res = await b.client.fetch(p);
      expect(res.status, p).toBe(403);
      await expectNothingOfA(res, p);
    }
    const status = await b.client.fetch(`/api/admin/applications/${submitted.id}/status`, {
      method: "PATCH",
      json: { status: "approved" },
    });
    expect(status.status).toBe(403);
    expect((await applicationRow(submitted.id))?.status).toBe("submitted");
  });

  it("cannot take over A's wizard draft by its ids", async () => {
    // The wizard finds a draft through the visitor's own session only; ids in the form are ignored.
    for (const p of ["/apply/documents", "/apply/review"]) {
      const res = await b.client.fetch(`${p}?draftId=${draft.id}&applicationId=${draft.id}`);
      await expectNothingOfA(res, p);
    }
  });
});
