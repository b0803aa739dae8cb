/**
 * The lender lifecycle end to end over HTTP, as browsers without JavaScript: a lender user of one lender sees
 * a fresh $30,000 working-capital application from Texas in its queue (not an Alaska one, nor
 * another lender's), makes a firm offer the applicant reads (APR from the money module) and accepts,
 * asks for a bank statement the applicant uploads, marks verifying then funded; every screen and
 * API then says "Funded", the applicant got an e-mail at each step and the dashboard counts one
 * active loan. Another lender's user cannot move it; each action is audited; funding before
 * verifying or before acceptance is refused with a clear message.
 */
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DECLINE_REASON_TEXT } from "~/content/decline-reasons";
import { getDb, schema } from "~/platform/db/db.server";
import { LENDER_MSG } from "~/features/lenders/lender.schema";
import { LENDER_ACTION_MSG } from "~/features/lenders/lender-actions.server";
import { formatBps } from "~/ui/format";
import { LIFECYCLE_MSG, stageLabel } from "~/features/applications/domain/loan-lifecycle";
import { priceLoan } from "~/features/marketplace/domain/offer-money";
import { samplePdf } from "../fixtures/documents";
import { signedInAdmin } from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { createApplicant } from "../support/fixtures";
import { parse, squash } from "../support/html";
import { Client } from "../support/http";
import { createLenderUser, postPairs, shareWithLender, signInLenderOverHttp } from "../support/lenders";
import { applyOverHttp } from "../support/wizard";

const FUNDED = stageLabel("funded");

const row = async (id: number) => (await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.id, id)))[0]!;
const offersOf = (applicationId: number) => getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, applicationId));
const mailKinds = async (email: string) =>
  (await getDb().select().from(schema.outbox).where(eq(schema.outbox.toEmail, email)).orderBy(desc(schema.outbox.id))).map((m) => m.kind);
const audits = (actorUserId: number, applicationId: number) =>
  getDb()
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.actorUserId, actorUserId), eq(schema.auditLog.targetId, String(applicationId))))
    .orderBy(desc(schema.auditLog.id));
const queueIds = async (client: Client) =>
  (await parse(await client.fetch("/lender")))
    .$("[data-application-id]")
    .map((_, el) => Number((el as { attribs: Record<string, string> }).attribs["data-application-id"]))
    .get();
const queueCount = async (client: Client, stage: string) =>
  Number((await parse(await client.fetch("/lender"))).$(`[data-stage="${stage}"] .font-mono`).text());

/** The lender whose instant offer the Texas application got, and a lender with none on it. */
async function lendersOf(applicationId: number) {
  const offers = await offersOf(applicationId);
  expect(offers.length, "a Texas working-capital application gets instant offers").toBeGreaterThan(0);
  const ours = offers[0]!.lenderId!;
  const lenders = await getDb().select().from(schema.lenders);
  const other = lenders.find((l) => !offers.some((o) => o.lenderId === l.id));
  expect(other, "a lender without an offer on the application").toBeDefined();
  return { ours, other: other!.id };
}

const lenderPost = (client: Client, appId: number, form: Record<string, string>) => client.fetch(`/lender/applications/${appId}`, { form });

