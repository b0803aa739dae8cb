/**
 * The offer summary in the form the applicant's state prescribes, walked over HTTP as the applicant
 * and the lender meet it: California (10 CCR 901, 910) and New York (23 NYCRR 600.5, 600.10) word
 * for word on the summary's own page and in its PDF; each presentation recorded; accepting (without
 * JavaScript in California, with it in New York) e-mails the signed summary at once, attached,
 * to an address never confirmed; the lender reads the evidence and downloads the signed copy.
 * Every other state gets the documented default.
 *
 * The rules' sentences are kept here as the rules print them (see
 * app/features/marketplace/domain/offer-summary.test.ts for the sources), with the bracketed places
 * filled from the stored offer.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import fs from "node:fs";
import path from "node:path";
import { emlFileStem } from "~/features/mail/mail.server";
import { getPage, squash } from "../support/html";

type Page = Awaited<ReturnType<typeof getPage>>;
import { Client } from "../support/http";
import { createLenderUser, signInLenderOverHttp } from "../support/lenders";
import { signedInApplicant } from "../support/api";
import { openPdf, pdfWords } from "../support/pdf";
import { applyOverHttp, openOffer } from "../support/wizard";

const usd = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
const pct = (bps: number) => `${(bps / 100).toFixed(2)}%`;
const years = (m: number) =>
  m <= 12
    ? `${Math.round((m * 365) / 12)} days`
    : `${Math.floor(m / 12)} year${m >= 24 ? "s" : ""}${m % 12 ? ` and ${m % 12} month${m % 12 === 1 ? "" : "s"}` : ""}`;
const fill = (text: string, values: Record<string, string>) => text.replace(/\[([^\]]+)\]/g, (_, k: string) => values[k]!);

const STATEMENT =
  "Applicable law requires this information to be provided to you to help you make an informed decision. By signing below, you are confirming that you received this information.";

type Offer = typeof schema.offers.$inferSelect;

/** 10 CCR 910(a), as printed, for a fixed-rate closed-end loan with monthly payments. */
function californiaRows(o: Offer) {
  const fee = o.amountCents - o.fundingCents;
  return [
    // 910(a)(2)(A), (C)(i)
    {
      label: "Funding Provided",
      value: usd(o.fundingCents),
      text: [fill("This is how much funding [name of financer] will provide.", { "name of financer": o.lenderName })],
    },
    // 910(a)(3)(A)(i), (C)(i); 901(a)(5): to the nearest ten basis points
    {
      label: "Annual Percentage Rate (APR)",
      value: `${((Math.round(o.estimatedAprBps / 10) * 10) / 100).toFixed(2)}%`,
      text: [
        "APR is the cost of your financing expressed as a yearly rate. APR includes the amount and timing of the funding you receive, interest and fees you pay and the payments you make.",
        fill(
          "Your APR is not an interest rate. Your interest rate is [interest rate]. Your APR may be higher than your interest rate because APR incorporates interest costs and other finance charges.",
          { "interest rate": pct(o.noteRateBps) },
        ),
      ],
    },
    { label: "Finance Charge", value: usd(o.financeChargeCents), text: ["This is the dollar cost of your financing."] }, // 910(a)(4)
    {
      label: "Total Payment Amount", // 910(a)(5)(A)(i), (C)(i)
      value: usd(o.totalPaymentsCents),
      text: ["This is the total dollar amount of payments you will make during the term of the contract."],
    },
    { label: "Payment", value: null, text: null }, // 910(a)(6): amount / frequency, and a short explanation of our own
    { label: "Term", value: years(o.termMonths), text: [] }, // 910(a)(7): no information in the third column
    {
      label: "Prepayment", // 910(a)(8), (9)(A) or (B)
      value:
        fee > 0
          ? fill(
              "If you pay off the financing early, you will still need to pay all or a portion of the finance charge, up to $[maximum non-interest finance charge].",
              {
                "maximum non-interest finance charge": usd(fee).slice(1),
              },
            )
          : "If you pay off the financing early, you will not need to pay any portion of the finance charge other than unpaid interest accrued (if applicable).",
      text: null,
    },
    { label: null, value: "If you pay off the financing early you will not pay additional fees.", text: null }, // 910(a)(10)(B)
  ];
}

