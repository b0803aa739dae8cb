/**
 * The choices of the application wizard (client-safe): the seven loan purposes of step 1 (used
 * everywhere, per design.md's table) and the three living situations of step 4 (stored lowercase).
 */
export const LOAN_PURPOSES = [
  { value: "startup-capital", label: "Startup Capital", description: "Launch a new business or an early-stage venture" },
  { value: "business-expansion", label: "Business Expansion", description: "Open a new location, hire or grow" },
  { value: "working-capital", label: "Working Capital", description: "Cover payroll, rent and day-to-day costs" },
  { value: "equipment-financing", label: "Equipment Financing", description: "Buy or lease machinery, vehicles or tools" },
  { value: "inventory-financing", label: "Inventory Financing", description: "Stock up ahead of demand" },
  { value: "commercial-real-estate", label: "Commercial Real Estate", description: "Buy, renovate or refinance property" },
  { value: "other", label: "Other Business Purpose", description: "Any other business need" },
] as const;

export type LoanPurpose = (typeof LOAN_PURPOSES)[number]["value"];
export const LOAN_PURPOSE_VALUES = LOAN_PURPOSES.map((p) => p.value) as unknown as readonly [LoanPurpose, ...LoanPurpose[]];

export const LIVING_SITUATIONS = [
  { value: "rent", label: "Pay Rent", description: "Monthly rental payment" },
  { value: "mortgage", label: "Pay Mortgage", description: "Monthly mortgage payment" },
  { value: "own", label: "Fully Own", description: "No monthly payment" },
] as const;

export type LivingSituation = (typeof LIVING_SITUATIONS)[number]["value"];
export const LIVING_SITUATION_VALUES = LIVING_SITUATIONS.map((l) => l.value) as unknown as readonly [
  LivingSituation,
  ...LivingSituation[],
];

/** Living situations that have a monthly housing payment. */
export const HAS_MONTHLY_PAYMENT: ReadonlySet<string> = new Set(["rent", "mortgage"]);

export function purposeLabel(value: string): string {
  return LOAN_PURPOSES.find((p) => p.value === value)?.label ?? value.replace(/-/g, " ");
}

export function livingSituationLabel(value: string): string {
  return LIVING_SITUATIONS.find((l) => l.value === value.toLowerCase())?.label ?? value;
}

