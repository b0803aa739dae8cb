/**
 * The choices of the application wizard (client-safe): the seven loan purposes of step 1 (used
 * everywhere, per the option tables of docs/product.md) and the three living situations of step 4 (stored lowercase).
 * The values themselves are defined once in app/content/enums.ts; here are their words.
 */
import {
  CREDIT_SCORE_RANGE_VALUES,
  NUMBER_OF_WORKERS_VALUES,
  INDUSTRY_VALUES,
  LIVING_SITUATION_VALUES,
  LOAN_PURPOSE_VALUES,
  TIME_IN_BUSINESS_VALUES,
  type LivingSituation,
  type LoanPurpose,
} from "./enums";

export { LIVING_SITUATION_VALUES, LOAN_PURPOSE_VALUES, type LivingSituation, type LoanPurpose };
const PURPOSE_TEXT: Record<LoanPurpose, { label: string; description: string }> = {
  "startup-capital": { label: "Startup Capital", description: "Launch a new business or an early-stage venture" },
  "business-expansion": { label: "Business Expansion", description: "Open a new location, hire or grow" },
  "working-capital": { label: "Working Capital", description: "Cover payroll, rent and day-to-day costs" },
  "equipment-financing": { label: "Equipment Financing", description: "Buy or lease machinery, vehicles or tools" },
  "inventory-financing": { label: "Inventory Financing", description: "Stock up ahead of demand" },
  "commercial-real-estate": { label: "Commercial Real Estate", description: "Buy, renovate or refinance property" },
  other: { label: "Other Business Purpose", description: "Any other business need" },
};
export const LOAN_PURPOSES = LOAN_PURPOSE_VALUES.map((value) => ({ value, ...PURPOSE_TEXT[value] }));

const LIVING_TEXT: Record<LivingSituation, { label: string; description: string }> = {
  rent: { label: "Pay Rent", description: "Monthly rental payment" },
  mortgage: { label: "Pay Mortgage", description: "Monthly mortgage payment" },
  own: { label: "Fully Own", description: "No monthly payment" },
};
export const LIVING_SITUATIONS = LIVING_SITUATION_VALUES.map((value) => ({ value, ...LIVING_TEXT[value] }));

/** Living situations that have a monthly housing payment. */
export const HAS_MONTHLY_PAYMENT: ReadonlySet<string> = new Set(["rent", "mortgage"]);

export function purposeLabel(value: string): string {
  return LOAN_PURPOSES.find((p) => p.value === value)?.label ?? value.replace(/-/g, " ");
}

export function livingSituationLabel(value: string): string {
  return LIVING_SITUATIONS.find((l) => l.value === value.toLowerCase())?.label ?? value;
}

// ---------------------------------------------------------------------------------------------
// The optional answers lenders price on (step 4, "Optional: help lenders price your loan")
// ---------------------------------------------------------------------------------------------

export { CREDIT_SCORE_RANGE_VALUES, INDUSTRY_VALUES, NUMBER_OF_WORKERS_VALUES, TIME_IN_BUSINESS_VALUES };

type Answered<T extends readonly string[]> = Exclude<T[number], "">;

const INDUSTRY_TEXT: Record<Answered<typeof INDUSTRY_VALUES>, string> = {
  retail: "Retail",
  "restaurant-food": "Restaurant or food service",
  construction: "Construction and trades",
  "professional-services": "Professional services",
  healthcare: "Healthcare",
  transportation: "Transportation and logistics",
  manufacturing: "Manufacturing",
  technology: "Technology",
  other: "Other",
};
export const INDUSTRIES = INDUSTRY_VALUES.filter((v) => v !== "").map((value) => ({ value, label: INDUSTRY_TEXT[value] }));

/** Time in business as ranges; matching counts the range's lower bound in whole years. */
const TIME_IN_BUSINESS_TEXT: Record<Answered<typeof TIME_IN_BUSINESS_VALUES>, { label: string; years: number }> = {
  "under-1": { label: "Less than 1 year", years: 0 },
  "1-2": { label: "1 to 2 years", years: 1 },
  "2-5": { label: "2 to 5 years", years: 2 },
  "5-plus": { label: "5 years or more", years: 5 },
};
export const TIMES_IN_BUSINESS = TIME_IN_BUSINESS_VALUES.filter((v) => v !== "").map((value) => ({
  value,
  label: TIME_IN_BUSINESS_TEXT[value].label,
}));

/** Self-reported credit-score ranges; matching and pricing count the range's lower bound. */
const CREDIT_SCORE_TEXT: Record<Answered<typeof CREDIT_SCORE_RANGE_VALUES>, { label: string; min: number }> = {
  "under-580": { label: "Below 580", min: 300 },
  "580-669": { label: "580 to 669", min: 580 },
  "670-739": { label: "670 to 739", min: 670 },
  "740-799": { label: "740 to 799", min: 740 },
  "800-plus": { label: "800 or higher", min: 800 },
};
export const CREDIT_SCORE_RANGES = CREDIT_SCORE_RANGE_VALUES.filter((v) => v !== "").map((value) => ({
  value,
  label: CREDIT_SCORE_TEXT[value].label,
}));

/** How many people work for the business besides its owners (section 1071), as ranges. */
const NUMBER_OF_WORKERS_TEXT: Record<Answered<typeof NUMBER_OF_WORKERS_VALUES>, string> = {
  "0": "None",
  "1-4": "1 to 4",
  "5-9": "5 to 9",
  "10-19": "10 to 19",
  "20-49": "20 to 49",
  "50-99": "50 to 99",
  "100-249": "100 to 249",
  "250-499": "250 to 499",
  "500-plus": "500 or more",
};
export const NUMBERS_OF_WORKERS = NUMBER_OF_WORKERS_VALUES.filter((v) => v !== "").map((value) => ({
  value,
  label: NUMBER_OF_WORKERS_TEXT[value],
}));

const labelIn = <V extends string>(list: ReadonlyArray<{ value: V; label: string }>, value: string) =>
  list.find((x) => x.value === value)?.label ?? null;
/** The words of an answer, or null when not answered. */
export const industryLabel = (value: string) => labelIn(INDUSTRIES, value);
export const timeInBusinessLabel = (value: string) => labelIn(TIMES_IN_BUSINESS, value);
export const creditScoreRangeLabel = (value: string) => labelIn(CREDIT_SCORE_RANGES, value);
export const numberOfWorkersLabel = (value: string) => labelIn(NUMBERS_OF_WORKERS, value);

/** The whole years in business a range stands for (its lower bound), or null when not answered. */
export function yearsInBusinessOf(value: string): number | null {
  return value in TIME_IN_BUSINESS_TEXT ? TIME_IN_BUSINESS_TEXT[value as Answered<typeof TIME_IN_BUSINESS_VALUES>].years : null;
}

/** The credit score a range stands for (its lower bound), or null when not answered. */
export function creditScoreOf(value: string): number | null {
  return value in CREDIT_SCORE_TEXT ? CREDIT_SCORE_TEXT[value as Answered<typeof CREDIT_SCORE_RANGE_VALUES>].min : null;
}

/** An EIN as the IRS writes it: XX-XXXXXXX (stored as 9 digits). */
export function formatEin(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  return digits.length === 9 && /^[\d\s-]+$/.test(raw.trim()) ? `${digits.slice(0, 2)}-${digits.slice(2)}` : raw.trim();
}
