import { describe, expect, it } from "vitest";
import {
  caApr,
  flatRows,
  nyApr,
  offerSummaryFor,
  productDescription,
  rowLabels,
  summaryText,
  termInWords,
  type SummaryTerms,
} from "./offer-summary";
import { prepaymentFeeTiers, prepaymentFees } from "./prepayment-fees";

/**
 * The rules' words, copied here from the rules themselves (not from the module), with their
 * bracketed places. The module is compared with them word for word, so a change that drifts from
 * a rule fails. Sources: 10 CCR 901 https://govt.westlaw.com/calregs/Document/ID2E59FB002BA11ED8E17AA85475E25B5
 * and 910 https://govt.westlaw.com/calregs/Document/ID4FB123002BA11ED9BE2E932C3E0B302 ; 23 NYCRR
 * 600.5 https://govt.westlaw.com/nycrr/Document/I8bdf0121366511f085fee08d50b7f070 and 600.10
 * https://govt.westlaw.com/nycrr/Document/I8bdf0130366511f085fee08d50b7f070 (see
 * app/content/offer-summary-rules.ts for how the text was read).
 */
const CA_RULE = {
  "901(a)(1)": "OFFER SUMMARY -",
  "901(a)(2)":
    "Applicable law requires this information to be provided to you to help you make an informed decision. By signing below, you are confirming that you received this information.",
  "901(a)(2) signature": "Recipient Signature",
  "901(a)(2) date": "Date",
  "910(a)(2)(A)": "Funding Provided",
  "910(a)(2)(C)(i)": "This is how much funding [name of financer] will provide.",
  "910(a)(3)(A)(i)": "Annual Percentage Rate (APR)",
  "910(a)(3)(C)(i)": [
    "APR is the cost of your financing expressed as a yearly rate. APR includes the amount and timing of the funding you receive, interest and fees you pay and the payments you make.",
    "Your APR is not an interest rate. Your interest rate is [interest rate]. Your APR may be higher than your interest rate because APR incorporates interest costs and other finance charges.",
  ],
  "910(a)(4)(A)(i)": "Finance Charge",
  "910(a)(4)(C)(i)": "This is the dollar cost of your financing.",
  "910(a)(5)(A)(i)": "Total Payment Amount",
  "910(a)(5)(C)(i)": "This is the total dollar amount of payments you will make during the term of the contract.",
  "910(a)(6)(A)(i)": "Payment",
  "910(a)(7)(A)": "Term",
  "910(a)(8)": "Prepayment",
  "910(a)(9)(A)":
    "If you pay off the financing early, you will still need to pay all or a portion of the finance charge, up to $[maximum non-interest finance charge].",
  "910(a)(9)(B)":
    "If you pay off the financing early, you will not need to pay any portion of the finance charge other than unpaid interest accrued (if applicable).",
  "910(a)(10)(A)": "If you pay off the financing early you must also pay the following additional fees:",
  "910(a)(10)(B)": "If you pay off the financing early you will not pay additional fees.",
};

/**
 * 23 NYCRR 600.10 as printed. Three of its quoted paragraphs end in the rule's list punctuation
 * (";") or in no stop; the summary ends them with "." (`sentence` below), and one has a stray
 * space before a comma ("early ,"), which the summary drops. Nothing else is changed.
 */
