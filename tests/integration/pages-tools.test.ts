/**
 * The calculator and the status lookup as a browser without JavaScript gets them: both are GET
 * forms the server renders, so every figure, message and link is checked here over HTTP. With
 * JavaScript (figures as you type, no request for a blank ID, "Checking...") they are in
 * tests/e2e/calculator.test.ts and tests/e2e/status-lookup.test.ts.
 */
import { describe, expect, it } from "vitest";
import { site } from "~/content/site";
import { MSG } from "~/content/messages";
import { createSubmittedApplication } from "../support/applications";
import { createApplicant } from "../support/fixtures";
import { byLabel, follow, getPage, linkHrefs, named, squash, type Html } from "../support/html";
import { Client } from "../support/http";
import { DEFAULT_FIGURES, TEN_K_FIGURES } from "../fixtures/calculator";

const figures = ($: Html) => {
  const t = (id: string) => squash($(`[data-testid=${id}]`).text());
  return {
    monthly: t("monthly-payment"),
    total: t("total-payment"),
    interest: t("total-interest"),
    amount: t("echo-amount"),
    apr: t("echo-apr"),
    term: t("echo-term"),
  };
};
const selected = ($: Html, label: string) => byLabel($, label).find("option[selected]").attr("value");

/** The GET the calculator's form makes without JavaScript: the typed values and the shown figures. */
function calculatorQuery($: Html, typed: Record<string, string>) {
  const q = new URLSearchParams();
  for (const name of ["amount", "apr", "term", "shownAmount", "shownApr", "shownTerm"]) {
    const el = $(`form [name=${name}]`);
    expect(el, name).toHaveLength(1);
    q.set(name, typed[name] ?? (el.is("select") ? (el.find("option[selected]").attr("value") ?? "") : (el.attr("value") ?? "")));
  }
  return `/loan-calculator?${q}`;
}

describe("loan calculator without JavaScript", () => {
  it("opens with the product's defaults and their figures, the rate factors, the note and Apply Now", async () => {
    const { $, status } = await getPage("/loan-calculator");
    expect(status).toBe(200);
    expect($("title").text()).toContain("Loan Calculator");
    expect(squash($("h1").text())).toBe("Business Loan Calculator");
    expect(byLabel($, "Loan Amount ($)").attr("value")).toBe("25000");
    expect(byLabel($, "Interest Rate (APR %)").attr("value")).toBe("8.99");
    expect(byLabel($, "Interest Rate (APR %)").attr("step")).toBe("0.01");
    expect(selected($, "Loan Term")).toBe("36");
    expect(
      byLabel($, "Loan Term")
        .find("option")
        .map((_, o) => $(o).attr("value"))
        .get(),
    ).toEqual(["12", "24", "36", "48", "60", "72", "84"]);
    expect(figures($)).toEqual(DEFAULT_FIGURES);
    const factors = squash(named($, "What affects your rate?").text());
    for (const f of ["Business credit score", "Time in business", "Annual revenue", "Industry type", "Loan amount and term"])
      expect(factors).toContain(f);
    expect($("[data-testid=calculator-note]").text()).toContain("estimates only");
    // Apply Now carries the amount into the wizard.
    expect(linkHrefs($, "Apply Now", "[data-testid=calculator-summary]")).toEqual(["/loan-application?amount=25000"]);
  });

  it("Calculate Payment renders the amortised payment of the typed values, and the URL can be shared", async () => {
    const start = await getPage("/loan-calculator");
    const url = calculatorQuery(start.$, { amount: "10000", apr: "6", term: "12" });
    // The form carries the figures on screen along (shown*), for a value that does not parse.
    expect(url).toContain("shownAmount=25000");
    const { $, status } = await getPage(url);
    expect(status).toBe(200);
    expect(figures($)).toEqual(TEN_K_FIGURES);
    expect(byLabel($, "Loan Amount ($)").attr("value")).toBe("10000");
    expect(selected($, "Loan Term")).toBe("12");
    // A shared result URL (no shown* values) renders the same way.
    const shared = await getPage("/loan-calculator?amount=50000&apr=35.99&term=84");
    expect(figures(shared.$)).toEqual({
      monthly: "$1,636.30",
      total: "$137,449.48",
      interest: "$87,449.48",
      amount: "$50,000.00",
      apr: "35.99% APR",
      term: "84 months",
    });
  });

  it("leaves the figures unchanged when a value does not parse to a non-zero number, keeping what was typed", async () => {
    const start = await getPage("/loan-calculator?amount=10000&apr=6&term=12");
    const zero = await getPage(calculatorQuery(start.$, { amount: "0" }));
    expect(figures(zero.$)).toEqual(TEN_K_FIGURES);
    expect(byLabel(zero.$, "Loan Amount ($)").attr("value")).toBe("0");
    // And again from there: still the last valid figures, never NaN.
    const blank = await getPage(calculatorQuery(zero.$, { apr: "" }));
    expect(figures(blank.$)).toEqual(TEN_K_FIGURES);
    expect(blank.text("main")).not.toMatch(/NaN|Infinity/);
  });

  it("Apply Now's amount reaches step 1, shown formatted with an estimated payment", async () => {
    const c = new Client();
    const calc = await getPage("/loan-calculator?amount=18000&apr=9&term=36", c);
    const [href] = linkHrefs(calc.$, "Apply Now", "[data-testid=calculator-summary]");
    const step1 = await follow(c, href!);
    expect(step1.url).toBe("/apply/loan?amount=18000");
    expect(byLabel(step1.$, "Loan amount (USD)").attr("value")).toBe("18,000");
    const live = squash(step1.$("[data-testid=live-amount]").text());
    expect(live).toContain("$18,000");
    expect(live).toMatch(/Estimated monthly payment\s*\$\d{3},?\d*\.\d\d/);
  });
});

