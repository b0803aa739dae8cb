/** GET /api/admin/applications, GET /api/admin/documents, PATCH /api/admin/applications/{id}/status. */
import { describe, expect, it } from "vitest";
import { REJECTION_REASON_REQUIRED } from "~/features/back-office/admin.schema";
import { MSG } from "~/content/messages";
import {
  applicationRow,
  createDraftVia,
  eventsOf,
  expectCrossSiteRefusal,
  expectJsonError,
  outboxTo,
  signedInAdmin,
  signedInApplicant,
} from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { createApplicant } from "../support/fixtures";
import { Client } from "../support/http";
import { samplePdf } from "../fixtures/documents";

async function uploadPdf(client: Client, applicationId: number, name = "bank statement.pdf") {
  const fd = new FormData();
  fd.set("applicationId", String(applicationId));
  fd.set("documentType", "bank-statements");
  fd.set("file", new Blob([new Uint8Array(samplePdf())], { type: "application/pdf" }), name);
  const res = await client.fetch("/api/documents/upload", { method: "POST", body: fd });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number };
}

describe("admin endpoints refuse everyone but admins", () => {
  it.each([
    ["GET", "/api/admin/applications"],
    ["GET", "/api/admin/documents"],
    ["PATCH", "/api/admin/applications/1/status"],
  ])("%s %s: 401 signed out, 403 for an applicant", async (method, path) => {
    const init = method === "PATCH" ? { method, json: { status: "approved" } } : { method };
    const anonymous = await expectJsonError(await new Client().fetch(path, init), 401);
    expect(anonymous.message).toBe(MSG.authRequired);
    const { client } = await signedInApplicant();
    const denied = await expectJsonError(await client.fetch(path, init), 403);
    expect(denied.message).toBe(MSG.accessDenied);
  });
});

describe("GET /api/admin/applications", () => {
  it("lists submitted applications with every field, newest first, filtered like the panel", async () => {
    // Dates far ahead, so rows other test files add to the shared database never come first.
    const owner = await createApplicant();
    const older = await createSubmittedApplication({
      userId: owner.id,
      amount: 15000,
      purpose: "other",
      submittedAt: new Date(Date.UTC(2090, 0, 1)),
    });
    const newer = await createSubmittedApplication({
      userId: owner.id,
      amount: 20000,
      purpose: "other",
      status: "approved",
      stage: "offer-accepted",
      submittedAt: new Date(Date.UTC(2090, 0, 2)),
    });
    const draft = await createSubmittedApplication({ userId: owner.id, status: "draft" });
    const { client } = await signedInAdmin();

    const res = await client.fetch("/api/admin/applications");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(Number(res.headers.get("x-total-count"))).toBeGreaterThanOrEqual(2);
    expect(res.headers.get("x-page")).toBe("1");
    const list = (await res.json()) as Array<Record<string, unknown>>;
    expect(list.length).toBeLessThanOrEqual(25);
    expect(list[0]).toEqual({
      id: newer!.id,
      applicationId: newer!.reference,
      userId: owner.id,
      amount: "20000",
      purpose: "other",
      annualIncome: "120000",
      livingSituation: "rent",
      monthlyPayment: "1500",
      businessName: "",
      ein: "",
      industry: "",
      timeInBusiness: "",
      monthlyRevenue: "0",
      creditScoreRange: "",
      naicsCode: "",
      numberOfWorkers: "",
      streetAddress: "100 Main Street",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      status: "approved",
      stage: "offer-accepted",
      submittedAt: newer!.submittedAt!.toISOString(),
      lenderShareConsentAt: newer!.submittedAt!.toISOString(),
      updatedAt: expect.any(String),
    });
    expect(list[1]!.id).toBe(older!.id);
    expect(list.some((a) => a.id === draft!.id)).toBe(false);

    const approved = (await (await client.fetch("/api/admin/applications?status=approved&q=other")).json()) as Array<{
      id: number;
      status: string;
    }>;
    expect(approved.every((a) => a.status === "approved")).toBe(true);
    expect(approved.some((a) => a.id === newer!.id)).toBe(true);
    expect(approved.some((a) => a.id === older!.id)).toBe(false);

    const byRef = (await (await client.fetch(`/api/admin/applications?q=${older!.reference.toLowerCase()}`)).json()) as Array<{
      id: number;
    }>;
    expect(byRef.map((a) => a.id)).toEqual([older!.id]);

    const asc = (await (await client.fetch("/api/admin/applications?sort=asc&status=bogus&page=-3")).json()) as Array<{ id: number }>;
    expect(asc[0]!.id).not.toBe(newer!.id);
  });
});