const NY_RULE = {
  "600.5(a)": "OFFER SUMMARY",
  "600.5(b)":
    "Applicable law requires this information to be provided to you to help you make an informed decision. By signing below, you are confirming that you received this information.",
  "600.5(b) signature": "Recipient Signature",
  "600.5(b) date": "Date",
  "600.10(b)(1)": "Funding Provided",
  "600.10(b)(3)(i)": "This is how much funding [name of financer] will provide.",
  "600.10(c)(1)(i)": "Annual Percentage Rate (APR)",
  "600.10(c)(3)(i)": [
    "APR is the cost of your financing expressed as a yearly rate. APR includes the amount and timing of the funding you receive, interest and other finance charges you pay and the payments you make;",
    "Your APR is not an interest rate. Your interest rate is [interest rate]. Your APR may be higher than your interest rate because APR incorporates interest costs and other finance charges;",
  ],
  "600.10(d)(1)(i)": "Finance Charge",
  "600.10(d)(3)(i)": "This is the dollar cost of your financing.",
  "600.10(e)(1)(i)": "Total Payments Amount",
  "600.10(e)(3)(i)": "This is the total dollar amount of payments you will make during the term of the contract",
  "600.10(f)(1)(i)": "Payment",
  "600.10(g)(1)": "Term",
  "600.10(h)": "Prepayment",
  "600.10(i)(1)":
    "If you pay off the financing early , you will still need to pay all or portion of the finance charge, up to $[maximum non-interest finance charge]",
  "600.10(i)(2)":
    "If you pay off the financing early, you will not need to pay any portion of the finance charge other than unpaid interest accrued (if applicable).",
  "600.10(j)(1)": "If you pay off the financing early you must also pay the following additional fees:",
  "600.10(j)(2)": "If you pay off the financing early you will not pay additional fees.",
  "600.10(k)(1)": "Collateral Requirements",
  "600.10(l)(1)": "Avoidable Fees and Charges",
};
const sentence = (s: string) => {
  const t = s.replace(/ ,/g, ",");
  return /[.:]$/.test(t) ? t : t.replace(/;?$/, ".");
};
const fill = (text: string, values: Record<string, string>) => text.replace(/\[([^\]]+)\]/g, (_, k: string) => values[k]!);

const offer: SummaryTerms = {
  lenderName: "Harbor Main Lending",
  productName: "Small-business term loan",
  amountCents: 3_000_000,
  fundingCents: 2_925_000,
  noteRateBps: 1200,
  estimatedAprBps: 1679,
  termMonths: 36,
  paymentCents: 99_643,
  finalPaymentCents: 99_643,
  paymentCount: 36,
  financeChargeCents: 662_148,
  totalPaymentsCents: 3_587_148,
  prepayment: "No prepayment penalty: you may repay early at any time.",
  collateral: "None: the loan is unsecured.",
  avoidableFees: "Late payment fee: $25. Returned payment fee: $25.",
};

describe("California (10 CCR 901, 910): eight rows and three columns, word for word", () => {
  const s = offerSummaryFor("CA", offer);

  it("has the header, the eight rows' labels in order, and the statement with Recipient Signature and Date", () => {
    expect(s.spec).toBe("CA");
    expect(s.header).toBe(`${CA_RULE["901(a)(1)"]} Small-business term loan`);
    expect(s.rows).toHaveLength(8);
    expect(s.rows.map((r) => r.label)).toEqual([
      CA_RULE["910(a)(2)(A)"],
      CA_RULE["910(a)(3)(A)(i)"],
      CA_RULE["910(a)(4)(A)(i)"],
      CA_RULE["910(a)(5)(A)(i)"],
      CA_RULE["910(a)(6)(A)(i)"],
      CA_RULE["910(a)(7)(A)"],
      CA_RULE["910(a)(8)"],
      null, // 910(a)(8): the first column of rows 7 and 8 is one cell
    ]);
    expect(s.rows[6]!.labelSpan).toBe(2);
    expect(s.statement).toEqual({
      text: CA_RULE["901(a)(2)"],
      signatureLabel: CA_RULE["901(a)(2) signature"],
      dateLabel: CA_RULE["901(a)(2) date"],
    });
  });

  it("puts the rule's sentence in each row's third column, and leaves the Term's empty", () => {
    const [funding, apr, charge, total, payment, term, prepay, fees] = s.rows;
    expect(funding!.value).toEqual(["$29,250.00"]); // the amount financed: the loan minus the fee withheld
    expect(funding!.explanation).toEqual([fill(CA_RULE["910(a)(2)(C)(i)"], { "name of financer": "Harbor Main Lending" })]);
    expect(apr!.value).toEqual(["16.80%"]);
    expect(apr!.explanation).toEqual(CA_RULE["910(a)(3)(C)(i)"].map((p) => fill(p, { "interest rate": "12.00%" })));
    expect(charge!.value).toEqual(["$6,621.48"]);
    expect(charge!.explanation).toEqual([CA_RULE["910(a)(4)(C)(i)"]]);
    expect(total!.value).toEqual(["$35,871.48"]);
    expect(total!.explanation).toEqual([CA_RULE["910(a)(5)(C)(i)"]]);
    expect(payment!.value).toEqual(["$996.43/month"]); // 910(a)(6)(B)(i): amount / frequency
    expect(payment!.explanation![0]!.split(/\s+/).length).toBeLessThanOrEqual(60); // 901(a)(9)
    expect(term!.value).toEqual(["3 years"]);
    expect(term!.explanation).toEqual([]); // 910(a)(7): no information in the third column
    // 910(a)(9), (10): columns 2 and 3 combined; the fee withheld is the maximum non-interest finance charge.
    expect(prepay!.explanation).toBeNull();
    expect(prepay!.value).toEqual([fill(CA_RULE["910(a)(9)(A)"], { "maximum non-interest finance charge": "750.00" })]);
    expect(fees!.explanation).toBeNull();
    expect(fees!.value).toEqual([CA_RULE["910(a)(10)(B)"]]);
  });

  it("a loan without a fee says (9)(B); a prepayment fee is listed with its largest amount after (10)(A)", () => {
    const noFee = offerSummaryFor("ca", { ...offer, fundingCents: offer.amountCents });
    expect(noFee.rows[6]!.value).toEqual([CA_RULE["910(a)(9)(B)"]]);
    const withFee = offerSummaryFor("CA", {
      ...offer,
      prepayment: "A prepayment fee of 2% of the balance repaid applies during the first 12 months; none after.",
    });
    expect(withFee.rows[7]!.value).toEqual([
      CA_RULE["910(a)(10)(A)"],
      "Prepayment fee: 2% of the balance repaid if you repay in months 1-12, up to $600.00.",
    ]);
  });

  it("payments that differ at the end fill columns 2 and 3 with each run (910(a)(6)(C))", () => {
    const s2 = offerSummaryFor("CA", { ...offer, finalPaymentCents: 99_640 });
    expect(s2.rows[4]!.value).toEqual(["Payments 1-35: $996.43/month", "Payment 36: $996.40"]);
    expect(s2.rows[4]!.explanation).toBeNull();
  });

  it("states the APR to the nearest ten basis points and the term in days up to a year, else in years and months (901(a)(4), (5))", () => {
    expect(caApr(1045)).toBe("10.50%");
    expect(caApr(1044)).toBe("10.40%");
    expect(termInWords(6)).toBe("183 days");
    expect(termInWords(12)).toBe("365 days");
    expect(termInWords(18)).toBe("1 year and 6 months");
    expect(termInWords(36)).toBe("3 years");
  });
});

