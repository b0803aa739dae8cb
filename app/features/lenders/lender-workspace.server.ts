/**
 * The lender workspace's reads: the queue of a lender's applications by stage, and one
 * application as the lender may see it (lender-visible.server.ts). Every read is scoped to the
 * lender id of the signed-in lender user; an application not shared with it is null (a 404, the same
 * as one that does not exist). Opening an application is audited.
 */
import { recordAudit } from "~/platform/audit-log.server";
import {
  effectiveStage,
  getApplicationRowById,
  getApplicationRowsInOrder,
  type ApplicationRow,
} from "~/features/applications/index.server";
import { listDocumentRows } from "~/features/documents/index.server";
import { getLender, signedSummaryOf, summaryEvidence } from "~/features/marketplace/index.server";
import { reviewSla } from "~/features/back-office";
import {
  acceptedOfferIds,
  applicantNames,
  declinesOfLender,
  documentRequestsOfLender,
  isSharedWithLender,
  offersOfLender,
  sharedApplicationIds,
} from "~/features/lenders/lender-workspace-queries.server";
import { getUserById } from "~/features/accounts/index.server";
import { LENDER_STAGES, lenderStage, lenderStageLabel, type LenderStage } from "~/features/lenders/domain/lender-stage";
import { lenderApplication, lenderDeclineView, lenderDocument, lenderOffer } from "./lender-visible.server";
import { lenderActorNote, type LenderActor } from "./lender-actions.server";

type Row = Awaited<ReturnType<typeof offersOfLender>>[number];

function stageOf(app: Pick<ApplicationRow, "id" | "stage" | "status">, offers: Row[], declined: boolean, accepted: Map<number, number>) {
  return lenderStage({ stage: effectiveStage(app), offers, declinedByLender: declined, acceptedOfferId: accepted.get(app.id) ?? null });
}

/** Every application shared with the lender (drafts aside), newest first, with its queue stage and this lender's offers. */
async function queueRows(lenderId: number) {
  const ids = await sharedApplicationIds(lenderId);
  const [apps, offers, declines, accepted, lender] = await Promise.all([
    getApplicationRowsInOrder(ids),
    offersOfLender(lenderId, ids),
    declinesOfLender(lenderId, ids),
    acceptedOfferIds(ids),
    getLender(lenderId),
  ]);
  const declined = new Set(declines.map((d) => d.applicationId));
  const rows = apps
    .filter((a) => a.status !== "draft")
    .map((a) => {
      const own = offers.filter((o) => o.applicationId === a.id);
      return {
        id: a.id,
        reference: a.reference,
        status: a.status,
        amount: Number(a.amount),
        purpose: a.purpose,
        state: a.state,
        submittedAt: a.submittedAt?.toISOString() ?? null,
        updatedAt: a.updatedAt,
        userId: a.userId,
        stage: stageOf(a, own, declined.has(a.id), accepted),
        offers: own,
      };
    });
  return { lenderName: lender?.name ?? "", rows };
}

/** The lender's queue: counts per stage and the applications of the chosen stage (all when none). */
export async function lenderQueue(lenderId: number, stage: LenderStage | null) {
  const { lenderName, rows: all } = await queueRows(lenderId);
  const rows = all.map(({ offers: _offers, status: _status, updatedAt: _u, userId: _id, ...r }) => r);
  const counts = LENDER_STAGES.map((s) => ({ ...s, count: rows.filter((r) => r.stage === s.value).length }));
  return { lenderName, counts, total: rows.length, applications: stage ? rows.filter((r) => r.stage === stage) : rows };
}

/** The same queue for the lender's systems (partner API): the chosen stage's applications (all when none) with this lender's offers. */
export async function lenderQueueWithOffers(lenderId: number, stage: LenderStage | null, limit: number) {
  const { rows } = await queueRows(lenderId);
  return (stage ? rows.filter((r) => r.stage === stage) : rows).slice(0, limit).map(({ updatedAt: _u, userId: _id, ...r }) => r);
}

/** The stages the review workspace's queue shows: those where the lender still has something to do. */
const REVIEW_STAGES: ReadonlySet<LenderStage> = new Set(["new", "offer-out", "accepted", "verifying"]);

