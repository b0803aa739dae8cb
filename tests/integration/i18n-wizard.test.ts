/**
 * Issue 30, the wizard's steps 2 to 7 in Spanish, over HTTP as a browser without JavaScript: each
 * step's title and heading in Spanish and none of the English texts of namespace "apply"; a refused
 * step's message in Spanish; and the recorded consents: the Spanish E-SIGN disclosure (and the
 * credit authorization) recorded as texts of their own, with language "es", while English keeps its
 * words and hash. With JavaScript: tests/e2e/i18n-wizard.test.ts.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resources } from "~/content/locales";
import { ESIGN_DISCLOSURE, esignConsentOf, esignConsentText } from "~/content/consents";
import { ESIGN_DISCLOSURE_ES } from "~/content/consents-es.server";
import { MSG } from "~/content/messages";
import { site } from "~/content/site";
import { getDb, schema } from "~/platform/db/db.server";
import { FIELD_GROUPS, FIELD_LIST } from "~/features/applications/fields";
import { sha256OfText } from "~/platform/consents.server";
import { TEST_PASSWORD } from "../support/fixtures";
import { formValues, parse, squash, type Html } from "../support/html";
import { Client, uniqueEmail } from "../support/http";
import { ADDRESS, FINANCES, LOAN, owner } from "../support/wizard";
import { applyOverHttp } from "../support/wizard";

const es = resources.es;

/** What a reader sees: the body's text without scripts and styles, and the document's title. */
function visibleText($: Html) {
  $("script, style, noscript, [data-testid=partner-lender]").remove();
  return squash(`${$("title").text()} ${$("body").text()}`);
}

/** Every English string of namespace "apply" that Spanish writes otherwise (fixed parts of 12 characters or more). */
function englishSentences(): string[] {
  const out: string[] = [];
  const walk = (en: unknown, sp: unknown) => {
    if (typeof en === "string") {
      for (const part of en.split(/\{\{\w+\}\}/)) if (part.trim().length >= 12 && en !== sp) out.push(part.trim());
      return;
    }
    for (const k of Object.keys(en as object)) walk((en as Record<string, unknown>)[k], (sp as Record<string, unknown>)[k]);
  };
  walk(resources.en.apply, resources.es.apply);
  return out;
}
const ENGLISH = englishSentences();

async function spanishPage(c: Client, path: string, slug: keyof typeof es.wizard.titles, heading: string) {
  const res = await c.fetch(path);
  expect(res.status, path).toBe(200);
  const page = await parse(res);
  const { $ } = page;
  expect($("html").attr("lang")).toBe("es");
  expect(squash($("h1").first().text())).toBe(es.wizard.titles[slug]);
  expect($("title").text()).toContain(es.wizard.titles[slug]);
  expect(squash($("h1").first().next().text())).toContain(heading);
  const form = $("form[method=post]").first();
  const text = visibleText($);
  expect(ENGLISH.length).toBeGreaterThan(60);
  expect(
    ENGLISH.filter((s) => text.includes(s)),
    path,
  ).toEqual([]);
  return { ...page, form };
}

const post = async (c: Client, path: string, form: Record<string, string>, to: string) => {
  const res = await c.fetch(path, { form: { ...form, intent: "continue" } });
  expect(res.status, `${path}: ${res.status}`).toBe(302);
  expect(res.headers.get("location")).toBe(to);
};

describe("the English texts of namespace apply", () => {
  it("are the fields table's words (labels, hints, placeholders, review labels, group legends)", () => {
    const en = resources.en.apply as unknown as {
      fields: Record<string, Record<string, string>>;
      reviewLabels: Record<string, string>;
      groups: typeof FIELD_GROUPS;
    };
    expect(en.groups).toEqual(FIELD_GROUPS);
    for (const f of FIELD_LIST) {
      if (f.form && f.step !== "loan") {
        const form = f.form as { label: string; hint?: string; placeholder?: string; input: string };
        const expected: Record<string, string> = { label: form.label };
        if (form.input !== "select" && form.hint) expected.hint = form.hint;
        if (form.input === "select") expected.placeholder = form.placeholder!;
        expect(en.fields[f.name], f.name).toEqual(expected);
      }
      if (f.review) expect(en.reviewLabels[f.name], f.name).toBe(f.review.label);
    }
  });
});

