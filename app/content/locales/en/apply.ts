/**
 * English texts, namespace "apply": the wizard's steps 2 to 7, their fields, options, the review's
 * summary, the submitted page and the document tiles (docs/i18n.md). Values that live in
 * app/content (options, documents, messages) are read from there, never retyped. The fields
 * table (features/applications/fields.ts) cannot be imported by content: its words are copied
 * here, and tests/integration/i18n-wizard.test.ts checks that they equal the table's.
 */
import { REG_B_INCOME_NOTICE } from "~/content/consents";
import { CREDIT_SCORE_RANGES, INDUSTRIES, LIVING_SITUATIONS, NUMBERS_OF_WORKERS, TIMES_IN_BUSINESS } from "~/content/loan-options";
import {
  DOCUMENT_ACCESS,
  DOCUMENT_AREAS,
  DOCUMENT_PROTECTION,
  DOCUMENT_PURPOSES,
  DOCUMENT_TYPE_LABELS,
  UPLOAD_PROGRESS,
} from "~/content/document-types";
import type { DocumentType } from "~/content/enums";
import { UPLOAD_QUOTA_TEXT } from "~/content/constants";
import { TOASTS } from "~/content/messages";

const byValue = <T extends { value: string }, V>(list: ReadonlyArray<T>, pick: (o: T) => V) =>
  Object.fromEntries(list.map((o) => [o.value, pick(o)])) as Record<string, V>;
const perDocument = <V>(pick: (type: DocumentType) => V) =>
  Object.fromEntries(DOCUMENT_AREAS.map((a) => [a.type, pick(a.type)])) as Record<DocumentType, V>;

