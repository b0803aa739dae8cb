/**
 * A lender's own systems through the partner API, over HTTP with its lender partner's key: the same
 * queue, application, documents and actions as the lender workspace, through the same functions. The
 * key lists only its lender's matched applications and reads one (never another lender's offers);
 * another lender's or an unshared application is 404 like an unknown one; a firm offer reaches the
 * applicant's offers page with the money module's APR; a decline sends the applicant a notice naming
 * the lender; document requests, downloads, verifying and funded work after acceptance; each scope
 * is needed (403 without it); each action writes an audit row naming the key; POSTs honour
 * Idempotency-Key.
 */
import { and, desc, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DECLINE_REASON_TEXT } from "~/content/decline-reasons";
import { PARTNER_MSG } from "~/content/messages";
import { getDb, schema } from "~/platform/db/db.server";
import { LENDER_ACTION_MSG } from "~/features/lenders/lender-actions.server";
import { LENDER_MSG } from "~/features/lenders/lender.schema";
import { priceLoan } from "~/features/marketplace/domain/offer-money";
import { formatBps } from "~/ui/format";
import { samplePdf } from "../fixtures/documents";
import { expectJsonError } from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { createDocument } from "../support/documents";
import { createApplicant } from "../support/fixtures";
import { parse } from "../support/html";
import { shareWithLender } from "../support/lenders";
import { mailsTo } from "../support/mail";
import { bearerFetch, createTestKey, createTestPartner } from "../support/partners";
import { applyOverHttp } from "../support/wizard";

const ALL = ["applications:read", "offers:write", "documents:read"] as const;
const row = async (id: number) => (await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.id, id)))[0]!;
const offersOf = (applicationId: number) => getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, applicationId));

/** The audit rows of an application (or a document) that name the key. */
const keyAudits = (keyId: number, targetType: string, targetId: number) =>
  getDb()
    .select()
    .from(schema.auditLog)
    .where(
      and(
        eq(schema.auditLog.targetType, targetType),
        eq(schema.auditLog.targetId, String(targetId)),
        like(schema.auditLog.details, `%partner key ${keyId} %`),
      ),
    )
    .orderBy(desc(schema.auditLog.id));

type Key = { id: number; key: string; prefix: string };
let tx: Awaited<ReturnType<typeof applyOverHttp>>;
let ours: { id: number; name: string };
let other: { id: number; name: string };
let key: Key;
let otherKey: Key;
/** Shared with the other lender only; shared with nobody. */
let otherOnly: { id: number; reference: string };
let nobody: { id: number; reference: string };

beforeAll(async () => {
  tx = await applyOverHttp({ tag: "lenderapi" });
  const offers = await offersOf(tx.app.id);
  expect(offers.length, "a Texas working-capital application gets instant offers").toBeGreaterThan(0);
  const lenders = await getDb().select().from(schema.lenders);
  ours = lenders.find((l) => l.id === offers[0]!.lenderId)!;
  other = lenders.find((l) => !offers.some((o) => o.lenderId === l.id))!;
  expect(other, "a lender without an offer on the application").toBeDefined();
  key = await createTestKey((await createTestPartner("lender", ours.id)).id, { scopes: [...ALL] });
  otherKey = await createTestKey((await createTestPartner("lender", other.id)).id, { scopes: [...ALL] });
  const applicant = await createApplicant();
  const o = (await createSubmittedApplication({ userId: applicant.id }))!;
  await shareWithLender(o.id, other.id);
  otherOnly = { id: o.id, reference: o.reference };
  const n = (await createSubmittedApplication({ userId: applicant.id }))!;
  nobody = { id: n.id, reference: n.reference };
});