describe("the wizard's steps 2 to 7 in Spanish (JavaScript off)", () => {
  it("each step in Spanish, a refused step in Spanish, and the Spanish consents recorded as their own texts", async () => {
    const c = new Client();
    await c.fetch("/language?lng=es&redirectTo=/apply/loan");
    await post(c, "/apply/loan", LOAN, "/apply/owner");

    // Step 2: the Spanish E-SIGN disclosure, its version in the form.
    const step2 = await spanishPage(c, "/apply/owner", "owner", es.apply.owner.heading);
    const disclosure = step2.$("[data-testid=esign-disclosure]");
    expect(squash(disclosure.find("h2").text())).toBe(ESIGN_DISCLOSURE_ES.heading);
    expect(squash(disclosure.text())).toContain(ESIGN_DISCLOSURE_ES.paragraphs[1]);
    expect(step2.text()).not.toContain(ESIGN_DISCLOSURE.heading);
    expect(step2.text()).toContain(ESIGN_DISCLOSURE_ES.label);
    expect(step2.$("input[name=esignVersion]").attr("value")).toBe(ESIGN_DISCLOSURE_ES.version);

    // A refused step: the messages in Spanish, none in English.
    const email = uniqueEmail("es-wizard");
    const refused = await c.fetch("/apply/owner", {
      form: {
        ...owner(email),
        firstName: "",
        usCitizen: "",
        esignVersion: ESIGN_DISCLOSURE_ES.version,
        password: TEST_PASSWORD,
        intent: "continue",
      },
    });
    expect(refused.status).toBe(400);
    const r = await parse(refused);
    const refusedText = visibleText(r.$);
    for (const k of ["firstNameRequired", "mustBeCitizen"] as const) {
      expect(refusedText).toContain(es.messages[k]);
      expect(refusedText).not.toContain(MSG[k]);
    }
    expect(ENGLISH.filter((s) => refusedText.includes(s))).toEqual([]);

    await post(
      c,
      "/apply/owner",
      { ...owner(email), password: TEST_PASSWORD, esignVersion: String(step2.$("input[name=esignVersion]").attr("value")) },
      "/apply/address",
    );

    const step3 = await spanishPage(c, "/apply/address", "address", es.apply.address.heading);
    expect(step3.text()).toContain(es.apply.fields.streetAddress.label);
    await post(c, "/apply/address", ADDRESS, "/apply/finances");

    const step4 = await spanishPage(c, "/apply/finances", "finances", es.apply.finances.heading);
    expect(step4.text()).toContain(es.apply.groups.lenders.legend);
    expect(step4.text()).toContain(es.apply.options.living.rent!.label);
    expect(step4.$("select[name=industry] option[value=retail]").text()).toBe(es.apply.options.industry.retail);
    // A refused finances step: Spanish.
    const noIncome = await c.fetch("/apply/finances", { form: { ...FINANCES, annualIncome: "", intent: "continue" } });
    expect(noIncome.status).toBe(400);
    expect(visibleText((await parse(noIncome)).$)).toContain(es.messages.incomeRequired);
    await post(c, "/apply/finances", { ...FINANCES, industry: "retail", creditScoreRange: "670-739" }, "/apply/documents");

    const step5 = await spanishPage(c, "/apply/documents", "documents", es.apply.documents.heading);
    expect(step5.text()).toContain(es.apply.documents.labels["bank-statements"]);
    await post(c, "/apply/documents", {}, "/apply/review");

    const step6 = await spanishPage(c, "/apply/review", "review", es.apply.review.intro);
    expect(squash(step6.$("#review-1").text())).toBe(es.apply.review.sections.loan);
    expect(step6.$("a[href='/apply/finances']").text()).toContain(es.apply.review.edit);
    expect(step6.text()).toContain(es.apply.options.industry.retail);
    expect(step6.text()).toContain(es.apply.options.living.rent!.label);
    expect(step6.text()).toContain("$30,000");
    expect(step6.text()).toContain("Autorizo a Lendwise");
    await post(c, "/apply/review", { ...formValues(step6.$, step6.form), agreeTerms: "on", authorizeCredit: "on" }, "/apply/submitted");

    const step7 = await spanishPage(c, "/apply/submitted", "submitted", es.apply.submitted.heading);
    expect(step7.text()).toContain(es.apply.submitted.reference);

    // The consents recorded: the Spanish E-SIGN text, its own version and hash, language "es".
    const [user] = await getDb().select().from(schema.users).where(eq(schema.users.email, email));
    const rows = await getDb().select().from(schema.consentRecords).where(eq(schema.consentRecords.userId, user!.id));
    const esign = rows.find((x) => x.kind === "electronic-records")!;
    const spanish = esignConsentOf(ESIGN_DISCLOSURE_ES);
    expect(esign).toMatchObject({ language: "es", textVersion: ESIGN_DISCLOSURE_ES.version, text: spanish.text });
    expect(esign.textSha256).toBe(sha256OfText(spanish.text));
    expect(esign.textSha256).not.toBe(sha256OfText(esignConsentText().text));
    const credit = rows.find((x) => x.kind === "credit-authorization")!;
    expect(credit.language).toBe("es");
    expect(credit.textVersion).toBe("credit-auth-es-2026-11");
    expect(credit.text).toMatch(/^Autorizo a Lendwise/);
  });

  it("English keeps its E-SIGN words, version and hash, recorded with language en", async () => {
    const { user } = await applyOverHttp({ tag: "en-esign" });
    const [esign] = await getDb()
      .select()
      .from(schema.consentRecords)
      .where(and(eq(schema.consentRecords.userId, user.id), eq(schema.consentRecords.kind, "electronic-records")));
    const english = esignConsentText();
    expect(english.version).toBe(ESIGN_DISCLOSURE.version);
    expect(esign).toMatchObject({
      language: "en",
      textVersion: "esign-2026-11",
      text: english.text,
      textSha256: sha256OfText(english.text),
    });
  });
});

describe("the wizard's description for search results", () => {
  it("is Spanish on a Spanish step and the spec's English on an English one", async () => {
    const c = new Client();
    const spanish = await parse(await c.fetch("/apply/loan?lng=es"));
    expect(spanish.$("html").attr("lang")).toBe("es");
    const description = spanish.$("meta[name=description]").attr("content") ?? "";
    expect(description).toContain("Solicite en línea un préstamo");
    expect(description).toContain(site.name);
    const english = await parse(await c.fetch("/apply/loan?lng=en"));
    expect(english.$("meta[name=description]").attr("content")).toBe(
      `Apply online for a small business loan from $1,000 to $50,000 in seven short steps. Your progress is saved as you go, and ${site.name} matches you with licensed lenders.`,
    );
  });
});
