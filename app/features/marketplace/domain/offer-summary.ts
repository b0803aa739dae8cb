/**
 * The offer summary in the form the applicant's state prescribes, as a per-state specification
 * (pure: runs in the browser too). One table per state, built row by row from the rule's words in
 * `~/content/offer-summary-rules` (where each sentence's source is given):
 *
 * - California, 10 CCR 901 and 910 (closed-end transactions): eight rows and three columns; the
 *   header "OFFER SUMMARY -"; the APR to the nearest ten basis points; the term in days up to a
 *   year, else in years and months; prepayment as two rows under one "Prepayment" cell; the
 *   statement with "Recipient Signature" and "Date".
 * - New York, 23 NYCRR 600.5 and 600.10 (closed-end financing): ten rows, adding "Collateral
 *   Requirements" and "Avoidable Fees and Charges"; the header "OFFER SUMMARY"; the APR to two
 *   decimals, and the word "rate" only in the APR's label and the interest rate it names
 *   (Financial Services Law 804(c), 810).
 * - Every other state: the documented default, the marketplace's standard table (no header, no
 *   signature statement; the offer is still signed at acceptance).
 *
 * The offers of this marketplace are closed-end loans at a single, fixed interest rate, repaid in
 * monthly payments, with the origination fee withheld at funding. So: the amount financed is the
 * funding (the loan minus that prepaid finance charge) and equals the recipient funds (nothing is
 * paid to others), so the rules' deductions sentence and "Itemization of Amount Financed" do not
 * apply; the fixed-rate variant of each row applies; no "Average Monthly Cost" row (monthly
 * payments) and no "multiple payment options" row. The origination fee is the maximum
 * non-interest finance charge: paying early does not give it back.
 */
import { CA_910, DEFAULT_SUMMARY, NY_600_10, SIGNATURE_STATEMENT, SUMMARY_OWN_WORDS, fill } from "~/content/offer-summary-rules";
import {
  CA_910_ES,
  DEFAULT_SUMMARY_ES,
  LENDER_WORDS_ES,
  NY_600_10_ES,
  PREPAYMENT_POLICY_ES,
  SIGNATURE_STATEMENT_ES,
  STANDARD_SUMMARY_ES,
  SUMMARY_OWN_WORDS_ES,
  SUMMARY_UNITS_ES,
} from "~/content/offer-summary-rules-es";
import type { Language } from "~/content/locales";
import { prepaymentFeeTiers, prepaymentFees } from "./prepayment-fees";

export type SummaryTerms = {
  lenderName: string;
  productName: string;
  /** The loan (principal), cents. */
  amountCents: number;
  /** What reaches the business: the amount financed and the recipient funds, cents. */
  fundingCents: number;
  noteRateBps: number;
  estimatedAprBps: number;
  termMonths: number;
  paymentCents: number;
  finalPaymentCents: number;
  paymentCount: number;
  financeChargeCents: number;
  totalPaymentsCents: number;
  /** The lender's prepayment policy, in words `prepayment-fees` reads. */
  prepayment: string;
  /** The lender's collateral requirements and its avoidable fees ("" when not recorded). */
  collateral: string;
  avoidableFees: string;
};

/**
 * One row of the table. `label` is column 1 (null: combined with the row above, as the two
 * Prepayment rows are); `value` is column 2, one entry a line; `explanation` is column 3, one
 * entry a paragraph: null when the rule combines columns 2 and 3 (`value` fills both), [] when
 * the rule leaves column 3 empty (Term).
 */
export type SummaryRow = {
  label: string | null;
  /** Rows column 1 spans (2: "Prepayment"). */
  labelSpan: 1 | 2;
  value: string[];
  explanation: string[] | null;
  /** The paragraph of the rule the row follows, e.g. "10 CCR 910(a)(3)". */
  rule: string;
};

export type SummarySpec = "CA" | "NY" | "default";