describe("GET /api/admin/documents", () => {
  it("lists documents of submitted applications with their application's ids", async () => {
    const { client: applicant, user } = await signedInApplicant();
    const submitted = await createSubmittedApplication({ userId: user.id });
    const draft = await createDraftVia(applicant);
    const doc = await uploadPdf(applicant, submitted!.id);
    const draftDoc = await uploadPdf(applicant, draft.id, "draft.pdf");
    const { client } = await signedInAdmin();
    const res = await client.fetch("/api/admin/documents");
    expect(res.status).toBe(200);
    const list = (await res.json()) as Array<Record<string, unknown>>;
    const mine = list.find((d) => d.id === doc.id);
    expect(mine).toEqual({
      id: doc.id,
      applicationId: submitted!.id,
      applicationReference: submitted!.reference,
      documentType: "bank-statements",
      fileName: "bank statement.pdf",
      fileSize: samplePdf().length,
      uploadedAt: expect.stringMatching(/Z$/),
    });
    expect(list.some((d) => d.id === draftDoc.id)).toBe(false);
    expect(Number(res.headers.get("x-total-count"))).toBeGreaterThanOrEqual(1);
  });
});

describe("PATCH /api/admin/applications/{id}/status", () => {
  it("changes the status with an audit event and an e-mail, and answers the application", async () => {
    const owner = await createApplicant();
    // "approved" needs an accepted offer.
    const app = await createSubmittedApplication({ userId: owner.id, status: "offer-accepted", stage: "offer-accepted" });
    const { client, admin } = await signedInAdmin();
    const res = await client.fetch(`/api/admin/applications/${app!.id}/status`, { method: "PATCH", json: { status: "approved" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: app!.id, status: "approved", stage: "offer-accepted", applicationId: app!.reference });
    const [event] = await eventsOf(app!.id, "status_changed");
    expect(event).toMatchObject({ fromStatus: "offer-accepted", toStatus: "approved", actorUserId: admin.id });
    expect((await outboxTo(owner.email)).map((m) => m.kind)).toEqual(["status_approved"]);
  });

  it("needs a reason to reject, then records it", async () => {
    const owner = await createApplicant();
    const app = await createSubmittedApplication({ userId: owner.id });
    const { client } = await signedInAdmin();
    for (const json of [{ status: "rejected" }, { status: "rejected", note: "   " }]) {
      const body = await expectJsonError(await client.fetch(`/api/admin/applications/${app!.id}/status`, { method: "PATCH", json }), 400);
      expect(body.errors).toEqual({ note: [REJECTION_REASON_REQUIRED] });
    }
    expect((await applicationRow(app!.id))?.status).toBe("submitted");
    const res = await client.fetch(`/api/admin/applications/${app!.id}/status`, {
      method: "PATCH",
      json: { status: "rejected", note: "Insufficient revenue history" },
    });
    expect(res.status).toBe(200);
    const [event] = await eventsOf(app!.id, "status_changed");
    expect(event?.note).toBe("Insufficient revenue history");
  });

  it("answers 400 for a bad status or note, 404 for unknown ids and drafts", async () => {
    const owner = await createApplicant();
    const app = await createSubmittedApplication({ userId: owner.id });
    const draft = await createSubmittedApplication({ userId: owner.id, status: "draft" });
    const { client } = await signedInAdmin();
    const bad = await expectJsonError(
      await client.fetch(`/api/admin/applications/${app!.id}/status`, { method: "PATCH", json: { status: "pending" } }),
      400,
    );
    expect(bad.errors).toEqual({ status: ["Please choose a status"] });
    const long = await expectJsonError(
      await client.fetch(`/api/admin/applications/${app!.id}/status`, {
        method: "PATCH",
        json: { status: "approved", note: "n".repeat(1001) },
      }),
      400,
    );
    expect(Object.keys(long.errors ?? {})).toEqual(["note"]);
    await expectJsonError(
      await client.fetch(`/api/admin/applications/${app!.id}/status`, { method: "PATCH", json: { status: "approved", extra: 1 } }),
      400,
    );
    await expectJsonError(
      await client.fetch(`/api/admin/applications/${app!.id}/status`, {
        method: "PATCH",
        body: "status=approved",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      415,
    );
    await expectJsonError(
      await client.fetch(`/api/admin/applications/${app!.id}/status`, {
        method: "PATCH",
        body: "[",
        headers: { "content-type": "application/json" },
      }),
      400,
    );
    expect((await applicationRow(app!.id))?.status).toBe("submitted");
    for (const id of [draft!.id, 2_000_000_000, "x"]) {
      const body = await expectJsonError(
        await client.fetch(`/api/admin/applications/${id}/status`, { method: "PATCH", json: { status: "approved" } }),
        404,
      );
      expect(body.message).toBe(MSG.statusNotFound);
    }
    expect((await applicationRow(draft!.id))?.status).toBe("draft");
  });

  it("refuses a cross-site status change", async () => {
    const owner = await createApplicant();
    const app = await createSubmittedApplication({ userId: owner.id });
    const { client } = await signedInAdmin();
    const res = await client.fetch(`/api/admin/applications/${app!.id}/status`, {
      method: "PATCH",
      json: { status: "approved" },
      headers: { origin: "http://evil.test" },
    });
    await expectCrossSiteRefusal(res);
    expect((await applicationRow(app!.id))?.status).toBe("submitted");
    expect(await eventsOf(app!.id)).toHaveLength(0);
  });
});
