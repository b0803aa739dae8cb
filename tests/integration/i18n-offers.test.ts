/**
 * Issue 30, the offers in Spanish, over HTTP as a browser without JavaScript: a Spanish applicant's
 * $30,000 working-capital application from Texas; its offers page, an offer's disclosure and signing
 * page and its summary page show no English sentence (lender and product names aside) and the same
 * figures as the same page in English (?lng=en); accepting in Spanish records language "es" and the
 * hash of the Spanish text the code computes; the signed PDF is in Spanish.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resources } from "~/content/locales";
import { getDb, schema } from "~/platform/db/db.server";
import { disclosureText, sha256 } from "~/features/marketplace/offer-disclosure.server";
import { listOffers } from "~/features/marketplace/offers.server";
import { applyWith } from "../support/apply-flow";
import { formValues, parse, squash, type Html } from "../support/html";
import { Client } from "../support/http";
import { englishSentences, visibleText } from "../support/i18n";
import { pdfWords } from "../support/pdf";
import { englishIn, figuresIn } from "../support/spanish";

const es = resources.es;
const ENGLISH = englishSentences(["offers", "common"]);

/** The text without the proper names (lenders, products), which stay as they are in both languages. */
const withoutNames = (text: string, names: string[]) => names.reduce((t, n) => t.split(n).join(" "), text);

async function page(c: Client, path: string, lng?: "en") {
  const res = await c.fetch(lng ? `${path}${path.includes("?") ? "&" : "?"}lng=${lng}` : path);
  expect(res.status, path).toBe(200);
  return parse(res);
}

/** A page in Spanish, and the same path in English: no English on the first, the same figures on both. */
async function expectSpanishWithEnglishFigures(c: Client, path: string, names: string[], figuresOf = ($: Html) => visibleText($)) {
  const esPage = await page(c, path);
  const enPage = await page(c, path, "en");
  expect(esPage.$("html").attr("lang"), path).toBe("es");
  expect(enPage.$("html").attr("lang"), `${path}?lng=en`).toBe("en");
  const esFigures = figuresIn(figuresOf(esPage.$));
  const enFigures = figuresIn(figuresOf(enPage.$));
  const text = withoutNames(visibleText(esPage.$), names);
  expect(
    ENGLISH.filter((s) => text.includes(s)),
    path,
  ).toEqual([]);
  expect(englishIn(text), path).toEqual([]);
  // The check bites: the English page has English words.
  expect(englishIn(visibleText(enPage.$)).length, `${path}?lng=en`).toBeGreaterThan(0);
  expect(esFigures.length, path).toBeGreaterThan(0);
  expect(esFigures, path).toEqual(enFigures);
  return esPage;
}

