/**
 * The loan's life over HTTP against the run's server and MySQL: no lender match
 * (Alaska) on every screen, "approved" only with an accepted offer, the reasoned cancellation,
 * the lender's moves (verifying, funded) and the dashboard's active loans, which count only a
 * funded loan.
 */
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { cancelApplication, declineAfterReview, markFunded, markVerifying } from "~/features/marketplace/loan-stage.server";
import { LIFECYCLE_MSG } from "~/features/applications/domain/loan-lifecycle";
import { signedInAdmin } from "../support/api";
import { parse, squash } from "../support/html";
import { Client } from "../support/http";
import { applyOverHttp } from "../support/wizard";

const row = async (id: number) => (await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.id, id)))[0]!;
const mailsTo = (email: string) =>
  getDb().select().from(schema.outbox).where(eq(schema.outbox.toEmail, email)).orderBy(desc(schema.outbox.id));
const stageEvents = (id: number) =>
  getDb()
    .select()
    .from(schema.applicationEvents)
    .where(and(eq(schema.applicationEvents.applicationId, id), eq(schema.applicationEvents.type, "stage_changed")));

async function activeLoans(client: Client) {
  const { $ } = await parse(await client.fetch("/dashboard"));
  return squash($("[data-testid=active-loans]").text());
}

/** A Texas application with an accepted offer (accepted through the API, as the applicant). */
async function acceptedApplication() {
  const a = await applyOverHttp();
  const list = (await (await a.client.fetch(`/api/loan-applications/${a.app.reference}/offers`)).json()) as {
    offers: Array<{ id: number }>;
  };
  const offerId = list.offers[0]!.id;
  const d = (await (await a.client.fetch(`/api/offers/${offerId}`)).json()) as { disclosureSha256: string };
  const res = await a.client.fetch(`/api/offers/${offerId}/accept`, {
    json: { signerName: "Robin Okafor", confirmRead: true, disclosureSha256: d.disclosureSha256 },
  });
  expect(res.status).toBe(200);
  const [offer] = await getDb().select().from(schema.offers).where(eq(schema.offers.id, offerId));
  return { ...a, offer: offer! };
}

describe("no lender match (Alaska), everywhere the applicant looks", () => {
  it("is its own stage, with the reasons that decided it and next steps, and never 'see your offers', 'being reviewed' or a funding timeline", async () => {
    const { client, app, email } = await applyOverHttp({ state: "AK", city: "Juneau", zip: "99801" });
    const stored = await row(app.id);
    expect(stored.stage).toBe("no-lender-match");
    expect(stored.status).toBe("submitted");
    const [ev] = await stageEvents(app.id);
    expect(ev).toMatchObject({ fromStatus: "submitted", toStatus: "no-lender-match" });
    expect(ev!.note).toBe("None of our partner lenders lends to businesses in Alaska.");

    const forbidden = [
      /see your offers/i,
      /compare (lender |the )?offers/i,
      /being reviewed/i,
      /within 24-48 hours/i,
      /funding:/i,
      /funding usually/i,
      /same day to 1 business day/i,
      /typical timeline/i,
      /lender verifying/i,
    ];
    const checkText = (where: string, text: string) => {
      for (const f of forbidden) expect(text, `${where} says ${f}`).not.toMatch(f);
      expect(text, where).toContain("None of our partner lenders lends to businesses in Alaska.");
    };

    // The submitted page (the wizard's last step).
    const submitted = (await parse(await client.fetch("/apply/submitted"))).$;
    expect(submitted("[data-testid=see-offers]")).toHaveLength(0);
    expect(submitted("[data-testid=stage-badge]").text()).toBe("No lender match");
    checkText("submitted page", squash(submitted("main").text()));

    // The dashboard.
    const dash = (await parse(await client.fetch("/dashboard"))).$;
    const card = dash(`[data-testid=dashboard-application][data-reference="${app.reference}"]`);
    expect(card.find("[data-testid=stage-badge]").text()).toBe("No lender match");
    expect(card.find("[data-testid=offers-link]")).toHaveLength(0);
    expect(card.find("[data-testid=no-match-next] li").length).toBeGreaterThanOrEqual(2);
    checkText("dashboard card", squash(card.text()));
    expect(squash(dash("[data-testid=active-loans]").text())).toBe("0");

    // The public status lookup: page and API.
    const lookup = (await parse(await new Client().fetch(`/application-status?id=${app.reference}`))).$;
    expect(squash(lookup("[data-testid=status-badge]").text())).toBe("No lender match");
    expect(lookup("[data-testid=typical-timeline]")).toHaveLength(0);
    checkText("status lookup", squash(lookup("main").text()));
    const api = (await (await new Client().fetch(`/api/loan-applications/status/${app.reference}`)).json()) as Record<string, unknown>;
    expect(api).toMatchObject({
      applicationId: app.reference,
      status: "submitted",
      stage: "no-lender-match",
      stageLabel: "No lender match",
    });
    expect((api.noLenderMatch as { reasons: string[] }).reasons).toEqual(["None of our partner lenders lends to businesses in Alaska."]);
    expect((api.timeline as Array<{ stage: string }>).map((s) => s.stage)).toEqual(["submitted", "no-lender-match"]);
    checkText("status API", `${api.nextSteps as string} ${JSON.stringify(api.noLenderMatch)}`);

    // The offers page: nothing to compare.
    const offers = (await parse(await client.fetch(`/dashboard/applications/${app.reference}/offers`))).$;
    expect(squash(offers("h1").text())).toBe("No lender match");
    checkText("offers page", squash(offers("main").text()));

    // The confirmation e-mail, and the notice of action taken in an e-mail of its own.
    const mails = await mailsTo(email);
    const mail = mails.find((m) => m.kind === "application_submitted");
    for (const f of forbidden) expect(mail!.bodyText.replace(/Application Status page/, ""), `confirmation says ${f}`).not.toMatch(f);
    expect(mail!.bodyText).not.toContain(`/dashboard/applications/${app.reference}/offers`);
    const notice = mails.find((m) => m.kind === "adverse_action");
    checkText("notice e-mail", notice!.bodyText);
    expect(notice!.bodyText).not.toContain(`/dashboard/applications/${app.reference}/offers`);
  });
});

