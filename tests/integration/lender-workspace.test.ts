/**
 * The lender workspace over HTTP, as a browser without JavaScript: invitations (single
 * use, expiring), the lender sign-in with its second factor, the queue and application pages, and
 * every action (firm offer, decline, documents, confirm / withdraw an instant offer) with its audit
 * row and what the applicant then sees.
 */
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DECLINE_REASON_TEXT } from "~/content/decline-reasons";
import { getDb, schema } from "~/platform/db/db.server";
import { LENDER_MSG } from "~/features/lenders/lender.schema";
import { formatBps } from "~/ui/format";
import { priceLoan } from "~/features/marketplace/domain/offer-money";
import { createSubmittedApplication } from "../support/applications";
import { adminClient, createAdmin, createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { parse } from "../support/html";
import { Client, uniqueEmail } from "../support/http";
import { createLenderUser, postPairs, shareWithLender, signInLenderOverHttp, twoLenders } from "../support/lenders";
import { mailsTo, newestLink } from "../support/mail";
import { nextSecondFactor } from "../support/admin-mfa";
import { signInApplicantOverHttp } from "../support/sign-in";

async function auditRows(actorUserId: number, action: string) {
  const a = schema.auditLog;
  return getDb()
    .select()
    .from(a)
    .where(and(eq(a.actorUserId, actorUserId), eq(a.action, action)))
    .orderBy(desc(a.id));
}

/** An applicant with a submitted application shared with `lenderId` (one instant offer). */
async function sharedApplication(lenderId: number) {
  const applicant = await createApplicant();
  const app = (await createSubmittedApplication({ userId: applicant.id }))!;
  const instantOfferId = await shareWithLender(app.id, lenderId);
  return { applicant, app, instantOfferId };
}

describe("invitations", () => {
  it("an admin invites from the lender's page; the link sets a password once, then the second factor is enrolled", async () => {
    const [lender] = await twoLenders();
    const admin = await createAdmin();
    const client = await adminClient(admin);
    const email = uniqueEmail("invitee");
    const res = await client.fetch(`/admin/lenders/${lender.id}`, {
      form: { intent: "invite", email, firstName: "Ivy", lastName: "Invitee" },
    });
    expect(res.status).toBe(302);
    expect((await auditRows(admin.id, "lender.user_invited"))[0]?.outcome).toBe("success");
    const { path } = await newestLink(email, "lender_invite");
    expect(path).toMatch(/^\/lender\/invite\?token=/);

    const invitee = new Client();
    const page = await parse(await invitee.fetch(path));
    expect(page.status).toBe(200);
    expect(page.text()).toContain(lender.name);
    const token = new URL(path, "http://x").searchParams.get("token")!;
    const set = await invitee.fetch("/lender/invite", {
      form: { token, password: "Invited-Password-42", confirmPassword: "Invited-Password-42" },
    });
    expect(set.status).toBe(302);
    expect(set.headers.get("location")).toBe("/lender/login/setup");
    // Not a workspace session yet: the second factor is missing.
    expect((await invitee.fetch("/lender")).headers.get("location")).toBe("/lender/login/verify");
    expect((await invitee.fetch("/lender/login/setup")).status).toBe(200);

    // Single use: the same link again is refused.
    const again = await parse(
      await new Client().fetch("/lender/invite", { form: { token, password: "Other-Password-42", confirmPassword: "Other-Password-42" } }),
    );
    expect(again.status).toBe(400);
    expect(again.text()).toContain("invalid, expired or already used");
    expect((await parse(await new Client().fetch(path))).text()).toContain("invalid, expired or already used");
  });

  it("an expired invitation link does nothing", async () => {
    const [lender] = await twoLenders();
    const admin = await createAdmin();
    const client = await adminClient(admin);
    const email = uniqueEmail("late");
    await client.fetch(`/admin/lenders/${lender.id}`, { form: { intent: "invite", email, firstName: "Lou", lastName: "Late" } });
    const { path, token } = await newestLink(email, "lender_invite");
    const [user] = await getDb().select().from(schema.users).where(eq(schema.users.email, email));
    await getDb()
      .update(schema.accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.accountTokens.userId, user!.id));
    expect((await parse(await new Client().fetch(path))).text()).toContain("invalid, expired or already used");
    const res = await new Client().fetch("/lender/invite", {
      form: { token, password: "Invited-Password-42", confirmPassword: "Invited-Password-42" },
    });
    expect(res.status).toBe(400);
  });

  it("an address that already has an account is not invited", async () => {
    const [lender] = await twoLenders();
    const applicant = await createApplicant();
    const client = await adminClient(await createAdmin());
    const res = await client.fetch(`/admin/lenders/${lender.id}`, {
      form: { intent: "invite", email: applicant.email, firstName: "A", lastName: "B" },
    });
    expect(res.status).toBe(409);
    expect(await mailsTo(applicant.email, "lender_invite")).toHaveLength(0);
  });
});

