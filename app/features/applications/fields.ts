/**
 * The application's own fields, defined once: each entry is one field of the loan application (a
 * column of loan_applications that the wizard asks for and the API takes), with everything every
 * place that handles it needs to know. The wizard's step schemas, step 4's form, the API's
 * schemas (and so the OpenAPI document), the review step, the admin's details, the applicant's
 * data export and the admin's CSV export are all built from this table; none of them names a
 * field of its own. The owner's personal details (step 2) are not here: they live on the user.
 *
 * Client-safe: no server imports (the database column is named by its SQL name, checked against
 * db/schema.ts by fields.test.ts). Adding a field: docs/architecture.md, "Adding an application field".
 *
 * Order matters: it is the order of the API's properties and, within a step, of the form, the
 * review rows, the admin's facts and the CSV columns.
 */
import { z } from "zod";
import {
  CREDIT_SCORE_RANGES,
  CREDIT_SCORE_RANGE_VALUES,
  HAS_MONTHLY_PAYMENT,
  INDUSTRIES,
  INDUSTRY_VALUES,
  NUMBERS_OF_WORKERS,
  NUMBER_OF_WORKERS_VALUES,
  numberOfWorkersLabel,
  TIMES_IN_BUSINESS,
  TIME_IN_BUSINESS_VALUES,
  creditScoreRangeLabel,
  formatEin,
  industryLabel,
  timeInBusinessLabel,
  LIVING_SITUATIONS,
  LIVING_SITUATION_VALUES,
  LOAN_PURPOSE_VALUES,
  livingSituationLabel,
  purposeLabel,
} from "~/content/loan-options";
import { getStateName, US_STATE_CODES, US_STATES } from "~/content/us-states";
import { HOUSING_MAX, INCOME_MAX, LOAN_MAX, LOAN_MIN } from "~/content/constants";
import { formatUsd, formatZip } from "~/ui/format";
import { MSG } from "~/content/messages";
import { REG_B_INCOME_NOTICE } from "~/content/consents";

/** The wizard steps that ask for application fields (their draft keys). */
export type FieldStep = "loan" | "address" | "finances";

/** How a value is stored and carried: money is a DECIMAL column, a number in code and a numeric string in the API. */
export type FieldKind = "money" | "text" | "choice";

/** The values of all fields, loosely typed: what the display functions receive. */
export type AnyFieldValues = Readonly<Record<string, string | number>>;

/** How the step's page draws the field (step 1 draws its own: the amount slider and the purpose cards). */
export type FieldForm = (
  | {
      /** A text box; money fields are shown with separators ("85,000") and accept them. */
      input: "text" | "money" | "whole-money";
      label: string;
      hint?: string;
      /** Attributes of the text box. */
      autoComplete?: string;
      inputMode?: "numeric";
      pattern?: string;
      placeholder?: string;
      /** Tidies the value when the box loses focus (with JavaScript), e.g. "123456789" -> "12345-6789". */
      tidy?: (typed: string) => string;
      /** Shown only while another field has some values: a Tailwind class list (pure CSS, works without JavaScript) and a test id. */
      reveal?: { className: string; testId: string };
    }
  | { input: "cards"; label: string; options: ReadonlyArray<{ value: string; label: string; description?: string }>; columns: 2 | 3 }
  | { input: "select"; label: string; placeholder: string; options: ReadonlyArray<{ value: string; label: string }>; autoComplete?: string }
) & {
  /** Side by side with the next field that has it too, from the small breakpoint up. */
  pair?: true;
  /** The stored text as the input shows it (state codes in capitals, living situations in lower case). */
  letterCase?: "upper" | "lower";
  /** Drawn inside the group's fieldset (FIELD_GROUPS) with the fields next to it that share the group. */
  group?: FieldGroup;
};