describe("'approved' always refers to an accepted offer", () => {
  it("refuses approving an application with no accepted offer, on the page and the API, with a clear message and nothing changed", async () => {
    const { app, email } = await applyOverHttp({ state: "AK", city: "Juneau", zip: "99801" });
    const { client: admin } = await signedInAdmin();
    const before = await mailsTo(email);
    const page = await admin.fetch(`/admin/applications/${app.id}`, {
      form: { status: "approved", note: "", redirectTo: `/admin/applications/${app.id}` },
    });
    expect(page.status).toBe(409);
    expect((await parse(page)).text("main")).toContain(LIFECYCLE_MSG.approveNeedsOffer);
    const api = await admin.fetch(`/api/admin/applications/${app.id}/status`, { method: "PATCH", json: { status: "approved" } });
    expect(api.status).toBe(409);
    expect(((await api.json()) as { message: string }).message).toBe(LIFECYCLE_MSG.approveNeedsOffer);
    const after = await row(app.id);
    expect([after.status, after.stage]).toEqual(["submitted", "no-lender-match"]);
    expect((await mailsTo(email)).length).toBe(before.length);
  });

  it("follows the loan to funded: approve after acceptance, no going back by status, lender verifying then funded; active loans count only then", async () => {
    const a = await acceptedApplication();
    const { client: admin, admin: adminUser } = await signedInAdmin();
    expect((await row(a.app.id)).stage).toBe("offer-accepted");
    expect(await activeLoans(a.client)).toBe("0");

    const approve = await admin.fetch(`/api/admin/applications/${a.app.id}/status`, { method: "PATCH", json: { status: "approved" } });
    expect(approve.status).toBe(200);
    expect(await activeLoans(a.client)).toBe("0");
    const approvedMail = (await mailsTo(a.email)).find((m) => m.kind === "status_approved");
    expect(approvedMail!.bodyText).toContain(`offer you accepted from ${a.offer.lenderName}`);

    // Back to review or rejected by status: refused, nothing changed.
    for (const status of ["under-review", "submitted", "rejected"]) {
      const res = await admin.fetch(`/api/admin/applications/${a.app.id}/status`, { method: "PATCH", json: { status, note: "x" } });
      expect(res.status, status).toBe(409);
      expect(((await res.json()) as { message: string }).message).toBe(LIFECYCLE_MSG.acceptedCannotGoBack);
    }
    expect([(await row(a.app.id)).status, (await row(a.app.id)).stage]).toEqual(["approved", "offer-accepted"]);

    // Another lender cannot touch it; funding before verifying is refused.
    const stranger = await markVerifying(a.app.id, { userId: adminUser.id, role: "lender", lenderId: a.offer.lenderId! + 100_000 });
    expect(stranger).toMatchObject({ ok: false, status: 404 });
    const early = await markFunded(
      a.app.id,
      { amountCents: a.offer.amountCents, date: "2026-01-05" },
      { userId: adminUser.id, role: "lender", lenderId: a.offer.lenderId! },
    );
    expect(early).toMatchObject({ ok: false, status: 409 });

    const lender = { userId: adminUser.id, role: "lender" as const, lenderId: a.offer.lenderId! };
    expect(await markVerifying(a.app.id, lender)).toMatchObject({ ok: true, result: { from: "offer-accepted", to: "lender-verifying" } });
    expect(await activeLoans(a.client)).toBe("0");
    const tooMuch = await markFunded(a.app.id, { amountCents: a.offer.amountCents + 1, date: "2026-01-05" }, lender);
    expect(tooMuch).toMatchObject({ ok: false, status: 400 });
    const funded = await markFunded(a.app.id, { amountCents: a.offer.amountCents, date: "2026-01-05" }, lender);
    expect(funded).toMatchObject({ ok: true, result: { to: "funded", status: "approved" } });
    expect(await activeLoans(a.client)).toBe("1");

    const stored = await row(a.app.id);
    expect([stored.stage, stored.fundedCents, stored.fundedOn]).toEqual(["funded", a.offer.amountCents, "2026-01-05"]);
    expect((await stageEvents(a.app.id)).map((e) => e.toStatus)).toEqual(["offers-ready", "offer-accepted", "lender-verifying", "funded"]);
    const kinds = (await mailsTo(a.email)).map((m) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(["stage_lender_verifying", "stage_funded"]));
    const audit = await getDb()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetType, "application"), eq(schema.auditLog.targetId, String(a.app.id))));
    expect(audit.map((x) => x.action)).toEqual(expect.arrayContaining(["application.lender_verifying", "application.funded"]));

    // The lookup shows the same timeline, all done.
    const api = (await (await new Client().fetch(`/api/loan-applications/status/${a.app.reference}`)).json()) as {
      timeline: Array<{ stage: string; state: string }>;
    };
    expect(api.timeline.map((s) => `${s.stage}:${s.state}`)).toEqual([
      "submitted:done",
      "offers-ready:done",
      "offer-accepted:done",
      "lender-verifying:done",
      "funded:current",
    ]);
    // A funded loan cannot be cancelled.
    expect(await cancelApplication(a.app.id, "too late", { userId: adminUser.id, role: "admin" })).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it("a lender's decline after review needs reasons and tells the applicant", async () => {
    const a = await acceptedApplication();
    const { admin } = await signedInAdmin();
    const lender = { userId: admin.id, role: "lender" as const, lenderId: a.offer.lenderId! };
    expect(await declineAfterReview(a.app.id, ["  "], lender)).toMatchObject({ ok: false, status: 400 });
    expect(await declineAfterReview(a.app.id, ["Bank statements do not match the stated income"], lender)).toMatchObject({
      ok: true,
      result: { to: "declined", status: "rejected" },
    });
    const mail = (await mailsTo(a.email)).find((m) => m.kind === "stage_lender_declined");
    expect(mail!.bodyText).toContain("Bank statements do not match the stated income");
  });
});

