/**
 * The loan's life, pure: the stages an application goes through, the one table of moves
 * between them (who may make each, from which stages, what it needs), how an admin's status choice
 * (the product spec's four statuses) maps onto them, and the plain words every screen and e-mail
 * uses. No I/O: the services (app/features/marketplace/loan-stage.server.ts) apply a move in a transaction.
 *
 *   submitted -> offers ready | no lender match -> offer accepted -> lender verifying -> funded
 *                                                                 \-> declined | withdrawn
 *
 * docs/product.md ("The loan's life") maps the stages onto the admin statuses.
 */
import type { ApplicationStage, ApplicationStatus } from "~/content/enums";

export type Stage = ApplicationStage;
export type Actor = "system" | "applicant" | "admin" | "lender";

export const MOVES = [
  "match-offers",
  "match-none",
  "offer-added",
  "offers-gone",
  "accept-offer",
  "start-verifying",
  "fund",
  "lender-decline",
  "admin-reject",
  "reopen-with-offers",
  "reopen-without-offers",
  "cancel",
] as const;
export type Move = (typeof MOVES)[number];

type MoveRule = {
  from: readonly Stage[];
  to: Stage;
  actors: readonly Actor[];
  /** A written reason is required (recorded, and told to the applicant). */
  needsReason: boolean;
  /** Only when the application has (or has not) an accepted offer. */
  acceptedOffer?: "required" | "forbidden";
  /** What the move means, for the docs and the audit trail. */
  meaning: string;
};

const BEFORE_ACCEPTANCE = ["submitted", "offers-ready", "no-lender-match"] as const satisfies readonly Stage[];
const ACCEPTED = ["offer-accepted", "lender-verifying", "funded"] as const satisfies readonly Stage[];

/** THE table of allowed moves. Anything not listed here is refused. */
export const MOVE_TABLE: Record<Move, MoveRule> = {
  "match-offers": { from: ["submitted"], to: "offers-ready", actors: ["system"], needsReason: false, meaning: "matching produced offers" },
  "match-none": {
    from: ["submitted"],
    to: "no-lender-match",
    actors: ["system"],
    needsReason: true,
    meaning: "matching produced no offer; the principal reasons are recorded",
  },
  "offer-added": {
    from: ["submitted", "no-lender-match"],
    to: "offers-ready",
    actors: ["admin", "applicant"],
    needsReason: false,
    meaning: "an admin added a manual offer, or the applicant's added answers (Boost your offers) matched a new one",
  },
  "offers-gone": {
    from: ["offers-ready"],
    to: "no-lender-match",
    actors: ["admin", "system"],
    needsReason: true,
    meaning: "the last outstanding offer was withdrawn",
  },
  "accept-offer": {
    from: ["offers-ready"],
    to: "offer-accepted",
    actors: ["applicant"],
    needsReason: false,
    meaning: "the applicant signed an offer",
  },
  "start-verifying": {
    from: ["offer-accepted"],
    to: "lender-verifying",
    actors: ["lender", "admin"],
    needsReason: false,
    acceptedOffer: "required",
    meaning: "the lender started verifying",
  },
  fund: {
    from: ["lender-verifying"],
    to: "funded",
    actors: ["lender", "admin"],
    needsReason: false,
    acceptedOffer: "required",
    meaning: "the lender sent the money",
  },
  "lender-decline": {
    from: ["offer-accepted", "lender-verifying"],
    to: "declined",
    actors: ["lender", "admin"],
    needsReason: true,
    acceptedOffer: "required",
    meaning: "the lender declined after its review",
  },
  "admin-reject": {
    from: BEFORE_ACCEPTANCE,
    to: "declined",
    actors: ["admin"],
    needsReason: true,
    acceptedOffer: "forbidden",
    meaning: "an admin rejected the application before any offer was accepted",
  },
  "reopen-with-offers": {
    from: ["declined"],
    to: "offers-ready",
    actors: ["admin"],
    needsReason: false,
    acceptedOffer: "forbidden",
    meaning: "an admin reopened a rejection; outstanding offers can be accepted again",
  },
  "reopen-without-offers": {
    from: ["declined"],
    to: "no-lender-match",
    actors: ["admin"],
    needsReason: false,
    acceptedOffer: "forbidden",
    meaning: "an admin reopened a rejection that has no outstanding offer",
  },
  cancel: {
    from: [...BEFORE_ACCEPTANCE, "offer-accepted", "lender-verifying"],
    to: "withdrawn",
    actors: ["admin"],
    needsReason: true,
    meaning: "an admin cancelled the application with a reason (applicant and lender are told)",
  },
};

