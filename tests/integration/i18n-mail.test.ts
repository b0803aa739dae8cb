/**
 * Issue 30, e-mails in the account's language, over HTTP against the run's server: an account made
 * on a Spanish page (sign-up, or the wizard) stores users.language = 'es' and its very first e-mail
 * is Spanish; an applicant who chose Spanish with the switch gets the back office's e-mails (a
 * document request, a status change) in Spanish; the notice of action taken at submission is the
 * Spanish notice (with the Spanish ECOA statement); and an English account still gets the English
 * words. Each Spanish e-mail is checked, in both parts, for none of the English sentences of the
 * `mail` namespace.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fill, resources } from "~/content/locales";
import { ECOA_NOTICE } from "~/content/messages";
import { site } from "~/content/site";
import { getDb, schema } from "~/platform/db/db.server";
import { createSubmittedApplication } from "../support/applications";
import { adminClient, createAdmin, createApplicant, signUpForm } from "../support/fixtures";
import { parse, squash } from "../support/html";
import { Client } from "../support/http";
import { uniqueEmail } from "../support/http-client";
import { waitForMail } from "../support/mail";
import { signInApplicantOverHttp } from "../support/sign-in";
import { applyWith } from "../support/apply-flow";
import { createLenderUser, postPairs, shareWithLender, signInLenderOverHttp, twoLenders } from "../support/lenders";

type OutboxRow = typeof schema.outbox.$inferSelect;
const es = resources.es.mail;
const en = resources.en.mail;

/** Every English phrase of the mail namespace that Spanish writes otherwise (each fixed part between placeholders, 12+ characters). */
const ENGLISH: string[] = (() => {
  const out: string[] = [];
  const walk = (e: unknown, s: unknown) => {
    if (typeof e === "string") {
      if (e === s) return;
      for (const part of e.split(/\{\{\w+\}\}/)) if (part.trim().length >= 12) out.push(part.trim());
      return;
    }
    for (const k of Object.keys(e as object)) walk((e as Record<string, unknown>)[k], (s as Record<string, unknown>)[k]);
  };
  walk(en, es);
  return out;
})();

/** What the reader of the HTML part sees. */
async function htmlText(row: OutboxRow) {
  const $ = (await parse(new Response(row.bodyHtml ?? "", { headers: { "content-type": "text/html" } }))).$;
  return { lang: $("html").attr("lang"), text: squash(`${$("title").text()} ${$("body").text()}`) };
}

/** The e-mail is Spanish in its subject, text and HTML: <html lang=es>, and none of the mail namespace's English. */
async function expectSpanish(row: OutboxRow) {
  const html = await htmlText(row);
  expect(html.lang).toBe("es");
  for (const [part, text] of [
    ["subject", row.subject],
    ["text", squash(row.bodyText)],
    ["html", html.text],
  ] as const) {
    const left = ENGLISH.filter((s) => text.includes(s));
    expect(left, `${row.kind} ${part} has English`).toEqual([]);
  }
  expect(row.bodyText).toContain(`${es.signature.phone}: ${site.supportPhone}`);
}

const userByEmail = async (email: string) => (await getDb().select().from(schema.users).where(eq(schema.users.email, email)))[0]!;

/** A browser whose language switch says Spanish (the `lng` cookie), not signed in. */
async function spanishBrowser(redirectTo = "/signup") {
  const c = new Client();
  const res = await c.fetch(`/language?lng=es&redirectTo=${encodeURIComponent(redirectTo)}`);
  expect(res.status).toBe(302);
  return c;
}