export type OfferSummary = {
  spec: SummarySpec;
  /** The bold, centred title: the rule's words and a one- to five-word product description. */
  header: string | null;
  rows: SummaryRow[];
  /** The statement below the table and the labels of the signature spaces (null: no prescribed statement). */
  statement: { text: string; signatureLabel: string; dateLabel: string } | null;
  citation: string;
};

let usd: Intl.NumberFormat | undefined; // made on first use, not when the module loads
export const dollars = (cents: number) =>
  (usd ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })).format(cents / 100);
const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;
const percentWord = (bps: number) => `${(bps / 100).toFixed(bps % 100 === 0 ? 0 : 2)}%`;

/** 10 CCR 901(a)(5): the APR to the nearest ten basis points, e.g. "10.40%". */
export function caApr(bps: number): string {
  return `${((Math.round(bps / 10) * 10) / 100).toFixed(2)}%`;
}

/** 23 NYCRR 600.5(d): the APR to the nearest two decimal points, e.g. "10.45%". */
export const nyApr = (bps: number) => percent(bps);

/**
 * 10 CCR 901(a)(4), 23 NYCRR 600.5(c): a term of one year or less in days; a longer one in years
 * and months. The offers' terms are whole months, so there are no remaining days; a term of
 * months up to a year counts 365 days a year.
 */
export function termInWords(termMonths: number, lang: Language = "en"): string {
  const es = lang === "es" ? SUMMARY_UNITS_ES : null;
  const days = Math.round((termMonths * 365) / 12);
  if (termMonths <= 12) return es ? es.days(days) : `${days} days`;
  const years = Math.floor(termMonths / 12);
  const months = termMonths % 12;
  if (es) return months === 0 ? es.years(years) : `${es.years(years)} ${es.and} ${es.monthsCount(months)}`;
  const y = `${years} year${years === 1 ? "" : "s"}`;
  return months === 0 ? y : `${y} and ${months} month${months === 1 ? "" : "s"}`;
}

/**
 * A lender's own words (prepayment policy, collateral, avoidable fees) in `lang`: English as the
 * lender wrote them; Spanish from the catalogue's sentences, a prepayment policy from its tiers,
 * else as written.
 */
export function lenderWords(text: string, lang: Language, kind: "prepayment" | "other" = "other"): string {
  if (lang === "en") return text;
  const known = LENDER_WORDS_ES[text.trim()];
  if (known) return known;
  if (kind !== "prepayment") return text;
  const tiers = prepaymentFeeTiers(text);
  if (!tiers) return text;
  if (!tiers.length) return PREPAYMENT_POLICY_ES.none;
  const pct = (bps: number) => percentWord(bps);
  const first = tiers[0]!;
  if (tiers.length === 1 && first.fromMonth === 1 && /during the first/i.test(text))
    return PREPAYMENT_POLICY_ES.firstMonths(pct(first.bps), first.toMonth);
  const years = tiers.map((t) => PREPAYMENT_POLICY_ES.year(pct(t.bps), Math.ceil(t.toMonth / 12)));
  const list = years.length > 1 ? `${years.slice(0, -1).join(", ")} ${SUMMARY_UNITS_ES.and} ${years[years.length - 1]}` : years[0]!;
  return PREPAYMENT_POLICY_ES.byYear(list);
}

/** The header's "one- to five-word description of the type of product offered" (901(a)(1), 600.5(a)). */
export function productDescription(productName: string, lang: Language = "en"): string {
  const words = productName.trim().split(/\s+/).filter(Boolean);
  return words.length >= 1 && words.length <= 5
    ? words.join(" ")
    : (lang === "es" ? SUMMARY_OWN_WORDS_ES : SUMMARY_OWN_WORDS).genericProduct;
}