export type MoveContext = { actor: Actor; hasAcceptedOffer: boolean; reason?: string | null };

export type MovePlan = { ok: true; from: Stage; to: Stage; move: Move } | { ok: false; code: RefusalCode; message: string };

export type RefusalCode = "wrong-stage" | "wrong-actor" | "reason-required" | "needs-accepted-offer" | "has-accepted-offer";

export const LIFECYCLE_MSG = {
  wrongStage: (move: Move, from: Stage) =>
    `This application is ${stageLabel(from).toLowerCase()}; it cannot be ${MOVE_VERB[move]} from there. Nothing was changed.`,
  wrongActor: "You are not allowed to make this change.",
  reasonRequired: "Please give a reason: the applicant is told it.",
  needsAcceptedOffer: "This application has no accepted offer. Nothing was changed.",
  hasAcceptedOffer: "The applicant has accepted an offer: use Cancel application (with a reason) instead. Nothing was changed.",
  approveNeedsOffer:
    "An application can be approved only after the applicant has accepted a lender's offer, and this one has none. Nothing was changed.",
  acceptedCannotGoBack:
    "The applicant has accepted a lender's offer, so its status cannot be moved back. To stop it, use Cancel application with a reason: the applicant and the lender are told. Nothing was changed.",
  closed:
    "This application is closed (funded, declined after acceptance, or cancelled); its status cannot be changed. Nothing was changed.",
} as const;

const MOVE_VERB: Record<Move, string> = {
  "match-offers": "given offers",
  "match-none": "marked as having no lender match",
  "offer-added": "given a manual offer",
  "offers-gone": "left without offers",
  "accept-offer": "accepted",
  "start-verifying": "marked as being verified",
  fund: "marked as funded",
  "lender-decline": "declined by the lender",
  "admin-reject": "rejected",
  "reopen-with-offers": "reopened",
  "reopen-without-offers": "reopened",
  cancel: "cancelled",
};

/** Checks one move against the table; never throws. */
export function planMove(from: Stage, move: Move, ctx: MoveContext): MovePlan {
  const rule = MOVE_TABLE[move];
  if (!rule.actors.includes(ctx.actor)) return { ok: false, code: "wrong-actor", message: LIFECYCLE_MSG.wrongActor };
  if (!rule.from.includes(from)) return { ok: false, code: "wrong-stage", message: LIFECYCLE_MSG.wrongStage(move, from) };
  if (rule.acceptedOffer === "required" && !ctx.hasAcceptedOffer)
    return { ok: false, code: "needs-accepted-offer", message: LIFECYCLE_MSG.needsAcceptedOffer };
  if (rule.acceptedOffer === "forbidden" && ctx.hasAcceptedOffer)
    return { ok: false, code: "has-accepted-offer", message: LIFECYCLE_MSG.hasAcceptedOffer };
  if (rule.needsReason && !ctx.reason?.trim()) return { ok: false, code: "reason-required", message: LIFECYCLE_MSG.reasonRequired };
  return { ok: true, from, to: rule.to, move };
}

export const hasAcceptedStage = (s: Stage) => (ACCEPTED as readonly Stage[]).includes(s);
export const isBeforeAcceptance = (s: Stage) => (BEFORE_ACCEPTANCE as readonly Stage[]).includes(s);

// ---------------------------------------------------------------------------------------------
// The spec's four admin statuses, mapped onto the stages
// ---------------------------------------------------------------------------------------------