/** Groups of fields a step's form draws under one legend. */
export const FIELD_GROUPS = {
  lenders: {
    legend: "Optional: help lenders price your loan",
    hint: "None of these is required. Partner lenders use them to decide and price: answering them can unlock more offers or a lower rate.",
  },
  /** Section 1071's business data points not asked elsewhere (12 CFR 1002.107(a)(15), (16)); no lender rule reads them. */
  business: {
    legend: "Optional: about your business",
    hint: "Lenders collect these for the small-business lending data federal law asks them to report (section 1071). None is required, and they do not change your offers.",
  },
} as const;
export type FieldGroup = keyof typeof FIELD_GROUPS;

export type FieldSpec = {
  /** The wizard step that asks for it (and the draft key it is kept under). */
  step: FieldStep;
  kind: FieldKind;
  /** For a choice: the allowed values (stored as a MySQL ENUM). */
  values?: readonly string[];
  /** The SQL column of loan_applications (the drizzle property in db/schema.ts is the field's name). */
  column: string;
  /** The wizard's rule, with the spec's messages: the form, the draft check, the API and the submission all run it. */
  rule: z.ZodTypeAny;
  /** What the API stores when the field is missing (an application may be a partial draft). */
  default: string | number;
  /** 0 means "not chosen yet" (the product's default amount). */
  zeroIsUnset?: true;
  /** How the step's page draws it (steps 3 and 4). Absent: the step's page draws it itself (step 1). */
  form?: FieldForm;
  api: {
    description: string;
    /** Money: the message for a value that is neither a number nor a numeric string. */
    typeMessage?: string;
  };
  /** A row on the review step: its label and text (null hides the row). Absent: not a row of its own. */
  review?: { label: string; show: (v: AnyFieldValues) => string | null };
  /** A fact in the admin's details (steps 1 and 4: Loan Information; step 3: Address Information). Absent: not a fact of its own. */
  admin?: { label: string; show: (v: AnyFieldValues) => string };
  /** A column of the admin's CSV export (steps 1: after the status; 3 and 4: after the applicant's contact). Absent: not exported. */
  csv?: { header: string; show?: (v: AnyFieldValues) => string };
};

const usd = (n: string | number | undefined) => formatUsd(Number(n ?? 0));
/** A rent or mortgage payment left empty is stored as 0: shown as "Not given", never as "$0". */
const housingPayment = (n: string | number | undefined) => (Number(n ?? 0) > 0 ? usd(n) : "Not given");
const orDash = (s: string | number | undefined) => (s === undefined || s === "" ? "–" : String(s));

const moneyRule = (required: string, min: string, max: string, limit: number) =>
  z.number({ required_error: required, invalid_type_error: required }).min(0, min).max(limit, max);

/** An optional answer: absent and "" both mean "not answered" (the step then stores the field's default). */
const notAnswered = (v: unknown) => (v === "" || v === null ? undefined : v);
const optionalChoiceRule = (values: readonly string[], message: string) =>
  z.preprocess(notAnswered, z.enum(values.filter((v) => v !== "") as [string, ...string[]], { errorMap: () => ({ message }) }).optional());
const orNotProvided = (s: string | null) => s ?? "Not provided";
const revenue = (v: AnyFieldValues) => (Number(v.monthlyRevenue ?? 0) > 0 ? usd(v.monthlyRevenue) : null);

const textRule = (required: string, max: number, maxMessage: string) =>
  z.string({ required_error: required, invalid_type_error: required }).trim().min(1, required).max(max, maxMessage);