describe("lender sign-in", () => {
  it("needs the second factor: the password alone reaches no workspace page", async () => {
    const [lender] = await twoLenders();
    const u = await createLenderUser(lender.id);
    const client = new Client();
    const first = await client.fetch("/lender/login", { form: { email: u.email, password: u.password } });
    expect(first.headers.get("location")).toBe("/lender/login/verify");
    expect((await client.fetch("/lender")).headers.get("location")).toBe("/lender/login/verify");
    expect((await client.fetch("/lender/login/verify", { form: { code: "000000" } })).status).toBe(401);
    const ok = await client.fetch("/lender/login/verify", { form: { code: nextSecondFactor(u) } });
    expect(ok.headers.get("location")).toBe("/lender");
    const queue = await parse(await client.fetch("/lender"));
    expect(queue.status).toBe(200);
    expect(queue.text()).toContain(`Applications for ${lender.name}`);
  });

  it("the applicants' sign-in sends a lender user to the lender second factor, and an applicant is refused at /lender/login", async () => {
    const [lender] = await twoLenders();
    const u = await createLenderUser(lender.id);
    const client = new Client();
    const res = await client.fetch("/login", { form: { email: u.email, password: u.password } });
    expect(res.headers.get("location")).toBe("/lender/login/verify");
    const applicant = await createApplicant();
    const refused = await new Client().fetch("/lender/login", { form: { email: applicant.email, password: TEST_PASSWORD } });
    expect(refused.status).toBe(403);
  });
});