describe("the account's first e-mail", () => {
  it("signing up on a Spanish page stores the language, and the verification e-mail is Spanish", async () => {
    expect(ENGLISH.length).toBeGreaterThan(150);
    const c = await spanishBrowser();
    const page = await parse(await c.fetch("/signup"));
    expect(page.$("html").attr("lang")).toBe("es");
    const email = uniqueEmail("es-signup");
    const res = await c.fetch("/signup", { form: signUpForm(email, { firstName: "Lucía" }) });
    expect(res.headers.get("location")).toBe("/dashboard");
    expect((await userByEmail(email)).language).toBe("es");

    const [mail] = await waitForMail(email, "email_verification");
    expect(mail!.subject).toBe(fill(es.account.verifySubject, { site: site.name }));
    expect(mail!.bodyText).toContain(fill(es.hello, { name: "Lucía" }));
    expect(mail!.bodyText).toContain(fill(es.account.verifyWelcome, { site: site.name }));
    expect(mail!.bodyText).toMatch(new RegExp(`${es.account.verifyAction}: https?://\\S+/verify-email\\?token=`));
    await expectSpanish(mail!);
  });

  it("an English sign-up stores no language and gets the English e-mail, word for word", async () => {
    const email = uniqueEmail("en-signup");
    const res = await new Client().fetch("/signup", { form: signUpForm(email) });
    expect(res.headers.get("location")).toBe("/dashboard");
    expect((await userByEmail(email)).language).toBeNull();
    const [mail] = await waitForMail(email, "email_verification");
    expect(mail!.subject).toBe(`Confirm your e-mail address for ${site.name}`);
    expect(mail!.bodyText).toContain("Hello Robin,");
    expect(mail!.bodyText).toContain(`Welcome to ${site.name}. Please confirm your e-mail address by opening this link:`);
    expect(mail!.bodyText).toContain(`Phone: ${site.supportPhone} (${site.hours})`);
    expect((await htmlText(mail!)).lang).toBe("en");
  });
});

describe("an application made in Spanish", () => {
  it("the wizard's account keeps Spanish: the confirmation and the notice of action taken (ECOA) are Spanish", async () => {
    // Illinois, $6,000, $70,000 a year: two lenders decline (tests/integration/action-notices.test.ts).
    const c = await spanishBrowser("/apply");
    const { email, user, app } = await applyWith(c, {
      tag: "es-apply",
      state: "IL",
      city: "Chicago",
      zip: "60601",
      amount: "6000",
      finances: { annualIncome: "70000" },
    });
    expect(user.language).toBe("es");

    const [confirmation] = await waitForMail(email, "application_submitted");
    expect(confirmation!.subject).toBe(fill(es.application.confirmationSubject, { reference: app.reference }));
    expect(confirmation!.bodyText).toContain(`${es.application.requestedAmount}: $6,000`);
    expect(confirmation!.bodyText).toMatch(/\d{1,2} de [a-z]+ de \d{4} a las \d{1,2}:\d{2} [ap]\.m\. [A-Z]{2,5}/);
    await expectSpanish(confirmation!);

    const [notice] = await waitForMail(email, "adverse_action");
    expect(notice!.subject).toBe(fill(es.application.noticeAdverseSubject, { reference: app.reference }));
    const text = squash(notice!.bodyText);
    expect(text).toContain(es.notice.actionTaken);
    expect(text).toMatch(/Harbor Main Lending \(NMLS \d+\) ha rechazado otorgar crédito en esta solicitud\./);
    expect(text).toContain(fill(es.notice.reasonsBy, { lender: "Prairie Growth Bank" }));
    expect(text).toContain(`- ${es.reasons["amount-below-minimum"]}`);
    expect(text).toContain(es.notice.ecoa);
    expect(text).not.toContain(ECOA_NOTICE);
    expect(text).toContain("Usted tiene derecho a recibir una declaración de las razones específicas");
    await expectSpanish(notice!);
  });
});