/** Column 2 of the Payment row: "$1,039.81/month", or each run of payments when the last differs. */
function paymentLines(o: SummaryTerms, lang: Language): { lines: string[]; varies: boolean } {
  const es = lang === "es" ? SUMMARY_UNITS_ES : null;
  const perMonth = es ? es.perMonth : "/month";
  if (o.paymentCount <= 1 || o.finalPaymentCents === o.paymentCents)
    return { lines: [`${dollars(o.paymentCents)}${perMonth}`], varies: false };
  const first = o.paymentCount - 1;
  if (es)
    return {
      lines: [
        `${first === 1 ? es.payment(1) : es.payments(1, first)}: ${dollars(o.paymentCents)}${perMonth}`,
        `${es.payment(o.paymentCount)}: ${dollars(o.finalPaymentCents)}`,
      ],
      varies: true,
    };
  return {
    lines: [
      `${first === 1 ? "Payment 1" : `Payments 1-${first}`}: ${dollars(o.paymentCents)}/month`,
      `Payment ${o.paymentCount}: ${dollars(o.finalPaymentCents)}`,
    ],
    varies: true,
  };
}

type ClosedEndWords = typeof CA_910 | typeof NY_600_10 | typeof CA_910_ES | typeof NY_600_10_ES;

/** The rows both states share (their words differ), rows 1 to 8 of the closed-end table. */
function closedEndRows(o: SummaryTerms, w: ClosedEndWords, cite: (p: string) => string, apr: string, lang: Language): SummaryRow[] {
  const feeCents = o.amountCents - o.fundingCents;
  const pay = paymentLines(o, lang);
  const fees = prepaymentFees(o.prepayment, o);
  const own = lang === "es" ? SUMMARY_OWN_WORDS_ES : SUMMARY_OWN_WORDS;
  const months = (f: { fromMonth: number; toMonth: number }) =>
    lang === "es"
      ? f.fromMonth === f.toMonth
        ? SUMMARY_UNITS_ES.month(f.fromMonth)
        : SUMMARY_UNITS_ES.monthsRange(f.fromMonth, f.toMonth)
      : f.fromMonth === f.toMonth
        ? `month ${f.fromMonth}`
        : `months ${f.fromMonth}-${f.toMonth}`;
  const feeLines = (fees ?? [])
    .filter((f) => f.bps > 0)
    .map((f) => own.prepaymentFeeLine(percentWord(f.bps), months(f), dollars(f.maxFeeCents)));
  const ny = w === NY_600_10 || w === NY_600_10_ES;
  return [
    {
      label: w.fundingLabel,
      labelSpan: 1,
      value: [dollars(o.fundingCents)],
      // The amount financed equals the recipient funds, so the deductions sentence is not given.
      explanation: [fill(w.funding, { "name of financer": o.lenderName })],
      rule: cite(ny ? "(b)" : "(a)(2)"),
    },
    {
      label: w.aprLabel,
      labelSpan: 1,
      value: [apr],
      explanation: w.apr.map((p) => fill(p, { "interest rate": percent(o.noteRateBps) })),
      rule: cite(ny ? "(c)" : "(a)(3)"),
    },
    {
      label: w.financeChargeLabel,
      labelSpan: 1,
      value: [dollars(o.financeChargeCents)],
      explanation: [w.financeCharge],
      rule: cite(ny ? "(d)" : "(a)(4)"),
    },
    {
      label: w.totalLabel,
      labelSpan: 1,
      value: [dollars(o.totalPaymentsCents)],
      explanation: [w.total],
      rule: cite(ny ? "(e)" : "(a)(5)"),
    },
    {
      label: w.paymentLabel,
      labelSpan: 1,
      value: pay.lines,
      // Payments that vary (the last one takes the cents of rounding) fill columns 2 and 3 together.
      explanation: pay.varies ? null : [own.paymentExplanation(o.paymentCount)],
      rule: cite(ny ? "(f)" : "(a)(6)"),
    },
    { label: w.termLabel, labelSpan: 1, value: [termInWords(o.termMonths, lang)], explanation: [], rule: cite(ny ? "(g)" : "(a)(7)") },
    {
      label: w.prepaymentLabel,
      labelSpan: 2,
      value: [
        feeCents > 0
          ? fill(w.prepaymentFinanceCharge, { "maximum non-interest finance charge": dollars(feeCents).slice(1) })
          : w.prepaymentNoFinanceCharge,
      ],
      explanation: null,
      rule: cite(ny ? "(h), (i)" : "(a)(8), (a)(9)"),
    },
    {
      label: null,
      labelSpan: 1,
      value:
        fees == null
          ? [w.prepaymentFees, lenderWords(o.prepayment, lang, "prepayment")]
          : feeLines.length
            ? [w.prepaymentFees, ...feeLines]
            : [w.prepaymentNoFees],
      explanation: null,
      rule: cite(ny ? "(j)" : "(a)(10)"),
    },
  ];
}