/** 23 NYCRR 600.10, as printed; the summary ends three quoted paragraphs with "." where the rule has ";" or nothing. */
function newYorkRows(o: Offer) {
  const fee = o.amountCents - o.fundingCents;
  const stop = (s: string) => s.replace(/ ,/g, ",").replace(/;?$/, (e) => (s.endsWith(".") ? e : "."));
  return [
    {
      label: "Funding Provided",
      value: usd(o.fundingCents),
      text: [fill("This is how much funding [name of financer] will provide.", { "name of financer": o.lenderName })],
    }, // (b)
    {
      label: "Annual Percentage Rate (APR)", // (c); 600.5(d): two decimals
      value: pct(o.estimatedAprBps),
      text: [
        stop(
          "APR is the cost of your financing expressed as a yearly rate. APR includes the amount and timing of the funding you receive, interest and other finance charges you pay and the payments you make;",
        ),
        stop(
          fill(
            "Your APR is not an interest rate. Your interest rate is [interest rate]. Your APR may be higher than your interest rate because APR incorporates interest costs and other finance charges;",
            { "interest rate": pct(o.noteRateBps) },
          ),
        ),
      ],
    },
    { label: "Finance Charge", value: usd(o.financeChargeCents), text: ["This is the dollar cost of your financing."] }, // (d)
    {
      label: "Total Payments Amount", // (e)
      value: usd(o.totalPaymentsCents),
      text: [stop("This is the total dollar amount of payments you will make during the term of the contract")],
    },
    { label: "Payment", value: null, text: null }, // (f)
    { label: "Term", value: years(o.termMonths), text: [] }, // (g)
    {
      label: "Prepayment", // (h), (i)
      value:
        fee > 0
          ? stop(
              fill(
                "If you pay off the financing early , you will still need to pay all or portion of the finance charge, up to $[maximum non-interest finance charge]",
                {
                  "maximum non-interest finance charge": usd(fee).slice(1),
                },
              ),
            )
          : "If you pay off the financing early, you will not need to pay any portion of the finance charge other than unpaid interest accrued (if applicable).",
      text: null,
    },
    { label: null, value: "If you pay off the financing early you will not pay additional fees.", text: null }, // (j)(2)
    { label: "Collateral Requirements", value: null, text: null }, // (k): the lender's description, columns 2 and 3 combined
    { label: "Avoidable Fees and Charges", value: null, text: null }, // (l)
  ];
}

/** The summary table as the page draws it: each row's label (th), value cell and explanation paragraphs. */
function tableOf(page: Page) {
  const { $ } = page;
  return $("[data-testid=summary-row]")
    .toArray()
    .map((tr) => {
      const row = $(tr);
      const label = row.find("[data-testid=summary-label]");
      const explanation = row.find("[data-testid=summary-explanation]");
      return {
        label: label.length ? squash(label.text()) : null,
        value: row
          .find("[data-testid=summary-value] span")
          .toArray()
          .map((s) => squash($(s).text())),
        combined: row.find("[data-testid=summary-value]").attr("colspan") === "2",
        text: explanation.length
          ? explanation
              .find("p")
              .toArray()
              .map((p) => squash($(p).text()))
          : null,
      };
    });
}

function expectRows(page: Page, expected: ReturnType<typeof californiaRows>, o: Offer) {
  const table = tableOf(page);
  expect(table.map((r) => r.label)).toEqual(expected.map((r) => r.label));
  expected.forEach((e, i) => {
    const row = table[i]!;
    if (e.value !== null) expect(row.value.join(" "), `${e.label} value`).toBe(e.value);
    if (e.text === null) expect(row.combined, `${e.label}: columns 2 and 3 combined`).toBe(true);
    else expect(row.text, `${e.label} third column`).toEqual(e.text);
  });
  const payment = table.find((r) => r.label === "Payment")!;
  expect(payment.value[0]).toMatch(
    o.finalPaymentCents === o.paymentCents ? `${usd(o.paymentCents)}/month` : `: ${usd(o.paymentCents)}/month`,
  );
  expect(squash(page.$("[data-testid=summary-statement] > p").text())).toBe(STATEMENT);
  expect(squash(page.$("[data-testid=summary-statement] dt").first().text())).toBe("Recipient Signature");
  expect(squash(page.$("[data-testid=summary-statement] dt").last().text())).toBe("Date");
}

const firstOffer = openOffer;

/** The presentations recorded for an offer, oldest first. */
const presentationsOf = (offerId: number) =>
  getDb()
    .select()
    .from(schema.offerSummaryPresentations)
    .where(eq(schema.offerSummaryPresentations.offerId, offerId))
    .orderBy(schema.offerSummaryPresentations.id);