describe("e-mails from the back office", () => {
  async function applicantWithApplication(spanish: boolean) {
    const applicant = await createApplicant({ firstName: spanish ? "Mateo" : "Riley" });
    if (spanish) {
      const c = await signInApplicantOverHttp(new Client(), applicant);
      expect((await c.fetch("/language?lng=es&redirectTo=/dashboard")).status).toBe(302);
      expect((await userByEmail(applicant.email)).language).toBe("es");
    }
    const app = await createSubmittedApplication({ userId: applicant.id, amount: 25000, purpose: "working-capital" });
    const ac = await adminClient(await createAdmin());
    return { applicant, app, ac };
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

  it("an applicant who chose Spanish gets the document request and the status e-mail in Spanish", async () => {
    const { applicant, app, ac } = await applicantWithApplication(true);
    expect((await requestDocuments(ac, app.id, "Envíe el estado de cuenta de mayo")).status).toBe(302);
    const [request] = await waitForMail(applicant.email, "document_request");
    expect(request!.subject).toBe(fill(es.application.documentsSubject, { reference: app.reference }));
    expect(request!.bodyText).toContain(`- ${es.documents["bank-statements"]}`);
    expect(request!.bodyText).toContain(`- ${es.documents.ein}`);
    expect(request!.bodyText).toContain(
      fill(es.application.messageFrom, { from: es.application.ourTeam, message: "Envíe el estado de cuenta de mayo" }),
    );
    await expectSpanish(request!);

    expect((await setStatus(ac, app.id, "under-review")).status).toBe(302);
    const [status] = await waitForMail(applicant.email, "status_under_review");
    expect(status!.subject).toBe(fill(es.application.underReviewSubject, { reference: app.reference }));
    expect(status!.bodyText).toContain(`${app.reference} por $25,000 (${resources.es.wizard.purposes["working-capital"].label})`);
    await expectSpanish(status!);
  });

  it("an English applicant still gets the English words", async () => {
    const { applicant, app, ac } = await applicantWithApplication(false);
    expect((await requestDocuments(ac, app.id, "Please send May")).status).toBe(302);
    const [request] = await waitForMail(applicant.email, "document_request");
    expect(request!.subject).toBe(`Documents needed for your application ${app.reference}`);
    expect(request!.bodyText).toContain("Hello Riley,");
    expect(request!.bodyText).toContain("- Bank Statements");
    expect(request!.bodyText).toContain("Message from our team: Please send May");
    expect((await htmlText(request!)).lang).toBe("en");
    // The check of the Spanish e-mails finds the English ones' sentences.
    expect(ENGLISH.filter((e) => squash(request!.bodyText).includes(e)).length).toBeGreaterThan(5);

    expect((await setStatus(ac, app.id, "under-review")).status).toBe(302);
    const [status] = await waitForMail(applicant.email, "status_under_review");
    expect(status!.subject).toBe(`Your application ${app.reference} is under review`);
    expect(status!.bodyText).toContain(`Our team is now reviewing your application ${app.reference} for $25,000 (Working Capital).`);
  });
});

describe("a partner lender's decline", () => {
  it("the notice naming the lender and its reasons is Spanish for a Spanish account", async () => {
    const [lender] = await twoLenders();
    const u = await createLenderUser(lender!.id);
    const applicant = await createApplicant({ firstName: "Sofía" });
    const owner = await signInApplicantOverHttp(new Client(), applicant);
    expect((await owner.fetch("/language?lng=es&redirectTo=/dashboard")).status).toBe(302);
    const app = (await createSubmittedApplication({ userId: applicant.id }))!;
    await shareWithLender(app.id, lender!.id);
    const client = await signInLenderOverHttp(new Client(), u);
    const res = await postPairs(client, `/lender/applications/${app.id}`, [
      ["intent", "decline"],
      ["reasons", "insufficient-income"],
      ["reasons", "unable-to-verify-business"],
    ]);
    expect(res.status).toBe(302);
    const [mail] = await waitForMail(applicant.email, "lender_adverse_action");
    expect(mail!.subject).toBe(fill(es.application.lenderDecisionSubject, { lender: lender!.name, reference: app.reference }));
    const text = squash(mail!.bodyText);
    expect(text).toContain(fill(es.notice.declined, { lender: `${lender!.name} (NMLS ${lender!.nmlsId})` }));
    expect(text).toContain(`- ${es.declineReasons["insufficient-income"]}`);
    expect(text).toContain(`- ${es.declineReasons["unable-to-verify-business"]}`);
    expect(text).toContain(es.notice.ecoa);
    await expectSpanish(mail!);
  });
});