describe("a lender takes a Texas application from its queue to funded", () => {
  it("queue, firm offer, acceptance, documents, verifying, funded: every screen says Funded, with e-mails and audit rows", async () => {
    const tx = await applyOverHttp();
    const alaska = await applyOverHttp({ state: "AK", city: "Juneau", zip: "99801" });
    expect((await row(alaska.app.id)).stage).toBe("no-lender-match");
    const { ours, other } = await lendersOf(tx.app.id);
    // An application only the other lender got an offer on.
    const otherOnly = (await createSubmittedApplication({ userId: (await createApplicant()).id }))!;
    await shareWithLender(otherOnly.id, other);

    const u = await createLenderUser(ours);
    const lender = await signInLenderOverHttp(new Client(), u);
    const intruder = await signInLenderOverHttp(new Client(), await createLenderUser(other));

    // The queue: the Texas application, not the Alaska one, not the other lender's.
    const ids = await queueIds(lender);
    expect(ids).toContain(tx.app.id);
    expect(ids).not.toContain(alaska.app.id);
    expect(ids).not.toContain(otherOnly.id);
    const verifyingBefore = await queueCount(lender, "verifying");
    const fundedBefore = await queueCount(lender, "funded");

    // Before the applicant accepted anything: no moving it to funded or verifying, with a clear message.
    const early = await parse(await lenderPost(lender, tx.app.id, { intent: "mark-funded", amount: "30000", fundedOn: "2026-01-05" }));
    expect(early.status).toBe(409);
    expect(early.text()).toContain(LENDER_ACTION_MSG.notAccepted);
    expect((await lenderPost(lender, tx.app.id, { intent: "mark-verifying" })).status).toBe(409);
    expect((await row(tx.app.id)).stage).toBe("offers-ready");

    // A firm offer, priced by the money module.
    const made = await lenderPost(lender, tx.app.id, {
      intent: "firm-offer",
      amount: "30000",
      termMonths: "24",
      noteRate: "11",
      originationFee: "600",
      prepayment: "No prepayment penalty",
      validityDays: "14",
    });
    expect(made.status).toBe(302);
    const firm = (await offersOf(tx.app.id)).find((o) => o.source === "lender")!;
    const money = priceLoan({ amountCents: 3_000_000, termMonths: 24, noteRateBps: 1100, feeCents: 60_000 });
    expect(firm.estimatedAprBps).toBe(money.estimatedAprBps);

    // The applicant sees it on the offers page, reads its disclosure and accepts it.
    const offersPage = await parse(await tx.client.fetch(`/dashboard/applications/${tx.app.reference}/offers`));
    const firmRow = offersPage.$(`[data-testid="offer-row"][data-offer-id="${firm.id}"]`);
    expect(firmRow.length).toBe(1);
    expect(firmRow.text()).toContain(formatBps(money.estimatedAprBps));
    expect((await parse(await tx.client.fetch(`/offers/${firm.id}`))).text()).toContain(formatBps(money.estimatedAprBps));
    const d = (await (await tx.client.fetch(`/api/offers/${firm.id}`)).json()) as { disclosureSha256: string };
    const accept = await tx.client.fetch(`/api/offers/${firm.id}/accept`, {
      json: { signerName: "Robin Okafor", confirmRead: true, disclosureSha256: d.disclosureSha256 },
    });
    expect(accept.status).toBe(200);
    expect((await row(tx.app.id)).stage).toBe("offer-accepted");
    const acceptedPage = await parse(await lender.fetch(`/lender/applications/${tx.app.id}`));
    expect(acceptedPage.text('[data-testid="lender-stage"]')).toBe("Accepted");
    expect(acceptedPage.$('form[aria-label="Mark verifying"]').length).toBe(1);
    expect(acceptedPage.$('form[aria-label="Mark funded"]').length).toBe(0);

    // Funding before verifying is refused, saying why.
    const tooSoon = await parse(await lenderPost(lender, tx.app.id, { intent: "mark-funded", amount: "30000", fundedOn: "2026-01-05" }));
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.text()).toContain(LIFECYCLE_MSG.wrongStage("fund", "offer-accepted"));

    // The lender asks for a bank statement; the applicant uploads it from the dashboard.
    const asked = await postPairs(lender, `/lender/applications/${tx.app.id}`, [
      ["intent", "request-documents"],
      ["documentTypes", "bank-statements"],
      ["message", "Please upload your last bank statement."],
    ]);
    expect(asked.status).toBe(302);
    const fd = new FormData();
    fd.set("intent", "upload");
    fd.set("applicationId", String(tx.app.id));
    fd.set("documentType", "bank-statements");
    fd.set("file", new Blob([new Uint8Array(samplePdf("lender-lifecycle"))], { type: "application/pdf" }), "statement.pdf");
    expect((await tx.client.fetch("/dashboard", { method: "POST", body: fd })).status).toBe(302);
    const [request] = await getDb().select().from(schema.documentRequests).where(eq(schema.documentRequests.applicationId, tx.app.id));
    expect(request!.status).toBe("fulfilled");
    const withDoc = await parse(await lender.fetch(`/lender/applications/${tx.app.id}`));
    expect(withDoc.text('[data-testid="lender-documents"]')).toContain("statement.pdf");

    // Another lender's user cannot move it: 404, nothing changed.
    const moves: Array<Record<string, string>> = [
      { intent: "mark-verifying" },
      { intent: "mark-funded", amount: "30000", fundedOn: "2026-01-05" },
    ];
    for (const form of moves) expect((await lenderPost(intruder, tx.app.id, form)).status).toBe(404);
    expect((await row(tx.app.id)).stage).toBe("offer-accepted");

    // Verifying.
    expect((await lenderPost(lender, tx.app.id, { intent: "mark-verifying" })).status).toBe(302);
    expect((await row(tx.app.id)).stage).toBe("lender-verifying");
    expect(await queueCount(lender, "verifying")).toBe(verifyingBefore + 1);
    const verifyingPage = await parse(await lender.fetch(`/lender/applications/${tx.app.id}`));
    expect(verifyingPage.text('[data-testid="lender-stage"]')).toBe("Verifying");
    expect(verifyingPage.$('form[aria-label="Mark funded"]').length).toBe(1);

    // Funded: the form's values are checked first, with clear errors.
    const bad = await parse(await lenderPost(lender, tx.app.id, { intent: "mark-funded", amount: "lots", fundedOn: "2026-02-30" }));
    expect(bad.status).toBe(400);
    expect(bad.text()).toContain(LENDER_MSG.fundedAmount);
    expect(bad.text()).toContain(LENDER_MSG.fundedOn);
    const tooMuch = await parse(
      await lenderPost(lender, tx.app.id, { intent: "mark-funded", amount: "30,000.01", fundedOn: "2026-01-05" }),
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.text()).toContain("at most the accepted offer");
    expect((await lenderPost(intruder, tx.app.id, { intent: "mark-funded", amount: "30000", fundedOn: "2026-01-05" })).status).toBe(404);
    expect((await row(tx.app.id)).stage).toBe("lender-verifying");
    expect((await lenderPost(lender, tx.app.id, { intent: "mark-funded", amount: "$30,000", fundedOn: "2026-01-05" })).status).toBe(302);
    const stored = await row(tx.app.id);
    expect([stored.stage, stored.fundedCents, stored.fundedOn]).toEqual(["funded", 3_000_000, "2026-01-05"]);
    expect(await queueCount(lender, "funded")).toBe(fundedBefore + 1);
    expect(await queueCount(lender, "verifying")).toBe(verifyingBefore);
    expect((await parse(await lender.fetch(`/lender/applications/${tx.app.id}`))).text('[data-testid="lender-stage"]')).toBe("Funded");

    // Every screen and API says Funded.
    const lookup = (await parse(await new Client().fetch(`/application-status?id=${tx.app.reference}`))).$;
    expect(squash(lookup("[data-testid=status-badge]").text())).toBe(FUNDED);
    const statusApi = (await (await new Client().fetch(`/api/loan-applications/status/${tx.app.reference}`)).json()) as Record<
      string,
      unknown
    >;
    expect(statusApi).toMatchObject({ stage: "funded", stageLabel: FUNDED });
    const dash = (await parse(await tx.client.fetch("/dashboard"))).$;
    const card = dash(`[data-testid=dashboard-application][data-reference="${tx.app.reference}"]`);
    expect(squash(card.find("[data-testid=stage-badge]").text())).toBe(FUNDED);
    expect(squash(dash("[data-testid=active-loans]").text())).toBe("1");
    const { client: admin } = await signedInAdmin();
    const details = (await parse(await admin.fetch(`/admin/applications/${tx.app.id}`))).$;
    expect(squash(details("[data-testid=admin-lifecycle] [data-testid=stage-badge]").text())).toBe(FUNDED);
    const adminApi = (await (await admin.fetch(`/api/admin/applications?q=${tx.app.reference}`)).json()) as Array<{
      id: number;
      stage: string;
    }>;
    expect(adminApi.find((a) => a.id === tx.app.id)).toMatchObject({ stage: "funded" });

    // The applicant's e-mails for the steps.
    expect(await mailKinds(tx.email)).toEqual(
      expect.arrayContaining(["application_submitted", "lender_firm_offer", "document_request", "stage_lender_verifying", "stage_funded"]),
    );

    // Each action is audited (refusals too).
    const rows = await audits(u.id, tx.app.id);
    const seen = rows.map((r) => `${r.action}:${r.outcome}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        "lender.firm_offer:success",
        "lender.documents_requested:success",
        "application.lender_verifying:success",
        "application.funded:success",
        "application.funded:denied",
      ]),
    );
  });
});

describe("a decline after the applicant accepted this lender's offer", () => {
  it("is the lifecycle's declined-after-review: stage declined, the notice names the lender and its reasons, once", async () => {
    const a = await applyOverHttp();
    const [offer] = await offersOf(a.app.id);
    const u = await createLenderUser(offer!.lenderId!);
    const lender = await signInLenderOverHttp(new Client(), u);
    const d = (await (await a.client.fetch(`/api/offers/${offer!.id}`)).json()) as { disclosureSha256: string };
    const accept = await a.client.fetch(`/api/offers/${offer!.id}/accept`, {
      json: { signerName: "Robin Okafor", confirmRead: true, disclosureSha256: d.disclosureSha256 },
    });
    expect(accept.status).toBe(200);
    const page = await parse(await lender.fetch(`/lender/applications/${a.app.id}`));
    expect(page.$("#decline-h").text()).toBe("Decline after review");

    const none = await parse(await lenderPost(lender, a.app.id, { intent: "decline" }));
    expect(none.status).toBe(400);
    expect(none.text()).toContain(LENDER_MSG.reasonsRequired);
    const res = await postPairs(lender, `/lender/applications/${a.app.id}`, [
      ["intent", "decline"],
      ["reasons", "unable-to-verify-income"],
    ]);
    expect(res.status).toBe(302);
    const stored = await row(a.app.id);
    expect(stored.stage).toBe("declined");
    const kinds = await mailKinds(a.email);
    expect(kinds.filter((k) => k === "lender_adverse_action")).toHaveLength(1);
    expect(kinds).not.toContain("stage_lender_declined");
    const [notice] = await getDb()
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.toEmail, a.email), eq(schema.outbox.kind, "lender_adverse_action")));
    expect(notice!.bodyText).toContain(`${offer!.lenderName} (NMLS`);
    expect(notice!.bodyText).toContain(DECLINE_REASON_TEXT["unable-to-verify-income"]);
    const lookup = (await parse(await new Client().fetch(`/application-status?id=${a.app.reference}`))).$;
    expect(squash(lookup("[data-testid=status-badge]").text())).toBe(stageLabel("declined"));
    expect((await parse(await lender.fetch(`/lender/applications/${a.app.id}`))).text('[data-testid="lender-stage"]')).toBe("Declined");
    const seen = (await audits(u.id, a.app.id)).map((r) => `${r.action}:${r.outcome}`);
    expect(seen).toContain("lender.declined:success");

    // A closed application cannot be moved any more.
    const late = await parse(await lenderPost(lender, a.app.id, { intent: "mark-verifying" }));
    expect(late.status).toBe(409);
    expect(late.text('[data-testid="lender-action-refused"]')).not.toBe("");
  });
});
