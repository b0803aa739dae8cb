/**
 * A referral partner starts an application for a business owner; the owner claims it. Over HTTP,
 * as a browser without JavaScript and an integrator's server would: the partner's key creates the
 * draft (a 'submitted' from the key is refused), the owner's e-mail carries an absolute single-use
 * link, the owner chooses a password (the sign-up rules apply), is signed in, finds the referred
 * details in the wizard, gives the consents and submits; the partner then reads the new status and
 * the offers count. The link works once and expires; an existing account gets a sign-in notice and
 * no password link; a partner never reads another partner's referral.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { ACCOUNT_MSG, MSG, PARTNER_MSG } from "~/content/messages";
import { COMMON_PASSWORD_MESSAGE } from "~/features/accounts/password/password-policy.server";
import { applicationPayload } from "../support/api";
import { partnerApi } from "../support/api-client";
import { adminClient, createAdmin, createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { formValues, parse } from "../support/html";
import { baseUrl, Client, expectRedirect } from "../support/http";
import { linkIn, mailsTo, waitForMail } from "../support/mail";
import { applicationsOfPartner, referralBody, referralPartnerWithKey, referralSubmittedByOwner } from "../support/partners";

const TEXAS = applicationPayload({ amount: "30000", city: "Dallas", state: "TX", zipCode: "75201" });

/** Opens a wizard step and sends its form as the page has it (what the referral filled in), with `fill` typed over it. */
async function continueStep(client: Client, step: string, fill: Record<string, string> = {}) {
  const { $ } = await parse(await client.fetch(`/apply/${step}`));
  const res = await client.fetch(`/apply/${step}`, { form: formValues($, `form#wizard-${step}`, { ...fill, intent: "continue" }) });
  return { $, res };
}

async function refer(key: string, overrides: Record<string, unknown> = {}) {
  const body = referralBody({ ...TEXAS, ...overrides }) as ReturnType<typeof referralBody> & { applicant: { email: string } };
  const { data, response } = await partnerApi(key).POST("/api/loan-applications", { body: body as never });
  expect(response.status).toBe(201);
  return { body, referral: data as { applicationId: string; status: string } };
}

