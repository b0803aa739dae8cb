/**
 * Issue 30, the applicant's dashboard and the remaining English, over HTTP as a browser without
 * JavaScript: a Spanish account's dashboard (a submitted application, a document request, an
 * upload, a status change, the notices of action taken) reads as Spanish, dates in es-US; the page
 * about the owners and its toast; the review step's lender-share sentence recorded as a Spanish text
 * of its own (version, hash, language); a throttle's refusal, the footer's hours, the screen-reader
 * "opens in a new tab" words and the root error page's title in Spanish. English stays as it was.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fill, resources } from "~/content/locales";
import { LENDER_SHARE_CONSENT } from "~/content/lender-share-consent";
import { LENDER_SHARE_CONSENT_ES } from "~/content/consents-es.server";
import { APPLICANT_TOASTS, THROTTLE_MSG } from "~/content/messages";
import { site } from "~/content/site";
import { formatsFor } from "~/ui/locale-format";
import { getDb, schema } from "~/platform/db/db.server";
import { sha256OfText } from "~/platform/consents.server";
import { createSubmittedApplication } from "../support/applications";
import { uploadFromDashboard } from "../support/documents";
import { adminClient, createAdmin, createApplicant } from "../support/fixtures";
import { parse, squash, type Html } from "../support/html";
import { Client, uniqueEmail } from "../support/http";
import { englishSentences, visibleText } from "../support/i18n";
import { englishIn } from "../support/spanish";
import { signInApplicantOverHttp } from "../support/sign-in";
import { applyWith } from "../support/apply-flow";
import { samplePdf } from "../fixtures/documents";
import { ADDRESS, FINANCES, LOAN, owner } from "../support/wizard";
import { TEST_PASSWORD } from "../support/fixtures";

const es = resources.es;
const ENGLISH = englishSentences(["dashboard", "common"]);

/** A browser whose language is Spanish (the switch's cookie; on a signed-in account, saved there too). */
async function spanish(client = new Client(), redirectTo = "/dashboard") {
  expect((await client.fetch(`/language?lng=es&redirectTo=${encodeURIComponent(redirectTo)}`)).status).toBe(302);
  return client;
}

/** The page's visible text, checked: <html lang=es>, no English sentence of our namespaces, no English function word. */
function expectSpanish($: Html, where: string) {
  expect($("html").attr("lang"), where).toBe("es");
  const text = visibleText($);
  expect(
    ENGLISH.filter((s) => text.includes(s)),
    where,
  ).toEqual([]);
  expect(englishIn(text), where).toEqual([]);
  return text;
}

