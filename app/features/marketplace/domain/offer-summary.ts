/**
 * The offer summary in the form the applicant's state prescribes (pure: runs in the browser too).
 *
 * California: the Commercial Financing Disclosures of SB 1235 (Financial Code 22800-22805), in the
 * words of 10 CCR 901 (general requirements) and 10 CCR 910 (closed-end transactions), effective
 * December 9, 2022. Source: California Code of Regulations, title 10, chapter 3, subchapter 3, as
 * published at https://govt.westlaw.com/calregs (10 CCR 910) and
 * https://regulations.justia.com/states/california/title-10/chapter-3/subchapter-3/section-910.
 * Rows whose wording is taken from the rule carry `rule` with the paragraph; rows still in the
 * marketplace's own words (`rule: null`) have not yet been checked against the rule's text.
 *
 * Every other state (the documented default): the marketplace's standard table, no header, no
 * signature statement. New York (23 NYCRR 600) is not yet specified and gets the default.
 */

export type SummaryTerms = {
  lenderName: string;
  productName: string;
  amountCents: number;
  fundingCents: number;
  noteRateBps: number;
  estimatedAprBps: number;
  termMonths: number;
  paymentCents: number;
  finalPaymentCents: number;
  paymentCount: number;
  financeChargeCents: number;
  totalPaymentsCents: number;
  prepayment: string;
};

export type SummaryRow = { label: string; value: string; explanation: string; rule: string | null };

export type OfferSummary = {
  spec: "CA" | "default";
  /** The bold, centred title (California: "OFFER SUMMARY -" and the product's description). */
  header: string | null;
  rows: SummaryRow[];
  /** The statement below the table and the labels of the signature spaces. */
  statement: { text: string; signatureLabel: string; dateLabel: string } | null;
  citation: string;
};

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const dollars = (cents: number) => usd.format(cents / 100);

/** 10 CCR 901(a)(5): the APR to the nearest ten basis points, e.g. "10.40%". */
export function caApr(bps: number): string {
  return `${((Math.round(bps / 10) * 10) / 100).toFixed(2)}%`;
}

/**
 * 10 CCR 901(a)(4): a term of one year or less in days; a longer one in years and months. The
 * offers' terms are whole months, so no remaining days; a term of months up to a year counts
 * 365 days a year.
 */
export function caTerm(termMonths: number): string {
  if (termMonths <= 12) return `${Math.round((termMonths * 365) / 12)} days`;
  const years = Math.floor(termMonths / 12);
  const months = termMonths % 12;
  const y = `${years} year${years === 1 ? "" : "s"}`;
  return months === 0 ? y : `${y} and ${months} month${months === 1 ? "" : "s"}`;
}

/** The rule's own sentences, with the offer's figures in the bracketed places. */
export const CA_TEXT = {
  header: "OFFER SUMMARY -",
  fundingLabel: "Funding Provided",
  funding: (financer: string) => `This is how much funding ${financer} will provide.`,
  deductions: (recipientFunds: string) =>
    `Due to deductions or payments to others, the total funds that will be provided to you directly is ${recipientFunds}. For more information on what amounts will be deducted, please review the attached document "Itemization of Amount Financed."`,
  apr: (interestRate: string) =>
    `APR is the cost of your financing expressed as a yearly rate. APR includes the amount and timing of the funding you receive, interest and fees you pay and the payments you make. Your APR is not an interest rate. Your interest rate is ${interestRate}. Your APR may be higher than your interest rate because APR incorporates interest costs and other finance charges.`,
  statement:
    "Applicable law requires this information to be provided to you to help you make an informed decision. By signing below, you are confirming that you received this information.",
  signatureLabel: "Recipient Signature",
  dateLabel: "Date",
} as const;

/** The marketplace's standard table (every state without a prescribed form). */
function standardRows(o: SummaryTerms): SummaryRow[] {
  const same = o.finalPaymentCents === o.paymentCents;
  return [
    {
      label: "Funding provided",
      value: dollars(o.fundingCents),
      explanation: `This is how much money you will receive: the ${dollars(o.amountCents)} loan minus the ${dollars(o.amountCents - o.fundingCents)} origination fee withheld at funding.`,
      rule: null,
    },
    {
      label: "Estimated annual percentage rate (APR)",
      value: `${(o.estimatedAprBps / 100).toFixed(2)}%`,
      explanation: `This is the yearly cost of the financing including the fee, expressed as a rate on the funding provided. The note rate is ${(o.noteRateBps / 100).toFixed(2)}%; the fee makes the APR higher.`,
      rule: null,
    },
    {
      label: "Finance charge",
      value: dollars(o.financeChargeCents),
      explanation: "This is the dollar cost of the financing: all interest plus the origination fee.",
      rule: null,
    },
    {
      label: "Estimated total payment amount",
      value: dollars(o.totalPaymentsCents),
      explanation: "This is the total of every payment you will make if you pay as scheduled.",
      rule: null,
    },
    {
      label: "Payment amount and frequency",
      value: same
        ? `${dollars(o.paymentCents)} monthly`
        : `${dollars(o.paymentCents)} monthly (last payment ${dollars(o.finalPaymentCents)})`,
      explanation: `You will make ${o.paymentCount} monthly payments${same ? "" : "; the last one differs by the cents of rounding"}.`,
      rule: null,
    },
    {
      label: "Term",
      value: `${o.termMonths} months`,
      explanation: "This is how long you have to repay the financing in full.",
      rule: null,
    },
    {
      label: "Prepayment",
      value: o.prepayment,
      explanation: "This says whether you pay any extra fee, or still owe the finance charge, if you repay early.",
      rule: null,
    },
  ];
}

function californiaSummary(o: SummaryTerms): OfferSummary {
  const standard = standardRows(o);
  const funding = [CA_TEXT.funding(o.lenderName)];
  // The amount financed is the loan; the fee withheld at funding is a deduction.
  if (o.amountCents > o.fundingCents) funding.push(CA_TEXT.deductions(dollars(o.fundingCents)));
  return {
    spec: "CA",
    header: `${CA_TEXT.header} ${o.productName}`,
    rows: [
      { label: CA_TEXT.fundingLabel, value: dollars(o.amountCents), explanation: funding.join(" "), rule: "10 CCR 910(a)(2)" },
      {
        label: "Estimated annual percentage rate (APR)",
        value: caApr(o.estimatedAprBps),
        explanation: CA_TEXT.apr(`${(o.noteRateBps / 100).toFixed(2)}%`),
        rule: "10 CCR 910(a)(3)(C), 901(a)(5)",
      },
      ...standard.slice(2, 5),
      { ...standard[5]!, value: caTerm(o.termMonths), rule: null },
      standard[6]!,
    ],
    statement: { text: CA_TEXT.statement, signatureLabel: CA_TEXT.signatureLabel, dateLabel: CA_TEXT.dateLabel },
    citation: "10 CCR 901 and 910 (Financial Code 22800-22805, SB 1235)",
  };
}

/** The summary the applicant's state prescribes; `state` is the application's two-letter state. */
export function offerSummaryFor(state: string, o: SummaryTerms): OfferSummary {
  if (state.toUpperCase() === "CA") return californiaSummary(o);
  return { spec: "default", header: null, rows: standardRows(o), statement: null, citation: "Lendwise standard disclosure" };
}
