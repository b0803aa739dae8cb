/**
 * Notices of action taken reach the applicant (Regulation B, 12 CFR 1002.9), over HTTP against the
 * run's server: never held for an unverified address (the first application's, a second
 * application's, an admin rejection's), each declining lender named with its own reasons and no
 * lender that does not serve the applicant, the declines of an application that also got offers,
 * the notice of incompleteness with its deadline, and the notices on the dashboard and the offers page.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { formatMailCalendarDate } from "~/features/mail/domain/mail-dates";
import { signedInAdmin } from "../support/api";
import { getPage, squash } from "../support/html";
import { mailsTo } from "../support/mail";
import { applyOverHttp } from "../support/wizard";

type OutboxRow = typeof schema.outbox.$inferSelect;

/** The notices of one kind about an application, once the outbox has sent them (as the applicant's inbox would show). */
async function sentNotice(applicationId: number, kind: string): Promise<OutboxRow> {
  const o = schema.outbox;
  for (let i = 0; i < 150; i++) {
    const [row] = await getDb()
      .select()
      .from(o)
      .where(and(eq(o.applicationId, applicationId), eq(o.kind, kind)));
    if (row?.status === "sent") return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sent ${kind} notice for application ${applicationId}`);
}

const RIGHT_TO_REASONS =
  /You have the right to a statement of specific reasons why your application was denied\. To obtain the statement, please contact Lendwise, support@lendwise\.example, 1-800-555-0199 .* within 60 days from the date you are notified of this decision\. We will send you a written statement of reasons for the denial within 30 days of receiving your request for the statement\./;
const FTC = "Federal Trade Commission, Consumer Response Center, 600 Pennsylvania Avenue NW, Washington, DC 20580";

/** The seeded lenders that never lend for working capital (they did not evaluate these applications). */
const NOT_FOR_WORKING_CAPITAL = ["Keystone Equipment Finance", "Sunrise Startup Fund", "Granite Ridge Commercial Lending"];

describe("the notice of action taken at submission", () => {
  it("names each declining lender with its own reasons, none that does not serve the state, and reaches an unverified applicant at once", async () => {
    // Illinois, $6,000, $70,000 a year: Harbor Main (minimum $10,000 and $75,000 income) and
    // Prairie Growth (minimum $10,000) decline; Bluebonnet and Lone Star do not lend in Illinois.
    const { client, app, user } = await applyOverHttp({
      state: "IL",
      city: "Chicago",
      zip: "60601",
      amount: "6000",
      finances: { annualIncome: "70000" },
    });
    expect(user.emailVerifiedAt).toBeNull();
    const notice = await sentNotice(app.id, "adverse_action");
    expect(notice.holdUserId).toBeNull();
    const text = notice.bodyText;
    expect(text).toContain("NOTICE OF ACTION TAKEN");
    const harbor = text.slice(text.indexOf("Harbor Main Lending"), text.indexOf("Prairie Growth Bank"));
    const prairie = text.slice(text.indexOf("Prairie Growth Bank"));
    expect(harbor).toMatch(/Harbor Main Lending \(NMLS \d+\) has declined to extend credit on this application\./);
    expect(harbor).toContain("Principal reason(s) given by Harbor Main Lending:");
    expect(harbor).toContain("- Requested amount is below the lender's minimum");
    expect(harbor).toContain("- Income insufficient for amount of credit requested");
    expect(prairie).toContain("Principal reason(s) given by Prairie Growth Bank:");
    expect(prairie).toContain("- Requested amount is below the lender's minimum");
    expect(prairie).not.toContain("Income insufficient");
    for (const name of ["Bluebonnet Working Capital Co.", "Lone Star Merchant Finance", ...NOT_FOR_WORKING_CAPITAL])
      expect(text).not.toContain(name);
    expect(text).not.toContain("lend to businesses in your state");
    expect(squash(text)).toMatch(RIGHT_TO_REASONS);
    expect(squash(text)).toContain(FTC);

    // The offers page's no-match state shows the notice with when it was sent.
    const offers = await getPage(`/dashboard/applications/${app.reference}/offers`, client);
    expect(squash(offers.$("h1").text())).toBe("No lender match");
    const shown = offers.$("[data-testid=sent-notice]");
    expect(shown).toHaveLength(1);
    expect(squash(shown.text())).toContain(notice.subject);
    expect(squash(shown.text())).toMatch(/Sent \w/);
    expect(squash(shown.text())).toContain("Principal reason(s) given by Prairie Growth Bank:");
  });

  it("an application with an offer still gets the declines' notice, with the incompleteness of a lender that needs a credit score", async () => {
    // Texas, $6,000, $70,000: Bluebonnet offers, Harbor Main and Prairie Growth decline, Lone Star
    // needs a credit score the wizard did not ask for.
    const { client, app } = await applyOverHttp({ amount: "6000", finances: { annualIncome: "70000" } });
    const [offer] = await getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, app.id));
    expect(offer?.lenderName).toBe("Bluebonnet Working Capital Co.");
    const notice = await sentNotice(app.id, "adverse_action");
    const text = squash(notice.bodyText);
    expect(text).toContain("Harbor Main Lending");
    expect(text).toContain("Prairie Growth Bank");
    expect(text).not.toContain("Bluebonnet");
    expect(text).toContain("Offers from other partner lenders are not affected");
    expect(text).toContain("NOTICE OF INCOMPLETE APPLICATION");
    expect(text).toMatch(
      /Lone Star Merchant Finance \(NMLS \d+\) cannot decide on this application without the following information: - Your estimated personal credit score/,
    );
    for (const name of NOT_FOR_WORKING_CAPITAL) expect(text).not.toContain(name);

    // The dashboard shows it on the application, with when it was sent.
    const dashboard = await getPage("/dashboard", client);
    const card = dashboard.$(`[data-testid=dashboard-application][data-reference=${app.reference}]`);
    const shown = card.find("[data-testid=sent-notice]");
    expect(shown).toHaveLength(1);
    expect(squash(shown.text())).toContain(`Notice of action taken on your application ${app.reference}`);
    expect(squash(shown.text())).toMatch(/Sent \w/);
    expect(squash(shown.text())).toContain("Principal reason(s) given by Harbor Main Lending:");
  });

  it("a lender that only lacks information the wizard never asked sends a notice of incompleteness with a deadline, not a denial", async () => {
    // Texas, $30,000, $120,000: every lender offers but Lone Star, which needs a credit score.
    const { app, user } = await applyOverHttp();
    expect(user.emailVerifiedAt).toBeNull();
    const notice = await sentNotice(app.id, "incompleteness_notice");
    expect(notice.holdUserId).toBeNull();
    expect(notice.subject).toBe(`Information needed on your application ${app.reference}`);
    const text = squash(notice.bodyText);
    expect(text).toContain("NOTICE OF INCOMPLETE APPLICATION");
    expect(text).not.toContain("NOTICE OF ACTION TAKEN");
    expect(text).not.toContain("has declined");
    expect(text).toContain("Lone Star Merchant Finance");
    expect(text).toContain("- Your estimated personal credit score");
    const deadline = formatMailCalendarDate(new Date(app.submittedAt!.getTime() + 30 * 86_400_000).toISOString().slice(0, 10));
    expect(text).toContain(`Please give it by ${deadline} (30 days from this notice)`);
    // Where the answer goes at once (the offers page's form), and the contact for any other way.
    expect(text).toContain("answer it in Boost your offers on your offers page");
    expect(text).toContain("or send it to Lendwise, support@lendwise.example, 1-800-555-0199");
    expect(await mailsTo(notice.toEmail, "adverse_action")).toEqual([]);
  });

  it("a second application's notice is not held either, though its confirmation is", async () => {
    const { client, email, user } = await applyOverHttp({
      state: "IL",
      city: "Chicago",
      zip: "60601",
      amount: "6000",
      finances: { annualIncome: "70000" },
    });
    const res = await client.fetch("/api/loan-applications", {
      json: {
        amount: "6000",
        purpose: "working-capital",
        annualIncome: "70000",
        livingSituation: "Rent",
        monthlyPayment: "1500",
        streetAddress: "1 Main",
        city: "Chicago",
        state: "IL",
        zipCode: "60601",
        status: "submitted",
      },
    });
    expect(res.status).toBe(201);
    const { applicationId: reference } = (await res.json()) as { applicationId: string };
    const [second] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.reference, reference));
    const notice = await sentNotice(second!.id, "adverse_action");
    expect(notice.holdUserId).toBeNull();
    expect(notice.toEmail).toBe(email);
    expect(notice.bodyText).toContain(reference);
    expect(notice.bodyText).toContain("Principal reason(s) given by Harbor Main Lending:");
    // The second confirmation waits for the verified address; the notice did not.
    const confirmations = await mailsTo(email, "application_submitted");
    expect(confirmations.map((m) => m.holdUserId)).toEqual([null, user.id]);
  });

  it("an admin rejection's notice reaches an unverified applicant at once and shows on the dashboard", async () => {
    const { client, app, user } = await applyOverHttp();
    expect(user.emailVerifiedAt).toBeNull();
    const { client: admin } = await signedInAdmin();
    const res = await admin.fetch(`/api/admin/applications/${app.id}/status`, {
      method: "PATCH",
      json: { status: "rejected", note: "Insufficient revenue history" },
    });
    expect(res.status).toBe(200);
    const notice = await sentNotice(app.id, "status_rejected");
    expect(notice.holdUserId).toBeNull();
    const text = squash(notice.bodyText);
    expect(text).toContain("Principal reason(s) for our decision: Insufficient revenue history");
    expect(text).toMatch(RIGHT_TO_REASONS);
    expect(text).toContain(FTC);
    const dashboard = await getPage("/dashboard", client);
    const shown = dashboard.$(`[data-testid=dashboard-application][data-reference=${app.reference}] [data-testid=sent-notice]`);
    expect(squash(shown.text())).toContain(`Decision on your application ${app.reference}`);
    expect(squash(shown.text())).toContain("Insufficient revenue history");
  });
});
