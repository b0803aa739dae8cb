/**
 * English texts, namespace "dashboard" (issue 30): the applicant's dashboard (/dashboard) and what it
 * renders (application cards, recent activity, notices sent, documents asked for and the upload
 * forms), the page about the business's owners, and the throttles' refusals shown on applicant
 * pages. Values that live in app/content (the owners' questions, the throttles' messages, the page
 * description) are read from there, never retyped. Document-type names, purposes and who can open a
 * document are the wizard's ("apply"); stage names are the status lookup's ("public").
 */
import { APPLICANT_PAGE_DESCRIPTIONS } from "~/content/site";
import {
  DEMOGRAPHIC_KEYS,
  DEMOGRAPHIC_QUESTIONS,
  DEMOGRAPHICS_INTRO,
  DEMOGRAPHICS_INVALID,
  type DemographicKey,
} from "~/content/demographics";
import { THROTTLE_MSG } from "~/content/messages";

const legends = Object.fromEntries(DEMOGRAPHIC_KEYS.map((k) => [k, DEMOGRAPHIC_QUESTIONS[k].legend])) as Record<DemographicKey, string>;
/** Every answer's label by its value (the same value has the same label in every question). */
const answers = Object.fromEntries(DEMOGRAPHIC_KEYS.flatMap((k) => DEMOGRAPHIC_QUESTIONS[k].options.map((o) => [o.value, o.label])));

export const dashboard = {
  pageTitle: "Dashboard | {{site}}",
  description: APPLICANT_PAGE_DESCRIPTIONS.dashboard,
  welcome: "Welcome, {{name}}",
  intro: "Track your applications and manage your account.",
  application: "Application",
  seeOffers: "See your offers",
  forReference: " for {{reference}}",
  totalApplications: "Total Applications",
  activeLoans: "Active Loans",
  currentApplications: "Current Applications",
  unfinished: "You have an unfinished application",
  lastSaved: "Last saved {{when}}",
  continueApplication: "Continue application",
  noApplications: "You have no applications yet.",
  recentActivity: "Recent Activity",
  noActivity: "No activity yet.",
  quickActions: "Quick Actions",
  newApplication: "New Application",
  uploadDocuments: "Upload Documents",
  contactSupport: "Contact Support",
  call: "Call {{phone}}",
  emailUs: "E-mail {{email}}",
  accountSummary: "Account Summary",
  name: "Name",
  email: "E-mail",
  phone: "Phone",
  memberSince: "Member since",
  needHelp: "Need Help?",
  supportHere: "Our support team is here for you.",
  phoneLabel: "Phone:",
  emailLabel: "E-mail:",
  hoursLabel: "Hours:",
  reload: "Reload the dashboard",
  /** An application's card and its links to the offers (lifecycle-timeline.tsx). */
  card: {
    submitted: "Submitted {{date}}",
    compareOffers: "Compare lender offers",
    acceptedOffer: "View your accepted offer",
  },
  /** Recent Activity's lines (features/applications/components/activity.ts). */
  activity: {
    created: "Application {{reference}} started",
    submitted: "Application {{reference}} submitted",
    statusChanged: "Status of {{reference}} changed to {{status}}",
    stageChanged: "{{reference}}: {{stage}}",
    documentUploaded: "Document uploaded to {{reference}}: {{document}}",
    documentRemoved: "Document removed from {{reference}}: {{document}}",
    offerSummary: "Offer summary for {{reference}} presented to you",
    updated: "Application {{reference}} updated",
    fileOfType: "{{name}} ({{type}})",
    unnamed: "unnamed document",
  },
  /** The notices of action taken, as e-mailed (sent-notices.tsx); their subject and body stay as sent. */
  notices: {
    heading: "Notices sent to you",
    sent: "Sent {{when}}",
    queued: "Sending (queued {{when}})",
  },
  /** Documents asked for and each document's state (documents-and-requests.tsx), and the quick upload form. */
  documents: {
    actionNeeded: "Action needed",
    send: "Send {{documents}} for {{reference}}",
    heading: "Your Documents",
    requested: "Documents requested",
    requestedAt: "Requested {{when}}",
    received: "received",
    stillNeeded: "still needed",
    completed_one: "{{count}} request completed",
    completed_other: "{{count}} requests completed",
    accepted: "Accepted",
    replaced: "Replaced",
    needsReplacing: "Needs replacing: {{reason}}",
    inReview: "In review",
    uploading: "Uploading...",
    upload: "Upload",
    submitFirst: "Submit an application first; you can then add documents to it here.",
    applicationLabel: "Application",
    documentType: "Document type",
    file: "File",
    fileHint: "PDF, image (JPG, PNG, GIF, WEBP, HEIC) or Word file, up to 10MB.",
    uploadDocument: "Upload Document",
  },
  /** /dashboard/applications/:reference/about-owners (app/content/demographics.ts). */
  aboutOwners: {
    pageTitle: "About the business's owners (optional) | {{site}}",
    heading: "About the business's owners (optional)",
    back: "Back to your dashboard",
    application: "Application {{reference}}",
    intro: DEMOGRAPHICS_INTRO,
    invalid: DEMOGRAPHICS_INVALID,
    save: "Save answers",
    legends,
    hints: {
      minorityOwned: DEMOGRAPHIC_QUESTIONS.minorityOwned.hint ?? "",
      womenOwned: DEMOGRAPHIC_QUESTIONS.womenOwned.hint ?? "",
      lgbtqiOwned: DEMOGRAPHIC_QUESTIONS.lgbtqiOwned.hint ?? "",
    },
    answers,
  },
  /** The throttles' refusals (THROTTLE_MSG), translated at render by useMessage. */
  throttle: { ...THROTTLE_MSG },
};
