/**
 * GET /api/openapi.json: an OpenAPI 3.1 document of every /api route of docs/product.md. The
 * walk below calls every operation the document declares (happy path and its error answers) and
 * checks each answer's status is declared and its body matches the declared schema.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { enqueueWebhookEvent } from "~/features/partners/webhooks.server";
import { getDb, schema, transaction } from "~/platform/db/db.server";
import { applicationPayload, createDraftVia, registerPayload, signedInAdmin, signedInApplicant } from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { baseUrl, Client } from "../support/http";
import { openApiValidator } from "../support/json-schema";
import { samplePdf } from "../fixtures/documents";
import { bearerFetch, createTestKey, createTestPartner, referralBody, referralPartnerWithKey } from "../support/partners";

type Operation = {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }>; headers?: Record<string, unknown> }>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };

/** docs/product.md, every row. */
const SPEC_CALLS = [
  ["post", "/api/auth/login"],
  ["post", "/api/auth/register"],
  ["post", "/api/auth/logout"],
  ["post", "/api/loan-applications"],
  ["patch", "/api/loan-applications/db/{id}"],
  ["get", "/api/loan-applications/status/{applicationId}"],
  ["post", "/api/documents/upload"],
  ["get", "/api/admin/applications"],
  ["get", "/api/admin/documents"],
  ["patch", "/api/admin/applications/{id}/status"],
  ["get", "/api/documents/preview/{id}"],
  ["get", "/api/documents/download/{id}"],
] as const;

/** The marketplace's calls, walked the same way. */
const MARKET_CALLS = [
  ["get", "/api/loan-applications/{applicationId}/offers"],
  ["get", "/api/offers/{id}"],
  ["post", "/api/offers/{id}/accept"],
] as const;

let doc: Doc;
let validateJson: ReturnType<typeof openApiValidator>;

/** An applicant with a submitted $30,000 working-capital application in Texas (so: offers). */
async function applicantWithOffers() {
  const { client } = await signedInApplicant();
  const res = await client.fetch("/api/loan-applications", {
    json: { ...applicationPayload({ amount: "30000", state: "TX", zipCode: "75201" }), status: "submitted", shareWithLenders: true },
  });
  expect(res.status).toBe(201);
  const { applicationId } = (await res.json()) as { applicationId: string };
  const list = (await (await client.fetch(`/api/loan-applications/${applicationId}/offers`)).json()) as { offers: Array<{ id: number }> };
  return { client, applicationId, offerIds: list.offers.map((o) => o.id) };
}