/**
 * The review workspace's queue (/lender/review): the lender's applications still in play, oldest
 * submission first, with the applicant's name, the stage, this lender's open offers and the SLA
 * timer (docs/product.md, "Review workspace").
 */
export async function lenderReviewQueue(lenderId: number, now = new Date()) {
  const { rows } = await queueRows(lenderId);
  const open = rows
    .filter((r) => REVIEW_STAGES.has(r.stage))
    .sort((x, y) => (x.submittedAt ?? "").localeCompare(y.submittedAt ?? "") || x.id - y.id);
  const names = await applicantNames(open.map((r) => r.userId));
  return open.map((r) => ({
    id: r.id,
    reference: r.reference,
    applicant: names.get(r.userId) ?? "",
    state: lenderStageLabel(r.stage),
    offers: r.offers.filter((o) => o.status === "offered").length,
    sla: reviewSla(r.submittedAt, r.updatedAt, now),
  }));
}

/** Is the application shared with this lender (the guard of every per-application read and action)? */
export const applicationSharedWith = (lenderId: number, applicationId: number) => isSharedWithLender(lenderId, applicationId);

/**
 * One application for the lender (a lender user, or the lender's partner API key), or null (not
 * shared, or a draft). The read is audited, naming the key when a key reads.
 */
export async function lenderApplicationView(actor: LenderActor, applicationId: number) {
  const { lenderId, ip } = actor;
  const note = lenderActorNote(actor) || undefined;
  const audit = (targetId: number, outcome?: "denied") =>
    recordAudit({
      actorUserId: actor.userId,
      action: "lender.application_viewed",
      targetType: "application",
      targetId,
      outcome,
      ip,
      details: note,
    });
  if (!(await isSharedWithLender(lenderId, applicationId))) {
    await audit(applicationId, "denied");
    return null;
  }
  const app = await getApplicationRowById(applicationId);
  if (!app || app.status === "draft") return null;
  const [owner, docs, offers, declines, accepted, requests] = await Promise.all([
    getUserById(app.userId),
    listDocumentRows(app.id),
    offersOfLender(lenderId, [app.id]),
    declinesOfLender(lenderId, [app.id]),
    acceptedOfferIds([app.id]),
    documentRequestsOfLender(lenderId, app.id),
  ]);
  await audit(app.id);
  const acceptedId = accepted.get(app.id) ?? null;
  const evidence = await summaryEvidence(
    app.id,
    offers.map((o) => o.id),
  );
  return {
    application: lenderApplication(app, owner),
    stage: stageOf(app, offers, declines.length > 0, accepted),
    documents: docs.map(lenderDocument),
    offers: offers.map((o) => lenderOffer(o)),
    /** Whether the applicant accepted one of THIS lender's offers (another lender's acceptance shows only as "closed"). */
    acceptedOfferId: acceptedId != null && offers.some((o) => o.id === acceptedId) ? acceptedId : null,
    closedToOffers: acceptedId != null,
    /** For the funding form's defaults. */
    today: new Date().toISOString().slice(0, 10),
    decline: declines[0] ? lenderDeclineView(declines[0]) : null,
    requests: requests.map((r) => ({ id: r.id, message: r.message, status: r.status, createdAt: r.createdAt.toISOString() })),
    /** For each of this lender's offers: when its summary was presented, and the signature of the accepted one. */
    summaryEvidence: evidence,
  };
}

/**
 * The signed offer summary of this lender's accepted offer on a shared application (the copy the
 * financer keeps); null (a 404) when not shared, not this lender's offer, or not the accepted one.
 * The download is audited.
 */
export async function lenderSignedSummary(actor: LenderActor, applicationId: number, offerId: number, timeZone: string) {
  if (!(await isSharedWithLender(actor.lenderId, applicationId))) return null;
  const own = await offersOfLender(actor.lenderId, [applicationId]);
  if (!own.some((o) => o.id === offerId)) return null;
  const file = await signedSummaryOf(applicationId, offerId, timeZone);
  if (file)
    await recordAudit({
      actorUserId: actor.userId,
      action: "lender.signed_summary_downloaded",
      targetType: "offer",
      targetId: offerId,
      ip: actor.ip,
      details: lenderActorNote(actor) || undefined,
    });
  return file;
}
export type LenderApplicationPage = NonNullable<Awaited<ReturnType<typeof lenderApplicationView>>>;
