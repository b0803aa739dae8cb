/**
 * The words of the state-prescribed offer summaries (commercial financing disclosures), copied
 * from the rules: the one home of these texts. `app/features/marketplace/domain/offer-summary.ts`
 * assembles them into each state's table; its unit test keeps its own copy of every sentence,
 * taken from the rule, and compares word for word.
 *
 * Bracketed places ("[name of financer]") are the rule's own; `fill` puts the offer's figures in.
 *
 * Sources. California: 10 CCR 901 (general requirements) and 910 (closed-end transactions),
 * effective December 9, 2022, at https://govt.westlaw.com/calregs/Document/ID2E59FB002BA11ED8E17AA85475E25B5
 * (901) and https://govt.westlaw.com/calregs/Document/ID4FB123002BA11ED9BE2E932C3E0B302 (910).
 * New York: 23 NYCRR 600.5 (general formatting) and 600.10 (closed-end financing), effective
 * February 1, 2023 (statute: Financial Services Law 804), at
 * https://govt.westlaw.com/nycrr/Document/I8bdf0121366511f085fee08d50b7f070 (600.5) and
 * https://govt.westlaw.com/nycrr/Document/I8bdf0130366511f085fee08d50b7f070 (600.10), also at
 * https://regulations.justia.com/states/new-york/title-23/chapter-i/part-600/section-600-10 and
 * https://casetext.com/regulation/new-york-codes-rules-and-regulations/title-23-financial-services/chapter-i-regulations-of-the-superintendent-of-financial-services/part-600/section-60010-closed-end-financing-disclosure-formatting-and-contents.
 * The search index this project reads holds only the opening of those pages (through the first
 * row); the rest of each section was read from copies of the same Westlaw pages retrieved on
 * 2026-09-12 with their response hashes (10 CCR 910: SHA-256 10ee3959...84f5ac; 23 NYCRR 600.10:
 * c02f1330...2f1182), kept in the public repository BizRethinkAI/internal-bizrethink-pacta-platform
 * (docs/research/mca-agreement-requirements-2026-09-12/evidence/). Justia's and Casetext's copies
 * of 600.10 drop the bracketed places ("This is how much funding will provide."); Westlaw's keep them.
 */

/** Both states: the statement at the bottom and the labels of the two spaces below it. */
export const SIGNATURE_STATEMENT = {
  // 10 CCR 901(a)(2); 23 NYCRR 600.5(b): the same words.
  text: "Applicable law requires this information to be provided to you to help you make an informed decision. By signing below, you are confirming that you received this information.",
  signatureLabel: "Recipient Signature",
  dateLabel: "Date",
} as const;

/** 10 CCR 910(a), closed-end transactions (a single, fixed interest rate; monthly payments). */
export const CA_910 = {
  citation: "10 CCR 901 and 910 (Financial Code 22800-22805, SB 1235)",
  /** 901(a)(1): bold, centred, followed by a one- to five-word description of the product. */
  header: "OFFER SUMMARY -",
  fundingLabel: "Funding Provided", // 910(a)(2)(A)
  funding: "This is how much funding [name of financer] will provide.", // 910(a)(2)(C)(i)
  // 910(a)(2)(C)(ii), only when the amount financed is greater than the recipient funds.
  deductions:
    "Due to deductions or payments to others, the total funds that will be provided to you directly is [recipient funds]. For more information on what amounts will be deducted, please review the attached document “Itemization of Amount Financed.”",
  aprLabel: "Annual Percentage Rate (APR)", // 910(a)(3)(A)(i): fixed rate
  // 910(a)(3)(C)(i): a single, fixed interest rate; two paragraphs.
  apr: [
    "APR is the cost of your financing expressed as a yearly rate. APR includes the amount and timing of the funding you receive, interest and fees you pay and the payments you make.",
    "Your APR is not an interest rate. Your interest rate is [interest rate]. Your APR may be higher than your interest rate because APR incorporates interest costs and other finance charges.",
  ],
  financeChargeLabel: "Finance Charge", // 910(a)(4)(A)(i)
  financeCharge: "This is the dollar cost of your financing.", // 910(a)(4)(C)(i)
  totalLabel: "Total Payment Amount", // 910(a)(5)(A)(i): the total can be calculated with certainty
  total: "This is the total dollar amount of payments you will make during the term of the contract.", // 910(a)(5)(C)(i)
  paymentLabel: "Payment", // 910(a)(6)(A)(i)
  termLabel: "Term", // 910(a)(7)(A)
  prepaymentLabel: "Prepayment", // 910(a)(8): the first column of rows 7 and 8, combined
  // 910(a)(9)(A) / (B)
  prepaymentFinanceCharge:
    "If you pay off the financing early, you will still need to pay all or a portion of the finance charge, up to $[maximum non-interest finance charge].",
  prepaymentNoFinanceCharge:
    "If you pay off the financing early, you will not need to pay any portion of the finance charge other than unpaid interest accrued (if applicable).",
  // 910(a)(10)(A) (followed by the amounts and descriptions of each fee) / (B)
  prepaymentFees: "If you pay off the financing early you must also pay the following additional fees:",
  prepaymentNoFees: "If you pay off the financing early you will not pay additional fees.",
} as const;