export const apply = {
  signIn: "Sign in",
  owner: {
    heading: "Tell us about yourself",
    loggedIn: "You are already logged in.",
    accountUsed: "Your account information will be used for this application.",
    firstName: "First name",
    lastName: "Last name",
    email: "Email",
    phone: "Phone",
    dateOfBirth: "Date of birth",
    noteFirstName: "Using your account first name",
    noteLastName: "Using your account last name",
    noteEmail: "Using your account email",
    notePhone: "Using your account phone number",
    noteDateOfBirth: "Using your account date of birth",
    password: "Password",
    passwordKeep: "Password (leave empty to keep the one you chose)",
    passwordHint:
      "We create your account with this password when you upload a document or submit. Already have an account? Enter its email and password to continue with it.",
    citizen: "I confirm that I am a US citizen and at least 18 years old",
  },
  address: { heading: "Where is your business located?" },
  finances: { heading: "Tell us about your finances" },
  /** The fields table's step 3 and 4 groups (features/applications/fields.ts FIELD_GROUPS; apply-fields check in tests/integration/i18n-wizard.test.ts). */
  groups: {
    lenders: {
      legend: "Optional: help lenders price your loan",
      hint: "None of these is required. Partner lenders use them to decide and price: answering them can unlock more offers or a lower rate.",
    },
    business: {
      legend: "Optional: about your business",
      hint: "Lenders collect these for the small-business lending data federal law asks them to report (section 1071). None is required, and they do not change your offers.",
    },
  },
  /** The form labels, hints and placeholders of the fields table (features/applications/fields.ts; the same check). */
  fields: {
    annualIncome: {
      label: "Total annual income (USD)",
      hint: `Include all sources of your personal income: salary, what you draw from the business, investments and any other income. The business's own revenue is asked separately below. ${REG_B_INCOME_NOTICE}`,
    },
    livingSituation: {
      label: "Living situation",
    },
    monthlyPayment: {
      label: "Monthly housing payment (USD)",
      hint: "Your monthly rent or mortgage payment.",
    },
    businessName: {
      label: "Business name (optional)",
    },
    ein: {
      label: "Employer Identification Number (EIN, optional)",
      hint: "9 digits, as on your IRS letter: XX-XXXXXXX.",
    },
    industry: {
      label: "Industry (optional)",
      placeholder: "Not answered",
    },
    timeInBusiness: {
      label: "Time in business (optional)",
      placeholder: "Not answered",
    },
    monthlyRevenue: {
      label: "Average monthly revenue (USD, optional)",
      hint: "The business's average monthly sales over the last 12 months.",
    },
    creditScoreRange: {
      label: "Your credit score, your estimate (optional)",
      placeholder: "Not answered",
    },
    naicsCode: {
      label: "Industry code, NAICS (optional)",
      hint: "The 3- to 6-digit North American Industry Classification System code of the business's main activity, e.g. 722511 for a full-service restaurant.",
    },
    numberOfWorkers: {
      label: "People working for the business, not counting owners (optional)",
      placeholder: "Not answered",
    },
    streetAddress: {
      label: "Street address",
    },
    city: {
      label: "City",
    },
    state: {
      label: "State",
      placeholder: "Select a state",
    },
    zipCode: {
      label: "ZIP code",
    },
  },
  /** The review step's row labels of the fields table. */
  reviewLabels: {
    amount: "Loan amount",
    purpose: "Loan purpose",
    annualIncome: "Annual income",
    livingSituation: "Living situation",
    monthlyPayment: "Monthly housing payment",
    businessName: "Business name",
    ein: "EIN",
    industry: "Industry",
    timeInBusiness: "Time in business",
    monthlyRevenue: "Average monthly revenue",
    creditScoreRange: "Credit score (your estimate)",
    naicsCode: "Industry code (NAICS)",
    numberOfWorkers: "People working for the business",
    streetAddress: "Address",
  },
  options: {
    living: byValue(LIVING_SITUATIONS, (o) => ({ label: o.label, description: o.description })),
    industry: byValue(INDUSTRIES, (o) => o.label),
    timeInBusiness: byValue(TIMES_IN_BUSINESS, (o) => o.label),
    creditScoreRange: byValue(CREDIT_SCORE_RANGES, (o) => o.label),
    numberOfWorkers: byValue(NUMBERS_OF_WORKERS, (o) => o.label),
  },
  review: {
    intro: "Check your details before you submit. Use Edit or Back to change anything.",
    sections: { loan: "Loan", owner: "Owner", address: "Address", finances: "Finances", documents: "Documents" },
    name: "Name",
    email: "Email",
    phone: "Phone",
    dateOfBirth: "Date of birth",
    documents: "Documents",
    notProvided: "Not provided",
    notGiven: "Not given",
    noneUploaded: "None uploaded",
    edit: "Edit",
    agreeTo: "I agree to the",
    terms: "Terms of Service",
    and: "and",
    privacy: "Privacy Policy",
    required: "(required)",
    marketing: "Send me updates and promotions by email (optional)",
    submit: "Submit Application",
    submitting: "Submitting...",
  },
  submitted: {
    heading: "Thank you! Your application has been received.",
    reference: "Your application reference number",
    amountFor: "{{amount}} for {{purpose}}",
    offersReady_one: "{{count}} offer ready, from {{apr}}% APR",
    offersReady_other: "{{count}} offers ready, from {{apr}}% APR",
    seeOffers: "See your offers",
    noOffersYet:
      "No offers yet: our partner lenders are still looking at your application. We will e-mail you as soon as one makes an offer, and it will be on your dashboard.",
    emailConfirmation: "You will receive an email confirmation within a few minutes.",
    emailConfirmationReasons: "You will receive an email confirmation within a few minutes, with these reasons.",
    processed: "Most applications are processed within 24 hours.",
    updates: "We will send you updates by email.",
    keepReference: "Keep your reference number: you can use it to check your application status at any time.",
    optional: "Optional:",
    aboutOwners: "answer questions about the business's owners",
    aboutOwnersAfter: ", kept apart from your application; no lender sees them.",
    dashboard: "Go to Dashboard",
    home: "Back to Home",
  },
  documents: {
    heading: "Upload your business documents",
    intro: "Upload what you have now; every document is optional and you can continue without any. Each file may be up to 10MB.",
    quota: UPLOAD_QUOTA_TEXT,
    protection: DOCUMENT_PROTECTION,
    access: DOCUMENT_ACCESS,
    labels: perDocument((t) => DOCUMENT_TYPE_LABELS[t]),
    hints: perDocument((t) => DOCUMENT_AREAS.find((a) => a.type === t)!.hint),
    purposes: perDocument((t) => DOCUMENT_PURPOSES[t]),
    uploaded: "Uploaded {{label}}",
    takePhoto: "Take a photo",
    replacePhoto: "Replace: take a photo",
    ofLabel: " of {{label}}",
    chooseFile: "Choose a file",
    addAnother: "Add another file",
    replaceFile: "Replace: choose a file",
    forLabel: " for {{label}}",
    orDrop: " or drop it here",
    upload: "Upload",
    chooseAnother: "Choose another file: {{hint}}.",
    remove: "Remove",
    removing: "Removing...",
    progressWaiting: UPLOAD_PROGRESS.waiting("{{name}}"),
    progressStarted: UPLOAD_PROGRESS.started("{{name}}", "{{size}}"),
    progressSending: UPLOAD_PROGRESS.sending("{{name}}", "{{size}}", 0).replace(": 0%", ": {{percent}}%"),
    progressSaving: UPLOAD_PROGRESS.saving("{{name}}"),
    progressLabel: UPLOAD_PROGRESS.label("{{name}}"),
    connectionLost: UPLOAD_PROGRESS.connectionLost,
    uploadFailedTitle: TOASTS.uploadFailed.title,
    uploadFailed: TOASTS.uploadFailed.description,
    fileTooLargeTitle: TOASTS.fileTooLarge.title,
    fileTooLarge: TOASTS.fileTooLarge.description,
    noFile: UPLOAD_PROGRESS.noFile,
  },
};
