import { describe, expect, it } from "vitest";
import { caApr, caTerm, offerSummaryFor, type SummaryTerms } from "./offer-summary";

/**
 * The rule's text, kept here as published (10 CCR 901(a) and 910(a)), with its bracketed places:
 * the module is compared with it word for word, so a change that drifts from the rule fails.
 */
const RULE = {
  header: "OFFER SUMMARY -",
  fundingLabel: "Funding Provided",
  funding: "This is how much funding [name of financer] will provide.",
  deductions:
    'Due to deductions or payments to others, the total funds that will be provided to you directly is [recipient funds]. For more information on what amounts will be deducted, please review the attached document "Itemization of Amount Financed."',
  apr: "APR is the cost of your financing expressed as a yearly rate. APR includes the amount and timing of the funding you receive, interest and fees you pay and the payments you make. Your APR is not an interest rate. Your interest rate is [interest rate]. Your APR may be higher than your interest rate because APR incorporates interest costs and other finance charges.",
  statement:
    "Applicable law requires this information to be provided to you to help you make an informed decision. By signing below, you are confirming that you received this information.",
  signature: "Recipient Signature",
  date: "Date",
};
const fill = (text: string, values: Record<string, string>) => text.replace(/\[([^\]]+)\]/g, (_, k: string) => values[k]!);

const offer: SummaryTerms = {
  lenderName: "Harbor Main Lending",
  productName: "Working Capital Term Loan",
  amountCents: 3_000_000,
  fundingCents: 2_925_000,
  noteRateBps: 1200,
  estimatedAprBps: 1679,
  termMonths: 36,
  paymentCents: 103_981,
  finalPaymentCents: 103_981,
  paymentCount: 36,
  financeChargeCents: 818_327,
  totalPaymentsCents: 3_743_327,
  prepayment: "No prepayment penalty",
};

describe("the California offer summary (10 CCR 901, 910)", () => {
  const s = offerSummaryFor("CA", offer);

  it("has the rule's header, funding row and APR row, word for word", () => {
    expect(s.spec).toBe("CA");
    expect(s.header).toBe(`${RULE.header} ${offer.productName}`);
    const [funding, apr] = s.rows;
    expect(funding!.label).toBe(RULE.fundingLabel);
    expect(funding!.value).toBe("$30,000.00");
    expect(funding!.explanation).toBe(
      `${fill(RULE.funding, { "name of financer": "Harbor Main Lending" })} ${fill(RULE.deductions, { "recipient funds": "$29,250.00" })}`,
    );
    expect(apr!.explanation).toBe(fill(RULE.apr, { "interest rate": "12.00%" }));
    expect(apr!.value).toBe("16.80%");
  });

  it("ends with the rule's statement and the Recipient Signature and Date spaces", () => {
    expect(s.statement).toEqual({ text: RULE.statement, signatureLabel: RULE.signature, dateLabel: RULE.date });
  });

  it("leaves out the deductions sentence when nothing is withheld", () => {
    const none = offerSummaryFor("ca", { ...offer, fundingCents: offer.amountCents });
    expect(none.rows[0]!.explanation).toBe(fill(RULE.funding, { "name of financer": "Harbor Main Lending" }));
  });

  it("states the APR to the nearest ten basis points and the term in days up to a year, else in years and months", () => {
    expect(caApr(1045)).toBe("10.50%");
    expect(caApr(1044)).toBe("10.40%");
    expect(caTerm(6)).toBe("183 days");
    expect(caTerm(12)).toBe("365 days");
    expect(caTerm(18)).toBe("1 year and 6 months");
    expect(caTerm(36)).toBe("3 years");
    expect(s.rows.find((r) => r.label === "Term")!.value).toBe("3 years");
  });
});

describe("every other state: the documented default", () => {
  it("is the standard seven-row table without a header or a signature statement", () => {
    for (const state of ["TX", "NY", "IL"]) {
      const s = offerSummaryFor(state, offer);
      expect(s.spec).toBe("default");
      expect(s.header).toBeNull();
      expect(s.statement).toBeNull();
      expect(s.rows.map((r) => r.label)).toEqual([
        "Funding provided",
        "Estimated annual percentage rate (APR)",
        "Finance charge",
        "Estimated total payment amount",
        "Payment amount and frequency",
        "Term",
        "Prepayment",
      ]);
    }
  });
});