export type AdminStatusChoice = "submitted" | "under-review" | "approved" | "rejected";

export type AdminStatusPlan =
  /** Only the admin status changes (the stage stays). */
  | { kind: "status-only" }
  /** The status changes and the stage moves. */
  | { kind: "move"; move: Move }
  | { kind: "refuse"; message: string };

/**
 * What an admin's status choice means at a stage. "Approved" always refers to an accepted offer;
 * an application with an accepted offer never moves back through a status: only a cancellation.
 */
export function planAdminStatus(
  stage: Stage,
  to: AdminStatusChoice,
  ctx: { hasAcceptedOffer: boolean; liveOffers: number },
): AdminStatusPlan {
  const accepted = hasAcceptedStage(stage) || ctx.hasAcceptedOffer;
  if (to === "approved") return accepted && stage !== "withdrawn" && stage !== "declined" ? { kind: "status-only" } : refuseApprove(stage);
  if (stage === "withdrawn" || (stage === "declined" && ctx.hasAcceptedOffer) || stage === "funded")
    return { kind: "refuse", message: LIFECYCLE_MSG.closed };
  if (accepted) return { kind: "refuse", message: LIFECYCLE_MSG.acceptedCannotGoBack };
  if (to === "rejected") return stage === "declined" ? { kind: "status-only" } : { kind: "move", move: "admin-reject" };
  // submitted / under-review
  if (stage === "declined") return { kind: "move", move: ctx.liveOffers > 0 ? "reopen-with-offers" : "reopen-without-offers" };
  return { kind: "status-only" };
}

function refuseApprove(stage: Stage): AdminStatusPlan {
  return {
    kind: "refuse",
    message: stage === "withdrawn" || stage === "declined" ? LIFECYCLE_MSG.closed : LIFECYCLE_MSG.approveNeedsOffer,
  };
}

/** The admin status a stage move leaves (`requested`: the admin's own choice, if any). */
export function statusAfterMove(to: Stage, current: ApplicationStatus, requested?: AdminStatusChoice): ApplicationStatus {
  switch (to) {
    case "draft":
      return "draft";
    case "submitted":
    case "offers-ready":
    case "no-lender-match":
      if (requested === "submitted" || requested === "under-review") return requested;
      return current === "under-review" ? "under-review" : "submitted";
    case "offer-accepted":
      return "offer-accepted";
    case "lender-verifying":
      return current === "approved" ? "approved" : "offer-accepted";
    case "funded":
      return "approved";
    case "declined":
      return "rejected";
    case "withdrawn":
      return "withdrawn";
  }
}

// ---------------------------------------------------------------------------------------------
// Plain words: labels, what it means, what comes next, the timeline
// ---------------------------------------------------------------------------------------------

export type StageTone = "yellow" | "blue" | "green" | "red" | "grey";

export type StageWords = {
  label: string;
  tone: StageTone;
  /** One sentence on where the application is. */
  summary: string;
  /** What the applicant can do or should expect next. */
  next: string;
  /** The applicant may open the offers comparison to choose. */
  offersToChoose: boolean;
  /** A funding timeline is meaningful (an offer can still lead to money). */
  fundingAhead: boolean;
  /** Counts as an active loan on the dashboard. */
  activeLoan: boolean;
};