export const APPLICATION_FIELDS = {
  amount: {
    step: "loan",
    kind: "money",
    column: "amount",
    rule: z
      .number({ required_error: MSG.amountRequired, invalid_type_error: MSG.amountRequired })
      .int(MSG.amountWhole)
      .min(LOAN_MIN, MSG.amountRange)
      .max(LOAN_MAX, MSG.amountRange),
    default: 0,
    zeroIsUnset: true,
    api: {
      description:
        'US dollars, whole, 1000-50000 (required to submit). Sent as a numeric string such as "25000"; a number is accepted too.',
      typeMessage: MSG.amountRequired,
    },
    review: { label: "Loan amount", show: (v) => usd(v.amount) },
    admin: { label: "Requested Amount", show: (v) => usd(v.amount) },
    csv: { header: "Amount (USD)" },
  },
  purpose: {
    step: "loan",
    kind: "choice",
    values: LOAN_PURPOSE_VALUES,
    column: "purpose",
    rule: z.enum(LOAN_PURPOSE_VALUES, { errorMap: () => ({ message: MSG.purposeRequired }) }),
    default: "startup-capital",
    api: { description: "Loan purpose (default 'startup-capital')" },
    review: { label: "Loan purpose", show: (v) => purposeLabel(String(v.purpose)) },
    admin: { label: "Purpose", show: (v) => purposeLabel(String(v.purpose)) },
    csv: { header: "Purpose", show: (v) => purposeLabel(String(v.purpose)) },
  },
  annualIncome: {
    step: "finances",
    kind: "money",
    column: "annual_income",
    rule: moneyRule(MSG.incomeRequired, MSG.incomeMin, MSG.incomeMax, INCOME_MAX),
    default: 0,
    form: {
      input: "whole-money",
      label: "Total annual income (USD)",
      // Personal income, asked apart from the business's revenue (monthlyRevenue below), with the
      // notice Regulation B (12 CFR 1002.5(d)(2)) requires wherever income is asked.
      hint: `Include all sources of your personal income: salary, what you draw from the business, investments and any other income. The business's own revenue is asked separately below. ${REG_B_INCOME_NOTICE}`,
    },
    api: { description: "US dollars per year as a numeric string such as \"120000\" (default '0')", typeMessage: MSG.incomeRequired },
    review: { label: "Annual income", show: (v) => usd(v.annualIncome) },
    admin: { label: "Annual Income", show: (v) => usd(v.annualIncome) },
  },
  livingSituation: {
    step: "finances",
    kind: "choice",
    values: LIVING_SITUATION_VALUES,
    column: "living_situation",
    rule: z
      .string({ required_error: MSG.livingRequired, invalid_type_error: MSG.livingRequired })
      .trim()
      .toLowerCase()
      .pipe(z.enum(LIVING_SITUATION_VALUES, { errorMap: () => ({ message: MSG.livingRequired }) })),
    default: "own",
    form: { input: "cards", label: "Living situation", options: LIVING_SITUATIONS, columns: 3, letterCase: "lower" },
    api: { description: "rent, mortgage or own, any letter case (default 'Own', stored 'own')" },
    review: { label: "Living situation", show: (v) => livingSituationLabel(String(v.livingSituation)) },
    // The admin sees the monthly payment with the situation it belongs to.
    admin: {
      label: "Living Situation",
      show: (v) =>
        HAS_MONTHLY_PAYMENT.has(String(v.livingSituation))
          ? Number(v.monthlyPayment ?? 0) > 0
            ? `${livingSituationLabel(String(v.livingSituation))} (${usd(v.monthlyPayment)}/month)`
            : `${livingSituationLabel(String(v.livingSituation))} (monthly payment not given)`
          : livingSituationLabel(String(v.livingSituation)),
    },
  },
  monthlyPayment: {
    step: "finances",
    kind: "money",
    column: "monthly_payment",
    // Optional: only rent and mortgage have one (the step's schema ignores it for 'own' and stores 0).
    rule: z
      .number({ invalid_type_error: MSG.monthlyPaymentInvalid })
      .min(0, MSG.monthlyPaymentInvalid)
      .max(HOUSING_MAX, MSG.monthlyPaymentInvalid)
      .optional(),
    default: 0,
    form: {
      input: "money",
      label: "Monthly housing payment (USD)",
      hint: "Your monthly rent or mortgage payment.",
      reveal: {
        className: "hidden group-has-[input[value=mortgage]:checked]:block group-has-[input[value=rent]:checked]:block",
        testId: "monthly-payment",
      },
    },
    api: {
      description: "Monthly rent or mortgage as a numeric string (default '0'; always 0 for 'own')",
      typeMessage: MSG.monthlyPaymentInvalid,
    },
    review: {
      label: "Monthly housing payment",
      show: (v) => (String(v.livingSituation) === "own" ? null : housingPayment(v.monthlyPayment)),
    },
  },
  businessName: {
    step: "finances",
    kind: "text",
    column: "business_name",
    rule: z.preprocess(
      notAnswered,
      z.string({ invalid_type_error: MSG.businessNameTooLong }).trim().max(120, MSG.businessNameTooLong).optional(),
    ),
    default: "",
    form: { input: "text", label: "Business name (optional)", autoComplete: "organization", group: "lenders" },
    api: { description: "Optional: the business's legal name, at most 120 characters (default '')" },
    review: { label: "Business name", show: (v) => (v.businessName ? String(v.businessName) : null) },
    admin: { label: "Business Name", show: (v) => orDash(v.businessName) },
  },
  ein: {
    step: "finances",
    kind: "text",
    column: "ein",
    rule: z.preprocess(
      notAnswered,
      z
        .string({ invalid_type_error: MSG.einInvalid })
        .trim()
        .regex(/^\d{2}-?\d{7}$/, MSG.einInvalid)
        .transform((s) => s.replace("-", ""))
        .optional(),
    ),
    default: "",
    form: {
      input: "text",
      label: "Employer Identification Number (EIN, optional)",
      hint: "9 digits, as on your IRS letter: XX-XXXXXXX.",
      inputMode: "numeric",
      pattern: "\\d{2}-?\\d{7}",
      placeholder: "12-3456789",
      tidy: formatEin,
      pair: true,
      group: "lenders",
    },
    api: {
      description:
        "Optional: the business's EIN, 9 digits with or without the hyphen (XX-XXXXXXX); stored and answered as 9 digits (default '')",
    },
    review: { label: "EIN", show: (v) => (v.ein ? formatEin(String(v.ein)) : null) },
    admin: { label: "EIN", show: (v) => (v.ein ? formatEin(String(v.ein)) : "–") },
  },
  industry: {
    step: "finances",
    kind: "choice",
    values: INDUSTRY_VALUES,
    column: "industry",
    rule: optionalChoiceRule(INDUSTRY_VALUES, MSG.industryInvalid),
    default: "",
    form: { input: "select", label: "Industry (optional)", placeholder: "Not answered", options: INDUSTRIES, pair: true, group: "lenders" },
    api: {
      description: `Optional: the business's industry, one of ${INDUSTRY_VALUES.filter(Boolean).join(", ")} ('' = not answered, the default)`,
    },
    review: { label: "Industry", show: (v) => industryLabel(String(v.industry ?? "")) },
    admin: { label: "Industry", show: (v) => orNotProvided(industryLabel(String(v.industry ?? ""))) },
  },
  timeInBusiness: {
    step: "finances",
    kind: "choice",
    values: TIME_IN_BUSINESS_VALUES,
    column: "time_in_business",
    rule: optionalChoiceRule(TIME_IN_BUSINESS_VALUES, MSG.timeInBusinessInvalid),
    default: "",
    form: {
      input: "select",
      label: "Time in business (optional)",
      placeholder: "Not answered",
      options: TIMES_IN_BUSINESS,
      pair: true,
      group: "lenders",
    },
    api: {
      description: `Optional: how long the business has operated, one of ${TIME_IN_BUSINESS_VALUES.filter(Boolean).join(", ")} (years; '' = not answered, the default)`,
    },
    review: { label: "Time in business", show: (v) => timeInBusinessLabel(String(v.timeInBusiness ?? "")) },
    admin: { label: "Time in Business", show: (v) => orNotProvided(timeInBusinessLabel(String(v.timeInBusiness ?? ""))) },
  },
  monthlyRevenue: {
    step: "finances",
    kind: "money",
    column: "monthly_revenue",
    rule: z
      .number({ invalid_type_error: MSG.monthlyRevenueInvalid })
      .min(0, MSG.monthlyRevenueInvalid)
      .max(INCOME_MAX, MSG.monthlyRevenueTooLarge)
      .optional(),
    default: 0,
    form: {
      input: "whole-money",
      label: "Average monthly revenue (USD, optional)",
      hint: "The business's average monthly sales over the last 12 months.",
      pair: true,
      group: "lenders",
    },
    api: {
      description: "Optional: the business's average monthly revenue in US dollars as a numeric string (default '0' = not answered)",
      typeMessage: MSG.monthlyRevenueInvalid,
    },
    review: { label: "Average monthly revenue", show: revenue },
    admin: { label: "Average Monthly Revenue", show: (v) => orNotProvided(revenue(v)) },
  },
  creditScoreRange: {
    step: "finances",
    kind: "choice",
    values: CREDIT_SCORE_RANGE_VALUES,
    column: "credit_score_range",
    rule: optionalChoiceRule(CREDIT_SCORE_RANGE_VALUES, MSG.creditScoreRangeInvalid),
    default: "",
    form: {
      input: "select",
      label: "Your credit score, your estimate (optional)",
      placeholder: "Not answered",
      options: CREDIT_SCORE_RANGES,
      pair: true,
      group: "lenders",
    },
    api: {
      description: `Optional: the owner's self-reported credit-score range, one of ${CREDIT_SCORE_RANGE_VALUES.filter(Boolean).join(", ")} ('' = not answered, the default)`,
    },
    review: { label: "Credit score (your estimate)", show: (v) => creditScoreRangeLabel(String(v.creditScoreRange ?? "")) },
    admin: { label: "Credit Score (self-reported)", show: (v) => orNotProvided(creditScoreRangeLabel(String(v.creditScoreRange ?? ""))) },
  },
  naicsCode: {
    step: "finances",
    kind: "text",
    column: "naics_code",
    rule: z.preprocess(
      notAnswered,
      z
        .string({ invalid_type_error: MSG.naicsInvalid })
        .trim()
        .regex(/^\d{3,6}$/, MSG.naicsInvalid)
        .optional(),
    ),
    default: "",
    form: {
      input: "text",
      label: "Industry code, NAICS (optional)",
      hint: "The 3- to 6-digit North American Industry Classification System code of the business's main activity, e.g. 722511 for a full-service restaurant.",
      inputMode: "numeric",
      pattern: "\\d{3,6}",
      pair: true,
      group: "business",
    },
    api: { description: "Optional (section 1071): the business's NAICS industry code, 3 to 6 digits (default '' = not answered)" },
    review: { label: "Industry code (NAICS)", show: (v) => (v.naicsCode ? String(v.naicsCode) : null) },
    admin: { label: "Industry Code (NAICS)", show: (v) => orDash(v.naicsCode) },
  },
  numberOfWorkers: {
    step: "finances",
    kind: "choice",
    values: NUMBER_OF_WORKERS_VALUES,
    column: "number_of_workers",
    rule: optionalChoiceRule(NUMBER_OF_WORKERS_VALUES, MSG.numberOfWorkersInvalid),
    default: "",
    form: {
      input: "select",
      label: "People working for the business, not counting owners (optional)",
      placeholder: "Not answered",
      options: NUMBERS_OF_WORKERS,
      pair: true,
      group: "business",
    },
    api: {
      description: `Optional (section 1071): how many people work for the business besides its owners, one of ${NUMBER_OF_WORKERS_VALUES.filter(Boolean).join(", ")} ('' = not answered, the default)`,
    },
    review: { label: "People working for the business", show: (v) => numberOfWorkersLabel(String(v.numberOfWorkers ?? "")) },
    admin: { label: "Workers (not owners)", show: (v) => orNotProvided(numberOfWorkersLabel(String(v.numberOfWorkers ?? ""))) },
  },
  streetAddress: {
    step: "address",
    kind: "text",
    column: "street_address",
    rule: textRule(MSG.streetRequired, 200, "Street address must be at most 200 characters"),
    default: "",
    form: { input: "text", label: "Street address", autoComplete: "street-address" },
    api: { description: "Business street address (required to submit)" },
    // The review step shows the address on one line.
    review: {
      label: "Address",
      show: (v) => `${v.streetAddress}, ${v.city}, ${getStateName(String(v.state)) ?? v.state} ${v.zipCode}`,
    },
    admin: { label: "Street Address", show: (v) => orDash(v.streetAddress) },
  },
  city: {
    step: "address",
    kind: "text",
    column: "city",
    rule: textRule(MSG.cityRequired, 100, "City must be at most 100 characters"),
    default: "",
    form: { input: "text", label: "City", autoComplete: "address-level2" },
    api: { description: "City (required to submit)" },
    admin: { label: "City", show: (v) => orDash(v.city) },
    csv: { header: "City" },
  },
  state: {
    step: "address",
    kind: "text",
    column: "state",
    rule: z
      .string({ required_error: MSG.stateRequired, invalid_type_error: MSG.stateRequired })
      .trim()
      .toUpperCase()
      .pipe(z.enum(US_STATE_CODES, { errorMap: () => ({ message: MSG.stateRequired }) })),
    default: "",
    form: {
      input: "select",
      label: "State",
      placeholder: "Select a state",
      options: US_STATES.map((st) => ({ value: st.code, label: `${st.code} - ${st.name}` })),
      autoComplete: "address-level1",
      pair: true,
      letterCase: "upper",
    },
    api: { description: "Two-letter US state code (required to submit)" },
    admin: { label: "State", show: (v) => orDash(v.state) },
    csv: { header: "State" },
  },
  zipCode: {
    step: "address",
    kind: "text",
    column: "zip_code",
    rule: z
      .string({ required_error: MSG.zipInvalid, invalid_type_error: MSG.zipInvalid })
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, MSG.zipInvalid),
    default: "",
    form: {
      input: "text",
      label: "ZIP code",
      autoComplete: "postal-code",
      inputMode: "numeric",
      pattern: "\\d{5}(-\\d{4})?",
      placeholder: "12345",
      tidy: formatZip,
      pair: true,
    },
    api: { description: "ZIP code: 5 digits or 5+4 (required to submit)" },
    admin: { label: "ZIP Code", show: (v) => orDash(v.zipCode) },
  },
} as const satisfies Record<string, FieldSpec>;

