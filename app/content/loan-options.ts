/**
 * The choices of the application wizard (client-safe): the seven loan purposes of step 1 (used
 * everywhere, per the option tables of docs/product.md) and the three living situations of step 4 (stored lowercase).
 * The values themselves are defined once in app/content/enums.ts; here are their words.
 */
import { LIVING_SITUATION_VALUES, LOAN_PURPOSE_VALUES, type LivingSituation, type LoanPurpose } from "./enums";

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