const WORDS: Record<Stage, StageWords> = {
  draft: {
    label: "Not submitted",
    tone: "grey",
    summary: "This application has not been submitted yet.",
    next: "Finish and submit the application to be matched with our partner lenders.",
    offersToChoose: false,
    fundingAhead: false,
    activeLoan: false,
  },
  submitted: {
    label: "Submitted",
    tone: "yellow",
    summary: "We have received your application and are matching it with our partner lenders.",
    next: "We will contact you within 24-48 hours with an update.",
    offersToChoose: false,
    fundingAhead: true,
    activeLoan: false,
  },
  "offers-ready": {
    label: "Offers ready",
    tone: "blue",
    summary: "Partner lenders have made you offers.",
    next: "Compare the offers and accept the one you want before it expires. Nothing is final until you sign one.",
    offersToChoose: true,
    fundingAhead: true,
    activeLoan: false,
  },
  "no-lender-match": {
    label: "No lender match",
    tone: "grey",
    summary: "None of our partner lenders can make an offer for this application.",
    next: "There is nothing to accept and no funding is on its way. See the reasons and what you can do below; a new application is matched again.",
    offersToChoose: false,
    fundingAhead: false,
    activeLoan: false,
  },
  "offer-accepted": {
    label: "Offer accepted",
    tone: "green",
    summary: "You accepted a lender's offer.",
    next: "The lender will verify your details and documents before it sends the money; it may ask you for more.",
    offersToChoose: false,
    fundingAhead: true,
    activeLoan: false,
  },
  "lender-verifying": {
    label: "Lender verifying",
    tone: "blue",
    summary: "The lender is verifying your details and documents.",
    next: "Once the lender has verified them it sends the money; funding usually takes the same day to 1 business day after that.",
    offersToChoose: false,
    fundingAhead: true,
    activeLoan: false,
  },
  funded: {
    label: "Funded",
    tone: "green",
    summary: "The lender has sent the money.",
    next: "Your repayments follow the schedule of the offer you accepted.",
    offersToChoose: false,
    fundingAhead: false,
    activeLoan: true,
  },
  declined: {
    label: "Declined",
    tone: "red",
    summary: "This application was declined.",
    next: "We have e-mailed you the decision and its reasons. Applicants can typically reapply after 60-90 days.",
    offersToChoose: false,
    fundingAhead: false,
    activeLoan: false,
  },
  withdrawn: {
    label: "Withdrawn",
    tone: "grey",
    summary: "This application was cancelled; no loan will be made from it.",
    // The cancellation e-mail may be held until the address is verified: say only what is sure.
    next: "The reason is shown above and goes to you by e-mail as well. You can start a new application at any time.",
    offersToChoose: false,
    fundingAhead: false,
    activeLoan: false,
  },
};

export const stageWords = (s: Stage): StageWords => WORDS[s];
export const stageLabel = (s: Stage) => WORDS[s].label;

export function isStage(v: unknown): v is Stage {
  return typeof v === "string" && v in WORDS;
}

export type TimelineStep = { stage: Stage; label: string; state: "done" | "current" | "upcoming"; at: string | null; note: string | null };

/** The happy path shown as upcoming steps while the loan can still get there. */
const PATH: readonly Stage[] = ["submitted", "offers-ready", "offer-accepted", "lender-verifying", "funded"];

/**
 * The application's timeline: the stages it went through (from its recorded moves, oldest first),
 * then, while money can still come, the steps still ahead. No "upcoming" step after a stage that
 * ends the road (no lender match, declined, withdrawn, funded).
 */
export function buildTimeline(
  stage: Stage,
  moves: ReadonlyArray<{ to: Stage; at: Date | string; note?: string | null }>,
  submittedAt?: Date | string | null,
): TimelineStep[] {
  const iso = (d: Date | string) => (typeof d === "string" ? d : d.toISOString());
  const steps: TimelineStep[] = [];
  if (stage !== "draft")
    steps.push({
      stage: "submitted",
      label: stageLabel("submitted"),
      state: "done",
      at: submittedAt ? iso(submittedAt) : null,
      note: null,
    });
  for (const m of moves) {
    if (m.to === "submitted" || m.to === "draft") continue;
    steps.push({ stage: m.to, label: stageLabel(m.to), state: "done", at: iso(m.at), note: m.note ?? null });
  }
  // The last recorded step is where the application is now (also for rows moved before events existed).
  const last = steps[steps.length - 1];
  if (last && last.stage === stage) last.state = "current";
  else if (stage !== "draft") steps.push({ stage, label: stageLabel(stage), state: "current", at: null, note: null });
  if (WORDS[stage].fundingAhead) {
    const i = PATH.indexOf(stage);
    for (const s of PATH.slice(i + 1)) steps.push({ stage: s, label: stageLabel(s), state: "upcoming", at: null, note: null });
  }
  return steps;
}