// ---------------------------------------------------------------------------------------------
// Derived names and types
// ---------------------------------------------------------------------------------------------

type Fields = typeof APPLICATION_FIELDS;
export type FieldName = keyof Fields;

/** A field's value in code: money is a number, a choice one of its values, text a string. */
type ValueOf<F> = F extends { kind: "money" } ? number : F extends { values: ReadonlyArray<infer V> } ? V : string;

/** The application fields in their stored types (what a row holds). */
export type ApplicationFieldValues = { -readonly [K in FieldName]: ValueOf<Fields[K]> };

/** The names of a step's fields. */
export type FieldsOfStep<S extends FieldStep> = { [K in FieldName]: Fields[K]["step"] extends S ? K : never }[FieldName];

export const FIELD_NAMES = Object.keys(APPLICATION_FIELDS) as FieldName[];

/** Each field with its name, in the table's order. */
export const FIELD_LIST: ReadonlyArray<FieldSpec & { name: FieldName }> = FIELD_NAMES.map((name) => ({
  name,
  ...(APPLICATION_FIELDS[name] as FieldSpec),
}));

export const fieldsOfStep = (step: FieldStep) => FIELD_LIST.filter((f) => f.step === step);

/** The zod rules of a step's fields, for its z.object. */
export function stepRules<S extends FieldStep>(step: S): { [K in FieldsOfStep<S>]: Fields[K]["rule"] } {
  return Object.fromEntries(fieldsOfStep(step).map((f) => [f.name, f.rule])) as { [K in FieldsOfStep<S>]: Fields[K]["rule"] };
}

