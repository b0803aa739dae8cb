/**
 * The wizard's steps and its form-value helpers that the browser needs on every step: no zod here,
 * so a step's page does not load the schema library before it hydrates (Lighthouse's
 * blocking time). The schemas (wizard.schema.ts) re-export all of this.
 */

export const WIZARD_STEP_LIST = [
  { step: 1, slug: "loan", title: "Business Loan Details" },
  { step: 2, slug: "owner", title: "Business Owner Information" },
  { step: 3, slug: "address", title: "Business Address" },
  { step: 4, slug: "finances", title: "Business Financial Information" },
  { step: 5, slug: "documents", title: "Business Document Upload" },
  { step: 6, slug: "review", title: "Review Application" },
  { step: 7, slug: "submitted", title: "Application Submitted" },
] as const;

export type WizardStep = (typeof WIZARD_STEP_LIST)[number]["step"];

/**
 * About how long each step takes, in minutes (loan, owner, address, finances, documents, review;
 * the last step only says it is done): the progress bar's "About N minutes left" adds up the
 * current step and those after it.
 */
export const STEP_MINUTES = [1, 2, 1, 2, 3, 1, 0] as const;
export const minutesLeft = (step: number) => STEP_MINUTES.slice(Math.min(Math.max(step, 1), 7) - 1).reduce<number>((a, b) => a + b, 0);
export const stepPath = (step: number) => `/apply/${WIZARD_STEP_LIST[Math.min(Math.max(step, 1), 7) - 1]!.slug}`;
export const stepTitle = (step: number) => WIZARD_STEP_LIST[Math.min(Math.max(step, 1), 7) - 1]!.title;

/**
 * Without JavaScript the number input and the slider are two independent inputs. The one the
 * applicant changed wins: `amountShown` is the value both showed when the page was rendered; if
 * the number input still shows it and the slider does not, the slider was moved. Otherwise (both
 * changed, or neither) the number input wins. With JavaScript both always carry the same value.
 */
export function pickAmount(raw: Record<string, unknown>): unknown {
  const amount = plainMoney(typeof raw.amount === "string" ? raw.amount.trim() : raw.amount);
  const slider = typeof raw.amountSlider === "string" ? raw.amountSlider.trim() : undefined;
  const shown = typeof raw.amountShown === "string" ? String(plainMoney(raw.amountShown.trim())) : undefined;
  if (slider && shown !== undefined && String(amount ?? "") === shown && slider !== shown) return slider;
  return plainMoney(raw.amount);
}

/**
 * Money as the wizard's forms show it: "25,000", "$25,000" and "25000" are the same
 * amount. A string in one of those shapes loses its "$" and separators ("25000"); anything else
 * (numbers, "", "abc", "-1", "1,2345") is returned untouched for the schema to judge. Only the
 * wizard's form values pass through this: the API keeps its own numeric-string rule.
 */
export function plainMoney(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const m = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d*)?$/.exec(value.trim());
  return m ? `${m[1]!.replace(/,/g, "")}${m[2] ?? ""}` : value;
}