/** After acceptance: the e-mail went at once (not held, though the address was never confirmed), with the signed PDF. */
async function expectSignedSummaryMailed(email: string, userId: number, signer: string, header: string) {
  const [user] = await getDb().select().from(schema.users).where(eq(schema.users.id, userId));
  expect(user!.emailVerifiedAt).toBeNull();
  const [row] = await getDb()
    .select()
    .from(schema.outbox)
    .where(and(eq(schema.outbox.toEmail, email), eq(schema.outbox.kind, "offer_accepted")));
  expect(row!.holdUserId).toBeNull();
  expect(row!.bodyText).toMatch(/Your signed offer summary is attached to this e-mail \(signed-offer-summary-APP-\w+-\d+\.pdf\)/);
  expect(row!.bodyText).toMatch(/https?:\/\/\S+\/offers\/\d+\/signed\.pdf/);
  // The server's worker sends it at once (under tests its transport writes the message as an .eml file).
  let sent = row!;
  for (let i = 0; i < 100 && !sent.sentAt; i++) {
    await new Promise((r) => setTimeout(r, 100));
    [sent] = await getDb().select().from(schema.outbox).where(eq(schema.outbox.id, row!.id));
  }
  // On failure the row's state says why (a failed attempt and its error, or a lease still held).
  const state = {
    attempts: sent.attempts,
    lastError: sent.lastError,
    lockedBy: sent.lockedBy,
    lockedUntil: sent.lockedUntil,
    status: sent.status,
  };
  expect(sent.sentAt, `sent within seconds of the acceptance (${JSON.stringify(state)})`).not.toBeNull();
  const eml = fs.readFileSync(path.join(inject("dataDir"), "outbox", `${emlFileStem(sent)}.eml`), "latin1");
  const part = /Content-Type: application\/pdf;[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(eml);
  expect(part, "the PDF is attached").not.toBeNull();
  const file = { content: Buffer.from(part![1]!.replace(/\s/g, ""), "base64") };
  expect((await openPdf(file.content)).pages).toBeGreaterThanOrEqual(2);
  const words = pdfWords(file!.content);
  expect(words).toContain(header);
  expect(words).toContain(`Recipient Signature: ${signer} (signed electronically)`);
  expect(words).toContain("Electronic signature record");
}

describe("California: 10 CCR 910's eight rows, page and PDF, signed without JavaScript", () => {
  it("shows the rule's rows word for word, keeps a PDF, records each presentation, e-mails the signed summary at once, and gives the lender its evidence", async () => {
    const { client, app, email, user } = await applyOverHttp({ state: "CA", city: "Los Angeles", zip: "90012", tag: "ca-summary" });
    const o = await firstOffer(app.id);

    // Its own page, linked from the comparison for every offer and from the offer's page.
    const offers = await getPage(`/dashboard/applications/${app.reference}/offers`, client);
    expect(offers.$(`[data-testid=offer-summary-link][href="/offers/${o.id}/summary"]`).length).toBeGreaterThan(0);
    const page = await getPage(`/offers/${o.id}/summary`, client);
    expect(squash(page.$("[data-testid=summary-header]").text())).toBe(`OFFER SUMMARY - ${o.productName}`);
    expectRows(page, californiaRows(o), o);

    // The PDF: a file a reader opens, with the same header, labels and sentences.
    const res = await client.fetch(`/offers/${o.id}/summary.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const pdf = Buffer.from(await res.arrayBuffer());
    expect((await openPdf(pdf)).pages).toBe(1);
    const words = pdfWords(pdf);
    expect(words).toContain(`OFFER SUMMARY - ${o.productName}`);
    for (const r of californiaRows(o)) {
      if (r.label) expect(words).toContain(r.label);
      for (const t of r.text ?? []) expect(words).toContain(t);
    }
    expect(words).toContain(STATEMENT);
    expect(words).toContain("Recipient Signature:");

    // Each presentation: which form, where, and the hash of the text the API reports as shown.
    const { disclosureSha256 } = (await (await client.fetch(`/api/offers/${o.id}`)).json()) as { disclosureSha256: string };
    const shown = await presentationsOf(o.id);
    expect(shown.map((p) => p.via)).toEqual(["summary-page", "pdf", "api"]);
    expect(new Set(shown.map((p) => p.spec))).toEqual(new Set(["CA"]));
    expect(new Set(shown.map((p) => p.textSha256))).toEqual(new Set([disclosureSha256]));

    // Accepting without JavaScript: the page's form.
    const signer = `${user.firstName} ${user.lastName}`;
    const accepted = await client.fetch(`/offers/${o.id}`, {
      form: { intent: "accept", signerName: signer, confirmRead: "on", disclosureSha256 },
    });
    expect(accepted.status).toBe(302);
    await expectSignedSummaryMailed(email, user.id, signer, `OFFER SUMMARY - ${o.productName}`);
    expect((await presentationsOf(o.id)).at(-1)!.via).toBe("email");

    // The signed summary on its page, and the signed PDF for the signer only.
    const signedPage = await getPage(`/offers/${o.id}/summary`, client);
    expect(squash(signedPage.$("[data-testid=summary-signature]").text())).toBe(`${signer} (signed electronically)`);
    expect((await client.fetch(`/offers/${o.id}/signed.pdf`)).headers.get("content-type")).toBe("application/pdf");
    const { client: stranger } = await signedInApplicant();
    expect((await stranger.fetch(`/offers/${o.id}/summary`)).status).toBe(404);

    // The lender of the accepted offer: when it was presented, the signature, and the signed copy.
    const lenderUser = await createLenderUser(o.lenderId!);
    const lender = new Client();
    await signInLenderOverHttp(lender, lenderUser);
    const lp = await getPage(`/lender/applications/${app.id}`, lender);
    const evidence = squash(lp.$(`[data-offer-id=${o.id}] [data-testid=summary-evidence]`).text());
    expect(evidence).toMatch(/^Offer summary presented to the applicant \d+ times: first .+, last .+\./);
    expect(evidence).toContain(`Signed by ${signer} on`);
    expect(evidence).toContain(disclosureSha256);
    const copy = await lender.fetch(`/lender/applications/${app.id}/offers/${o.id}/signed.pdf`);
    expect(copy.status).toBe(200);
    expect(pdfWords(Buffer.from(await copy.arrayBuffer()))).toContain(`Recipient Signature: ${signer} (signed electronically)`);
    const [audit] = await getDb()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "lender.signed_summary_downloaded"), eq(schema.auditLog.targetId, String(o.id))));
    expect(audit!.actorUserId).toBe(lenderUser.id);
    // Not the lender's own offer, or not accepted: the same 404 as anything else.
    const other = await getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, app.id));
    const notOwn = other.find((x) => x.lenderId !== o.lenderId);
    if (notOwn) expect((await lender.fetch(`/lender/applications/${app.id}/offers/${notOwn.id}/signed.pdf`)).status).toBe(404);
  });
});

describe("New York: 23 NYCRR 600.10's ten rows, signed with JavaScript", () => {
  it("shows the rule's ten rows with the lender's collateral and avoidable fees, and the signed summary goes at once after a single-fetch accept", async () => {
    const { client, app, email, user } = await applyOverHttp({ state: "NY", city: "Albany", zip: "12207", tag: "ny-summary" });
    const o = await firstOffer(app.id);
    const page = await getPage(`/offers/${o.id}/summary`, client);
    expect(squash(page.$("[data-testid=summary-header]").text())).toBe(`OFFER SUMMARY ${o.productName}`);
    expectRows(page, newYorkRows(o), o);
    const table = tableOf(page);
    expect(table[8]!.value).toEqual([o.collateral]);
    expect(table[9]!.value).toEqual([o.avoidableFees]);
    expect(o.avoidableFees).toMatch(/Late payment fee.*Returned payment fee/);
    // Financial Services Law 804(c), 810: "rate" only in the APR's label and of the interest rate.
    expect(table.map((r) => r.label ?? "").filter((l) => /rate/i.test(l))).toEqual(["Annual Percentage Rate (APR)"]);

    const pdf = Buffer.from(await (await client.fetch(`/offers/${o.id}/summary.pdf`)).arrayBuffer());
    await openPdf(pdf);
    const words = pdfWords(pdf);
    for (const label of ["Total Payments Amount", "Collateral Requirements", "Avoidable Fees and Charges"]) expect(words).toContain(label);

    // With JavaScript the form posts to the route's single-fetch data URL; the redirect is in the body.
    const { disclosureSha256 } = (await (await client.fetch(`/api/offers/${o.id}`)).json()) as { disclosureSha256: string };
    const signer = `${user.firstName} ${user.lastName}`;
    const res = await client.fetch(`/offers/${o.id}.data`, {
      form: { intent: "accept", signerName: signer, confirmRead: "on", disclosureSha256 },
    });
    expect(res.status).toBe(202);
    expect(await res.text()).toContain(`/dashboard/applications/${app.reference}/offers`);
    await expectSignedSummaryMailed(email, user.id, signer, `OFFER SUMMARY ${o.productName}`);
  });
});

describe("every other state: the documented default", () => {
  it("Texas gets the standard table on the summary page, without the prescribed header or signature statement", async () => {
    const { client, app } = await applyOverHttp({ tag: "tx-summary" });
    const o = await firstOffer(app.id);
    const page = await getPage(`/offers/${o.id}/summary`, client);
    expect(page.$("[data-testid=summary-header]").length).toBe(0);
    expect(page.$("[data-testid=summary-statement]").length).toBe(0);
    expect(tableOf(page).map((r) => r.label)).toEqual([
      "Funding provided",
      "Estimated annual percentage rate (APR)",
      "Finance charge",
      "Estimated total payment amount",
      "Payment amount and frequency",
      "Term",
      "Prepayment",
    ]);
    expect(squash(page.$("main").text())).toContain("the marketplace's standard summary of the offer");
  });
});
