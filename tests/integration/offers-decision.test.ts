/**
 * Issue #29 over HTTP, as a browser without JavaScript sees it: the offers page as a decision (best
 * match, "Choose this offer" on every offer, compare two), truthful badges after an acceptance, the
 * offers announced where the applicant already is, held e-mails that tell the truth and are dropped
 * when stale, and progress that shows only what is true.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { releaseHeldEmails } from "~/platform/outbox/outbox.server";
import { handleBackOfficeForm } from "~/features/back-office/back-office-form.server";
import { BACK_OFFICE_TOASTS } from "~/content/messages";
import { formatBps } from "~/ui/format";
import { createAdmin } from "../support/fixtures";
import { getPage, squash } from "../support/html";
import { Client } from "../support/http";
import { applyOverHttp, fillStepsOverHttp } from "../support/wizard";

type Offer = { id: number; state: string; lenderName: string; estimatedAprBps: number };

async function offersOf(client: Client, reference: string) {
  const res = await client.fetch(`/api/loan-applications/${reference}/offers`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { offers: Offer[] }).offers;
}

const offersPage = (reference: string, query = "") => `/dashboard/applications/${reference}/offers${query}`;

describe("the offers page as a decision", () => {
  it("shows the best match first with why and its three numbers, a Choose this offer on every offer, and compares two", async () => {
    const { client, app } = await applyOverHttp({ tag: "decide" });
    const offers = await offersOf(client, app.reference);
    expect(offers.length).toBeGreaterThanOrEqual(2);
    const lowest = [...offers].sort((a, b) => a.estimatedAprBps - b.estimatedAprBps || a.id - b.id)[0]!;

    const { $ } = await getPage(offersPage(app.reference), client);
    const best = $("[data-testid=best-match]");
    expect(best.length).toBe(1);
    expect(Number(best.attr("data-offer-id"))).toBe(lowest.id);
    expect(squash(best.find("h2").text())).toBe("Best match for you");
    expect(squash(best.find("[data-testid=best-match-why]").text())).toMatch(
      new RegExp(`^It has the lowest estimated APR.* of your ${offers.length} offers\\.$`),
    );
    const figures = best.find("[data-testid=key-figures]");
    expect(figures.attr("class")).toContain("tabular-nums");
    expect(
      figures
        .find("dt")
        .toArray()
        .map((e) => $(e).text()),
    ).toEqual(["You receive", "You repay", "Per month"]);
    expect(best.find("a[data-testid=choose-offer]").attr("href")).toBe(`/offers/${lowest.id}`);
    // The best match comes before the list of offers.
    expect($.html().indexOf('data-testid="best-match"')).toBeLessThan($.html().indexOf('data-testid="offer-row"'));

    // Every row (desktop) and card (phone) has its own "Choose this offer" to its disclosure step.
    for (const sel of ["[data-testid=offer-row]", "[data-testid=offer-card]"]) {
      const items = $(sel).toArray();
      expect(items).toHaveLength(offers.length);
      for (const el of items) {
        const link = $(el).find("a[data-testid=choose-offer]");
        expect(squash(link.text())).toMatch(/^Choose this offer from /);
        expect(link.attr("href")).toBe(`/offers/${$(el).attr("data-offer-id")}`);
      }
    }

    // Compare two: a GET form with one box per offer, and the side-by-side it answers with.
    const form = $("form[data-testid=compare-form]");
    expect(form.attr("method")).toBe("get");
    expect(form.find("input[type=checkbox][name=compare]")).toHaveLength(offers.length);
    const [a, b] = offers;
    const compared = await getPage(offersPage(app.reference, `?compare=${a!.id}&compare=${b!.id}`), client);
    const view = compared.$("[data-testid=compare-view]");
    expect(view.length).toBe(1);
    expect(
      view
        .find("thead th")
        .toArray()
        .map((e) => squash(compared.$(e).text())),
    ).toEqual([a!.lenderName, b!.lenderName]);
    expect(
      view
        .find("tbody th")
        .toArray()
        .map((e) => squash(compared.$(e).text())),
    ).toEqual(["You receive", "You repay", "Per month", "Estimated APR", "Term", "Finance charge", "Time to fund"]);
    expect(
      view
        .find("a[data-testid=choose-offer]")
        .toArray()
        .map((e) => compared.$(e).attr("href")),
    ).toEqual([`/offers/${a!.id}`, `/offers/${b!.id}`]);
    // The two boxes stay ticked; one offer alone is not a comparison.
    expect(compared.$(`#compare-${a!.id}`).attr("checked")).toBeDefined();
    const one = await getPage(offersPage(app.reference, `?compare=${a!.id}`), client);
    expect(one.$("[data-testid=compare-view]").length).toBe(0);
    expect(squash(one.$("[data-testid=compare-error]").text())).toBe("Choose two offers to compare.");
  });

  it("after accepting the dearest offer: it is pinned first and marked Accepted, no badge calls it the lowest, the withdrawn ones are greyed with no choose action", async () => {
    const { client, app, user } = await applyOverHttp({ tag: "pinned" });
    const offers = await offersOf(client, app.reference);
    const dearest = [...offers].sort((x, y) => y.estimatedAprBps - x.estimatedAprBps)[0]!;
    const d = (await (await client.fetch(`/api/offers/${dearest.id}`)).json()) as { disclosureSha256: string };
    const res = await client.fetch(`/api/offers/${dearest.id}/accept`, {
      json: { signerName: `${user.firstName} ${user.lastName}`, confirmRead: true, disclosureSha256: d.disclosureSha256 },
    });
    expect(res.status).toBe(200);

    const { $ } = await getPage(offersPage(app.reference), client);
    const rows = $("[data-testid=offer-row]").toArray();
    expect(rows.length).toBe(offers.length);
    expect(Number($(rows[0]).attr("data-offer-id"))).toBe(dearest.id);
    expect(squash($(rows[0]).find("[data-testid=offer-state]").text())).toBe("Accepted");
    // Cheaper offers were withdrawn: the accepted one is not "Lowest APR" (nor any other best).
    expect($("[data-testid=best-tag]").length).toBe(0);
    expect($("[data-testid=best-match]").length).toBe(0);
    expect($("[data-testid=choose-offer]").length).toBe(0);
    for (const el of rows.slice(1)) {
      expect($(el).attr("data-state")).toBe("withdrawn");
      expect($(el).attr("class")).toContain("bg-slate-100");
      expect(squash($(el).find("[data-testid=offer-state]").text())).toBe("Withdrawn");
      expect(squash($(el).find("[data-testid=offer-unavailable]").text())).toBe("No longer available");
      expect($(el).find("a[href^='/offers/']").length).toBe(0);
    }
    // The dashboard no longer announces offers to choose.
    expect((await getPage("/dashboard", client)).$("[data-testid=offers-announcement]").length).toBe(0);
  });
});

describe("announcing the offers where the applicant is", () => {
  it("the submitted page, the dashboard's top and the confirmation e-mail say 'N offers ready, from X% APR' with a link to them", async () => {
    const { client, app, email } = await applyOverHttp({ tag: "announce" });
    const offers = (await offersOf(client, app.reference)).filter((o) => o.state === "offered");
    const text = `${offers.length} offers ready, from ${formatBps(Math.min(...offers.map((o) => o.estimatedAprBps)))} APR`;

    const submitted = await getPage("/apply/submitted", client);
    const onSubmitted = submitted.$("[data-testid=offers-announcement]");
    expect(squash(onSubmitted.find("p").first().text())).toBe(text);
    expect(onSubmitted.find("a").attr("href")).toBe(offersPage(app.reference));

    const dashboard = await getPage("/dashboard", client);
    const top = dashboard.$(`[data-testid=offers-announcement][data-reference=${app.reference}]`);
    expect(squash(top.text())).toContain(text);
    expect(top.find("a").attr("href")).toBe(offersPage(app.reference));
    expect(dashboard.$.html().indexOf('data-testid="offers-announcement"')).toBeLessThan(
      dashboard.$.html().indexOf("Current Applications"),
    );

    const [mail] = await getDb()
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.toEmail, email), eq(schema.outbox.kind, "application_submitted")));
    expect(mail!.bodyText).toContain(`Good news: ${text}.`);
  });

  it("with no offers, nothing says offers are ready", async () => {
    const { client } = await applyOverHttp({ state: "AK", tag: "announce-none" });
    const submitted = await getPage("/apply/submitted", client);
    expect(submitted.$("[data-testid=offers-announcement]").length).toBe(0);
    expect(submitted.$.html()).not.toContain("offers ready");
    expect((await getPage("/dashboard", client)).$("[data-testid=offers-announcement]").length).toBe(0);
  });
});

describe("held e-mails", () => {
  it("the admin is told the request's e-mail waits for the address, and verifying drops it once the request was fulfilled", async () => {
    const admin = await createAdmin();
    const { app, email, user } = await applyOverHttp({ tag: "held" });
    const form = new FormData();
    form.set("intent", "request-documents");
    form.append("documentTypes", "bank-statements");
    form.set("message", "Please send your last three bank statements.");
    const result = await handleBackOfficeForm(admin.id, app.id, "request-documents", form, {});
    expect(result).toMatchObject({ ok: true, toast: BACK_OFFICE_TOASTS.requestCreatedHeld });
    expect(BACK_OFFICE_TOASTS.requestCreatedHeld.description).toBe(
      "The request is on the applicant's dashboard; the e-mail will be sent once the applicant confirms their address.",
    );
    const requestMails = () =>
      getDb()
        .select()
        .from(schema.outbox)
        .where(and(eq(schema.outbox.userId, user.id), eq(schema.outbox.kind, "document_request")));
    expect((await requestMails())[0]!.holdUserId).toBe(user.id);

    // The applicant sends the statements (the request closes), then confirms the address.
    await getDb().update(schema.documentRequests).set({ status: "fulfilled" }).where(eq(schema.documentRequests.applicationId, app.id));
    await releaseHeldEmails(getDb(), user.id, email);
    expect(await requestMails()).toEqual([]);
  });
});

describe("truthful progress", () => {
  it("the landing says the lenders decide, and nothing about a person or an AI deciding", async () => {
    const { $ } = await getPage("/");
    const text = squash($("main").text());
    expect(text).toContain("The lenders decide");
    expect(text).not.toContain("A person decides");
    expect(text).not.toMatch(/AI-powered/);
  });

  it("Pay Rent with an empty payment shows 'Not given' on the review, not $0", async () => {
    const client = new Client();
    const post = (path: string, form: Record<string, string>) => client.fetch(path, { form: { ...form, intent: "continue" } });
    await fillStepsOverHttp(client);
    expect((await post("/apply/finances", { annualIncome: "90000", livingSituation: "rent", monthlyPayment: "" })).status).toBe(302);
    const { $ } = await getPage("/apply/review", client);
    const html = squash($("main").text());
    expect(html).toContain("Monthly housing payment");
    expect(html).toContain("Not given");
    expect(html).not.toMatch(/Monthly housing payment\s*\$0/);
  });
});

describe("the dashboard's recent activity", () => {
  it("lists the offer summary once however often the applicant opened it, and every presentation stays recorded", async () => {
    const { client, app } = await applyOverHttp();
    const [offer] = await offersOf(client, app.reference);
    for (let i = 0; i < 3; i++) expect((await client.fetch(`/offers/${offer!.id}`)).status).toBe(200);
    const recorded = await getDb()
      .select()
      .from(schema.applicationEvents)
      .where(and(eq(schema.applicationEvents.applicationId, app.id), eq(schema.applicationEvents.type, "offer_summary_presented")));
    expect(recorded).toHaveLength(3);
    const { $ } = await getPage("/dashboard", client);
    const lines = $("[data-testid=recent-activity] li")
      .map((_, li) => squash($(li).text()))
      .get();
    expect(lines.filter((l) => l.includes(`Offer summary for ${app.reference} presented to you`))).toHaveLength(1);
    // The older events are still listed below it (the repeats took no room).
    expect(lines.length).toBeGreaterThan(1);
  });
});
