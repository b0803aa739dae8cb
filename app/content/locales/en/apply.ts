/**
 * English texts, namespace "apply": the wizard's steps 2 to 7, their fields, options, the review's
 * summary, the submitted page and the document tiles (docs/i18n.md). Values that live in
 * app/content (the fields table, options, documents, messages) are read from there, never retyped.
 */
import { APPLICATION_FIELDS, FIELD_GROUPS } from "~/features/applications/fields";
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
import { MSG } from "~/content/messages";

const F = APPLICATION_FIELDS;
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
  groups: {
    lenders: { legend: FIELD_GROUPS.lenders.legend, hint: FIELD_GROUPS.lenders.hint },
    business: { legend: FIELD_GROUPS.business.legend, hint: FIELD_GROUPS.business.hint },
  },
  /** The form labels, hints and placeholders of the fields table (features/applications/fields.ts). */
  fields: {
    annualIncome: { label: F.annualIncome.form.label, hint: F.annualIncome.form.hint },
    livingSituation: { label: F.livingSituation.form.label },
    monthlyPayment: { label: F.monthlyPayment.form.label, hint: F.monthlyPayment.form.hint },
    businessName: { label: F.businessName.form.label },
    ein: { label: F.ein.form.label, hint: F.ein.form.hint },
    industry: { label: F.industry.form.label, placeholder: F.industry.form.placeholder },
    timeInBusiness: { label: F.timeInBusiness.form.label, placeholder: F.timeInBusiness.form.placeholder },
    monthlyRevenue: { label: F.monthlyRevenue.form.label, hint: F.monthlyRevenue.form.hint },
    creditScoreRange: { label: F.creditScoreRange.form.label, placeholder: F.creditScoreRange.form.placeholder },
    naicsCode: { label: F.naicsCode.form.label, hint: F.naicsCode.form.hint },
    numberOfWorkers: { label: F.numberOfWorkers.form.label, placeholder: F.numberOfWorkers.form.placeholder },
    streetAddress: { label: F.streetAddress.form.label },
    city: { label: F.city.form.label },
    state: { label: F.state.form.label, placeholder: F.state.form.placeholder },
    zipCode: { label: F.zipCode.form.label },
  },
  /** The review step's row labels of the fields table. */
  reviewLabels: {
    amount: F.amount.review.label,
    purpose: F.purpose.review.label,
    annualIncome: F.annualIncome.review.label,
    livingSituation: F.livingSituation.review.label,
    monthlyPayment: F.monthlyPayment.review.label,
    businessName: F.businessName.review.label,
    ein: F.ein.review.label,
    industry: F.industry.review.label,
    timeInBusiness: F.timeInBusiness.review.label,
    monthlyRevenue: F.monthlyRevenue.review.label,
    creditScoreRange: F.creditScoreRange.review.label,
    naicsCode: F.naicsCode.review.label,
    numberOfWorkers: F.numberOfWorkers.review.label,
    streetAddress: F.streetAddress.review.label,
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
    noFile: UPLOAD_PROGRESS.noFile,
  },
};
