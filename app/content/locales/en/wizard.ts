/** English texts, namespace "wizard" (the spec's words; docs/i18n.md). */
import { MSG } from "~/content/messages";
import { LOAN_PURPOSES, type LoanPurpose } from "~/content/loan-options";

export const wizard = {
  /** The steps' titles (features/applications/wizard/wizard-steps.ts; wizard-steps.test.ts checks they match). */
  titles: {
    loan: "Business Loan Details",
    owner: "Business Owner Information",
    address: "Business Address",
    finances: "Business Financial Information",
    documents: "Business Document Upload",
    review: "Review Application",
    submitted: "Application Submitted",
  },
  shortNames: {
    loan: "Loan",
    owner: "Owner",
    address: "Address",
    finances: "Finances",
    documents: "Documents",
    review: "Review",
    submitted: "Done",
  },
  stepOf: "Step {{step}} of {{total}}",
  complete: " · {{pct}}% complete",
  minutesLeft_one: "About {{count}} minute left",
  minutesLeft_other: "About {{count}} minutes left",
  allDone: "All done",
  progress: "Application progress",
  /** The wizard's meta description (search results). */
  metaDescription:
    "Apply online for a small business loan from $1,000 to $50,000 in seven short steps. Your progress is saved as you go, and {{site}} matches you with licensed lenders.",
  progressText: "Step {{step}} of {{total}}: {{title}}",
  progressTextLeft_one: "Step {{step}} of {{total}}: {{title}}, about {{count}} minute left",
  progressTextLeft_other: "Step {{step}} of {{total}}: {{title}}, about {{count}} minutes left",
  steps: "Application steps",
  completed: " (completed)",
  currentStep: " (current step)",
  continue: "Continue",
  saving: "Saving...",
  back: "Back",
  draftSaving: MSG.draftSaving,
  draftSaved: MSG.draftSaved,
  draftSaveFailed: MSG.draftSaveFailed,
  loan: {
    heading: "How much does your business need?",
    requesting: "You are requesting",
    estimated: "Estimated monthly payment",
    example: "Example at {{apr}}% APR over {{months}} months; your offer may differ.",
    amount: "Loan amount (USD)",
    slider: "Loan amount slider",
    purposeLegend: "What will you use the loan for?",
  },
  purposes: Object.fromEntries(LOAN_PURPOSES.map((p) => [p.value, { label: p.label, description: p.description }])) as Record<
    LoanPurpose,
    { label: string; description: string }
  >,
};