/** What the API stores for fields a payload leaves out. */
export const APPLICATION_DEFAULTS = Object.fromEntries(FIELD_LIST.map((f) => [f.name, f.default])) as ApplicationFieldValues;

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

/** The fields of a loan_applications row (money columns arrive as DECIMAL strings). */
export function fieldValuesOfRow(row: Readonly<Record<FieldName, unknown>>): ApplicationFieldValues {
  const out: Record<string, unknown> = {};
  for (const f of FIELD_LIST) out[f.name] = f.kind === "money" ? Number(row[f.name]) : row[f.name];
  return out as ApplicationFieldValues;
}

/** The columns a row is written with (money with 2 decimals). */
export function columnsOfValues(v: ApplicationFieldValues): Record<FieldName, string> {
  const out: Record<string, string> = {};
  for (const f of FIELD_LIST) {
    const value = v[f.name];
    out[f.name] = f.kind === "money" ? Number(value).toFixed(2) : String(value);
  }
  return out as Record<FieldName, string>;
}

/** The values of a validated draft (one object per step) as one set of fields; an optional field left empty takes its default. */
export function fieldValuesOfSteps(steps: Record<FieldStep, Record<string, unknown>>): ApplicationFieldValues {
  return Object.fromEntries(FIELD_LIST.map((f) => [f.name, steps[f.step][f.name] ?? f.default])) as ApplicationFieldValues;
}