const requestDocuments = (ac: Client, appId: number, message: string) => {
  const body = new URLSearchParams({ redirectTo: `/admin/applications/${appId}`, intent: "request-documents", message });
  for (const t of ["bank-statements", "ein"]) body.append("documentTypes", t);
  return ac.fetch(`/admin/applications/${appId}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
};
const setStatus = (ac: Client, appId: number, status: string) =>
  ac.fetch(`/admin/applications/${appId}`, { form: { status, note: "", redirectTo: `/admin/applications/${appId}` } });

describe("the dashboard in Spanish", () => {
  it("has the namespace's English to check against", () => {
    expect(ENGLISH.length).toBeGreaterThan(40);
  });

  it("a Spanish account's dashboard: application, document request, upload, activity; no English; dates in es-US", async () => {
    const user = await createApplicant({ firstName: "Mateo" });
    const c = await spanish(await signInApplicantOverHttp(new Client(), user));
    const app = await createSubmittedApplication({ userId: user.id, amount: 25000, purpose: "working-capital" });
    const ac = await adminClient(await createAdmin());
    expect((await requestDocuments(ac, app.id, "Envíe el estado de cuenta de mayo")).status).toBe(302);
    await uploadFromDashboard(c, app.id, "mayo.pdf", samplePdf("mayo"), "bank-statements");
    expect((await setStatus(ac, app.id, "under-review")).status).toBe(302);

    const res = await c.fetch("/dashboard");
    expect(res.status).toBe(200);
    const { $ } = await parse(res);
    expect($("title").text()).toBe(fill(es.dashboard.pageTitle, { site: site.name }));
    expect($("meta[name=description]").attr("content")).toBe(es.dashboard.description);
    const text = expectSpanish($, "/dashboard");
    expect(squash($("h1").text())).toBe(fill(es.dashboard.welcome, { name: "Mateo" }));
    for (const words of [
      es.dashboard.totalApplications,
      es.dashboard.recentActivity,
      es.dashboard.quickActions,
      es.dashboard.accountSummary,
      es.dashboard.documents.heading,
      es.dashboard.documents.actionNeeded,
      es.common.footer.hours,
    ])
      expect(text).toContain(words);
    expect(text).not.toContain(site.hours);

    // The card: amount, purpose, stage and the submitted date in es-US.
    const f = formatsFor("es");
    const card = squash($(`[data-testid=dashboard-application][data-reference=${app.reference}]`).text());
    expect(card).toContain(`$25,000 · ${es.wizard.purposes["working-capital"].label}`);
    expect(card).toContain(fill(es.dashboard.card.submitted, { date: f.date(app.submittedAt!.toISOString()) }));
    expect(f.date(app.submittedAt!.toISOString())).toMatch(/^\d{1,2} [a-z]{3,4}\.? \d{4}$/);

    // The request: what is still needed (the upload fulfilled the bank statements), its own upload card.
    const request = squash($("[data-testid=open-request]").text());
    expect(request).toContain(`${es.apply.documents.labels["bank-statements"]}: ${es.dashboard.documents.received}`);
    expect(request).toContain(`${es.apply.documents.labels.ein}: ${es.dashboard.documents.stillNeeded}`);
    expect(request).toContain("Envíe el estado de cuenta de mayo");
    expect(squash($("[data-testid=requested-document][data-document-type=ein] h4").text())).toBe(es.apply.documents.labels.ein);
    expect(squash($("[data-testid=document-state]").first().text())).toBe(es.dashboard.documents.inReview);

    // Recent activity: Spanish lines, document-type names, dates and times in es-US.
    const activity = $("[data-testid=recent-activity] li")
      .map((_, li) => squash($(li).text()))
      .get();
    const labelOfDoc = fill(es.dashboard.activity.fileOfType, { name: "mayo.pdf", type: es.apply.documents.labels["bank-statements"] });
    expect(activity.join("\n")).toContain(fill(es.dashboard.activity.documentUploaded, { reference: app.reference, document: labelOfDoc }));
    expect(activity.join("\n")).toContain(
      fill(es.dashboard.activity.statusChanged, { reference: app.reference, status: es.public.statuses.underReview }),
    );
    expect(activity.join("\n")).toMatch(/\d{1,2} [a-z]{3,4}\.? \d{4}, \d{1,2}:\d{2} [ap]\.\s?m\./);

    // Member since, in es-US.
    expect(text).toContain(`${es.dashboard.memberSince}`);
  });

  it("a Spanish wizard's application on the dashboard: offers, notices as sent, lender-share consent recorded in Spanish", async () => {
    // Illinois, $6,000, $70,000 a year: two lenders decline and send their notices (i18n-mail.test.ts).
    const c = await spanish(new Client(), "/apply");
    const { user, app } = await applyWith(c, {
      tag: "es-dashboard",
      state: "IL",
      city: "Chicago",
      zip: "60601",
      amount: "6000",
      finances: { annualIncome: "70000" },
    });
    expect(user.language).toBe("es");

    // The lender-share consent: the Spanish text, its own version and hash, on the application and in the consent records.
    expect(app.lenderShareConsentVersion).toBe(LENDER_SHARE_CONSENT_ES.version);
    expect(app.lenderShareConsentSha256).toBe(sha256OfText(LENDER_SHARE_CONSENT_ES.text));
    expect(app.lenderShareConsentSha256).not.toBe(sha256OfText(LENDER_SHARE_CONSENT.text));
    const [record] = await getDb()
      .select()
      .from(schema.consentRecords)
      .where(and(eq(schema.consentRecords.applicationId, app.id), eq(schema.consentRecords.kind, "lender-share")));
    expect(record).toMatchObject({
      language: "es",
      textVersion: LENDER_SHARE_CONSENT_ES.version,
      text: LENDER_SHARE_CONSENT_ES.text,
      textSha256: sha256OfText(LENDER_SHARE_CONSENT_ES.text),
    });

    // The submitted page's timeline in Spanish too (LifecycleTimeline, translatedLifecycle).
    const submitted = await parse(await c.fetch("/apply/submitted"));
    expectSpanish(submitted.$, "/apply/submitted");

    const { $ } = await parse(await c.fetch("/dashboard"));
    const text = expectSpanish($, "/dashboard after the wizard");
    const notices = $("[data-testid=sent-notice]");
    expect(notices.length).toBeGreaterThan(0);
    expect(squash($("[data-testid=sent-notices]").text())).toContain(es.dashboard.notices.heading);
    // A notice as it was sent (its subject stored in Spanish), with its time in es-US.
    const [stored] = await getDb()
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.userId, user.id), eq(schema.outbox.kind, "adverse_action")));
    expect(text).toContain(stored!.subject);
    expect(squash(notices.first().find("summary").text())).toMatch(/\d{1,2} [a-z]{3,4}\.? \d{4}, \d{1,2}:\d{2} [ap]\.\s?m\./);
  });

  it("the review step shows the Spanish lender-share sentence and the new-tab words in Spanish", async () => {
    const c = await spanish(new Client(), "/apply");
    const post = async (path: string, form: Record<string, string>) =>
      expect((await c.fetch(path, { form: { ...form, intent: "continue" } })).status, path).toBe(302);
    await post("/apply/loan", LOAN);
    await post("/apply/owner", { ...owner(uniqueEmail("review-es")), password: TEST_PASSWORD });
    await post("/apply/address", ADDRESS);
    await post("/apply/finances", FINANCES);
    await post("/apply/documents", {});
    const { $ } = await parse(await c.fetch("/apply/review"));
    expect(squash($("[data-testid=lender-share-consent]").text())).toBe(LENDER_SHARE_CONSENT_ES.text);
    const sr = $(".sr-only")
      .map((_, e) => $(e).text())
      .get();
    expect(sr).toContain(es.common.newTab);
    expect(sr).not.toContain(resources.en.common.newTab);
  });

  it("the page about the owners in Spanish, its refusal and its toast", async () => {
    const user = await createApplicant();
    const c = await spanish(await signInApplicantOverHttp(new Client(), user));
    const app = await createSubmittedApplication({ userId: user.id });
    const path = `/dashboard/applications/${app.reference}/about-owners`;
    const { $ } = await parse(await c.fetch(path));
    expect($("title").text()).toBe(fill(es.dashboard.aboutOwners.pageTitle, { site: site.name }));
    expectSpanish($, path);
    expect(squash($("legend").first().text())).toBe(es.dashboard.aboutOwners.legends.ethnicity);

    const refused = await c.fetch(path, { form: { ethnicity: "martian" } });
    expect(refused.status).toBe(400);
    const r = await parse(refused);
    expect(squash(r.$("[role=alert]").text())).toBe(es.dashboard.aboutOwners.invalid);

    const saved = await c.fetch(path, { form: { ethnicity: "declined", sex: "female" } });
    expect(saved.status).toBe(302);
    const after = await parse(await c.fetch(path));
    const toast = squash(after.$("[data-toast]").text());
    expect(toast).toContain(es.toasts.applicant.answersSaved.title);
    expect(toast).not.toContain(APPLICANT_TOASTS.answersSaved.title);
  });

  it("the root error page's title in Spanish", async () => {
    const user = await createApplicant();
    const c = await spanish(await signInApplicantOverHttp(new Client(), user));
    const res = await c.fetch("/dashboard/applications/APP-NOSUCHTHING2/about-owners");
    expect(res.status).toBe(404);
    const { $ } = await parse(res);
    expect($("html").attr("lang")).toBe("es");
    expect($("title").text()).toBe(`${es.public.routeError.title404} | ${site.name}`);
  });
});

describe("the remaining English, in Spanish", () => {
  it("a throttle's refusal on the sign-in page is Spanish", async () => {
    const u = await createApplicant();
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) {
      const c = await spanish(new Client(), "/login");
      last = await c.fetch("/login", { form: { email: u.email, password: `Wrong-password-${i}` } });
    }
    expect(last!.status).toBe(429);
    const text = visibleText((await parse(last!)).$);
    expect(text).toContain(es.dashboard.throttle.login);
    expect(text).not.toContain(THROTTLE_MSG.login);
  });

  it("the footer's hours on a public page in Spanish; English unchanged", async () => {
    const esPage = await parse(await new Client().fetch("/faq?lng=es"));
    const esFooter = squash(esPage.$("footer").text());
    expect(esFooter).toContain(es.common.footer.hours);
    expect(esFooter).not.toContain(site.hours);
    const enPage = await parse(await new Client().fetch("/faq"));
    expect(squash(enPage.$("footer").text())).toContain(site.hours);
  });
});

describe("English pages unchanged", () => {
  it("an English account's dashboard keeps its words and en-US dates", async () => {
    const user = await createApplicant({ firstName: "Riley" });
    const c = await signInApplicantOverHttp(new Client(), user);
    const app = await createSubmittedApplication({ userId: user.id, amount: 25000, purpose: "working-capital" });
    await uploadFromDashboard(c, app.id, "march.pdf", samplePdf("march"), "bank-statements");
    const { $ } = await parse(await c.fetch("/dashboard"));
    expect($("html").attr("lang")).toBe("en");
    expect($("title").text()).toBe(`Dashboard | ${site.name}`);
    expect(squash($("h1").text())).toBe("Welcome, Riley");
    const text = squash($("body").text());
    for (const words of [
      "Track your applications and manage your account.",
      "Total Applications",
      "Current Applications",
      "Recent Activity",
      "Quick Actions",
      "Upload Documents",
      "Account Summary",
      "Member since",
      "Need Help?",
      `Hours: ${site.hours}`,
      "PDF, image (JPG, PNG, GIF, WEBP, HEIC) or Word file, up to 10MB.",
    ])
      expect(text).toContain(words);
    const card = squash($(`[data-testid=dashboard-application][data-reference=${app.reference}]`).text());
    expect(card).toMatch(/\$25,000 · Working Capital · Submitted [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(squash($("[data-testid=recent-activity]").text())).toMatch(
      new RegExp(
        `Document uploaded to ${app.reference}: march\\.pdf \\(Bank Statements\\)[A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M [A-Z]{3}`,
      ),
    );
  });

  it("an English wizard records the English lender-share sentence, version and hash", async () => {
    const { app } = await applyWith(new Client(), { tag: "en-lender-share" });
    expect(app.lenderShareConsentVersion).toBe(LENDER_SHARE_CONSENT.version);
    expect(app.lenderShareConsentSha256).toBe(sha256OfText(LENDER_SHARE_CONSENT.text));
    const [record] = await getDb()
      .select()
      .from(schema.consentRecords)
      .where(and(eq(schema.consentRecords.applicationId, app.id), eq(schema.consentRecords.kind, "lender-share")));
    expect(record).toMatchObject({ language: "en", textVersion: LENDER_SHARE_CONSENT.version, text: LENDER_SHARE_CONSENT.text });
  });
});