describe("cancelling an accepted application", () => {
  it("needs a reason; then it is recorded, audited, e-mailed to the applicant and recorded for the lender", async () => {
    const a = await acceptedApplication();
    const { client: admin, admin: adminUser } = await signedInAdmin();
    const url = `/admin/applications/${a.app.id}`;
    const details = (await parse(await admin.fetch(url))).$;
    expect(details("[data-testid=admin-lifecycle] [data-testid=stage-badge]").text()).toBe("Offer accepted");

    const blank = await admin.fetch(url, { form: { intent: "cancel-application", reason: "  " } });
    expect(blank.status).toBe(400);
    expect((await row(a.app.id)).stage).toBe("offer-accepted");

    const res = await admin.fetch(url, { form: { intent: "cancel-application", reason: "Identity could not be verified" } });
    expect(res.status).toBe(302);
    const stored = await row(a.app.id);
    expect([stored.stage, stored.status]).toEqual(["withdrawn", "withdrawn"]);
    const last = (await stageEvents(a.app.id)).at(-1)!;
    expect(last).toMatchObject({
      fromStatus: "offer-accepted",
      toStatus: "withdrawn",
      note: "Identity could not be verified",
      actorUserId: adminUser.id,
    });
    const [audit] = await getDb()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "application.cancelled"), eq(schema.auditLog.targetId, String(a.app.id))));
    expect(audit).toMatchObject({ actorUserId: adminUser.id, details: "offer-accepted -> withdrawn" });
    const mail = (await mailsTo(a.email)).find((m) => m.kind === "stage_cancelled");
    expect(mail!.bodyText).toContain("Reason: Identity could not be verified");
    expect(mail!.bodyText).toContain(`${a.offer.lenderName} will not be funded`);
    const lenderNote = await getDb()
      .select()
      .from(schema.applicationEvents)
      .where(and(eq(schema.applicationEvents.applicationId, a.app.id), eq(schema.applicationEvents.type, "offer_withdrawn")));
    expect(lenderNote.some((e) => e.note?.includes(`Lender ${a.offer.lenderName} (offer ${a.offer.id}) told`))).toBe(true);

    // The applicant sees it, and nothing can move it any more.
    const lookup = (await parse(await new Client().fetch(`/application-status?id=${a.app.reference}`))).$;
    expect(squash(lookup("[data-testid=status-badge]").text())).toBe("Withdrawn");
    expect(squash(lookup("main").text())).toContain("Reason: Identity could not be verified");
    const again = await admin.fetch(`/api/admin/applications/${a.app.id}/status`, { method: "PATCH", json: { status: "under-review" } });
    expect(again.status).toBe(409);
  });
});
