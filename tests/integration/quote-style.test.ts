/**
 * Issue 29, defect 10: one quote style on a page. The product writes straight (typewriter) quotes
 * and apostrophes, as the product spec's texts do ('Application Submitted', "Don't have an
 * account?"), so no page a visitor or an applicant sees has a curly one, and no page quotes phrases
 * both ways ('...' beside "..."). Read over HTTP from the pages as served: the public pages, every
 * wizard step, the dashboard, the account page, the offers page and the disclosure. The same pages
 * each have a meta description (Lighthouse's SEO audit), and the offers page gives the time of
 * acceptance in the product's one date format.
 */
import { describe, expect, it } from "vitest";
import { offersPath } from "~/features/marketplace";
import { getPage, squash } from "../support/html";
import { Client, uniqueEmail } from "../support/http";
import { applyOverHttp, completeAnonymousData, draftSession, openOffer } from "../support/wizard";

const PUBLIC = [
  "/",
  "/working-capital-loans",
  "/equipment-financing",
  "/business-expansion-loans",
  "/commercial-real-estate",
  "/startup-capital-loans",
  "/small-business-funding",
  "/faq",
  "/loan-calculator",
  "/application-status",
  "/licenses",
  "/security",
  "/privacy-policy",
  "/terms-of-service",
  "/login",
  "/signup",
  "/forgot-password",
];
const WIZARD = ["/apply/loan", "/apply/owner", "/apply/address", "/apply/finances", "/apply/documents", "/apply/review"];

const CURLY = /[\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u2032\u2033]/;
/** A phrase in single quotes ('Lead'), not an apostrophe (don't, owners'). */
const SINGLE_QUOTED = /(?:^|[\s(])'[A-Z][^'\n]{1,60}'(?=[\s.,;:)!?]|$)/;
const DOUBLE_QUOTED = /"[^"\n]{1,60}"/;

/** Pages without a meta description (Lighthouse's SEO audit asks every page for one). */
const undescribed: string[] = [];

/** What a reader sees of the page: the body's text, scripts and styles left out. */
async function pageText(path: string, client: Client) {
  const { status, $ } = await getPage(path, client);
  expect(status, path).toBe(200);
  if (!$('head meta[name="description"]').attr("content")?.trim()) undescribed.push(path);
  $("script, style, noscript").remove();
  return $("body").text();
}

function styleProblems(path: string, text: string): string[] {
  const out: string[] = [];
  const curly = CURLY.exec(text);
  if (curly) out.push(`${path}: curly quote in "${text.slice(Math.max(0, curly.index - 30), curly.index + 30).trim()}"`);
  const single = SINGLE_QUOTED.exec(text);
  const double = DOUBLE_QUOTED.exec(text);
  if (single && double) out.push(`${path}: both ${single[0].trim()} and ${double[0]}`);
  return out;
}

describe("one quote style on every page", () => {
  it("public pages, the wizard, the dashboard, the account, the offers and the disclosure use straight quotes only, one style each", async () => {
    const problems: string[] = [];
    const visitor = new Client();
    for (const path of PUBLIC) problems.push(...styleProblems(path, await pageText(path, visitor)));

    const { cookie } = await draftSession({ ...(await completeAnonymousData(uniqueEmail("quotes"))), step: 6 });
    const drafter = new Client();
    const [pair] = cookie.split(";");
    drafter.cookies.set(pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1));
    for (const path of WIZARD) problems.push(...styleProblems(path, await pageText(path, drafter)));

    const a = await applyOverHttp({ tag: "quotes" });
    const offer = await openOffer(a.app.id);
    for (const path of ["/apply/submitted", "/dashboard", "/account", offersPath(a.app.reference), `/offers/${offer.id}`])
      problems.push(...styleProblems(path, await pageText(path, a.client)));
    expect(problems).toEqual([]);
    // And each has a meta description (Lighthouse's SEO audit failed the offers page for it).
    expect(undescribed).toEqual([]);
  });
});

describe("one date format on a page", () => {
  it("the offers page says when the offer was accepted as the rest of the product does, not as a GMT string", async () => {
    const a = await applyOverHttp({ tag: "dates" });
    const offer = await openOffer(a.app.id);
    const { $ } = await getPage(`/offers/${offer.id}`, a.client);
    const sha = $("input[name=disclosureSha256]").first().attr("value")!;
    const form = { disclosureSha256: sha, signerName: `${a.user.firstName} ${a.user.lastName}`, confirmRead: "on" };
    expect((await a.client.fetch(`/offers/${offer.id}`, { form: { ...form, intent: "review" } })).status).toBe(200);
    expect((await a.client.fetch(`/offers/${offer.id}`, { form: { ...form, intent: "accept" } })).status).toBe(302);
    const page = await getPage(offersPath(a.app.reference), a.client);
    const banner = squash(page.$("[data-testid=accepted-banner]").text());
    expect(banner).not.toMatch(/GMT|UTC/);
    // "Dec 2, 2026, 9:14 AM EST": the format of every other date the applicant sees.
    expect(banner).toMatch(/ on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M [A-Z]{2,5}\./);
  });
});