describe("New York (23 NYCRR 600.5, 600.10): ten rows and three columns, word for word", () => {
  const s = offerSummaryFor("NY", offer);

  it("has the header, the ten rows' labels in order, and the statement with Recipient Signature and Date", () => {
    expect(s.spec).toBe("NY");
    expect(s.header).toBe(`${NY_RULE["600.5(a)"]} Small-business term loan`);
    expect(s.rows.map((r) => r.label)).toEqual([
      NY_RULE["600.10(b)(1)"],
      NY_RULE["600.10(c)(1)(i)"],
      NY_RULE["600.10(d)(1)(i)"],
      NY_RULE["600.10(e)(1)(i)"],
      NY_RULE["600.10(f)(1)(i)"],
      NY_RULE["600.10(g)(1)"],
      NY_RULE["600.10(h)"],
      null,
      NY_RULE["600.10(k)(1)"],
      NY_RULE["600.10(l)(1)"],
    ]);
    expect(s.statement).toEqual({
      text: NY_RULE["600.5(b)"],
      signatureLabel: NY_RULE["600.5(b) signature"],
      dateLabel: NY_RULE["600.5(b) date"],
    });
  });

  it("puts the rule's sentences in each row", () => {
    const [funding, apr, charge, total, , term, prepay, fees, collateral, avoidable] = s.rows;
    expect(funding!.explanation).toEqual([fill(NY_RULE["600.10(b)(3)(i)"], { "name of financer": "Harbor Main Lending" })]);
    expect(apr!.value).toEqual(["16.79%"]); // 600.5(d): two decimals
    expect(apr!.explanation).toEqual(NY_RULE["600.10(c)(3)(i)"].map((p) => sentence(fill(p, { "interest rate": "12.00%" }))));
    expect(charge!.explanation).toEqual([NY_RULE["600.10(d)(3)(i)"]]);
    expect(total!.explanation).toEqual([sentence(NY_RULE["600.10(e)(3)(i)"])]);
    expect(term!.explanation).toEqual([]);
    expect(prepay!.value).toEqual([sentence(fill(NY_RULE["600.10(i)(1)"], { "maximum non-interest finance charge": "750.00" }))]);
    expect(fees!.value).toEqual([NY_RULE["600.10(j)(2)"]]);
    // 600.10(k)(2), (l)(2): columns 2 and 3 combined, the lender's description.
    expect(collateral!.explanation).toBeNull();
    expect(collateral!.value).toEqual([offer.collateral]);
    expect(avoidable!.explanation).toBeNull();
    expect(avoidable!.value).toEqual([offer.avoidableFees]);
    expect(offerSummaryFor("NY", { ...offer, fundingCents: offer.amountCents }).rows[6]!.value).toEqual([NY_RULE["600.10(i)(2)"]]);
  });

  it("says 'rate' only in the APR's label and of the interest rate (Financial Services Law 804(c), 810)", () => {
    const labels = s.rows.map((r) => r.label ?? "");
    expect(labels.filter((l) => /rate/i.test(l))).toEqual(["Annual Percentage Rate (APR)"]);
    for (const r of s.rows)
      for (const text of [...r.value, ...(r.explanation ?? [])]) {
        for (const m of text.matchAll(/(\w+ )?rate\b/gi)) expect(["yearly rate", "interest rate"]).toContain(m[0].toLowerCase());
      }
  });

  it("a missing collateral or fee description says so rather than leaving the row empty", () => {
    const bare = offerSummaryFor("NY", { ...offer, collateral: "", avoidableFees: " " });
    expect(bare.rows[8]!.value[0]).toMatch(/^Not stated by the lender/);
    expect(bare.rows[9]!.value[0]).toMatch(/^Not stated by the lender/);
    expect(nyApr(1045)).toBe("10.45%");
  });
});