describe("the offers in Spanish", () => {
  it("has the namespace's English to check against", () => {
    expect(ENGLISH.length).toBeGreaterThan(60);
  });

  it("offers, disclosure, summary in Spanish with the English figures; accepting records 'es' and the Spanish text's hash; the signed PDF is Spanish", async () => {
    const c = new Client();
    expect((await c.fetch("/language?lng=es&redirectTo=/apply")).status).toBe(302);
    const { user, app } = await applyWith(c, { tag: "es-offers" });
    expect(user.language).toBe("es");
    expect(app.state).toBe("TX");
    const offers = (await listOffers(app.id)).filter((o) => o.status === "offered");
    expect(offers.length).toBeGreaterThanOrEqual(2);
    const names = [...new Set(offers.flatMap((o) => [o.lenderName, o.productName]))];
    const offersPath = `/dashboard/applications/${app.reference}/offers`;

    // The offers page.
    const list = await expectSpanishWithEnglishFigures(c, offersPath, names);
    expect(squash(list.$("h1").text())).toContain(es.offers.page.heading);
    const first = offers.find((o) => String(o.id) === list.$("[data-testid=offer-row]").first().attr("data-offer-id"))!;
    expect(first).toBeDefined();

    // The disclosure and signing page: the table's figures as in English.
    const offerPath = `/offers/${first.id}`;
    const disclosure = await expectSpanishWithEnglishFigures(c, offerPath, names);
    const tableFigures = async (lng?: "en") =>
      figuresIn(squash((await page(c, offerPath, lng)).$("[data-testid=disclosure-table]").text()));
    expect(await tableFigures()).toEqual(await tableFigures("en"));
    expect(squash(disclosure.$("#disclosure-heading").text())).toBe(es.offers.disclosure.heading);

    // The summary page.
    await expectSpanishWithEnglishFigures(c, `/offers/${first.id}/summary`, names);

    // Accepting in Spanish: the review, then "Aceptar y firmar".
    const form = formValues(disclosure.$, disclosure.$("#accept form").first());
    const spanishText = disclosureText(first, app.reference, app.state, "es");
    const englishText = disclosureText(first, app.reference, app.state, "en");
    expect(form.disclosureSha256).toBe(sha256(spanishText));
    expect(sha256(spanishText)).not.toBe(sha256(englishText));
    const signed = { signerName: `${user.firstName} ${user.lastName}`, confirmRead: "on", disclosureSha256: form.disclosureSha256! };
    const review = await c.fetch(offerPath, { form: { ...signed, intent: "review" } });
    expect(review.status).toBe(200);
    const reviewed = await parse(review);
    expect(englishIn(withoutNames(visibleText(reviewed.$), names)), "the review").toEqual([]);
    expect(squash(reviewed.$("[data-testid=accept-review-sentence]").text())).toContain(first.lenderName);
    const accepted = await c.fetch(offerPath, { form: { ...signed, intent: "accept" } });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe(`${offersPath}#accepted`);

    const [acceptance] = await getDb().select().from(schema.offerAcceptances).where(eq(schema.offerAcceptances.applicationId, app.id));
    expect(acceptance).toMatchObject({
      offerId: first.id,
      language: "es",
      disclosureText: spanishText,
      disclosureSha256: sha256(spanishText),
    });

    // After: the offers page (its banner and toast), the disclosure and the summary, still Spanish.
    const after = await page(c, offersPath);
    expect(after.$("[data-testid=accepted-banner]").length).toBe(1);
    const afterText = withoutNames(visibleText(after.$), names);
    expect(englishIn(afterText), "offers page after acceptance").toEqual([]);
    expect(afterText).toContain(es.toasts.applicant.offerAccepted.title);
    await expectSpanishWithEnglishFigures(c, offerPath, names);
    await expectSpanishWithEnglishFigures(c, `/offers/${first.id}/summary`, names);

    // The signed PDF: Spanish words, the signature record's Spanish heading.
    const pdf = await c.fetch(`/offers/${first.id}/signed.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const words = pdfWords(Buffer.from(await pdf.arrayBuffer()));
    expect(words).toContain(es.offers.pdf.recordHeading);
    expect(englishIn(withoutNames(words, names)), "the signed PDF").toEqual([]);
    // It is in the language signed, whatever the page's: the same words asked for in English.
    const again = await c.fetch(`/offers/${first.id}/signed.pdf?lng=en`);
    expect(pdfWords(Buffer.from(await again.arrayBuffer()))).toContain(es.offers.pdf.recordHeading);
  });
});

/** The states whose own summary form is prescribed (10 CCR 910, 23 NYCRR 600.10), in Spanish. */
describe.each([
  { state: "CA", city: "Los Angeles", zip: "90012" },
  { state: "NY", city: "Albany", zip: "12207" },
])("the $state offer summary in Spanish", ({ state, city, zip }) => {
  it("has its prescribed rows in Spanish with the English page's figures, and its header", async () => {
    const c = new Client();
    expect((await c.fetch("/language?lng=es&redirectTo=/apply")).status).toBe(302);
    const { app } = await applyWith(c, { tag: `es-summary-${state}`, state, city, zip });
    const offers = (await listOffers(app.id)).filter((o) => o.status === "offered");
    expect(offers.length).toBeGreaterThan(0);
    const names = [...new Set(offers.flatMap((o) => [o.lenderName, o.productName]))];
    const summary = await expectSpanishWithEnglishFigures(c, `/offers/${offers[0]!.id}/summary`, names);
    // The prescribed header is there (its product name is a proper name), and so is each row.
    expect(summary.$("[data-testid=summary-header]").length).toBe(1);
    const english = await page(c, `/offers/${offers[0]!.id}/summary`, "en");
    expect(summary.$("table tr").length).toBe(english.$("table tr").length);
  });
});
