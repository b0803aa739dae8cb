/**
 * The loan's life on the server: every stage move goes through `applyMove`, which checks
 * the pure table (app/features/applications/domain/loan-lifecycle.ts), writes the stage and the admin status it implies and
 * records the move as an application event, in the caller's transaction. The lender workspace calls
 * markVerifying / markFunded / declineAfterReview; an admin cancels with cancelApplication. Each of
 * those runs in one transaction (retried on deadlock by transaction()), e-mails the applicant through
 * the outbox and is audit-logged. The timeline every screen shows is read by `lifecycleViews`.
 */
import type { MailContent } from "~/features/mail";
import { renderMail } from "~/features/mail/index.server";
import { cancelledMail, declinedAfterReviewMail, fundedMail, lenderVerifyingMail, type StageMailApp } from "~/features/mail/index.server";
import { listStageEvents, recordApplicationEvent, STAGE_EVENT } from "~/features/applications/index.server";
import {
  effectiveStage,
  getApplicationRowsInOrder,
  lockApplication,
  setApplicationStage,
  type ApplicationRow,
} from "~/features/applications/index.server";
import { recordAudit } from "~/platform/audit-log.server";
import { transaction, type Tx } from "~/platform/db/db.server";
import {
  getAcceptance,
  getOfferById,
  listDecisions,
  listOffers,
  setOfferStatus,
  type OfferRow,
} from "~/features/marketplace/offers.server";
import { enqueueEmail } from "~/platform/outbox/outbox.server";
import { getUserById } from "~/features/accounts/index.server";
import { readerLanguage } from "~/features/mail";
import type { Language } from "~/content/locales";
import { kickOutbox } from "~/features/mail/index.server";
import { emitStageEvents } from "~/features/partners/index.server";
import { formatCents } from "~/ui/format";
import {
  buildTimeline,
  planMove,
  stageWords,
  statusAfterMove,
  type Actor,
  type AdminStatusChoice,
  type Move,
  type Stage,
  type TimelineStep,
} from "~/features/applications";
import { explainNoMatch, type NoMatchExplanation } from "~/features/marketplace/domain/no-lender-match";

export class LifecycleRefusedError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 409,
  ) {
    super(message);
  }
}

export type MoveResult = { applicationId: number; reference: string; from: Stage; to: Stage; fromStatus: string; status: string };

type MoveInput = {
  actor: Actor;
  actorUserId: number | null;
  hasAcceptedOffer: boolean;
  reason?: string | null;
  /** What the event says when no reason is given. */
  note?: string | null;
  requestedStatus?: AdminStatusChoice;
  funded?: { cents: number; on: string };
  now?: Date;
};

/**
 * Checks `move` against the table and applies it to the locked row `app` in `tx`: stage, status,
 * the event. Throws LifecycleRefusedError (nothing written) when the table refuses it.
 */
export async function applyMove(
  tx: Tx,
  app: Pick<ApplicationRow, "id" | "reference" | "stage" | "status">,
  move: Move,
  input: MoveInput,
): Promise<MoveResult> {
  const from = effectiveStage(app);
  const plan = planMove(from, move, { actor: input.actor, hasAcceptedOffer: input.hasAcceptedOffer, reason: input.reason });
  if (!plan.ok) throw new LifecycleRefusedError(plan.message, plan.code === "reason-required" ? 400 : 409);
  const status = statusAfterMove(plan.to, app.status, input.requestedStatus);
  await setApplicationStage(
    tx,
    app.id,
    { stage: plan.to, status, fundedCents: input.funded?.cents, fundedOn: input.funded?.on },
    input.now,
  );
  await recordApplicationEvent(tx, {
    applicationId: app.id,
    actorUserId: input.actorUserId,
    type: STAGE_EVENT,
    fromStatus: from,
    toStatus: plan.to,
    note: input.reason?.trim() || input.note || null,
  });
  // Partners' webhooks: written in this transaction, so an event exists exactly when the move does.
  await emitStageEvents(tx, { applicationId: app.id, from, to: plan.to, move, status }, input.now);
  return { applicationId: app.id, reference: app.reference, from, to: plan.to, fromStatus: app.status, status };
}