describe("every other state: the documented default", () => {
  it("is the standard seven-row table without a header or a signature statement", () => {
    for (const state of ["TX", "IL", "fl"]) {
      const s = offerSummaryFor(state, offer);
      expect(s.spec).toBe("default");
      expect(s.header).toBeNull();
      expect(s.statement).toBeNull();
      expect(rowLabels(s.rows)).toEqual([
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

describe("the shared pieces", () => {
  it("a product name longer than five words becomes a generic description", () => {
    expect(productDescription("Equipment loan")).toBe("Equipment loan");
    expect(productDescription("A very long name for a loan product")).toBe("Commercial Loan");
  });

  it("the signed text carries every row's label, value and explanation; the flat rows label the second Prepayment row", () => {
    const s = offerSummaryFor("CA", offer);
    const text = summaryText(s);
    expect(text.split("\n")[0]).toBe("OFFER SUMMARY - Small-business term loan");
    expect(text).toContain("Funding Provided: $29,250.00");
    expect(text).toContain("  This is the dollar cost of your financing.");
    expect(text.split("\n").at(-1)).toBe(CA_RULE["901(a)(2)"]);
    expect(flatRows(s)[7]!.label).toBe("Prepayment");
  });

  it("reads the catalogue's prepayment policies and the largest fee each tier can reach", () => {
    expect(prepaymentFeeTiers("No prepayment penalty: repay any time.")).toEqual([]);
    expect(prepaymentFeeTiers("None")).toEqual([]);
    expect(
      prepaymentFeeTiers("A prepayment fee of 3% in year 1, 2% in year 2 and 1% in year 3 of the balance repaid; none after."),
    ).toEqual([
      { fromMonth: 1, toMonth: 12, bps: 300 },
      { fromMonth: 13, toMonth: 24, bps: 200 },
      { fromMonth: 25, toMonth: 36, bps: 100 },
    ]);
    expect(prepaymentFeeTiers("Ask us")).toBeNull();
    const fees = prepaymentFees("A prepayment fee of 3% in year 1, 2% in year 2 and 1% in year 3 of the balance repaid; none after.", {
      amountCents: 3_000_000,
      noteRateBps: 1200,
      termMonths: 24,
    });
    // Year 1 on the full loan; year 2 on the balance after 12 payments; year 3 is past the last payment.
    expect(fees!.map((f) => [f.fromMonth, f.toMonth])).toEqual([
      [1, 12],
      [13, 24],
    ]);
    expect(fees![0]!.maxFeeCents).toBe(90_000);
    expect(fees![1]!.maxFeeCents).toBeLessThan(40_000);
  });
});