describe("a lender key reads its lender's queue and applications", () => {
  it("lists only its lender's matched applications, with a stage, and filters by stage", async () => {
    const res = await bearerFetch(key.key, "/api/partner/applications?limit=100");
    expect(res.status).toBe(200);
    const { applications } = (await res.json()) as { applications: Array<{ applicationId: string; stage: string; offers: unknown[] }> };
    const refs = applications.map((a) => a.applicationId);
    expect(refs).toContain(tx.app.reference);
    expect(refs).not.toContain(otherOnly.reference);
    expect(refs).not.toContain(nobody.reference);
    const mine = applications.find((a) => a.applicationId === tx.app.reference)!;
    expect(["new", "offer-out"]).toContain(mine.stage);
    const sameStage = (await (await bearerFetch(key.key, `/api/partner/applications?stage=${mine.stage}`)).json()) as typeof res;
    expect(JSON.stringify(sameStage)).toContain(tx.app.reference);
    const funded = await (await bearerFetch(key.key, "/api/partner/applications?stage=funded&limit=100")).json();
    expect(JSON.stringify(funded)).not.toContain(tx.app.reference);
    await expectJsonError(await bearerFetch(key.key, "/api/partner/applications?stage=everything"), 400);
    // The other lender's key sees its own, not ours.
    const theirs = JSON.stringify(await (await bearerFetch(otherKey.key, "/api/partner/applications?limit=100")).json());
    expect(theirs).toContain(otherOnly.reference);
    expect(theirs).not.toContain(tx.app.reference);
  });

  it("reads one as a lender user sees it: its own offers only, no notes, no contact details", async () => {
    const res = await bearerFetch(key.key, `/api/partner/applications/${tx.app.reference.toLowerCase()}`);
    expect(res.status).toBe(200);
    const app = (await res.json()) as Record<string, unknown> & { offers: Array<{ id: number; lenderName: string }> };
    expect(app).toMatchObject({ applicationId: tx.app.reference, amount: 30000, state: "TX", city: "Austin", closedToOffers: false });
    const ownOffers = (await offersOf(tx.app.id)).filter((o) => o.lenderId === ours.id).map((o) => o.id);
    expect(app.offers.map((o) => o.id).sort()).toEqual(ownOffers.sort());
    expect(app.offers.every((o) => o.lenderName === ours.name)).toBe(true);
    const text = JSON.stringify(app);
    expect(text).not.toContain(other.name);
    expect(text).not.toContain(tx.email);
    expect(text).not.toMatch(/"(email|phone|dateOfBirth|ssn|notes?|assignee|streetAddress)"/);
    const viewed = await keyAudits(key.id, "application", tx.app.id);
    expect(viewed.some((a) => a.action === "lender.application_viewed" && a.outcome === "success" && a.actorUserId === null)).toBe(true);
  });

  it("answers another lender's, an unshared, an unknown and a malformed reference alike: 404, the same message", async () => {
    const answers = [];
    for (const ref of [otherOnly.reference, nobody.reference, "APP-ZZZZZZZZZZZZ", "not-a-reference"]) {
      answers.push((await expectJsonError(await bearerFetch(key.key, `/api/partner/applications/${ref}`), 404)).message);
    }
    expect(new Set(answers)).toEqual(new Set([LENDER_ACTION_MSG.notFound]));
    // Actions on them change nothing and answer the same.
    const posts: Array<[string, unknown]> = [
      ["decline", { reasons: ["insufficient-income"] }],
      ["verifying", {}],
      ["document-requests", { documentTypes: ["bank-statements"], message: "Please" }],
    ];
    for (const ref of [otherOnly.reference, nobody.reference, "APP-ZZZZZZZZZZZZ"]) {
      for (const [path, json] of posts) {
        const res = await bearerFetch(key.key, `/api/partner/applications/${ref}/${path}`, { json });
        expect((await expectJsonError(res, 404)).message, `${path} ${ref}`).toBe(LENDER_ACTION_MSG.notFound);
      }
    }
    expect(await getDb().select().from(schema.lenderDeclines).where(eq(schema.lenderDeclines.applicationId, otherOnly.id))).toEqual([]);
    expect(await getDb().select().from(schema.documentRequests).where(eq(schema.documentRequests.applicationId, nobody.id))).toEqual([]);
  });

  it("needs applications:read to read, offers:write to act and documents:read to download (403 without)", async () => {
    const partner = await createTestPartner("lender", ours.id);
    const readOnly = await createTestKey(partner.id, { scopes: ["applications:read"] });
    const writeOnly = await createTestKey(partner.id, { scopes: ["offers:write"] });
    const base = `/api/partner/applications/${tx.app.reference}`;
    for (const path of ["/api/partner/applications", base]) {
      expect(await expectJsonError(await bearerFetch(writeOnly.key, path), 403)).toMatchObject({ requiredScope: "applications:read" });
    }
    expect(await expectJsonError(await bearerFetch(readOnly.key, `${base}/documents/1`), 403)).toMatchObject({
      requiredScope: "documents:read",
    });
    for (const [path, json] of [
      ["offers", {}],
      ["offers/1/confirm", {}],
      ["offers/1/withdraw", { reason: "x" }],
      ["decline", { reasons: ["insufficient-income"] }],
      ["document-requests", {}],
      ["verifying", {}],
      ["funded", {}],
    ] as const) {
      const res = await bearerFetch(readOnly.key, `${base}/${path}`, { json });
      expect(await expectJsonError(res, 403), path).toMatchObject({ message: PARTNER_MSG.keyScopeMissing, requiredScope: "offers:write" });
    }
    expect((await offersOf(tx.app.id)).filter((o) => o.source === "lender")).toEqual([]);
  });
});