describe("the workspace and its actions", () => {
  it("queue counts and the application's figures and documents", async () => {
    const [lender] = await twoLenders();
    const u = await createLenderUser(lender.id);
    const { app } = await sharedApplication(lender.id);
    const client = await signInLenderOverHttp(new Client(), u);
    const queue = await parse(await client.fetch("/lender?stage=new"));
    expect(queue.$(`[data-application-id="${app.id}"]`).length).toBe(1);
    expect(Number(queue.$('[data-stage="new"] .font-mono').text())).toBeGreaterThanOrEqual(1);
    const page = await parse(await client.fetch(`/lender/applications/${app.id}`));
    expect(page.status).toBe(200);
    expect(page.text('[data-testid="lender-figures"]')).toContain("$25,000");
    expect(page.text('[data-testid="lender-stage"]')).toBe("New match");
    expect((await auditRows(u.id, "lender.application_viewed"))[0]?.targetId).toBe(String(app.id));
  });

  it("a firm offer is priced by the money module and shown to the applicant beside the instant ones", async () => {
    const [lender] = await twoLenders();
    const u = await createLenderUser(lender.id);
    const { applicant, app } = await sharedApplication(lender.id);
    const client = await signInLenderOverHttp(new Client(), u);
    const res = await client.fetch(`/lender/applications/${app.id}`, {
      form: {
        intent: "firm-offer",
        amount: "20000",
        termMonths: "18",
        noteRate: "9.5",
        originationFee: "400",
        prepayment: "No prepayment penalty",
        validityDays: "10",
      },
    });
    expect(res.status).toBe(302);
    expect((await auditRows(u.id, "lender.firm_offer"))[0]?.outcome).toBe("success");
    const [firm] = await getDb()
      .select()
      .from(schema.offers)
      .where(and(eq(schema.offers.applicationId, app.id), eq(schema.offers.source, "lender")));
    const expected = priceLoan({ amountCents: 2_000_000, termMonths: 18, noteRateBps: 950, feeCents: 40_000 });
    expect(firm!.estimatedAprBps).toBe(expected.estimatedAprBps);
    expect(firm!.fundingCents).toBe(expected.fundingCents);

    const owner = await signInApplicantOverHttp(new Client(), applicant);
    const offers = await parse(await owner.fetch(`/dashboard/applications/${app.reference}/offers`));
    const row = offers.$(`[data-testid="offer-row"][data-offer-id="${firm!.id}"]`);
    expect(row.find('[data-testid="offer-kind"]').text()).toBe(`Firm offer from ${lender.name}`);
    expect(row.text()).toContain(formatBps(expected.estimatedAprBps));
    expect(
      offers.$('[data-testid="offer-kind"]').filter((_, el) => offers.$(el).text().includes("Pre-qualified, subject to the lender")).length,
    ).toBeGreaterThan(0);
    const disclosure = await parse(await owner.fetch(`/offers/${firm!.id}`));
    expect(disclosure.text()).toContain(formatBps(expected.estimatedAprBps));
  });

  it("a firm offer with a blank or zero rate or a bad amount is refused with the field's message, and nothing is offered", async () => {
    const [lender] = await twoLenders();
    const u = await createLenderUser(lender.id);
    const { app } = await sharedApplication(lender.id);
    const client = await signInLenderOverHttp(new Client(), u);
    const good = {
      intent: "firm-offer",
      amount: "20000",
      termMonths: "18",
      noteRate: "9.5",
      originationFee: "400",
      prepayment: "No prepayment penalty",
      validityDays: "10",
    };
    const cases: Array<[Record<string, string>, string]> = [
      [{ noteRate: "" }, "Note rate is required"],
      [{ noteRate: "0" }, "Note rate must be at least 1% a year (the pricing floor)"],
      [{ noteRate: "0.5" }, "Note rate must be at least 1% a year (the pricing floor)"],
      [{ amount: "" }, LENDER_MSG.amount],
      [{ amount: "-20000" }, LENDER_MSG.amount],
      [{ termMonths: "" }, LENDER_MSG.term],
      [{ originationFee: "25000" }, LENDER_MSG.fee],
    ];
    for (const [bad, message] of cases) {
      const page = await parse(await client.fetch(`/lender/applications/${app.id}`, { form: { ...good, ...bad } }));
      expect(page.status, JSON.stringify(bad)).toBe(400);
      expect(page.text(), JSON.stringify(bad)).toContain(message);
    }
    const firm = await getDb()
      .select()
      .from(schema.offers)
      .where(and(eq(schema.offers.applicationId, app.id), eq(schema.offers.source, "lender")));
    expect(firm).toEqual([]);
  });

  it("a decline needs a reason, and sends the applicant a notice naming the lender and its reasons", async () => {
    const [lender] = await twoLenders();
    const u = await createLenderUser(lender.id);
    const { applicant, app, instantOfferId } = await sharedApplication(lender.id);
    const client = await signInLenderOverHttp(new Client(), u);
    const empty = await parse(await client.fetch(`/lender/applications/${app.id}`, { form: { intent: "decline" } }));
    expect(empty.status).toBe(400);
    expect(empty.text()).toContain("Choose at least one reason");
    const res = await postPairs(client, `/lender/applications/${app.id}`, [
      ["intent", "decline"],
      ["reasons", "insufficient-income"],
      ["reasons", "unable-to-verify-business"],
    ]);
    expect(res.status).toBe(302);
    expect((await auditRows(u.id, "lender.declined"))[0]?.outcome).toBe("success");
    const [mail] = await mailsTo(applicant.email, "lender_adverse_action");
    expect(mail!.bodyText).toContain(`${lender.name} (NMLS ${lender.nmlsId}) has declined`);
    expect(mail!.bodyText).toContain(DECLINE_REASON_TEXT["insufficient-income"]);
    expect(mail!.bodyText).toContain(DECLINE_REASON_TEXT["unable-to-verify-business"]);
    const [offer] = await getDb().select().from(schema.offers).where(eq(schema.offers.id, instantOfferId));
    expect(offer!.status).toBe("withdrawn");
    const owner = await signInApplicantOverHttp(new Client(), applicant);
    const offers = await parse(await owner.fetch(`/dashboard/applications/${app.reference}/offers`));
    const notice = offers.$('[data-testid="adverse-action-notice"]').filter((_, el) => offers.$(el).text().includes(lender.name));
    expect(notice.text()).toContain(`Notice of action taken by ${lender.name}`);
    expect(notice.text()).toContain(DECLINE_REASON_TEXT["insufficient-income"]);
  });

  it("requesting documents, confirming and withdrawing an instant offer are each audited", async () => {
    const [lender] = await twoLenders();
    const u = await createLenderUser(lender.id);
    const { applicant, app, instantOfferId } = await sharedApplication(lender.id);
    const second = await shareWithLender(app.id, lender.id);
    const client = await signInLenderOverHttp(new Client(), u);
    const req = await postPairs(client, `/lender/applications/${app.id}`, [
      ["intent", "request-documents"],
      ["documentTypes", "bank-statements"],
      ["message", "Please send the last three months."],
    ]);
    expect(req.status).toBe(302);
    expect((await auditRows(u.id, "lender.documents_requested"))[0]?.outcome).toBe("success");
    const [mail] = await mailsTo(applicant.email, "document_request");
    expect(mail!.bodyText).toContain(`Message from ${lender.name}`);
    const [request] = await getDb().select().from(schema.documentRequests).where(eq(schema.documentRequests.applicationId, app.id));
    expect(request!.lenderId).toBe(lender.id);

    expect(
      (await client.fetch(`/lender/applications/${app.id}`, { form: { intent: "confirm-offer", offerId: String(instantOfferId) } })).status,
    ).toBe(302);
    expect((await auditRows(u.id, "lender.offer_confirmed"))[0]?.outcome).toBe("success");
    const page = await parse(await client.fetch(`/lender/applications/${app.id}`));
    expect(page.text('[data-testid="lender-stage"]')).toBe("Offer out");

    expect(
      (
        await client.fetch(`/lender/applications/${app.id}`, {
          form: { intent: "withdraw-offer", offerId: String(second), reason: "Rates changed" },
        })
      ).status,
    ).toBe(302);
    expect((await auditRows(u.id, "lender.offer_withdrawn"))[0]?.outcome).toBe("success");
    const [withdrawn] = await getDb().select().from(schema.offers).where(eq(schema.offers.id, second));
    expect(withdrawn!.status).toBe("withdrawn");
  });
});
