/**
 * The two parts of the lender story around an application: the applicant's consent to share it
 * with the matched partner lenders (recorded at submission with the exact text's SHA-256, exported,
 * and required for any lender to see it, on its pages and through the lender partner API), and the
 * optional answers lenders price on (saved by step 4, shown on the review and to the admin, checked,
 * used by matching; "Boost your offers" takes the missing ones and matches again).
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { LENDER_SHARE_CONSENT } from "~/content/lender-share-consent";
import { MARKET_MSG, MSG } from "~/content/messages";
import { FIELD_GROUPS } from "~/features/applications/fields";
import { REPRICED_REASON } from "~/features/marketplace/offer-boost.server";
import { applicationPayload, expectJsonError, signedInApplicant } from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { adminClient, createAdmin } from "../support/fixtures";
import { byLabel, formValues, parse } from "../support/html";
import { Client, expectRedirect } from "../support/http";
import { createLenderUser, shareWithLender, signInLenderOverHttp, twoLenders } from "../support/lenders";
import {
  bearerFetch,
  createTestKey,
  createTestPartner,
  referralBody,
  referralPartnerWithKey,
  referralSubmittedByOwner,
} from "../support/partners";
import { applyOverHttp, fillStepsOverHttp } from "../support/wizard";

const CONSENT_SHA256 = createHash("sha256").update(LENDER_SHARE_CONSENT.text, "utf8").digest("hex");
const offersOf = (applicationId: number) => getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, applicationId));
const rowOf = async (id: number) => (await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.id, id)))[0]!;

describe("consent to share with partner lenders", () => {
  it("the review shows the sentence next to Submit; submitting records its time and SHA-256, and the export lists it", async () => {
    const { client } = await fillStepsOverHttp();
    const review = await parse(await client.fetch("/apply/review"));
    expect(review.text('[data-testid="lender-share-consent"]')).toBe(LENDER_SHARE_CONSENT.text);
    // The spec's three boxes plus the optional SMS consent (the applicant gave a phone number) are the only
    // checkboxes: sharing with lenders is a sentence next to Submit, not a box.
    const boxes = review.$('form[action="/apply/review"] input[type="checkbox"]');
    expect(boxes.map((_, el) => review.$(el).attr("name")).get()).toEqual([
      "agreeTerms",
      "authorizeCredit",
      "marketingConsent",
      "smsConsent",
    ]);
    const before = Date.now();
    const res = await client.fetch("/apply/review", { form: { agreeTerms: "on", authorizeCredit: "on", intent: "continue" } });
    expectRedirect(res, "/apply/submitted", "submit");
    const exported = JSON.parse(await (await client.fetch("/account/export")).text());
    const [app] = exported.applications;
    expect(app.lenderShareConsent).toEqual({
      at: expect.any(String),
      version: LENDER_SHARE_CONSENT.version,
      sha256: CONSENT_SHA256,
      text: LENDER_SHARE_CONSENT.text,
    });
    expect(new Date(app.lenderShareConsent.at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(app.lenderShareConsent.at).toBe(app.submittedAt);
  });

  it("the cookie API records it only with shareWithLenders: true; without it no lender sees the application (page and partner API)", async () => {
    const { client } = await signedInApplicant();
    const submit = async (extra: Record<string, unknown>) => {
      const res = await client.fetch("/api/loan-applications", {
        json: { ...applicationPayload({ amount: "30000", state: "TX", zipCode: "75201" }), status: "submitted", ...extra },
      });
      expect(res.status).toBe(201);
      return res.json();
    };
    const shared = await submit({ shareWithLenders: true });
    const unshared = await submit({});
    expect(shared.lenderShareConsentAt).toBe(shared.submittedAt);
    expect(unshared.lenderShareConsentAt).toBeNull();
    const sharedRow = await rowOf(shared.id);
    expect(sharedRow).toMatchObject({ lenderShareConsentVersion: LENDER_SHARE_CONSENT.version, lenderShareConsentSha256: CONSENT_SHA256 });
    expect((await rowOf(unshared.id)).lenderShareConsentAt).toBeNull();
    await expectJsonError(
      await client.fetch("/api/loan-applications", { json: { ...applicationPayload(), status: "submitted", shareWithLenders: "yes" } }),
      400,
    );

    // Both were matched and offered to the applicant; a lender holding offers on both sees one.
    const lenderId = (await offersOf(unshared.id)).find((o) => o.lenderId != null)!.lenderId!;
    expect((await offersOf(shared.id)).some((o) => o.lenderId === lenderId)).toBe(true);
    const lenderClient = await signInLenderOverHttp(new Client(), await createLenderUser(lenderId));
    const queue = await parse(await lenderClient.fetch("/lender"));
    expect(queue.$(`[data-application-id="${shared.id}"]`).length).toBe(1);
    expect(queue.$(`[data-application-id="${unshared.id}"]`).length).toBe(0);
    expect((await lenderClient.fetch(`/lender/applications/${shared.id}`)).status).toBe(200);
    expect((await lenderClient.fetch(`/lender/applications/${unshared.id}`)).status).toBe(404);

    const partner = await createTestPartner("lender", lenderId);
    const { key } = await createTestKey(partner.id, { scopes: ["applications:read"] });
    const { applications } = await (await bearerFetch(key, "/api/partner/applications?limit=100")).json();
    const refs = applications.map((a: { applicationId: string }) => a.applicationId);
    expect(refs).toContain(shared.applicationId);
    expect(refs).not.toContain(unshared.applicationId);
  });

  it("a referral partner cannot consent for the owner; the owner's own submission records it", async () => {
    const { key } = await referralPartnerWithKey();
    const res = await bearerFetch(key, "/api/loan-applications", {
      json: referralBody({ ...applicationPayload(), shareWithLenders: true }),
    });
    expect(res.status).toBe(400);
    const { id } = await referralSubmittedByOwner(key, applicationPayload());
    const [row] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.id, id));
    expect(row!.lenderShareConsentSha256).toBe(CONSENT_SHA256);
    expect(row!.partnerId).not.toBeNull();
  });

  it("an application inserted without the consent stays out of the lender's workspace even with the lender's offer", async () => {
    const { user } = await signedInApplicant();
    const [lender] = await twoLenders();
    const app = await createSubmittedApplication({ userId: user.id, shareWithLenders: false });
    await shareWithLender(app.id, lender.id);
    const lenderClient = await signInLenderOverHttp(new Client(), await createLenderUser(lender.id));
    expect((await lenderClient.fetch(`/lender/applications/${app.id}`)).status).toBe(404);
  });
});

describe("the optional answers lenders price on", () => {
  const ANSWERS = {
    businessName: "Okafor Tools LLC",
    ein: "12-3456789",
    industry: "manufacturing",
    timeInBusiness: "2-5",
    monthlyRevenue: "18,500",
    creditScoreRange: "740-799",
    // Section 1071's business data points, in their own group.
    naicsCode: "722511",
    numberOfWorkers: "5-9",
  };
  const SHOWN = ["Okafor Tools LLC", "12-3456789", "Manufacturing", "2 to 5 years", "$18,500", "740 to 799", "722511", "5 to 9"];

  it("step 4 groups them under one legend; they are saved, shown on the review, to the admin and to the lender", async () => {
    const { app } = await applyOverHttp({ tag: "answers", finances: ANSWERS });
    expect(app).toMatchObject({
      businessName: "Okafor Tools LLC",
      ein: "123456789",
      industry: "manufacturing",
      timeInBusiness: "2-5",
      monthlyRevenue: "18500.00",
      creditScoreRange: "740-799",
      naicsCode: "722511",
      numberOfWorkers: "5-9",
    });
    // The review (read back from a fresh draft of the same answers: this one is submitted).
    const fresh = await fillStepsOverHttp();
    const step4 = await parse(await fresh.client.fetch("/apply/finances"));
    expect(step4.text("fieldset legend")).toContain(FIELD_GROUPS.lenders.legend);
    expect(step4.text("fieldset legend")).toContain(FIELD_GROUPS.business.legend);
    const filled = formValues(step4.$, 'form:has(input[name="annualIncome"])', {
      ...ANSWERS,
      annualIncome: "120000",
      livingSituation: "rent",
      monthlyPayment: "1500",
    });
    expectRedirect(await fresh.client.fetch("/apply/finances", { form: { ...filled, intent: "continue" } }), "/apply/documents", "step 4");
    const review = await parse(await fresh.client.fetch("/apply/review"));
    const text = review.text();
    for (const shown of SHOWN) expect(text).toContain(shown);

    const admin = await adminClient(await createAdmin());
    const details = await parse(await admin.fetch(`/admin/applications/${app.id}`));
    for (const shown of SHOWN) expect(details.text()).toContain(shown);

    const lenderId = (await offersOf(app.id)).find((o) => o.lenderId != null)!.lenderId!;
    const lenderClient = await signInLenderOverHttp(new Client(), await createLenderUser(lenderId));
    const figures = (await parse(await lenderClient.fetch(`/lender/applications/${app.id}`))).text('[data-testid="lender-figures"]');
    for (const shown of SHOWN) expect(figures).toContain(shown);
  });

  it("a malformed EIN is refused in place with a clear message; leaving every answer out is fine", async () => {
    const { client } = await fillStepsOverHttp();
    const bad = await parse(
      await client.fetch("/apply/finances", {
        form: {
          annualIncome: "120000",
          livingSituation: "rent",
          monthlyPayment: "1500",
          ein: "12-345",
          naicsCode: "72-25",
          intent: "continue",
        },
      }),
    );
    expect(bad.status).toBe(400);
    const ein = byLabel(bad.$, /Employer Identification Number/);
    expect(ein.attr("aria-invalid")).toBe("true");
    expect(bad.text()).toContain(MSG.einInvalid);
    expect(byLabel(bad.$, /^Industry code, NAICS/).attr("aria-invalid")).toBe("true");
    expect(bad.text()).toContain(MSG.naicsInvalid);
    // The spec's step-4 messages are untouched.
    const empty = await parse(await client.fetch("/apply/finances", { form: { intent: "continue" } }));
    expect(empty.text()).toContain(MSG.incomeRequired);
    expect(empty.text()).not.toContain(MSG.einInvalid);

    const { client: api } = await signedInApplicant();
    const refused = await expectJsonError(
      await api.fetch("/api/loan-applications", { json: { ...applicationPayload(), ein: "1234", numberOfWorkers: "many" } }),
      400,
    );
    expect(refused.errors?.ein).toEqual([MSG.einInvalid]);
    expect(refused.errors?.numberOfWorkers).toEqual([MSG.numberOfWorkersInvalid]);
    const ok = await api.fetch("/api/loan-applications", { json: { ...applicationPayload(), status: "submitted" } });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({
      businessName: "",
      ein: "",
      industry: "",
      timeInBusiness: "",
      monthlyRevenue: "0",
      creditScoreRange: "",
      naicsCode: "",
      numberOfWorkers: "",
    });
  });
});

describe("the offers page: what a missing answer would unlock, and Boost your offers", () => {
  it("a lender whose rate a stated score may lower is named; with the best score its offer is replaced at a lower rate, and the hint goes", async () => {
    const { client, app } = await applyOverHttp({ tag: "boost-rate" });
    const path = `/dashboard/applications/${app.reference}/offers`;
    const page = await parse(await client.fetch(path));
    const improvable = [...page.text('[data-testid="boost-hints"]').matchAll(/it may lower (.+?)'s rate/g)].map((m) => m[1]!);
    expect(improvable.length).toBeGreaterThan(0);
    const before = await offersOf(app.id);
    expectRedirect(await client.fetch(path, { form: { creditScoreRange: "800-plus" } }), path, "boost");
    const after = await offersOf(app.id);
    for (const lender of improvable) {
      const old = before.find((o) => o.lenderName === lender && o.status === "offered")!;
      expect(after.find((o) => o.id === old.id)!.status).toBe("withdrawn");
      const now = after.find((o) => o.lenderName === lender && o.status === "offered")!;
      expect(now.id).not.toBe(old.id);
      expect(now.noteRateBps).toBeLessThan(old.noteRateBps);
      expect(now.estimatedAprBps).toBeLessThan(old.estimatedAprBps);
    }
    // The page now shows the lower offer as open and the old one as withdrawn; nothing promises more.
    const shown = await parse(await client.fetch(path));
    expect(shown.text()).not.toContain("may lower");
    expect(shown.text()).not.toContain("Stating your estimated credit score");
  });

  it("names the lender a credit-score range would unlock; Boost adds its offer, keeps the others, records an event; refused once accepted", async () => {
    // $30,000 of working capital from Austin, Texas, no optional answers: Lone Star needs a stated score.
    const { client, app } = await applyOverHttp({ tag: "boost" });
    const path = `/dashboard/applications/${app.reference}/offers`;
    const page = await parse(await client.fetch(path));
    const hints = page.text('[data-testid="boost-hints"]');
    expect(hints).toContain("Tell us your credit-score range to see Lone Star Merchant Finance's offer.");
    expect(page.$('[data-testid="boost-offers"] form[method="post"]').length).toBe(1);

    const before = await offersOf(app.id);
    expect(before.some((o) => o.lenderName === "Lone Star Merchant Finance")).toBe(false);
    const malformed = await parse(await client.fetch(path, { form: { creditScoreRange: "820" } }));
    expect(malformed.status).toBe(400);
    expect(malformed.text('[data-testid="boost-offers"]')).toContain(MSG.creditScoreRangeInvalid);

    const res = await client.fetch(path, { form: { creditScoreRange: "670-739" } });
    expectRedirect(res, path, "boost");
    const after = await offersOf(app.id);
    const fresh = after.filter((o) => !before.some((b) => b.id === o.id));
    expect(fresh.map((o) => o.lenderName)).toContain("Lone Star Merchant Finance");
    // An offer already made is untouched, or, priced lower with the stated score, replaced by a
    // new offer of the same product at the lower rate (the old one withdrawn, never a higher rate).
    let replaced = 0;
    for (const b of before) {
      const now = after.find((o) => o.id === b.id)!;
      if (now.status === "offered") {
        expect(now).toEqual(b);
        continue;
      }
      replaced++;
      expect(now).toMatchObject({ status: "withdrawn", withdrawnReason: REPRICED_REASON });
      const replacement = fresh.find((o) => o.lenderProductId === b.lenderProductId)!;
      expect(replacement.noteRateBps).toBeLessThan(b.noteRateBps);
    }
    expect(after.length).toBe(before.length + 1 + replaced);
    expect((await rowOf(app.id)).creditScoreRange).toBe("670-739");
    const events = await getDb()
      .select()
      .from(schema.applicationEvents)
      .where(and(eq(schema.applicationEvents.applicationId, app.id), eq(schema.applicationEvents.type, "offers_boosted")));
    expect(events).toHaveLength(1);
    const shown = await parse(await client.fetch(path));
    expect(shown.text()).toContain("Lone Star Merchant Finance");
    expect(shown.text('[data-testid="boost-hints"]')).not.toContain("credit-score range");

    // Accept an offer (as the disclosure form does), then Boost is refused with the message.
    const offer = after[0]!;
    const disclosure = await parse(await client.fetch(`/offers/${offer.id}`));
    const accept = formValues(disclosure.$, 'form:has(input[name="signerName"])', {
      signerName: "Robin Okafor",
      confirmRead: "on",
      intent: "accept",
    });
    const accepted = await client.fetch(`/offers/${offer.id}`, { form: accept });
    expect(accepted.status).toBe(302);
    const refused = await parse(await client.fetch(path, { form: { timeInBusiness: "5-plus" } }));
    expect(refused.status).toBe(409);
    expect(refused.text('[data-testid="boost-refused"]')).toBe(MARKET_MSG.boostClosed);
    expect((await rowOf(app.id)).timeInBusiness).toBe("");
    expect(await offersOf(app.id)).toHaveLength(after.length);
  });
});

describe("Boost your offers at the same moment", () => {
  it("ten applicants boosting at once each get their own lower offers; none answers 500", async () => {
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => applyOverHttp({ tag: `boost-many-${i}` })));
    const before = await Promise.all(people.map((p) => offersOf(p.app.id)));
    const answers = await Promise.all(
      people.map((p) => p.client.fetch(`/dashboard/applications/${p.app.reference}/offers`, { form: { creditScoreRange: "800-plus" } })),
    );
    for (const res of answers) expect(res.status).toBe(302);
    for (const [i, p] of people.entries()) {
      const after = await offersOf(p.app.id);
      // Every offer is this application's, each replaced offer has exactly one lower successor.
      expect(after.every((o) => o.applicationId === p.app.id)).toBe(true);
      for (const old of before[i]!.filter((o) => after.find((a) => a.id === o.id)!.status === "withdrawn")) {
        const successors = after.filter((o) => o.lenderProductId === old.lenderProductId && o.id > old.id);
        expect(successors).toHaveLength(1);
        expect(successors[0]!.noteRateBps).toBeLessThan(old.noteRateBps);
      }
      expect((await rowOf(p.app.id)).creditScoreRange).toBe("800-plus");
    }
  });

  it("a boost and the acceptance of the offer it would replace, sent together: never an accepted offer withdrawn", async () => {
    const { client, app, user } = await applyOverHttp({ tag: "boost-vs-accept" });
    const path = `/dashboard/applications/${app.reference}/offers`;
    const improvable = [
      ...(await parse(await client.fetch(path))).text('[data-testid="boost-hints"]').matchAll(/it may lower (.+?)'s rate/g),
    ].map((m) => m[1]!);
    const target = (await offersOf(app.id)).find((o) => o.lenderName === improvable[0] && o.status === "offered")!;
    const disclosure = await parse(await client.fetch(`/offers/${target.id}`));
    const accept = formValues(disclosure.$, 'form:has(input[name="signerName"])', {
      signerName: `${user.firstName} ${user.lastName}`,
      confirmRead: "on",
      intent: "accept",
    });
    const [accepted, boosted] = await Promise.all([
      client.fetch(`/offers/${target.id}`, { form: accept }),
      client.fetch(path, { form: { creditScoreRange: "800-plus" } }),
    ]);
    const after = await offersOf(app.id);
    const acceptances = await getDb().select().from(schema.offerAcceptances).where(eq(schema.offerAcceptances.applicationId, app.id));
    if (accepted.status === 302) {
      // The acceptance came first: it stands, and the boost was refused.
      expect(boosted.status).toBe(409);
      expect(acceptances.map((a) => a.offerId)).toEqual([target.id]);
      expect(after.find((o) => o.id === target.id)!.status).toBe("accepted");
    } else {
      // The boost came first: the offer was replaced, so the acceptance was refused and nothing was signed.
      expect(boosted.status).toBe(302);
      expect(accepted.status).toBe(409);
      expect(acceptances).toEqual([]);
      expect(after.find((o) => o.id === target.id)!.status).toBe("withdrawn");
    }
    expect(after.filter((o) => o.status === "accepted").length).toBeLessThanOrEqual(1);
  });
});
