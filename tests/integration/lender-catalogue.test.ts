/**
 * The lender catalogue refuses nonsense, over HTTP like a browser without JavaScript:
 * blank, zero and negative amounts and rates, the 1 % pricing floor, the sample offer shown before
 * saving, no resume of a product that cannot price, and pausing a lender with its outstanding
 * offers withdrawn (the applicants e-mailed, an application left without offers at "no lender match").
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { signedInAdmin } from "../support/api";
import { TEST_PASSWORD } from "../support/fixtures";
import { parse } from "../support/html";
import { Client, uniqueEmail } from "../support/http";
import { newLenderForm } from "../support/lenders";
import { owner } from "../support/wizard";

const lenderForm = newLenderForm;

const lenderNamed = async (name: string) => (await getDb().select().from(schema.lenders).where(eq(schema.lenders.name, name)))[0];

describe("the lender form refuses nonsense", () => {
  const cases: Array<[string, Record<string, string>, Record<string, string>]> = [
    [
      "blank rates",
      { noteRate: "", bestNoteRate: " " },
      { "lf-noteRate-err": "Standard interest rate is required", "lf-bestNoteRate-err": "Best interest rate is required" },
    ],
    ["zero rates", { noteRate: "0", bestNoteRate: "0" }, { "lf-noteRate-err": "at least 1% a year (the pricing floor)" }],
    ["a rate under the floor", { noteRate: "0.5", bestNoteRate: "0.5" }, { "lf-noteRate-err": "at least 1% a year" }],
    ["negative rates", { noteRate: "-5", bestNoteRate: "-6" }, { "lf-noteRate-err": "Standard interest rate must be at least 0" }],
    [
      "blank amounts",
      { minAmount: "", maxAmount: "" },
      { "lf-minAmount-err": "Minimum amount is required", "lf-maxAmount-err": "Maximum amount is required" },
    ],
    ["zero amounts", { minAmount: "0", maxAmount: "0" }, { "lf-minAmount-err": "Minimum amount must be more than 0" }],
    ["negative amounts", { minAmount: "-1000", maxAmount: "-1" }, { "lf-maxAmount-err": "Maximum amount must be more than 0" }],
    ["text for a number", { noteRate: "twelve" }, { "lf-noteRate-err": "Standard interest rate must be a number" }],
  ];
  it.each(cases)("%s: 400 with the field's message, nothing saved", async (_label, bad, messages) => {
    const { client: admin } = await signedInAdmin();
    const name = `Nonsense ${Date.now()} ${Math.random()}`;
    const res = await admin.fetch("/admin/lenders/new", { form: lenderForm(name, bad) });
    expect(res.status).toBe(400);
    const { $ } = await parse(res);
    for (const [id, text] of Object.entries(messages)) expect($(`#${id}`).text()).toContain(text);
    expect(await lenderNamed(name)).toBeUndefined();
  });

  it("previews the sample offer the values would make, without saving (no JavaScript needed)", async () => {
    const { client: admin } = await signedInAdmin();
    const name = `Preview ${Date.now()}`;
    const res = await admin.fetch("/admin/lenders/new", { form: { ...lenderForm(name), intent: "preview" } });
    expect(res.status).toBe(200);
    const page = await parse(res);
    const sample = page.text("[data-testid=sample-offer]");
    expect(sample).toContain("At the standard rate");
    expect(sample).toMatch(/Interest rate\s*14\.00%/);
    expect(sample).toContain("At the best rate");
    expect(sample).toMatch(/Interest rate\s*11\.00%/);
    expect(sample).toMatch(/Loan amount\s*\$25,000\.00/);
    expect(sample).toMatch(/Estimated APR\s*\d+\.\d\d%/);
    expect(page.$("#lf-noteRate").attr("value")).toBe("14");
    expect(await lenderNamed(name)).toBeUndefined();
  });
});

describe("activating and pausing", () => {
  it("a lender whose product has a zero rate cannot be resumed", async () => {
    const { client: admin } = await signedInAdmin();
    const name = `Zero rate ${Date.now()}`;
    expect((await admin.fetch("/admin/lenders/new", { form: lenderForm(name, { states: "AK" }) })).status).toBe(302);
    const lender = (await lenderNamed(name))!;
    expect((await admin.fetch(`/admin/lenders/${lender.id}`, { form: { intent: "pause" } })).status).toBe(302);
    // A row written before the form checked (or by hand): both rates 0 %.
    await getDb()
      .update(schema.lenderProducts)
      .set({ rateTiers: [{ minIncomeToAmountBps: 0, noteRateBps: 0 }] })
      .where(eq(schema.lenderProducts.lenderId, lender.id));
    const res = await admin.fetch(`/admin/lenders/${lender.id}`, { form: { intent: "resume" } });
    expect(res.status).toBe(409);
    expect((await parse(res)).text("[role=alert]")).toContain("cannot be resumed until its product is fixed");
    expect((await lenderNamed(name))!.status).toBe("paused");
  });

  it("pausing offers to withdraw the outstanding offers; the applicant is told and is left at 'no lender match'", async () => {
    const { client: admin, admin: who } = await signedInAdmin();
    const name = `Island Lending ${Date.now()}`;
    expect((await admin.fetch("/admin/lenders/new", { form: lenderForm(name) })).status).toBe(302);
    const lender = (await lenderNamed(name))!;

    // An applicant in Hawaii: this lender is the only one that serves it.
    const client = new Client();
    const email = uniqueEmail("island");
    const post = async (path: string, form: Record<string, string>) =>
      expect((await client.fetch(path, { form: { ...form, intent: "continue" } })).status).toBe(302);
    await post("/apply/loan", { amount: "20000", purpose: "working-capital" });
    await post("/apply/owner", { ...owner(email), password: TEST_PASSWORD });
    await post("/apply/address", { streetAddress: "1 Bishop St", city: "Honolulu", state: "HI", zipCode: "96813" });
    await post("/apply/finances", { annualIncome: "150000", livingSituation: "own" });
    await post("/apply/documents", {});
    await post("/apply/review", { agreeTerms: "on", authorizeCredit: "on" });
    const [user] = await getDb().select().from(schema.users).where(eq(schema.users.email, email));
    const [app] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.userId, user!.id));
    expect(app!.stage).toBe("offers-ready");
    const [offer] = await getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, app!.id));
    expect(offer).toMatchObject({ lenderId: lender.id, status: "offered" });

    const page = await parse(await admin.fetch(`/admin/lenders/${lender.id}`));
    expect(page.text("form:has(input[name=withdrawOffers])")).toContain("Also withdraw its 1 outstanding offer");

    const res = await admin.fetch(`/admin/lenders/${lender.id}`, { form: { intent: "pause", withdrawOffers: "on" } });
    expect(res.status).toBe(302);
    expect((await lenderNamed(name))!.status).toBe("paused");
    const [after] = await getDb().select().from(schema.offers).where(eq(schema.offers.id, offer!.id));
    expect(after!.status).toBe("withdrawn");
    const [appAfter] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.id, app!.id));
    expect(appAfter!.stage).toBe("no-lender-match");
    const mails = await getDb().select().from(schema.outbox).where(eq(schema.outbox.toEmail, email));
    const told = mails.find((m) => m.kind === "offer_withdrawn");
    expect(told!.bodyText).toContain(`The offer from ${name} for your application ${app!.reference} was withdrawn`);
    expect(told!.bodyText).toContain("No other offer is open");
    const audit = await getDb()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.actorUserId, who.id), eq(schema.auditLog.action, "lender.offers_withdrawn")));
    expect(audit).toHaveLength(1);

    // Accepting the withdrawn offer is refused.
    const d = (await (await client.fetch(`/api/offers/${offer!.id}`)).json()) as { disclosureSha256: string };
    const accept = await client.fetch(`/api/offers/${offer!.id}/accept`, {
      json: { signerName: "Robin Okafor", confirmRead: true, disclosureSha256: d.disclosureSha256 },
    });
    expect(accept.status).toBe(409);
  });
});