async function newApplication(status: "submitted" | "pending" | "under-review" | "approved" | "rejected" | "draft", amount = 25000) {
  const user = await createApplicant();
  return createSubmittedApplication({
    userId: user.id,
    amount,
    purpose: "working-capital",
    status,
    // "approved" always comes with an accepted offer.
    stage: status === "approved" ? "offer-accepted" : undefined,
    submittedAt: new Date("2026-11-22T15:00:00Z"),
  });
}

const formAlert = ($: Html) => $("form#status-lookup [role=alert]");

describe("application status without JavaScript", () => {
  it("shows a submitted application's status, amount and purpose at a URL that can be bookmarked", async () => {
    const app = await newApplication("submitted");
    const form = await getPage("/application-status");
    expect(byLabel(form.$, "Application ID").attr("placeholder")).toBe("APP-123456");
    expect(form.$("form#status-lookup").attr("method")).toBe("get");
    expect(byLabel(form.$, "Application ID").attr("name")).toBe("id");

    // The form's GET, with the reference typed in lower case; the same URL opened again later.
    const url = `/application-status?id=${app.reference.toLowerCase()}`;
    for (const c of [new Client(), new Client()]) {
      const { $, status } = await getPage(url, c);
      expect(status).toBe(200);
      expect(squash($("[data-testid=status-reference]").text())).toBe(app.reference);
      const badge = $("[data-testid=status-badge]");
      expect(squash(badge.text())).toBe("Submitted");
      expect(badge.attr("class")).toContain("bg-yellow-100");
      expect(badge.find("svg[aria-hidden=true]")).toHaveLength(1);
      expect(squash($("[data-testid=status-amount]").text())).toBe("$25,000");
      expect(squash($("[data-testid=status-purpose]").text())).toBe("Working Capital");
      expect(squash($("[data-testid=status-submitted]").text())).toBe("November 22, 2026");
      expect($("[data-testid=status-next-steps]").text()).toContain("within 24-48 hours");
      const card = squash($("[data-testid=status-result]").text());
      expect(card).toContain(site.supportPhone);
      expect(card).toContain(site.supportEmail);
      expect(byLabel($, "Application ID").attr("value")).toBe(app.reference.toLowerCase());
    }
  });

  it("shows each status with its badge colour and next steps", async () => {
    const cases = [
      { status: "pending", label: "Pending", colour: "bg-yellow-100", steps: "within 24-48 hours" },
      { status: "under-review", label: "Under Review", colour: "bg-blue-100", steps: "may request additional documentation" },
      // The applicant is shown the loan's stage: an approval is of the offer they accepted; a rejection declines.
      { status: "approved", label: "Offer accepted", colour: "bg-green-100", steps: "The lender will verify your details" },
      { status: "rejected", label: "Declined", colour: "bg-red-100", steps: "reapply after 60-90 days" },
    ] as const;
    for (const c of cases) {
      const app = await newApplication(c.status, 1234567);
      const { $ } = await getPage(`/application-status?id=${app.reference}`);
      const badge = $("[data-testid=status-badge]");
      expect(squash(badge.text())).toBe(c.label);
      expect(badge.attr("class")).toContain(c.colour);
      expect($("[data-testid=status-next-steps]").text()).toContain(c.steps);
      expect(squash($("[data-testid=status-amount]").text())).toBe("$1,234,567");
    }
  });

  it("refuses an empty or blank ID with 'Please enter your application ID', next to the field", async () => {
    for (const blank of ["", "    "]) {
      const { $, status } = await getPage(`/application-status?id=${encodeURIComponent(blank)}`);
      expect(status).toBe(400);
      expect(squash($("main").text())).toContain(MSG.statusIdRequired);
      expect($("[data-testid=status-result]")).toHaveLength(0);
      expect(byLabel($, "Application ID").attr("aria-invalid")).toBe("true");
    }
  });

  it("says 'Application not found' in red above the button for an unknown or draft reference", async () => {
    const draft = await newApplication("draft");
    for (const id of ["APP-123456", draft.reference]) {
      const { $ } = await getPage(`/application-status?id=${id}`);
      const alert = formAlert($);
      expect(squash(alert.text())).toBe(MSG.statusNotFound);
      expect(alert.attr("class")).toContain("text-red-800");
      expect($("[data-testid=status-result]")).toHaveLength(0);
    }
  });

  it("has the help card: where the ID comes from, the timeline and a link to apply", async () => {
    const { $ } = await getPage("/application-status");
    const help = named($, "Need Help?", "aside");
    const text = squash(help.text());
    expect(text).toContain("Application Submitted");
    for (const t of ["24-48 hours", "1-3 days", "2-5 business days", "Same day to 1 business day"]) expect(text).toContain(t);
    expect(linkHrefs($, "Start Your Application", help)).toEqual(["/loan-application"]);
  });
});