// ---------------------------------------------------------------------------------------------
// The lender's moves (called by the lender workspace) and the admin's cancellation
// ---------------------------------------------------------------------------------------------

/**
 * Who makes a move: an admin, or a lender acting for itself (only on its own accepted offers): one of
 * its users, or its systems through a partner API key (no user: `userId` null, `via` names the key
 * in the audit row).
 */
export type LifecycleActor =
  | { userId: number; role: "admin"; ip?: string | null }
  | { userId: number | null; role: "lender"; lenderId: number; ip?: string | null; via?: string };

export type LifecycleOutcome = { ok: true; result: MoveResult } | { ok: false; status: 400 | 404 | 409; message: string };

const NOT_FOUND = "Application not found";

type Locked = {
  app: ApplicationRow;
  accepted: OfferRow | null;
  applicant: { id: number; email: string; firstName: string; language: Language } | null;
};

async function lockWithAcceptance(tx: Tx, applicationId: number, actor: LifecycleActor): Promise<Locked> {
  const app = await lockApplication(tx, applicationId);
  if (!app || app.status === "draft") throw new LifecycleRefusedError(NOT_FOUND, 404);
  const acceptance = await getAcceptance(app.id, tx);
  const accepted = acceptance ? await getOfferById(acceptance.offerId, tx) : null;
  // A lender sees only applications whose accepted offer is its own: anything else does not exist for it.
  if (actor.role === "lender" && accepted?.lenderId !== actor.lenderId) throw new LifecycleRefusedError(NOT_FOUND, 404);
  const user = await getUserById(app.userId, tx);
  return {
    app,
    accepted,
    applicant: user ? { id: user.id, email: user.email, firstName: user.firstName, language: readerLanguage(user) } : null,
  };
}

async function runLifecycle(actor: LifecycleActor, auditAction: string, work: (tx: Tx) => Promise<MoveResult>): Promise<LifecycleOutcome> {
  try {
    const result = await transaction(work);
    kickOutbox();
    await recordAudit({
      actorUserId: actor.userId,
      action: auditAction,
      targetType: "application",
      targetId: result.applicationId,
      ip: actor.ip ?? null,
      details: `${result.from} -> ${result.to}${"via" in actor && actor.via ? `; ${actor.via}` : ""}`,
    });
    return { ok: true, result };
  } catch (e) {
    if (e instanceof LifecycleRefusedError) return { ok: false, status: e.status, message: e.message };
    throw e;
  }
}

/** Queues the applicant's e-mail about a move of the loan (none when the account is gone). */
async function mailApplicant(tx: Tx, l: Locked, kind: string, mail: (firstName: string, app: StageMailApp) => MailContent) {
  if (!l.applicant) return;
  const app = { reference: l.app.reference, amount: Number(l.app.amount), purpose: l.app.purpose, lang: l.applicant.language };
  await enqueueEmail(tx, {
    ...renderMail(mail(l.applicant.firstName, app)),
    to: l.applicant.email,
    userId: l.applicant.id,
    kind,
    applicationId: l.app.id,
  });
}
const actorKind = (a: LifecycleActor): Actor => a.role;

/** The lender started verifying the applicant of its accepted offer. */
export function markVerifying(applicationId: number, actor: LifecycleActor): Promise<LifecycleOutcome> {
  return runLifecycle(actor, "application.lender_verifying", async (tx) => {
    const l = await lockWithAcceptance(tx, applicationId, actor);
    const r = await applyMove(tx, l.app, "start-verifying", {
      actor: actorKind(actor),
      actorUserId: actor.userId,
      hasAcceptedOffer: Boolean(l.accepted),
      note: `${l.accepted?.lenderName ?? "The lender"} started verifying`,
    });
    await mailApplicant(tx, l, "stage_lender_verifying", (name, app) =>
      lenderVerifyingMail(name, app, l.accepted?.lenderName, stageWords("lender-verifying").next),
    );
    return r;
  });
}

