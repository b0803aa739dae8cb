/**
 * Consents (#31 item 4, #29 lift 5), over HTTP as a browser without JavaScript: the E-SIGN
 * agreement at sign-up (its disclosures shown, the box required, the record stored); the review
 * step's credit authorisation naming the lenders that serve the applicant's state with the
 * soft/hard inquiry statement, and the unticked SMS box with the number, "not a condition of
 * purchase" and "Reply STOP"; every consent stored in one table with its text, version, hash, time
 * and address and listed in the data export; the Regulation B notice at the income question.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ESIGN_DISCLOSURE, REG_B_INCOME_NOTICE } from "~/content/consents";
import { MSG } from "~/content/messages";
import { getDb, schema } from "~/platform/db/db.server";
import { byLabel, follow, formValues, getPage, postForm, squash } from "../support/html";
import { Client, uniqueEmail } from "../support/http";
import { signUpForm, TEST_PASSWORD } from "../support/fixtures";
import { ADDRESS, FINANCES, LOAN, fillStepsOverHttp, owner } from "../support/wizard";

const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
const consentsOf = (userId: number) => getDb().select().from(schema.consentRecords).where(eq(schema.consentRecords.userId, userId));
const userByEmail = async (email: string) => (await getDb().select().from(schema.users).where(eq(schema.users.email, email)))[0]!;

describe("the agreement to electronic records at sign-up", () => {
  it("shows the E-SIGN disclosures: paper copies, withdrawal, what is needed to open the records", async () => {
    const { $ } = await getPage("/signup");
    const disclosure = squash($("[data-testid=esign-disclosure]").text());
    expect(disclosure).toContain(ESIGN_DISCLOSURE.heading);
    expect(disclosure).toMatch(/paper copy of any record at no charge/);
    expect(disclosure).toMatch(/withdraw this agreement at any time/);
    expect(disclosure).toMatch(/program that opens PDF files/);
    const box = byLabel($, ESIGN_DISCLOSURE.label);
    expect(box.attr("type")).toBe("checkbox");
    expect(box.attr("checked")).toBeUndefined();
  });

  it("refuses an account without it, and records it with the account when given", async () => {
    const email = uniqueEmail("esign");
    const refused = await postForm("/signup", signUpForm(email, { agreeToElectronicRecords: "" }), new Client());
    expect(refused.status).toBe(400);
    expect(refused.text()).toContain(MSG.mustAgreeElectronicRecords);
    const browser = new Client();
    const ip = browser.ip;
    const res = await browser.fetch("/signup", { form: signUpForm(email) });
    expect(res.status).toBe(302);
    const user = await userByEmail(email);
    const [c] = await consentsOf(user.id);
    expect(c).toMatchObject({ kind: "electronic-records", textVersion: ESIGN_DISCLOSURE.version, ip });
    expect(c!.text).toContain(ESIGN_DISCLOSURE.paragraphs[1]);
    expect(c!.textSha256).toBe(sha256(c!.text));
  });
});

describe("the agreement to electronic records at sign-up, as a browser without JavaScript sends the form", () => {
  // Moved from tests/e2e/esign-consent.test.ts (its run without JavaScript): the same steps and checks.
  it("is unticked, refused next to the box while left empty, and recorded once the form is sent again with it ticked", async () => {
    const email = uniqueEmail("esign-nojs");
    const browser = new Client();
    const signup = await getPage("/signup", browser);
    expect(signup.status).toBe(200);
    const box = byLabel(signup.$, ESIGN_DISCLOSURE.label);
    expect(box.attr("checked")).toBeUndefined();
    const form = "form:has([name=agreeToElectronicRecords])";
    // Everything else filled and ticked, this box left empty: a browser then sends no value for it.
    const { agreeToElectronicRecords: _left, ...rest } = signUpForm(email);
    const refused = await postForm("/signup", formValues(signup.$, form, rest), browser);
    expect(refused.status).toBe(400);
    expect(refused.headers.get("location")).toBeNull();
    expect(squash(refused.$("#signup-agreeToElectronicRecords-error").text())).toContain(MSG.mustAgreeElectronicRecords);
    // The whole form again with the box ticked (the password is not sent back: typed again).
    const sent = await browser.fetch("/signup", { form: formValues(refused.$, form, signUpForm(email)) });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/dashboard");
    const dashboard = await follow(browser, "/dashboard");
    expect(dashboard.status).toBe(200);
    expect(dashboard.url).toBe("/dashboard");
    const user = await userByEmail(email);
    expect((await consentsOf(user.id)).map((r) => [r.kind, r.textVersion])).toEqual([["electronic-records", ESIGN_DISCLOSURE.version]]);
  });
});

describe("the agreement to electronic records in the wizard (step 2 makes the account)", () => {
  it("is asked of a new account, refused without it, kept through Back, and recorded when the account is made (no SMS consent when its box is unticked)", async () => {
    const client = new Client();
    const email = uniqueEmail("wizard-esign");
    await client.fetch("/apply/loan", { form: { ...LOAN, intent: "continue" } });
    const { $ } = await getPage("/apply/owner", client);
    expect(squash($("[data-testid=esign-disclosure]").text())).toContain(ESIGN_DISCLOSURE.paragraphs[1]);
    expect(byLabel($, ESIGN_DISCLOSURE.label).attr("checked")).toBeUndefined();
    const refused = await postForm(
      "/apply/owner",
      { ...owner(email), agreeToElectronicRecords: "", password: TEST_PASSWORD, intent: "continue" },
      client,
    );
    expect(refused.status).toBe(400);
    expect(refused.text("main")).toContain(MSG.mustAgreeElectronicRecords);
    // Ticked and saved with Back: the box is ticked again when the step comes back.
    await client.fetch("/apply/owner", { form: { ...owner(email), intent: "back" } });
    expect(byLabel((await getPage("/apply/owner", client)).$, ESIGN_DISCLOSURE.label).attr("checked")).toBeDefined();
    const ok = await client.fetch("/apply/owner", { form: { ...owner(email), password: TEST_PASSWORD, intent: "continue" } });
    expect(ok.headers.get("location")).toBe("/apply/address");
    // Nothing is recorded until the account exists (first upload or submission).
    await client.fetch("/apply/address", { form: { ...ADDRESS, intent: "continue" } });
    await client.fetch("/apply/finances", { form: { ...FINANCES, intent: "continue" } });
    await client.fetch("/apply/documents", { form: { intent: "continue" } });
    const review = await getPage("/apply/review", client);
    const submitted = await client.fetch("/apply/review", {
      form: { agreeTerms: "on", authorizeCredit: "on", submitKey: String(review.$("input[name=submitKey]").val()) },
    });
    expect(submitted.headers.get("location")).toBe("/apply/submitted");
    const user = await userByEmail(email);
    // The SMS box was left unticked at the review: no SMS consent is stored.
    expect((await consentsOf(user.id)).map((r) => r.kind).sort()).toEqual(["credit-authorization", "electronic-records", "lender-share"]);
    const esign = (await consentsOf(user.id)).filter((c) => c.kind === "electronic-records");
    expect(esign).toHaveLength(1);
    expect(esign[0]).toMatchObject({ textVersion: ESIGN_DISCLOSURE.version, ip: client.ip, applicationId: null });
    expect(esign[0]!.textSha256).toBe(sha256(esign[0]!.text));
    // The data export shows it with the review step's consents.
    const exported = (await (await client.fetch("/account/export")).json()) as { consents: Array<{ kind: string; textVersion: string }> };
    expect(exported.consents.find((c) => c.kind === "electronic-records")).toMatchObject({ textVersion: ESIGN_DISCLOSURE.version });
  });
});

describe("the income question", () => {
  it("carries Regulation B's notice and asks the business's revenue apart", async () => {
    const { client } = await fillStepsOverHttp();
    const { $ } = await getPage("/apply/finances", client);
    const hint = squash($(`#${byLabel($, "Total annual income (USD)").attr("aria-describedby")?.split(" ").pop()}`).text());
    expect(hint).toContain(REG_B_INCOME_NOTICE);
    expect(hint).toContain("personal income");
    expect(byLabel($, "Average monthly revenue (USD, optional)").length).toBe(1);
  });
});

describe("the review step's consents", () => {
  it("names the lenders serving the state, says when a hard inquiry happens, offers SMS unticked with the number, and stores each consent", async () => {
    const { client, email } = await fillStepsOverHttp();
    expect((await client.fetch("/apply/documents", { form: { intent: "continue" } })).status).toBe(302);
    const { $ } = await getPage("/apply/review", client);
    const credit = squash(
      $("label[for]")
        .filter((_, el) => /^I authorize Lendwise/.test(squash($(el).text())))
        .text(),
    );
    // The wizard's applicant is in Illinois and wants equipment financing: Keystone serves it, Bluebonnet (Texas and nearby) does not.
    expect(credit).toContain("the partner lenders that serve Illinois (");
    expect(credit).toContain("Keystone Equipment Finance");
    expect(credit).not.toContain("Bluebonnet");
    expect(credit).toContain("at most a soft inquiry, which does not affect my credit score");
    expect(credit).toContain("happens only if I accept an offer and that lender tells me it will make one");
    const sms = byLabel($, /^Text me offers and promotions/);
    expect(sms.attr("checked")).toBeUndefined();
    const smsLabel = squash($(`label[for="${sms.attr("id")}"]`).text());
    expect(smsLabel).toContain("(555) 010-7788");
    expect(smsLabel).toContain("Consent is not a condition of purchase.");
    expect(smsLabel).toContain("Reply STOP to opt out");
    // No promise of SMS updates: SMS exists only as this optional marketing consent.
    expect(byLabel($, "Send me updates and promotions by email (optional)")).toHaveLength(1);

    const res = await client.fetch("/apply/review", {
      form: { agreeTerms: "on", authorizeCredit: "on", smsConsent: "on", submitKey: String($("input[name=submitKey]").val()) },
    });
    expect(res.headers.get("location")).toBe("/apply/submitted");
    const user = await userByEmail(email);
    const [app] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.userId, user.id));
    const rows = await getDb()
      .select()
      .from(schema.consentRecords)
      .where(and(eq(schema.consentRecords.userId, user.id), eq(schema.consentRecords.applicationId, app!.id)));
    const byKind = Object.fromEntries(rows.map((r) => [r.kind, r]));
    expect(Object.keys(byKind).sort()).toEqual(["credit-authorization", "lender-share", "sms-marketing"]);
    expect(byKind["credit-authorization"]!.text).toBe(credit.replace(/\s*$/, ""));
    expect(byKind["sms-marketing"]!.text).toBe(smsLabel);
    expect(byKind["sms-marketing"]!.phone?.replace(/\D/g, "")).toBe("5550107788");
    for (const r of rows) {
      expect(r.textSha256).toBe(sha256(r.text));
      expect(r.ip).toBeTruthy();
    }

    // The data export lists them, with the words and the application's reference.
    const exported = (await (await client.fetch("/account/export")).json()) as {
      consents: Array<{ kind: string; text: string; application: string | null }>;
    };
    // With the agreement to electronic records given at step 2, when the wizard made the account.
    expect(exported.consents.map((c) => c.kind).sort()).toEqual([
      "credit-authorization",
      "electronic-records",
      "lender-share",
      "sms-marketing",
    ]);
    expect(exported.consents.find((c) => c.kind === "sms-marketing")).toMatchObject({ text: smsLabel, application: app!.reference });
  });
});