beforeAll(async () => {
  const res = await new Client().fetch("/api/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  doc = (await res.json()) as Doc;
  validateJson = openApiValidator(doc);
});

function upload(client: Client, applicationId: number | string, file: Buffer = samplePdf()) {
  const fd = new FormData();
  fd.set("applicationId", String(applicationId));
  fd.set("documentType", "ein");
  fd.set("file", new Blob([new Uint8Array(file)], { type: "application/pdf" }), "ein letter.pdf");
  return client.fetch("/api/documents/upload", { method: "POST", body: fd });
}

/** How to call each operation: answers to check, happy path first. */
const recipes: Record<string, () => Promise<Response[]>> = {
  async register() {
    const payload = registerPayload();
    return [
      await new Client().fetch("/api/auth/register", { json: payload }),
      await new Client().fetch("/api/auth/register", { json: registerPayload({ email: payload.email }) }),
      await new Client().fetch("/api/auth/register", { json: registerPayload({ role: "admin" }) }),
      await new Client().fetch("/api/auth/register", { json: { email: "x" } }),
      await new Client().fetch("/api/auth/register", { method: "POST", body: "{", headers: { "content-type": "application/json" } }),
      await new Client().fetch("/api/auth/register", { method: "POST", body: "a=b", headers: { "content-type": "text/plain" } }),
      await new Client().fetch("/api/auth/register", { json: registerPayload({ firstName: "x".repeat(70_000) }) }),
      await new Client().fetch("/api/auth/register", { json: registerPayload(), headers: { origin: "http://evil.test" } }),
    ];
  },
  async login() {
    const payload = registerPayload();
    await new Client().fetch("/api/auth/register", { json: payload });
    return [
      await new Client().fetch("/api/auth/login", { json: { email: payload.email, password: payload.password } }),
      await new Client().fetch("/api/auth/login", { json: { email: payload.email, password: "Not-The-Password-9" } }),
      await new Client().fetch("/api/auth/login", { json: { email: "", password: "" } }),
    ];
  },
  async logout() {
    const { client } = await signedInApplicant();
    return [await client.fetch("/api/auth/logout", { method: "POST" })];
  },
  async createApplication() {
    const { client } = await signedInApplicant();
    return [
      await client.fetch("/api/loan-applications", { json: { amount: "25000" } }),
      await client.fetch("/api/loan-applications", { json: { ...applicationPayload(), status: "submitted" } }),
      await client.fetch("/api/loan-applications", { json: { ...applicationPayload(), userId: 2_000_000_000 } }),
      await client.fetch("/api/loan-applications", { json: { amount: "1" } }),
      await new Client().fetch("/api/loan-applications", { json: {} }),
      // A referral partner's key: the referral, a bad key, a missing scope, an Idempotency-Key reused.
      ...(await partnerCreateCalls()),
    ];
  },
  async updateApplication() {
    const { client } = await signedInApplicant();
    const draft = await createDraftVia(client);
    return [
      await client.fetch(`/api/loan-applications/db/${draft.id}`, {
        method: "PATCH",
        json: { ...applicationPayload(), status: "submitted" },
      }),
      await client.fetch(`/api/loan-applications/db/${draft.id}`, { method: "PATCH", json: { city: "Changed" } }),
      await client.fetch(`/api/loan-applications/db/${draft.id}`, { method: "PATCH", json: { status: "approved" } }),
      await client.fetch(`/api/loan-applications/db/${draft.id}`, { method: "PATCH", json: { zipCode: "1" } }),
      await client.fetch(`/api/loan-applications/db/999999999`, { method: "PATCH", json: {} }),
      await new Client().fetch(`/api/loan-applications/db/${draft.id}`, { method: "PATCH", json: {} }),
    ];
  },
  async applicationStatus() {
    const { user } = await signedInApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    return [
      await new Client().fetch(`/api/loan-applications/status/${app!.reference}`),
      await new Client().fetch("/api/loan-applications/status/APP-NOPE"),
    ];
  },
  async uploadDocument() {
    const { client, user } = await signedInApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const stranger = await signedInApplicant();
    return [await upload(client, app!.id), await upload(stranger.client, app!.id), await upload(new Client(), app!.id)];
  },
  async previewDocument() {
    return documentCalls("preview");
  },
  async downloadDocument() {
    return documentCalls("download");
  },
  async adminListApplications() {
    const { client } = await signedInAdmin();
    const { client: applicant } = await signedInApplicant();
    return [
      await client.fetch("/api/admin/applications?status=submitted&sort=asc"),
      await applicant.fetch("/api/admin/applications"),
      await new Client().fetch("/api/admin/applications"),
    ];
  },
  async adminListDocuments() {
    const { client } = await signedInAdmin();
    const { client: applicant } = await signedInApplicant();
    return [
      await client.fetch("/api/admin/documents?page=1"),
      await applicant.fetch("/api/admin/documents"),
      await new Client().fetch("/api/admin/documents"),
    ];
  },
  async adminChangeStatus() {
    const { client } = await signedInAdmin();
    const { client: applicant, user } = await signedInApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const path = `/api/admin/applications/${app!.id}/status`;
    return [
      await client.fetch(path, { method: "PATCH", json: { status: "under-review" } }),
      await client.fetch(path, { method: "PATCH", json: { status: "rejected" } }),
      await client.fetch(`/api/admin/applications/2000000000/status`, { method: "PATCH", json: { status: "approved" } }),
      await applicant.fetch(path, { method: "PATCH", json: { status: "approved" } }),
      await new Client().fetch(path, { method: "PATCH", json: { status: "approved" } }),
    ];
  },
  async listOffers() {
    const { client, applicationId } = await applicantWithOffers();
    const stranger = await signedInApplicant();
    return [
      await client.fetch(`/api/loan-applications/${applicationId}/offers`),
      await stranger.client.fetch(`/api/loan-applications/${applicationId}/offers`),
      await new Client().fetch(`/api/loan-applications/${applicationId}/offers`),
    ];
  },
  async getOfferDisclosure() {
    const { client, offerIds } = await applicantWithOffers();
    const stranger = await signedInApplicant();
    return [
      await client.fetch(`/api/offers/${offerIds[0]}`),
      await stranger.client.fetch(`/api/offers/${offerIds[0]}`),
      await new Client().fetch(`/api/offers/${offerIds[0]}`),
    ];
  },
  async acceptOffer() {
    const { client, offerIds } = await applicantWithOffers();
    const d = (await (await client.fetch(`/api/offers/${offerIds[0]}`)).json()) as { disclosureSha256: string };
    const d2 = (await (await client.fetch(`/api/offers/${offerIds[1]}`)).json()) as { disclosureSha256: string };
    const body = { signerName: "Jamie Rivera", confirmRead: true, disclosureSha256: d.disclosureSha256 };
    return [
      await client.fetch(`/api/offers/${offerIds[0]}/accept`, { json: body }),
      await client.fetch(`/api/offers/${offerIds[0]}/accept`, { json: body }),
      await client.fetch(`/api/offers/${offerIds[1]}/accept`, { json: { ...body, disclosureSha256: d2.disclosureSha256 } }),
      await client.fetch(`/api/offers/${offerIds[0]}/accept`, { json: { signerName: "" } }),
      await client.fetch(`/api/offers/2000000000/accept`, { json: body }),
      await new Client().fetch(`/api/offers/${offerIds[0]}/accept`, { json: body }),
    ];
  },
  // Back office
  async adminListDocumentRequests() {
    const { client, applicant, app } = await backOfficeSetup();
    await client.fetch(`/api/admin/applications/${app.id}/document-requests`, {
      json: { documentTypes: ["ein"], message: "EIN letter please" },
    });
    return [
      await client.fetch(`/api/admin/applications/${app.id}/document-requests`),
      await client.fetch("/api/admin/applications/2000000000/document-requests"),
      await applicant.fetch(`/api/admin/applications/${app.id}/document-requests`),
      await new Client().fetch(`/api/admin/applications/${app.id}/document-requests`),
    ];
  },
  async adminCreateDocumentRequest() {
    const { client, applicant, app } = await backOfficeSetup();
    const path = `/api/admin/applications/${app.id}/document-requests`;
    return [
      await client.fetch(path, { json: { documentTypes: ["bank-statements", "ein"], message: "The May statement is cut off" } }),
      await client.fetch(path, { json: { documentTypes: [], message: "" } }),
      await client.fetch("/api/admin/applications/2000000000/document-requests", { json: { documentTypes: ["ein"], message: "x" } }),
      await applicant.fetch(path, { json: { documentTypes: ["ein"], message: "x" } }),
      await new Client().fetch(path, { json: { documentTypes: ["ein"], message: "x" } }),
    ];
  },
  async adminReviewDocument() {
    const { client, applicant, app } = await backOfficeSetup();
    const up = await upload(applicant, app.id);
    const { id } = (await up.json()) as { id: number };
    const path = `/api/admin/documents/${id}/review`;
    return [
      await client.fetch(path, { json: { decision: "rejected", reason: "expired", requestReplacement: true } }),
      await client.fetch(path, { json: { decision: "rejected", reason: "other" } }),
      await client.fetch("/api/admin/documents/2000000000/review", { json: { decision: "accepted" } }),
      await applicant.fetch(path, { json: { decision: "accepted" } }),
      await new Client().fetch(path, { json: { decision: "accepted" } }),
    ];
  },
  async adminListNotes() {
    const { client, applicant, app } = await backOfficeSetup();
    await client.fetch(`/api/admin/applications/${app.id}/notes`, { json: { body: "Spoke to the applicant" } });
    return [
      await client.fetch(`/api/admin/applications/${app.id}/notes`),
      await client.fetch("/api/admin/applications/2000000000/notes"),
      await applicant.fetch(`/api/admin/applications/${app.id}/notes`),
      await new Client().fetch(`/api/admin/applications/${app.id}/notes`),
    ];
  },
  async adminAddNote() {
    const { client, applicant, app } = await backOfficeSetup();
    const path = `/api/admin/applications/${app.id}/notes`;
    return [
      await client.fetch(path, { json: { body: "Income verified by phone" } }),
      await client.fetch(path, { json: { body: " " } }),
      await client.fetch("/api/admin/applications/2000000000/notes", { json: { body: "x" } }),
      await applicant.fetch(path, { json: { body: "x" } }),
      await new Client().fetch(path, { json: { body: "x" } }),
    ];
  },
};

async function backOfficeSetup() {
  const { client } = await signedInAdmin();
  const { client: applicant, user } = await signedInApplicant();
  const app = (await createSubmittedApplication({ userId: user.id }))!;
  return { client, applicant, app };
}

/** The back office's admin API. */
/** The partner API. */
const PARTNER_CALLS = [
  ["get", "/api/partner/referrals/{applicationId}"],
  ["get", "/api/partner/applications"],
  ["get", "/api/partner/applications/{applicationId}"],
  ["get", "/api/partner/applications/{applicationId}/documents/{documentId}"],
  ["post", "/api/partner/applications/{applicationId}/offers"],
  ["post", "/api/partner/applications/{applicationId}/offers/{offerId}/confirm"],
  ["post", "/api/partner/applications/{applicationId}/offers/{offerId}/withdraw"],
  ["post", "/api/partner/applications/{applicationId}/decline"],
  ["post", "/api/partner/applications/{applicationId}/document-requests"],
  ["post", "/api/partner/applications/{applicationId}/verifying"],
  ["post", "/api/partner/applications/{applicationId}/funded"],
  ["get", "/api/partner/webhooks"],
  ["post", "/api/partner/webhooks"],
  ["delete", "/api/partner/webhooks/{id}"],
  ["get", "/api/partner/webhooks/deliveries"],
  ["post", "/api/partner/webhooks/deliveries/{id}/replay"],
] as const;

/** A referral partner with a webhook endpoint (a public address; the test server never sends to it). */
async function webhookPartner() {
  const made = await referralPartnerWithKey({ scopes: ["webhooks:manage"] });
  const res = await bearerFetch(made.key, "/api/partner/webhooks", {
    json: { url: "https://93.184.215.14/hooks", events: ["application.status_changed"] },
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  return { ...made, endpointId: id };
}

/** A delivery of the partner's endpoint, given up on (so it can be replayed). */
async function failedDelivery(partnerId: number) {
  const [id] = await transaction((tx) => enqueueWebhookEvent(tx, [partnerId], "application.status_changed", { applicationId: "APP-X" }));
  await getDb().update(schema.webhookDeliveries).set({ status: "failed" }).where(eq(schema.webhookDeliveries.id, id!));
  return id!;
}

/** A bearer POST with a body as given (malformed JSON, another content type). */
function rawBearerPost(key: string, path: string, body: string, contentType: string) {
  return fetch(baseUrl() + path, { method: "POST", body, headers: { authorization: `Bearer ${key}`, "content-type": contentType } });
}

recipes.listWebhookEndpoints = async () => {
  const { key } = await webhookPartner();
  return [
    await bearerFetch(key, "/api/partner/webhooks"),
    await bearerFetch((await referralPartnerWithKey()).key, "/api/partner/webhooks"),
    await new Client().fetch("/api/partner/webhooks"),
  ];
};

recipes.createWebhookEndpoint = async () => {
  const { key } = await referralPartnerWithKey({ scopes: ["webhooks:manage"] });
  const url = "https://93.184.215.14/created";
  return [
    await bearerFetch(key, "/api/partner/webhooks", { json: { url, events: ["application.funded"], contactEmail: "ops@partner.example" } }),
    await bearerFetch(key, "/api/partner/webhooks", { json: { url: "https://10.0.0.1/x", events: ["application.funded"] } }),
    await bearerFetch(key, "/api/partner/webhooks", { json: { url, events: [] } }),
    await rawBearerPost(key, "/api/partner/webhooks", "{", "application/json"),
    await rawBearerPost(key, "/api/partner/webhooks", "x", "text/plain"),
    await bearerFetch((await referralPartnerWithKey()).key, "/api/partner/webhooks", { json: { url, events: ["application.funded"] } }),
    await new Client().fetch("/api/partner/webhooks", { json: { url, events: ["application.funded"] } }),
  ];
};

recipes.deleteWebhookEndpoint = async () => {
  const mine = await webhookPartner();
  const other = await webhookPartner();
  return [
    await bearerFetch(mine.key, `/api/partner/webhooks/${mine.endpointId}`, { method: "DELETE" }),
    await bearerFetch(mine.key, `/api/partner/webhooks/${other.endpointId}`, { method: "DELETE" }),
    await bearerFetch(mine.key, "/api/partner/webhooks/abc", { method: "DELETE" }),
    await new Client().fetch(`/api/partner/webhooks/${other.endpointId}`, { method: "DELETE" }),
  ];
};

recipes.listWebhookDeliveries = async () => {
  const { key, partner } = await webhookPartner();
  await failedDelivery(partner.id);
  return [
    await bearerFetch(key, "/api/partner/webhooks/deliveries?status=failed"),
    await bearerFetch(key, "/api/partner/webhooks/deliveries?limit=0"),
    await bearerFetch((await referralPartnerWithKey()).key, "/api/partner/webhooks/deliveries"),
    await new Client().fetch("/api/partner/webhooks/deliveries"),
  ];
};

recipes.replayWebhookDelivery = async () => {
  const mine = await webhookPartner();
  const other = await webhookPartner();
  const id = await failedDelivery(mine.partner.id);
  const replay = await bearerFetch(mine.key, `/api/partner/webhooks/deliveries/${id}/replay`, { method: "POST" });
  const { id: pending } = (await replay.clone().json()) as { id: number };
  return [
    replay,
    await bearerFetch(mine.key, `/api/partner/webhooks/deliveries/${pending}/replay`, { method: "POST" }),
    await bearerFetch(other.key, `/api/partner/webhooks/deliveries/${id}/replay`, { method: "POST" }),
    await bearerFetch(mine.key, "/api/partner/webhooks/deliveries/abc/replay", { method: "POST" }),
    await new Client().fetch(`/api/partner/webhooks/deliveries/${id}/replay`, { method: "POST" }),
  ];
};

async function partnerCreateCalls() {
  const { key } = await referralPartnerWithKey();
  const readOnly = await referralPartnerWithKey({ scopes: ["applications:read"] });
  const headers = { "idempotency-key": "openapi-walk" };
  return [
    await bearerFetch(key, "/api/loan-applications", { json: referralBody(), headers }),
    await bearerFetch(key, "/api/loan-applications", { json: referralBody({ amount: "30000" }), headers }),
    await bearerFetch(key.slice(0, -3) + "AAA", "/api/loan-applications", { json: referralBody() }),
    await bearerFetch(readOnly.key, "/api/loan-applications", { json: referralBody() }),
  ];
}

recipes.getPartnerReferral = async () => {
  const mine = await referralPartnerWithKey();
  const other = await referralPartnerWithKey({ rateLimitPerMinute: 1 });
  const { applicationId } = (await (await bearerFetch(mine.key, "/api/loan-applications", { json: referralBody() })).json()) as {
    applicationId: string;
  };
  return [
    await bearerFetch(mine.key, `/api/partner/referrals/${applicationId}`),
    await bearerFetch(other.key, `/api/partner/referrals/${applicationId}`),
    await bearerFetch(other.key, `/api/partner/referrals/${applicationId}`),
    await bearerFetch(mine.key, "/api/partner/referrals/APP-ZZZZZZZZZZZZ"),
    await bearerFetch(mine.key, "/api/partner/referrals/not-a-reference"),
    await new Client().fetch(`/api/partner/referrals/${applicationId}`),
  ];
};

recipes.listPartnerApplications = async () => {
  const { offerIds } = await applicantWithOffers();
  const [offer] = await getDb().select().from(schema.offers).where(eq(schema.offers.id, offerIds[0]!));
  const partner = await createTestPartner("lender", offer!.lenderId);
  const { key } = await createTestKey(partner.id, { scopes: ["applications:read"] });
  return [
    await bearerFetch(key, "/api/partner/applications"),
    await bearerFetch(key, "/api/partner/applications?limit=0"),
    await bearerFetch((await referralPartnerWithKey()).key, "/api/partner/applications"),
    await new Client().fetch("/api/partner/applications"),
  ];
};

/** A Texas application with instant offers, and a key of the lender of its first offer with every lender scope. */
async function lenderKeyOnApplication() {
  const a = await applicantWithOffers();
  const [offer] = await getDb().select().from(schema.offers).where(eq(schema.offers.id, a.offerIds[0]!));
  const partner = await createTestPartner("lender", offer!.lenderId);
  const { key } = await createTestKey(partner.id, { scopes: ["applications:read", "offers:write", "documents:read"] });
  const base = `/api/partner/applications/${a.applicationId}`;
  const accept = async () => {
    const d = (await (await a.client.fetch(`/api/offers/${offer!.id}`)).json()) as { disclosureSha256: string };
    const res = await a.client.fetch(`/api/offers/${offer!.id}/accept`, {
      json: { signerName: "Jamie Rivera", confirmRead: true, disclosureSha256: d.disclosureSha256 },
    });
    expect(res.status).toBe(200);
  };
  return { ...a, key, base, offerId: offer!.id, accept };
}
const FIRM_OFFER = { amount: 30000, termMonths: 24, noteRate: 11, originationFee: 600, prepayment: "None", validityDays: 14 };

recipes.getPartnerApplication = async () => {
  const { key, base } = await lenderKeyOnApplication();
  return [
    await bearerFetch(key, base),
    await bearerFetch(key, "/api/partner/applications/APP-ZZZZZZZZZZZZ"),
    await bearerFetch((await referralPartnerWithKey()).key, base),
    await new Client().fetch(base),
  ];
};

recipes.downloadPartnerApplicationDocument = async () => {
  const { key, base, client, applicationId } = await lenderKeyOnApplication();
  const [app] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.reference, applicationId));
  const up = await upload(client, app!.id);
  expect(up.status).toBe(201);
  const { id } = (await up.json()) as { id: number };
  return [await bearerFetch(key, `${base}/documents/${id}`), await bearerFetch(key, `${base}/documents/${id + 100000}`)];
};

recipes.createPartnerFirmOffer = async () => {
  const { key, base } = await lenderKeyOnApplication();
  return [
    await bearerFetch(key, `${base}/offers`, { json: FIRM_OFFER }),
    await bearerFetch(key, `${base}/offers`, { json: { ...FIRM_OFFER, amount: 1 } }),
    await bearerFetch(key, "/api/partner/applications/APP-ZZZZZZZZZZZZ/offers", { json: FIRM_OFFER }),
  ];
};

recipes.confirmPartnerInstantOffer = async () => {
  const { key, base, offerId } = await lenderKeyOnApplication();
  await bearerFetch(key, `${base}/offers/${offerId}/confirm`, { json: {} });
  return [
    await bearerFetch(key, `${base}/offers/${offerId}/confirm`, { json: {} }),
    await bearerFetch(key, `${base}/offers/1999999999/confirm`, { json: {} }),
    await bearerFetch(key, `${base}/offers/${offerId}/confirm`, { json: { extra: 1 } }),
  ];
};

recipes.withdrawPartnerInstantOffer = async () => {
  const { key, base, offerId } = await lenderKeyOnApplication();
  return [
    await bearerFetch(key, `${base}/offers/${offerId}/withdraw`, { json: { reason: "Terms changed" } }),
    await bearerFetch(key, `${base}/offers/${offerId}/withdraw`, { json: { reason: "Again" } }),
    await bearerFetch(key, `${base}/offers/${offerId}/withdraw`, { json: {} }),
  ];
};

recipes.declinePartnerApplication = async () => {
  const { key, base } = await lenderKeyOnApplication();
  return [
    await bearerFetch(key, `${base}/decline`, { json: { reasons: ["insufficient-income"] } }),
    await bearerFetch(key, `${base}/decline`, { json: { reasons: ["insufficient-income"] } }),
    await bearerFetch(key, `${base}/decline`, { json: { reasons: [] } }),
  ];
};

recipes.createPartnerDocumentRequest = async () => {
  const { key, base } = await lenderKeyOnApplication();
  return [
    await bearerFetch(key, `${base}/document-requests`, { json: { documentTypes: ["bank-statements"], message: "Please" } }),
    await bearerFetch(key, `${base}/document-requests`, { json: {} }),
    await bearerFetch(key, "/api/partner/applications/APP-ZZZZZZZZZZZZ/document-requests", {
      json: { documentTypes: ["bank-statements"], message: "Please" },
    }),
  ];
};

recipes.markPartnerApplicationVerifying = async () => {
  const { key, base, accept } = await lenderKeyOnApplication();
  const early = await bearerFetch(key, `${base}/verifying`, { json: {} });
  await accept();
  return [await bearerFetch(key, `${base}/verifying`, { json: {} }), early, await bearerFetch(key, `${base}/verifying`, { json: {} })];
};

recipes.markPartnerApplicationFunded = async () => {
  const { key, base, accept } = await lenderKeyOnApplication();
  await accept();
  expect((await bearerFetch(key, `${base}/verifying`, { json: {} })).status).toBe(200);
  return [
    await bearerFetch(key, `${base}/funded`, { json: { amount: "25000", fundedOn: "2026-01-05" } }),
    await bearerFetch(key, `${base}/funded`, { json: { amount: "25000", fundedOn: "2026-01-05" } }),
    await bearerFetch(key, `${base}/funded`, { json: { amount: "lots" } }),
  ];
};

const BACK_OFFICE_CALLS = [
  ["get", "/api/admin/applications/{id}/document-requests"],
  ["post", "/api/admin/applications/{id}/document-requests"],
  ["post", "/api/admin/documents/{id}/review"],
  ["get", "/api/admin/applications/{id}/notes"],
  ["post", "/api/admin/applications/{id}/notes"],
] as const;

async function documentCalls(kind: "preview" | "download") {
  const { client, user } = await signedInApplicant();
  const app = await createSubmittedApplication({ userId: user.id });
  const up = await upload(client, app!.id);
  expect(up.status).toBe(201);
  const { id } = (await up.json()) as { id: number };
  const stranger = await signedInApplicant();
  return [
    await client.fetch(`/api/documents/${kind}/${id}`),
    await stranger.client.fetch(`/api/documents/${kind}/${id}`),
    await new Client().fetch(`/api/documents/${kind}/${id}`),
  ];
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 and describes every call of docs/product.md", () => {
    expect(doc.openapi).toBe("3.1.0");
    for (const [method, path] of SPEC_CALLS) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });

  it("has a recipe in this test for every operation it declares, and no other", () => {
    const declared = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(declared.sort()).toEqual(Object.keys(recipes).sort());
  });

  const operations = [...SPEC_CALLS, ...MARKET_CALLS, ...BACK_OFFICE_CALLS, ...PARTNER_CALLS].map(([method, path]) => ({ method, path }));
  it.each(operations)("$method $path: every answer is declared and matches its schema", async ({ method, path }) => {
    const op = doc.paths[path]![method]!;
    const answers = await recipes[op.operationId]!();
    expect(answers[0]!.status, "happy path").toBeLessThan(300);
    for (const res of answers) {
      const declared = op.responses[String(res.status)];
      expect(declared, `${op.operationId}: status ${res.status} is not declared`).toBeDefined();
      const contentType = (res.headers.get("content-type") ?? "").split(";")[0]!.trim();
      const media = declared!.content?.[contentType] ?? declared!.content?.["*/*"];
      expect(media, `${op.operationId} ${res.status}: content type ${contentType} is not declared`).toBeDefined();
      for (const name of Object.keys(declared!.headers ?? {}))
        expect(res.headers.has(name), `${op.operationId} ${res.status}: header ${name}`).toBe(true);
      if (contentType === "application/json") {
        const body = await res.json();
        const errors = validateJson(body, media!.schema);
        expect(errors, `${op.operationId} ${res.status}`).toEqual([]);
      } else {
        expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
      }
    }
  });

  it("is served with the human page listing every endpoint", async () => {
    const res = await new Client().fetch("/api-docs");
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const [method, path] of SPEC_CALLS) {
      expect(html).toContain(`>${method.toUpperCase()}<`);
      expect(html).toContain(`>${path}<`);
    }
  });
});

describe("unknown /api paths", () => {
  it("answer a JSON 404", async () => {
    const res = await new Client().fetch("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found" });
  });
});