function californiaSummary(o: SummaryTerms, lang: Language): OfferSummary {
  const w = lang === "es" ? CA_910_ES : CA_910;
  return {
    spec: "CA",
    header: `${w.header} ${productDescription(o.productName, lang)}`,
    rows: closedEndRows(o, w, (p) => `10 CCR 910${p}`, caApr(o.estimatedAprBps), lang),
    statement: { ...(lang === "es" ? SIGNATURE_STATEMENT_ES : SIGNATURE_STATEMENT) },
    citation: w.citation,
  };
}

function newYorkSummary(o: SummaryTerms, lang: Language): OfferSummary {
  const w = lang === "es" ? NY_600_10_ES : NY_600_10;
  const cite = (p: string) => `23 NYCRR 600.10${p}`;
  const notStated = (lang === "es" ? SUMMARY_OWN_WORDS_ES : SUMMARY_OWN_WORDS).notStated;
  const stated = (s: string) => (s.trim() ? lenderWords(s.trim(), lang) : notStated);
  return {
    spec: "NY",
    header: `${w.header} ${productDescription(o.productName, lang)}`,
    rows: [
      ...closedEndRows(o, w, cite, nyApr(o.estimatedAprBps), lang),
      // Columns 2 and 3 combined: the lender's own description (600.10(k)(2), (l)(2)).
      { label: w.collateralLabel, labelSpan: 1, value: [stated(o.collateral)], explanation: null, rule: cite("(k)") },
      { label: w.avoidableFeesLabel, labelSpan: 1, value: [stated(o.avoidableFees)], explanation: null, rule: cite("(l)") },
    ],
    statement: { ...(lang === "es" ? SIGNATURE_STATEMENT_ES : SIGNATURE_STATEMENT) },
    citation: w.citation,
  };
}

/** A row of the standard table: one label, one value, one explanation, under its citation. */
const row = (label: string, value: string, explanation: string): SummaryRow => ({
  label,
  labelSpan: 1,
  value: [value],
  explanation: [explanation],
  rule: DEFAULT_SUMMARY.citation,
});

/** The marketplace's standard table (every state without a prescribed form): its own words. */
function standardRows(o: SummaryTerms, lang: Language): SummaryRow[] {
  const same = o.finalPaymentCents === o.paymentCents;
  if (lang === "es") return standardRowsEs(o, same);
  return [
    row(
      "Funding provided",
      dollars(o.fundingCents),
      `This is how much money you will receive: the ${dollars(o.amountCents)} loan minus the ${dollars(o.amountCents - o.fundingCents)} origination fee withheld at funding.`,
    ),
    row(
      "Estimated annual percentage rate (APR)",
      percent(o.estimatedAprBps),
      `This is the yearly cost of the financing including the fee, expressed as a rate on the funding provided. The interest rate is ${percent(o.noteRateBps)}; the fee makes the APR higher.`,
    ),
    row(
      "Finance charge",
      dollars(o.financeChargeCents),
      "This is the dollar cost of the financing: all interest plus the origination fee.",
    ),
    row(
      "Estimated total payment amount",
      dollars(o.totalPaymentsCents),
      "This is the total of every payment you will make if you pay as scheduled.",
    ),
    row(
      "Payment amount and frequency",
      same ? `${dollars(o.paymentCents)} monthly` : `${dollars(o.paymentCents)} monthly (last payment ${dollars(o.finalPaymentCents)})`,
      `You will make ${o.paymentCount} monthly payments${same ? "" : "; the last one differs by the cents of rounding"}.`,
    ),
    row("Term", `${o.termMonths} months`, "This is how long you have to repay the financing in full."),
    row("Prepayment", o.prepayment, "This says whether you pay any extra fee, or still owe the finance charge, if you repay early."),
  ];
}