/**
 * 23 NYCRR 600.10, closed-end financing (a single, fixed interest rate; monthly payments). Where
 * the rule's quoted paragraph ends in its list punctuation (";") or in no stop at all, the summary
 * ends the sentence with a full stop: `NY_600_10_AS_PRINTED` keeps those endings as the rule prints them.
 */
export const NY_600_10 = {
  citation: "23 NYCRR 600.5 and 600.10 (Financial Services Law 804)",
  /** 600.5(a): "OFFER SUMMARY" in bold, centred, followed by a one-to-five-word description. */
  header: "OFFER SUMMARY",
  fundingLabel: "Funding Provided", // 600.10(b)(1)
  funding: "This is how much funding [name of financer] will provide.", // 600.10(b)(3)(i)
  // 600.10(b)(3)(ii), only when the amount financed is greater than the recipient funds.
  deductions:
    "Due to deductions or payments to others, the total funds that will be provided to you directly is [recipient funds]. For more information on the amounts that will be deducted, please review the attached document ‘Itemization of Amount Financed.’",
  aprLabel: "Annual Percentage Rate (APR)", // 600.10(c)(1)(i): fixed rate
  // 600.10(c)(3)(i): a single, fixed interest rate; two paragraphs.
  apr: [
    "APR is the cost of your financing expressed as a yearly rate. APR includes the amount and timing of the funding you receive, interest and other finance charges you pay and the payments you make.",
    "Your APR is not an interest rate. Your interest rate is [interest rate]. Your APR may be higher than your interest rate because APR incorporates interest costs and other finance charges.",
  ],
  financeChargeLabel: "Finance Charge", // 600.10(d)(1)(i)
  financeCharge: "This is the dollar cost of your financing.", // 600.10(d)(3)(i)
  totalLabel: "Total Payments Amount", // 600.10(e)(1)(i) ("Payments": New York's word, not California's)
  total: "This is the total dollar amount of payments you will make during the term of the contract.", // 600.10(e)(3)(i)
  paymentLabel: "Payment", // 600.10(f)(1)(i)
  termLabel: "Term", // 600.10(g)(1)
  prepaymentLabel: "Prepayment", // 600.10(h)
  // 600.10(i)(1) ("all or portion": the rule's words) / (i)(2)
  prepaymentFinanceCharge:
    "If you pay off the financing early, you will still need to pay all or portion of the finance charge, up to $[maximum non-interest finance charge].",
  prepaymentNoFinanceCharge:
    "If you pay off the financing early, you will not need to pay any portion of the finance charge other than unpaid interest accrued (if applicable).",
  // 600.10(j)(1) / (j)(2)
  prepaymentFees: "If you pay off the financing early you must also pay the following additional fees:",
  prepaymentNoFees: "If you pay off the financing early you will not pay additional fees.",
  collateralLabel: "Collateral Requirements", // 600.10(k)(1)
  avoidableFeesLabel: "Avoidable Fees and Charges", // 600.10(l)(1)
} as const;