describe("a referral partner's referral, claimed by the business owner", () => {
  it("e-mails a link; the owner sets a password, reviews the referred details in the wizard and submits; the partner reads the outcome", async () => {
    const { key, partner } = await referralPartnerWithKey();
    const api = partnerApi(key);
    const { body, referral } = await refer(key);
    expect(referral).toMatchObject({ status: "draft", offersCount: 0, funding: null, submittedAt: null });

    // The owner's e-mail, written with the referral: HTML and text parts, an absolute link.
    const [mail] = await waitForMail(body.applicant.email, "referral_claim");
    expect(mail!.subject).toContain("started a loan application for you");
    expect(mail!.bodyText).toContain(referral.applicationId);
    expect(mail!.bodyHtml).toContain(`${baseUrl()}/referral/claim?token=`);
    const link = linkIn(mail!.bodyText);
    expect(mail!.bodyText).toContain(`${baseUrl()}${link.path}`);

    // Opening the link changes nothing; the page names the account.
    const owner = new Client();
    const { $: $claim } = await parse(await owner.fetch(link.path));
    expect($claim("body").text()).toContain(`Choose a password for ${body.applicant.email}`);
    // The sign-up rules: a common password is refused in place.
    const weak = await owner.fetch("/referral/claim", {
      form: formValues($claim, "form#referral-claim", { password: "password1", confirmPassword: "password1" }),
    });
    expect(weak.status).toBe(400);
    expect((await parse(weak)).text()).toContain(COMMON_PASSWORD_MESSAGE);
    const set = await owner.fetch("/referral/claim", {
      form: formValues($claim, "form#referral-claim", { password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }),
    });
    await expectRedirect(set, "/apply", "the claim signs in and opens the wizard");
    const [user] = await getDb().select().from(schema.users).where(eq(schema.users.email, body.applicant.email));
    expect(user!.emailVerifiedAt).not.toBeNull();

    // The wizard opens the referred draft at step 1, with the partner's values in every step.
    await expectRedirect(await owner.fetch("/apply"), "/apply/loan", "the referred draft resumes at step 1");
    const loan = await continueStep(owner, "loan");
    expect(formValues(loan.$, "form#wizard-loan")).toMatchObject({ amount: "30,000", purpose: "working-capital" });
    await expectRedirect(loan.res, "/apply/owner", "step 1");
    // Step 2's declaration is the owner's own: not ticked by the referral.
    const ownerStep = await continueStep(owner, "owner");
    expect(ownerStep.res.status).toBe(400);
    expect((await parse(ownerStep.res)).text()).toContain(MSG.mustBeCitizen);
    await expectRedirect(await continueStep(owner, "owner", { usCitizen: "on" }).then((s) => s.res), "/apply/address", "step 2");
    const address = await continueStep(owner, "address");
    expect(formValues(address.$, "form#wizard-address")).toMatchObject({ city: "Dallas", state: "TX", zipCode: "75201" });
    await expectRedirect(address.res, "/apply/finances", "step 3");
    await expectRedirect((await continueStep(owner, "finances")).res, "/apply/documents", "step 4");
    await expectRedirect(await owner.fetch("/apply/documents", { form: { intent: "continue" } }), "/apply/review", "step 5");

    // The review's consents are required, then the owner submits.
    const { $: $review } = await parse(await owner.fetch("/apply/review"));
    const refused = await owner.fetch("/apply/review", { form: formValues($review, "form#wizard-review", { intent: "continue" }) });
    expect(refused.status).toBe(400);
    expect((await parse(refused)).text()).toContain(MSG.reviewConsentRequired);
    const submitted = await owner.fetch("/apply/review", {
      form: formValues($review, "form#wizard-review", { agreeTerms: "on", authorizeCredit: "on", intent: "continue" }),
    });
    await expectRedirect(submitted, "/apply/submitted", "the owner's submission");

    // One application: the referral's own row, submitted by its owner.
    const rows = await applicationsOfPartner(partner.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reference: referral.applicationId, userId: user!.id, status: "submitted", city: "Dallas" });
    const offers = await getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, rows[0]!.id));

    const read = await api.GET("/api/partner/referrals/{applicationId}", { params: { path: { applicationId: referral.applicationId } } });
    expect(read.response.status).toBe(200);
    expect(read.data).toMatchObject({ applicationId: referral.applicationId, status: "submitted", funding: null });
    expect(read.data!.offersCount).toBe(offers.filter((o) => o.status === "offered").length);
    expect(read.data!.offersCount).toBeGreaterThan(0);
    expect(read.data!.submittedAt).not.toBeNull();
    // Nothing personal, never documents.
    expect(Object.keys(read.data!).sort()).toEqual(
      ["amount", "applicationId", "createdAt", "funding", "offersCount", "purpose", "status", "submittedAt", "updatedAt"].sort(),
    );
  });

  it("refuses a partner's 'submitted' with 422 and creates nothing", async () => {
    const { key, partner } = await referralPartnerWithKey();
    const body = referralBody({ ...TEXAS, status: "submitted" });
    const { error, response } = await partnerApi(key).POST("/api/loan-applications", { body: body as never });
    expect(response.status).toBe(422);
    expect(error).toEqual({ message: PARTNER_MSG.referralSubmitRefused });
    expect(await applicationsOfPartner(partner.id)).toHaveLength(0);
    expect(await mailsTo((body.applicant as { email: string }).email)).toHaveLength(0);
  });

  it("the link works once: a second use, and the page afterwards, say so and point to sign-in", async () => {
    const { key } = await referralPartnerWithKey();
    const { body } = await refer(key);
    const link = linkIn((await waitForMail(body.applicant.email, "referral_claim"))[0]!.bodyText);
    const first = new Client();
    const { $ } = await parse(await first.fetch(link.path));
    const form = formValues($, "form#referral-claim", { password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
    await expectRedirect(await first.fetch("/referral/claim", { form }), "/apply", "first use");

    const again = await new Client().fetch("/referral/claim", {
      form: { ...form, password: "Another-Horse-77", confirmPassword: "Another-Horse-77" },
    });
    expect(again.status).toBe(400);
    expect((await parse(again)).text()).toContain(ACCOUNT_MSG.referralClaimInvalid);
    const { $: $used } = await parse(await new Client().fetch(link.path));
    expect($used("[data-testid=claim-invalid]").text()).toBe(ACCOUNT_MSG.referralClaimInvalid);
    expect($used('a[href="/login?redirectTo=/apply"]').length).toBe(1);
    expect($used('a[href="/forgot-password"]').length).toBe(1);
    // The password chosen first still signs in.
    const signIn = await new Client().fetch("/login", { form: { email: body.applicant.email, password: TEST_PASSWORD } });
    expect(signIn.status).toBe(302);
  });

  it("an expired link is refused with the same way forward", async () => {
    const { key } = await referralPartnerWithKey();
    const { body } = await refer(key);
    const link = linkIn((await waitForMail(body.applicant.email, "referral_claim"))[0]!.bodyText);
    const t = schema.accountTokens;
    const [user] = await getDb().select().from(schema.users).where(eq(schema.users.email, body.applicant.email));
    await getDb()
      .update(t)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.userId, user!.id));
    const { $ } = await parse(await new Client().fetch(link.path));
    expect($("[data-testid=claim-invalid]").text()).toBe(ACCOUNT_MSG.referralClaimInvalid);
    const res = await new Client().fetch("/referral/claim", {
      form: { token: link.token, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
    });
    expect(res.status).toBe(400);
    expect((await parse(res)).text()).toContain(ACCOUNT_MSG.referralClaimInvalid);
  });

  it("an existing account's owner gets a sign-in notice (no password link) and finds the referral in the wizard", async () => {
    const { key } = await referralPartnerWithKey();
    const applicant = await createApplicant();
    const { referral } = await refer(key, { applicant: { email: applicant.email, firstName: "Someone", lastName: "Else" } });
    const [notice] = await waitForMail(applicant.email, "referral_notice");
    expect(notice!.subject).toContain("referred a loan application to your");
    expect(notice!.bodyText).toContain(`${baseUrl()}/login?redirectTo=/apply`);
    expect(notice!.bodyText).toContain(referral.applicationId);
    expect(notice!.bodyText).not.toMatch(/token=/);
    expect(await mailsTo(applicant.email, "referral_claim")).toHaveLength(0);
    // The account keeps its name and password; signing in opens the referred draft.
    const owner = new Client();
    await expectRedirect(
      await owner.fetch("/login?redirectTo=/apply", {
        form: { email: applicant.email, password: applicant.password, redirectTo: "/apply" },
      }),
      "/apply",
      "sign-in",
    );
    await expectRedirect(await owner.fetch("/apply"), "/apply/loan", "the referred draft");
    const { $: $loan } = await parse(await owner.fetch("/apply/loan"));
    expect(formValues($loan, "form#wizard-loan")).toMatchObject({ amount: "30,000" });
  });

  it("a partner cannot read another partner's referral (403), nor an unknown one (404)", async () => {
    const mine = await referralPartnerWithKey();
    const other = await referralPartnerWithKey();
    const { referral } = await refer(mine.key);
    const theirs = await partnerApi(other.key).GET("/api/partner/referrals/{applicationId}", {
      params: { path: { applicationId: referral.applicationId } },
    });
    expect(theirs.response.status).toBe(403);
    expect(theirs.error).toEqual({ message: PARTNER_MSG.referralNotYours });
    const unknown = await partnerApi(mine.key).GET("/api/partner/referrals/{applicationId}", {
      params: { path: { applicationId: "APP-ZZZZZZZZZZZZ" } },
    });
    expect(unknown.response.status).toBe(404);
  });

  it("the admin panel names the referring partner and filters by source", async () => {
    const { key, partner } = await referralPartnerWithKey();
    const { applicationId, id } = await referralSubmittedByOwner(key, TEXAS);
    const admin = await adminClient(await createAdmin());
    const { $ } = await parse(await admin.fetch(`/admin/applications/${id}`));
    expect($("[data-testid=referred-by]").text()).toBe(partner.name);
    expect($("[data-testid=referred-by]").attr("href")).toBe(`/admin/partners/${partner.id}`);
    const referred = await parse(await admin.fetch(`/admin?referred=referred&q=${applicationId}`));
    expect(referred.text("table")).toContain(applicationId);
    expect(referred.$("#admin-referred-filter option[selected]").attr("value")).toBe("referred");
    const direct = await parse(await admin.fetch(`/admin?referred=direct&q=${applicationId}`));
    expect(direct.text("table")).not.toContain(applicationId);
    expect(direct.text("table")).toContain("No applications found");
  });
});