/** The standard table in Spanish: the same rows and figures (STANDARD_SUMMARY_ES). */
function standardRowsEs(o: SummaryTerms, same: boolean): SummaryRow[] {
  const w = STANDARD_SUMMARY_ES;
  return [
    row(w.fundingLabel, dollars(o.fundingCents), w.funding(dollars(o.amountCents), dollars(o.amountCents - o.fundingCents))),
    row(w.aprLabel, percent(o.estimatedAprBps), w.apr(percent(o.noteRateBps))),
    row(w.financeChargeLabel, dollars(o.financeChargeCents), w.financeCharge),
    row(w.totalLabel, dollars(o.totalPaymentsCents), w.total),
    row(
      w.paymentLabel,
      same ? w.paymentSame(dollars(o.paymentCents)) : w.paymentLast(dollars(o.paymentCents), dollars(o.finalPaymentCents)),
      w.paymentExplanation(o.paymentCount, same),
    ),
    row(w.termLabel, w.term(o.termMonths), w.termExplanation),
    row(w.prepaymentLabel, lenderWords(o.prepayment, "es", "prepayment"), w.prepaymentExplanation),
  ];
}

/**
 * The summary the applicant's state prescribes; `state` is the application's two-letter state.
 * `lang` "es": the same table and figures in Spanish (`~/content/offer-summary-rules-es`).
 */
export function offerSummaryFor(state: string, o: SummaryTerms, lang: Language = "en"): OfferSummary {
  const s = state.trim().toUpperCase();
  if (s === "CA") return californiaSummary(o, lang);
  if (s === "NY") return newYorkSummary(o, lang);
  const citation = lang === "es" ? DEFAULT_SUMMARY_ES.citation : DEFAULT_SUMMARY.citation;
  return { spec: "default", header: null, rows: standardRows(o, lang), statement: null, citation };
}

/** A row's label, the spanning label for a combined row (the second "Prepayment" row). */
export function rowLabels(rows: readonly SummaryRow[]): string[] {
  let last = "";
  return rows.map((r) => (last = r.label ?? last));
}

/**
 * The rows as flat label / value / explanation strings (the API's disclosure and the offer page's
 * cards): a combined row takes the label it sits under; lines and paragraphs are joined by spaces.
 */
export function flatRows(s: OfferSummary): Array<{ label: string; value: string; explanation: string }> {
  const labels = rowLabels(s.rows);
  return s.rows.map((r, i) => ({ label: labels[i]!, value: r.value.join(" "), explanation: (r.explanation ?? []).join(" ") }));
}

/**
 * The summary as the exact text that is shown and signed (its SHA-256 is stored with the
 * signature): header, each row's label, value and explanation, the statement.
 */
export function summaryText(s: OfferSummary): string {
  const labels = rowLabels(s.rows);
  return [
    ...(s.header ? [s.header] : []),
    ...s.rows.flatMap((r, i) => [`${labels[i]}: ${r.value.join(" / ")}`, ...(r.explanation ?? []).map((p) => `  ${p}`)]),
    ...(s.statement ? [s.statement.text] : []),
  ].join("\n");
}
