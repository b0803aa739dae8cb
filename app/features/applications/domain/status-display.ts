/**
 * How the status lookup shows each application status (docs/product.md, "Statuses", and the
 * table in docs/product.md, "Statuses"). Client-safe: no server imports.
 *
 * - submitted and pending: yellow, reviewed and contacted within 24-48 hours
 * - under-review (stored) or "under review" (as docs/product.md spells it): blue
 * - approved: green; rejected: red, decision e-mailed with its reason, reapply after 60-90 days
 * - anything else: a neutral grey badge and no next steps
 */

import { stageWords, type Stage, type StageTone } from "~/features/applications/domain/loan-lifecycle";

export type StatusIcon = "clock" | "search" | "check" | "x" | "info";

export type StatusDisplay = {
  /** Text of the badge. */
  label: string;
  /** Tailwind classes of the badge (background, text and border; AA contrast). */
  badgeClass: string;
  icon: StatusIcon;
  /** The Next Steps message, or null when docs/product.md gives none. */
  nextSteps: string | null;
};

const YELLOW = "border-yellow-300 bg-yellow-100 text-yellow-900";
const BLUE = "border-blue-300 bg-blue-100 text-blue-900";
const GREEN = "border-green-300 bg-green-100 text-green-900";
const RED = "border-red-300 bg-red-100 text-red-900";
const GREY = "border-slate-300 bg-slate-100 text-slate-800";

const PENDING_NEXT_STEPS = "Your application is being reviewed. We will contact you within 24-48 hours with an update.";

const KNOWN: Record<string, StatusDisplay> = {
  submitted: { label: "Submitted", badgeClass: YELLOW, icon: "clock", nextSteps: PENDING_NEXT_STEPS },
  pending: { label: "Pending", badgeClass: YELLOW, icon: "clock", nextSteps: PENDING_NEXT_STEPS },
  "under-review": {
    label: "Under Review",
    badgeClass: BLUE,
    icon: "search",
    nextSteps: "Our team is reviewing your application and may request additional documentation.",
  },
  approved: {
    label: "Approved",
    badgeClass: GREEN,
    icon: "check",
    nextSteps: "Congratulations! Your loan has been approved. Check your e-mail for funding details.",
  },
  "offer-accepted": {
    label: "Offer Accepted",
    badgeClass: GREEN,
    icon: "check",
    nextSteps: "You have accepted a lender's offer. The lender will contact you to finalise funding; we have e-mailed you the details.",
  },
  rejected: {
    label: "Rejected",
    badgeClass: RED,
    icon: "x",
    nextSteps: "We have e-mailed you our decision and the reason for it. Applicants can typically reapply after 60-90 days.",
  },
};

/** "Under Review", "under_review", " UNDER-REVIEW " -> "under-review". */
export function normalizeStatus(status: string): string {
  return status
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-");
}

/** "working-capital" -> "Working Capital"; also used for unknown statuses. */
export function humanize(value: string): string {
  return value
    .trim()
    .split(/[-\s_]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase())
    .join(" ");
}

/** The display of any status string, case-insensitive; unknown statuses are grey with no next steps. */
export function getStatusDisplay(status: string): StatusDisplay {
  const known = KNOWN[normalizeStatus(status)];
  if (known) return known;
  return { label: humanize(status) || "Unknown", badgeClass: GREY, icon: "info", nextSteps: null };
}

/** The stated timeline (docs/product.md, "Statuses"), shown on the status page's help card. */
export const STATUS_TIMELINE = [
  { step: "Initial review", time: "24-48 hours" },
  { step: "Documentation request", time: "1-3 days" },
  { step: "Final approval", time: "2-5 business days" },
  { step: "Funding", time: "Same day to 1 business day" },
] as const;

/**
 * What the applicant is shown is the loan's stage (app/features/applications/domain/loan-lifecycle.ts), in the
 * same badge look as the statuses, so a "no lender match" is never "being reviewed".
 */
const TONE_LOOK: Record<StageTone, { badgeClass: string; icon: StatusIcon }> = {
  yellow: { badgeClass: YELLOW, icon: "clock" },
  blue: { badgeClass: BLUE, icon: "search" },
  green: { badgeClass: GREEN, icon: "check" },
  red: { badgeClass: RED, icon: "x" },
  grey: { badgeClass: GREY, icon: "info" },
};

export function getStageDisplay(stage: Stage): StatusDisplay {
  return getLifecycleDisplay(stageWords(stage));
}

/** The badge and next steps of a lifecycle view (its label and tone may refine the stage's). */
export function getLifecycleDisplay(w: { label: string; tone: StageTone; summary: string; next: string }): StatusDisplay {
  return { label: w.label, ...TONE_LOOK[w.tone], nextSteps: `${w.summary} ${w.next}` };
}