/** The endings the rule prints where the summary writes a full stop (see NY_600_10). */
export const NY_600_10_AS_PRINTED = {
  apr: [
    "APR is the cost of your financing expressed as a yearly rate. APR includes the amount and timing of the funding you receive, interest and other finance charges you pay and the payments you make;",
    "Your APR is not an interest rate. Your interest rate is [interest rate]. Your APR may be higher than your interest rate because APR incorporates interest costs and other finance charges;",
  ],
  total: "This is the total dollar amount of payments you will make during the term of the contract",
  prepaymentFinanceCharge:
    "If you pay off the financing early , you will still need to pay all or portion of the finance charge, up to $[maximum non-interest finance charge]",
} as const;

/**
 * Our own words where a rule asks for "a short explanation" (at most 60 words: 10 CCR 901(a)(9),
 * 23 NYCRR 600.5(h)) and gives none, and for facts the lender states.
 */
export const SUMMARY_OWN_WORDS = {
  /** The Payment row's third column (910(a)(6)(B)(ii), 600.10(f)(2)(ii)): the frequency; there are no irregular payments. */
  paymentExplanation: (count: number) =>
    `You make ${count} payments, one each month, starting one month after the funding. There are no irregular payments.`,
  /** A prepayment fee's amount and description, after the rule's "the following additional fees:". */
  prepaymentFeeLine: (percent: string, months: string, upTo: string) =>
    `Prepayment fee: ${percent} of the balance repaid if you repay in ${months}, up to ${upTo}.`,
  /** The lender did not state this (an offer made before the catalogue recorded it). */
  notStated: "Not stated by the lender. Ask the lender before you sign.",
  /** When the product's name is not a one- to five-word description (901(a)(1), 600.5(a)). */
  genericProduct: "Commercial Loan",
} as const;

/** The documented default for every other state: the marketplace's standard table. */
export const DEFAULT_SUMMARY = {
  citation: "Lendwise standard disclosure (no state-prescribed form)",
} as const;

/** Puts values into a rule's bracketed places: fill("... [name of financer] ...", { "name of financer": "X" }). */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\[([^\]]+)\]/g, (whole, key: string) => values[key] ?? whole);
}

/** The summary's own page and the links to it (the marketplace's words). */
export const OFFER_SUMMARY_PAGE = {
  heading: (lender: string) => `Offer summary: ${lender}`,
  back: (lender: string) => `Back to the offer from ${lender}`,
  intro: (spec: "CA" | "NY" | "default", state: string) =>
    spec === "CA"
      ? "California law prescribes this summary's form and words (10 CCR 910). It is a document of its own: keep a copy."
      : spec === "NY"
        ? "New York law prescribes this summary's form and words (23 NYCRR 600.10). It is a document of its own: keep a copy."
        : `${state ? `${state} prescribes no form of its own, so this` : "This"} is the marketplace's standard summary of the offer. Keep a copy.`,
  pdf: "Download this offer summary (PDF)",
  signedPdf: "Download your signed offer summary (PDF)",
  /** The link from each offer (the comparison page, the offer page). */
  link: "Offer summary",
  open: "Open the offer summary as its own document",
} as const;

/** The lender workspace's record of an offer's summary (its evidence of the disclosure and signature). */
export const LENDER_EVIDENCE = {
  presented: (count: number, first: string, last: string) =>
    `Offer summary presented to the applicant ${count} time${count === 1 ? "" : "s"}: first ${first}, last ${last}.`,
  notPresented: "The applicant has not opened this offer's summary yet.",
  signed: (name: string, at: string, sha: string) => `Signed by ${name} on ${at} (SHA-256 of the text signed: ${sha}).`,
  download: "Download the signed offer summary (PDF)",
} as const;