/** A step's stored draft values as its form starts with them ('' for none yet). */
export function formStartValues(step: FieldStep, raw: Readonly<Partial<Record<string, string>>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fieldsOfStep(step)) {
    const v = raw[f.name] ?? "";
    out[f.name] = f.form?.letterCase === "upper" ? v.toUpperCase() : f.form?.letterCase === "lower" ? v.toLowerCase() : v;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Displays
// ---------------------------------------------------------------------------------------------

/** The review step's rows of one step. */
export function reviewRows(step: FieldStep, values: ApplicationFieldValues): Array<[string, string]> {
  const v = values as unknown as AnyFieldValues;
  const rows: Array<[string, string]> = [];
  for (const f of fieldsOfStep(step)) {
    const text = f.review?.show(v);
    if (f.review && text != null) rows.push([f.review.label, text]);
  }
  return rows;
}

/** The admin's facts of a section: the loan (steps 1 and 4) or the address (step 3). */
export function adminFacts(section: "loan" | "address", values: ApplicationFieldValues): Array<[string, string]> {
  const v = values as unknown as AnyFieldValues;
  const steps: FieldStep[] = section === "loan" ? ["loan", "finances"] : ["address"];
  return steps.flatMap((s) => fieldsOfStep(s).flatMap((f) => (f.admin ? [[f.admin.label, f.admin.show(v)] as [string, string]] : [])));
}

/** The CSV's application columns: those placed after the status (step 1), and after the applicant's contact (steps 3 and 4). */
export const CSV_FIELDS = {
  afterStatus: fieldsOfStep("loan").filter((f) => f.csv),
  afterContact: [...fieldsOfStep("address"), ...fieldsOfStep("finances")].filter((f) => f.csv),
};

/** One CSV cell of a field: its own text, or money with 2 decimals and other values as stored. */
export function csvCell(f: FieldSpec & { name: FieldName }, v: AnyFieldValues): string {
  if (f.csv?.show) return f.csv.show(v);
  const value = v[f.name];
  return f.kind === "money" ? Number(value ?? 0).toFixed(2) : String(value ?? "");
}