describe("a lender key takes an application from its queue to funded", () => {
  it("firm offer (seen by the applicant with its APR), document request, download, verifying, funded; each audited naming the key", async () => {
    const base = `/api/partner/applications/${tx.app.reference}`;
    // Nothing to verify before the applicant accepted one of this lender's offers.
    expect((await expectJsonError(await bearerFetch(key.key, `${base}/verifying`, { json: {} }), 409)).message).toBe(
      LENDER_ACTION_MSG.notAccepted,
    );

    // A firm offer; invalid figures first.
    const bad = await expectJsonError(
      await bearerFetch(key.key, `${base}/offers`, {
        json: { amount: 10, termMonths: 24, noteRate: 11, originationFee: 600, prepayment: "x", validityDays: 14 },
      }),
      400,
    );
    expect(bad.errors?.amount).toEqual([LENDER_MSG.amount]);
    const offer = {
      amount: 30000,
      termMonths: 24,
      noteRate: 11,
      originationFee: 600,
      prepayment: "No prepayment penalty",
      validityDays: 14,
    };
    const headers = { "idempotency-key": `firm-${tx.app.reference}` };
    const made = await bearerFetch(key.key, `${base}/offers`, { json: offer, headers });
    expect(made.status).toBe(201);
    const answer = (await made.json()) as { message: string; id: number };
    expect(answer.message).toBe(LENDER_ACTION_MSG.firmOfferMade);
    // The same Idempotency-Key replays the answer and makes no second offer.
    const again = await bearerFetch(key.key, `${base}/offers`, { json: offer, headers });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(answer);
    const firms = (await offersOf(tx.app.id)).filter((o) => o.source === "lender");
    expect(firms.map((o) => o.id)).toEqual([answer.id]);
    const money = priceLoan({ amountCents: 3_000_000, termMonths: 24, noteRateBps: 1100, feeCents: 60_000 });
    expect(firms[0]!.estimatedAprBps).toBe(money.estimatedAprBps);
    expect(firms[0]!.createdBy).toBeNull();

    // The applicant sees it on the offers page, with the APR from the money module, and its disclosure.
    const offersPage = await parse(await tx.client.fetch(`/dashboard/applications/${tx.app.reference}/offers`));
    const firmRow = offersPage.$(`[data-testid="offer-row"][data-offer-id="${answer.id}"]`);
    expect(firmRow.length).toBe(1);
    expect(firmRow.text()).toContain(formatBps(money.estimatedAprBps));
    expect((await parse(await tx.client.fetch(`/offers/${answer.id}`))).text()).toContain(formatBps(money.estimatedAprBps));
    expect((await mailsTo(tx.email, "lender_firm_offer")).length).toBe(1);

    // A document request; the applicant uploads the statement from the dashboard; the key downloads it.
    const asked = await bearerFetch(key.key, `${base}/document-requests`, {
      json: { documentTypes: ["bank-statements"], message: "Please upload your last bank statement." },
    });
    expect(asked.status).toBe(201);
    const requestId = ((await asked.json()) as { id: number }).id;
    const [request] = await getDb().select().from(schema.documentRequests).where(eq(schema.documentRequests.id, requestId));
    expect(request).toMatchObject({ applicationId: tx.app.id, lenderId: ours.id, requestedBy: null });
    expect((await mailsTo(tx.email, "document_request")).length).toBe(1);
    const fd = new FormData();
    fd.set("intent", "upload");
    fd.set("applicationId", String(tx.app.id));
    fd.set("documentType", "bank-statements");
    const pdf = samplePdf("partner-lender-api");
    fd.set("file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "statement.pdf");
    expect((await tx.client.fetch("/dashboard", { method: "POST", body: fd })).status).toBe(302);
    const read = (await (await bearerFetch(key.key, base)).json()) as {
      documents: Array<{ id: number; fileName: string; downloadPath: string }>;
    };
    const doc = read.documents.find((d) => d.fileName === "statement.pdf")!;
    expect(doc.downloadPath).toBe(`${base}/documents/${doc.id}`);
    const file = await bearerFetch(key.key, doc.downloadPath);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("attachment");
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    const downloads = await keyAudits(key.id, "document", doc.id);
    expect(downloads.map((a) => [a.action, a.outcome])).toEqual([["document.download", "success"]]);
    // Not through another lender's key, nor through another application's path.
    await expectJsonError(await bearerFetch(otherKey.key, doc.downloadPath), 404);
    await expectJsonError(await bearerFetch(key.key, `/api/partner/applications/${otherOnly.reference}/documents/${doc.id}`), 404);

    // The applicant accepts the firm offer.
    const d = (await (await tx.client.fetch(`/api/offers/${answer.id}`)).json()) as { disclosureSha256: string };
    const accept = await tx.client.fetch(`/api/offers/${answer.id}/accept`, {
      json: { signerName: "Robin Okafor", confirmRead: true, disclosureSha256: d.disclosureSha256 },
    });
    expect(accept.status).toBe(200);

    // Another lender's key cannot move it.
    await expectJsonError(await bearerFetch(otherKey.key, `${base}/verifying`, { json: {} }), 404);
    const verifying = await bearerFetch(key.key, `${base}/verifying`, { json: {} });
    expect(verifying.status).toBe(200);
    expect(((await verifying.json()) as { message: string }).message).toBe(LENDER_ACTION_MSG.markedVerifying);
    expect((await row(tx.app.id)).stage).toBe("lender-verifying");
    const fundedBad = await expectJsonError(
      await bearerFetch(key.key, `${base}/funded`, { json: { amount: "lots", fundedOn: "2026-02-30" } }),
      400,
    );
    expect(fundedBad.errors).toMatchObject({ amount: [LENDER_MSG.fundedAmount], fundedOn: [LENDER_MSG.fundedOn] });
    const funded = await bearerFetch(key.key, `${base}/funded`, { json: { amount: 30000, fundedOn: "2026-01-05" } });
    expect(funded.status).toBe(200);
    const stored = await row(tx.app.id);
    expect([stored.stage, stored.fundedCents, stored.fundedOn]).toEqual(["funded", 3_000_000, "2026-01-05"]);
    const listed = (await (await bearerFetch(key.key, "/api/partner/applications?stage=funded&limit=100")).json()) as {
      applications: Array<{ applicationId: string }>;
    };
    expect(listed.applications.map((a) => a.applicationId)).toContain(tx.app.reference);

    // Every action is audited naming the key, with no user as the actor.
    const audits = await keyAudits(key.id, "application", tx.app.id);
    const actions = audits.filter((a) => a.outcome === "success").map((a) => a.action);
    for (const action of ["lender.firm_offer", "lender.documents_requested", "application.lender_verifying", "application.funded"]) {
      expect(actions, action).toContain(action);
    }
    expect(audits.some((a) => a.action === "application.lender_verifying" && a.outcome === "denied")).toBe(true);
    expect(audits.every((a) => a.actorUserId === null && a.details!.includes(key.prefix))).toBe(true);
    const events = await getDb().select().from(schema.applicationEvents).where(eq(schema.applicationEvents.applicationId, tx.app.id));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["lender_offer_added", "lender_documents_requested"]));
  });
});