/** The lender sent the money: amount (cents, at most the accepted offer's amount) and date (YYYY-MM-DD, not in the future). */
export function markFunded(
  applicationId: number,
  funding: { amountCents: number; date: string },
  actor: LifecycleActor,
): Promise<LifecycleOutcome> {
  return runLifecycle(actor, "application.funded", async (tx) => {
    const l = await lockWithAcceptance(tx, applicationId, actor);
    const problem = fundingProblem(funding, l.accepted);
    if (problem) throw new LifecycleRefusedError(problem, 400);
    const r = await applyMove(tx, l.app, "fund", {
      actor: actorKind(actor),
      actorUserId: actor.userId,
      hasAcceptedOffer: Boolean(l.accepted),
      note: `Funded ${formatCents(funding.amountCents)} on ${funding.date}`,
      funded: { cents: funding.amountCents, on: funding.date },
    });
    await mailApplicant(tx, l, "stage_funded", (name, app) =>
      fundedMail(name, app, l.accepted?.lenderName, funding, stageWords("funded").next),
    );
    return r;
  });
}

export const FUNDING_MSG = {
  amount: "The funded amount must be a positive number of cents, at most the accepted offer's amount.",
  date: "The funding date must be a real date (YYYY-MM-DD), not in the future.",
} as const;

function fundingProblem(f: { amountCents: number; date: string }, accepted: OfferRow | null): string | null {
  if (!Number.isSafeInteger(f.amountCents) || f.amountCents <= 0 || (accepted && f.amountCents > accepted.amountCents))
    return FUNDING_MSG.amount;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(f.date);
  const d = m ? new Date(`${f.date}T00:00:00.000Z`) : null;
  if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== f.date) return FUNDING_MSG.date;
  if (d.getTime() > Date.now() + 86_400_000) return FUNDING_MSG.date;
  return null;
}

/** The lender declined after its review (from offer accepted or verifying); the reasons are told to the applicant. */
export function declineAfterReview(applicationId: number, reasons: string[] | string, actor: LifecycleActor): Promise<LifecycleOutcome> {
  return runLifecycle(actor, "application.lender_declined", (tx) => declineAfterReviewIn(tx, applicationId, reasons, actor));
}

/**
 * declineAfterReview's move in the caller's transaction (the lender workspace's decline runs it
 * beside its own records). `mail: false` when the caller sends the applicant its own notice of
 * action taken. Throws LifecycleRefusedError (nothing written) when the move is refused.
 */
export async function declineAfterReviewIn(
  tx: Tx,
  applicationId: number,
  reasons: string[] | string,
  actor: LifecycleActor,
  opts: { mail?: boolean } = {},
): Promise<MoveResult> {
  const list = (Array.isArray(reasons) ? reasons : [reasons]).map((r) => r.trim()).filter(Boolean);
  const l = await lockWithAcceptance(tx, applicationId, actor);
  const r = await applyMove(tx, l.app, "lender-decline", {
    actor: actorKind(actor),
    actorUserId: actor.userId,
    hasAcceptedOffer: Boolean(l.accepted),
    reason: list.join("; "),
  });
  if (opts.mail === false) return r;
  await mailApplicant(tx, l, "stage_lender_declined", (name, app) => declinedAfterReviewMail(name, app, l.accepted?.lenderName, list));
  return r;
}

/**
 * An admin cancels an application (before or after acceptance, not once funded) with a reason:
 * outstanding offers are withdrawn, the applicant is e-mailed, and the move is recorded on the
 * application (the lender of an accepted offer sees it in its workspace from the event).
 */
export function cancelApplication(
  applicationId: number,
  reason: string,
  actor: LifecycleActor & { role: "admin" },
): Promise<LifecycleOutcome> {
  return runLifecycle(actor, "application.cancelled", async (tx) => {
    const l = await lockWithAcceptance(tx, applicationId, actor);
    const r = await applyMove(tx, l.app, "cancel", {
      actor: "admin",
      actorUserId: actor.userId,
      hasAcceptedOffer: Boolean(l.accepted),
      reason,
    });
    for (const o of await listOffers(l.app.id, tx))
      if (o.status === "offered") await setOfferStatus(tx, o.id, "withdrawn", "Application cancelled");
    if (l.accepted) {
      // The lender's record: its accepted offer's application was cancelled (the lender workspace lists these).
      await recordApplicationEvent(tx, {
        applicationId: l.app.id,
        actorUserId: actor.userId,
        type: "offer_withdrawn",
        note: `Lender ${l.accepted.lenderName} (offer ${l.accepted.id}) told: application cancelled: ${reason.trim()}`,
      });
    }
    await mailApplicant(tx, l, "stage_cancelled", (name, app) => cancelledMail(name, app, reason.trim(), l.accepted?.lenderName ?? null));
    return r;
  });
}