describe("a lender key declines, confirms and withdraws", () => {
  it("declines with reason codes: the applicant gets the notice naming the lender; a second decline is refused", async () => {
    const applicant = await createApplicant();
    const app = (await createSubmittedApplication({ userId: applicant.id }))!;
    await shareWithLender(app.id, ours.id);
    const path = `/api/partner/applications/${app.reference}/decline`;
    const invalid = await expectJsonError(await bearerFetch(key.key, path, { json: { reasons: ["no-such-reason"] } }), 400);
    expect(invalid.errors?.reasons).toBeDefined();
    const res = await bearerFetch(key.key, path, { json: { reasons: ["insufficient-income", "credit-history"] } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe(LENDER_ACTION_MSG.declineSent);
    const [notice] = await mailsTo(applicant.email, "lender_adverse_action");
    expect(notice!.bodyText).toContain(ours.name);
    expect(notice!.bodyText).toContain(DECLINE_REASON_TEXT["insufficient-income"]);
    const [decline] = await getDb().select().from(schema.lenderDeclines).where(eq(schema.lenderDeclines.applicationId, app.id));
    expect(decline).toMatchObject({ lenderId: ours.id, declinedBy: null });
    expect((await expectJsonError(await bearerFetch(key.key, path, { json: { reasons: ["credit-history"] } }), 409)).message).toBe(
      LENDER_ACTION_MSG.alreadyDeclined,
    );
    const read = (await (await bearerFetch(key.key, `/api/partner/applications/${app.reference}`)).json()) as {
      stage: string;
      decline: { reasons: string[] };
    };
    expect(read.stage).toBe("declined");
    expect(read.decline.reasons).toContain(DECLINE_REASON_TEXT["insufficient-income"]);
    const audits = await keyAudits(key.id, "application", app.id);
    expect(audits.filter((a) => a.action === "lender.declined").map((a) => a.outcome)).toEqual(["denied", "success"]);
  });

  it("confirms and withdraws its open instant offers; another lender's offer id is 404", async () => {
    const applicant = await createApplicant();
    const app = (await createSubmittedApplication({ userId: applicant.id }))!;
    const first = await shareWithLender(app.id, ours.id);
    const second = await shareWithLender(app.id, ours.id, { amountCents: 2_000_000, termMonths: 12, noteRateBps: 1500, feeCents: 0 });
    const theirs = await shareWithLender(app.id, other.id);
    const base = `/api/partner/applications/${app.reference}/offers`;
    const confirmed = await bearerFetch(key.key, `${base}/${first}/confirm`, { json: {} });
    expect(confirmed.status).toBe(200);
    const withdrawn = await bearerFetch(key.key, `${base}/${second}/withdraw`, { json: { reason: "Terms changed" } });
    expect(withdrawn.status).toBe(200);
    expect((await expectJsonError(await bearerFetch(key.key, `${base}/${theirs}/confirm`, { json: {} }), 404)).message).toBe(
      LENDER_ACTION_MSG.offerNotFound,
    );
    const rows = await offersOf(app.id);
    expect(rows.find((o) => o.id === first)!.lenderConfirmedAt).toBeInstanceOf(Date);
    expect(rows.find((o) => o.id === second)!.status).toBe("withdrawn");
    expect(rows.find((o) => o.id === theirs)!.lenderConfirmedAt).toBeNull();
    const actions = (await keyAudits(key.id, "application", app.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["lender.offer_confirmed", "lender.offer_withdrawn"]));
  });
});

describe("a document of the application only", () => {
  it("a document of another application is 404 through this application's path", async () => {
    const applicant = await createApplicant();
    const app = (await createSubmittedApplication({ userId: applicant.id }))!;
    await shareWithLender(app.id, ours.id);
    const otherApp = (await createSubmittedApplication({ userId: applicant.id }))!;
    await shareWithLender(otherApp.id, ours.id);
    const doc = await createDocument({ applicationId: otherApp.id, userId: applicant.id, data: samplePdf("other"), name: "other.pdf" });
    await expectJsonError(await bearerFetch(key.key, `/api/partner/applications/${app.reference}/documents/${doc.id}`), 404);
    expect((await bearerFetch(key.key, `/api/partner/applications/${otherApp.reference}/documents/${doc.id}`)).status).toBe(200);
  });
});