// ---------------------------------------------------------------------------------------------
// What every screen shows: the stage in plain words and the timeline
// ---------------------------------------------------------------------------------------------

export type LifecycleView = {
  stage: Stage;
  label: string;
  tone: ReturnType<typeof stageWords>["tone"];
  summary: string;
  next: string;
  offersToChoose: boolean;
  fundingAhead: boolean;
  timeline: TimelineStep[];
  /** Only at "no lender match": the reasons that decided it and what to do. */
  noLenderMatch: NoMatchExplanation | null;
  /** Only when funded. */
  funded: { amountCents: number; on: string } | null;
};

type ViewRow = Pick<ApplicationRow, "id" | "stage" | "status" | "state" | "purpose" | "submittedAt" | "fundedCents" | "fundedOn">;

/**
 * The lifecycle views of several applications (one query for their moves, one per no-match application for its decisions).
 * `lang`: the language of a no-lender-match's reasons and next steps (the rest is translated at render).
 */
export async function lifecycleViews(rows: readonly ViewRow[], lang: Language = "en"): Promise<Map<number, LifecycleView>> {
  const events = await listStageEvents(rows.map((r) => r.id));
  const out = new Map<number, LifecycleView>();
  await Promise.all(
    rows.map(async (row) => {
      const stage = effectiveStage(row);
      const moves = events
        .filter((e) => e.applicationId === row.id && e.toStage)
        .map((e) => ({ to: e.toStage as Stage, at: e.createdAt, note: e.note }));
      const words = { ...stageWords(stage) };
      // Before matching has decided (legacy rows), the spec's review statuses say where it is.
      if (stage === "submitted" && row.status === "under-review")
        Object.assign(words, {
          label: "Under Review",
          tone: "blue",
          summary: "Our team is reviewing your application.",
          next: "We may request additional documentation.",
        });
      if (stage === "submitted" && row.status === "pending") Object.assign(words, { label: "Pending" });
      const noLenderMatch =
        stage === "no-lender-match"
          ? explainNoMatch(await listDecisions(row.id), { state: row.state, purpose: row.purpose }, undefined, lang)
          : null;
      let summary = words.summary;
      if (stage === "funded" && row.fundedCents != null) summary = `The lender sent ${formatCents(row.fundedCents)} on ${row.fundedOn}.`;
      const last = moves[moves.length - 1];
      if ((stage === "withdrawn" || stage === "declined") && last?.note) summary = `${words.summary} Reason: ${last.note}`;
      out.set(row.id, {
        stage,
        label: words.label,
        tone: words.tone,
        summary,
        next: words.next,
        offersToChoose: words.offersToChoose,
        fundingAhead: words.fundingAhead,
        timeline: buildTimeline(stage, moves, row.submittedAt),
        noLenderMatch,
        funded: stage === "funded" && row.fundedCents != null ? { amountCents: row.fundedCents, on: row.fundedOn ?? "" } : null,
      });
    }),
  );
  return out;
}

export async function lifecycleViewById(applicationId: number, lang: Language = "en"): Promise<LifecycleView | null> {
  return (await lifecycleViewsByIds([applicationId], lang)).get(applicationId) ?? null;
}

/** The views of these applications (drafts left out), keyed by id; a no-lender-match's reasons in `lang`. */
export async function lifecycleViewsByIds(ids: number[], lang: Language = "en"): Promise<Map<number, LifecycleView>> {
  if (!ids.length) return new Map();
  const rows = (await getApplicationRowsInOrder(ids)).filter((r) => r.status !== "draft");
  return lifecycleViews(rows, lang);
}
