/**
 * What a partner lender's user does on an application shared with its lender: make a
 * firm offer (priced by the same money module as instant offers), decline with reasons from the
 * shared list (the applicant gets a notice of action taken naming the lender), ask the applicant for
 * documents (the back office's request, attributed to the lender), confirm or withdraw one of its
 * instant offers. Each runs in one transaction with the application row locked, re-checks that the
 * application is shared with the lender, records an application event, and writes an audit row.
 * Once the applicant accepted this lender's offer, the lender moves the loan's life through the
 * lifecycle service (app/features/marketplace/loan-stage.server.ts): mark verifying, mark funded, and a decline
 * is its declineAfterReview (the stage and admin status follow the lifecycle table).
 */
import { declineReasonText } from "~/content/decline-reasons";
import { readerLanguage, readerTimeZone } from "~/features/mail";
import { renderMail } from "~/features/mail/index.server";
import { documentRequestMail, firmOfferMail, lenderAdverseActionMail } from "~/features/mail/index.server";
import { recordApplicationEvent } from "~/features/applications/index.server";
import { lockApplication } from "~/features/applications/index.server";
import { recordAudit } from "~/platform/audit-log.server";
import { transaction, type Tx } from "~/platform/db/db.server";
import { insertDocumentRequest } from "~/features/documents/index.server";
import { getLender } from "~/features/marketplace/index.server";
import {
  confirmOffer,
  declinesOfLender,
  insertLenderDecline,
  isSharedWithLender,
  offersOfLender,
  withdrawLenderOffers,
} from "~/features/lenders/lender-workspace-queries.server";
import { getAcceptance, insertOffer, lockOffer, setOfferStatus } from "~/features/marketplace/index.server";
import { enqueueEmail } from "~/platform/outbox/outbox.server";
import { getUserById } from "~/features/accounts/index.server";
import type { FirmOfferInput } from "~/features/lenders/lender.schema";
import type { DocumentRequestInput } from "~/features/back-office";
import { priceLoan } from "~/features/marketplace";
import { kickOutbox } from "~/features/mail/index.server";
import {
  declineAfterReviewIn,
  LifecycleRefusedError,
  markFunded,
  markVerifying,
  type LifecycleOutcome,
} from "~/features/marketplace/index.server";

/**
 * Who acts for the lender: one of its users (`userId`), or its own systems through one of its
 * partner API keys (`userId` null, `partnerKey` set; the audit rows name the key, never a user).
 */
export type LenderActor = { userId: number | null; lenderId: number; ip: string | null; partnerKey?: { id: number; prefix: string } };

/** How an audit row names a partner key acting for the lender ("" for a lender user). */
export const lenderActorNote = (a: Pick<LenderActor, "partnerKey">) =>
  a.partnerKey ? `partner key ${a.partnerKey.id} ${a.partnerKey.prefix}` : "";
/** `id`: what the action made (the firm offer's, the document request's), for the partner API's answer. */
export type LenderActionOutcome = { ok: true; message: string; id?: number } | { ok: false; status: 400 | 404 | 409; message: string };

export const LENDER_ACTION_MSG = {
  notFound: "Application not found",
  closed: "The applicant already accepted an offer: no new offers can be made.",
  applicationClosed: "This application is closed: no new offers can be made.",
  declined: "Your lender has declined this application.",
  alreadyDeclined: "Your lender already declined this application.",
  offerNotFound: "Offer not found",
  offerNotOpen: "This offer is no longer open.",
  offerNotInstant: "Only instant (pre-qualified) offers can be confirmed or withdrawn here.",
  firmOfferMade: "Firm offer sent to the applicant",
  declineSent: "Application declined; the applicant was sent a notice naming your reasons",
  documentsRequested: "Documents requested from the applicant",
  offerConfirmed: "Instant offer confirmed",
  noProduct: "Your lender has no product in the catalogue; ask an administrator.",
  offerWithdrawn: "Instant offer withdrawn",
  notAccepted: "The applicant has not accepted an offer of your lender on this application: it cannot be marked verifying or funded yet.",
  markedVerifying: "Marked as verifying; the applicant was told",
  markedFunded: "Marked as funded; the applicant was told",
} as const;

const notFound = { ok: false, status: 404, message: LENDER_ACTION_MSG.notFound } as const;
const refused = (message: string) => ({ ok: false, status: 409, message }) as const;

/** The locked, submitted application, shared with the actor's lender, with its applicant and the lender; null otherwise. */
async function lockShared(tx: Tx, a: LenderActor, applicationId: number) {
  const app = await lockApplication(tx, applicationId);
  if (!app || app.status === "draft" || !(await isSharedWithLender(a.lenderId, app.id, tx))) return null;
  const [applicant, lender] = await Promise.all([getUserById(app.userId, tx), getLender(a.lenderId, tx)]);
  if (!applicant || !lender) return null;
  return { app, applicant, lender };
}

async function audit(a: LenderActor, action: string, applicationId: number, outcome: "success" | "denied", details?: string) {
  const note = lenderActorNote(a);
  await recordAudit({
    actorUserId: a.userId,
    action,
    targetType: "application",
    targetId: applicationId,
    outcome,
    ip: a.ip,
    details: [note, details].filter(Boolean).join("; ") || undefined,
  });
}

/** Runs an action's transaction, then audits it (success or the refusal) and starts the outbox. */
async function run(
  a: LenderActor,
  action: string,
  applicationId: number,
  work: (tx: Tx) => Promise<LenderActionOutcome & { details?: string }>,
) {
  const out = await transaction(work);
  await audit(a, action, applicationId, out.ok ? "success" : "denied", out.ok ? out.details : out.message);
  if (out.ok) kickOutbox();
  return out.ok ? { ok: true as const, message: out.message, ...(out.id != null ? { id: out.id } : {}) } : out;
}

export async function makeFirmOffer(a: LenderActor, applicationId: number, input: FirmOfferInput, now = new Date()) {
  return run(a, "lender.firm_offer", applicationId, async (tx) => {
    const s = await lockShared(tx, a, applicationId);
    if (!s) return notFound;
    if (await getAcceptance(applicationId, tx)) return refused(LENDER_ACTION_MSG.closed);
    if (s.app.status === "rejected") return refused(LENDER_ACTION_MSG.applicationClosed);
    if ((await declinesOfLender(a.lenderId, [applicationId], tx)).length) return refused(LENDER_ACTION_MSG.declined);
    const product = s.lender.products.find((p) => p.active) ?? s.lender.products[0];
    if (!product) return refused(LENDER_ACTION_MSG.noProduct);
    // The same pure money module as the instant offers: figures, APR (Regulation Z appendix J).
    const figures = priceLoan({
      amountCents: input.amount,
      termMonths: input.termMonths,
      noteRateBps: input.noteRate,
      feeCents: input.originationFee,
    });
    const expiresAt = new Date(now.getTime() + input.validityDays * 86_400_000);
    const offerId = await insertOffer(tx, applicationId, {
      ...figures,
      productId: product.id,
      lenderId: s.lender.id,
      lenderName: s.lender.name,
      productName: `${product.name} (firm offer)`,
      prepayment: input.prepayment,
      // The product's own collateral requirements and avoidable fees: a firm offer changes the price, not those.
      collateral: product.collateral,
      avoidableFees: product.avoidableFees,
      fundingDays: product.fundingDays,
      expiresAt,
      nmlsId: s.lender.nmlsId,
      source: "lender",
      createdBy: a.userId,
    });
    await recordApplicationEvent(tx, {
      applicationId,
      actorUserId: a.userId,
      type: "lender_offer_added",
      note: `Firm offer ${offerId} from ${s.lender.name}`,
    });
    const offerMail = firmOfferMail({
      firstName: s.applicant.firstName,
      reference: s.app.reference,
      lender: s.lender,
      figures,
      expiresAt,
      timeZone: readerTimeZone(s.applicant),
      lang: readerLanguage(s.applicant),
    });
    await enqueueEmail(tx, { ...renderMail(offerMail), to: s.applicant.email, userId: s.applicant.id, kind: "lender_firm_offer" });
    return { ok: true, message: LENDER_ACTION_MSG.firmOfferMade, details: `offer ${offerId}`, id: offerId };
  });
}

export async function declineApplication(a: LenderActor, applicationId: number, reasons: string[]) {
  return run(a, "lender.declined", applicationId, async (tx) => {
    const s = await lockShared(tx, a, applicationId);
    if (!s) return notFound;
    if ((await declinesOfLender(a.lenderId, [applicationId], tx)).length) return refused(LENDER_ACTION_MSG.alreadyDeclined);
    const acceptance = await getAcceptance(applicationId, tx);
    const own = await offersOfLender(a.lenderId, [applicationId], tx);
    const acceptedOfferIsThisLenders = Boolean(acceptance && own.some((o) => o.id === acceptance.offerId));
    const texts = reasons.map(declineReasonText);
    let moved = "";
    if (acceptedOfferIsThisLenders) {
      // After acceptance the decline is the lifecycle's "declined after review" (stage, status, event);
      // the applicant's notice is the one below, naming the lender and its reasons.
      try {
        const r = await declineAfterReviewIn(tx, applicationId, texts, lifecycleActor(a), { mail: false });
        moved = `; ${r.from} -> ${r.to}`;
      } catch (e) {
        if (e instanceof LifecycleRefusedError) return e.status === 404 ? notFound : refused(e.message);
        throw e;
      }
    }
    await insertLenderDecline(tx, { applicationId, lenderId: a.lenderId, lenderName: s.lender.name, reasons, declinedBy: a.userId });
    await withdrawLenderOffers(tx, a.lenderId, applicationId, `Declined by ${s.lender.name}`);
    await recordApplicationEvent(tx, {
      applicationId,
      actorUserId: a.userId,
      type: "lender_declined",
      note: `${s.lender.name} declined: ${reasons.join(", ")}`,
    });
    const notice = lenderAdverseActionMail({
      firstName: s.applicant.firstName,
      reference: s.app.reference,
      lender: s.lender,
      reasonTexts: texts,
      lang: readerLanguage(s.applicant),
    });
    await enqueueEmail(tx, {
      ...renderMail(notice),
      to: s.applicant.email,
      userId: s.applicant.id,
      kind: "lender_adverse_action",
      applicationId: s.app.id,
    });
    return { ok: true, message: LENDER_ACTION_MSG.declineSent, details: reasons.join(", ") + moved };
  });
}

export async function requestDocumentsAsLender(a: LenderActor, applicationId: number, input: DocumentRequestInput) {
  return run(a, "lender.documents_requested", applicationId, async (tx) => {
    const s = await lockShared(tx, a, applicationId);
    if (!s) return notFound;
    const id = await insertDocumentRequest(tx, {
      applicationId,
      requestedBy: a.userId,
      lenderId: a.lenderId,
      message: input.message,
      documentTypes: input.documentTypes,
    });
    await recordApplicationEvent(tx, {
      applicationId,
      actorUserId: a.userId,
      type: "lender_documents_requested",
      note: `Request ${id} by ${s.lender.name}: ${input.documentTypes.join(", ")}`,
    });
    const request = documentRequestMail({
      firstName: s.applicant.firstName,
      reference: s.app.reference,
      documentTypes: input.documentTypes,
      message: input.message,
      lenderName: s.lender.name,
      requestedAt: new Date(),
      timeZone: readerTimeZone(s.applicant),
      lang: readerLanguage(s.applicant),
    });
    // The application's id lets a held copy be dropped once the request is fulfilled (outbox).
    await enqueueEmail(tx, {
      ...renderMail(request),
      to: s.applicant.email,
      userId: s.applicant.id,
      kind: "document_request",
      applicationId,
    });
    return { ok: true, message: LENDER_ACTION_MSG.documentsRequested, details: `request ${id}: ${input.documentTypes.join(", ")}`, id };
  });
}

/** Confirms or withdraws one of the lender's own instant (marketplace) offers that is still open. */
export async function actOnInstantOffer(
  a: LenderActor,
  applicationId: number,
  offerId: number,
  act: { kind: "confirm" } | { kind: "withdraw"; reason: string },
) {
  return run(a, act.kind === "confirm" ? "lender.offer_confirmed" : "lender.offer_withdrawn", applicationId, async (tx) => {
    const s = await lockShared(tx, a, applicationId);
    if (!s) return notFound;
    const own = await offersOfLender(a.lenderId, [applicationId], tx);
    if (!own.some((o) => o.id === offerId)) return { ok: false, status: 404, message: LENDER_ACTION_MSG.offerNotFound };
    const offer = await lockOffer(tx, offerId);
    if (!offer) return { ok: false, status: 404, message: LENDER_ACTION_MSG.offerNotFound };
    if (offer.source !== "match") return refused(LENDER_ACTION_MSG.offerNotInstant);
    if (offer.status !== "offered" || offer.expiresAt.getTime() <= Date.now()) return refused(LENDER_ACTION_MSG.offerNotOpen);
    if (act.kind === "confirm") {
      await confirmOffer(tx, offerId, a.userId);
      await recordApplicationEvent(tx, {
        applicationId,
        actorUserId: a.userId,
        type: "lender_offer_confirmed",
        note: `Offer ${offerId} confirmed by ${s.lender.name}`,
      });
      return { ok: true, message: LENDER_ACTION_MSG.offerConfirmed, details: `offer ${offerId}` };
    }
    await setOfferStatus(tx, offerId, "withdrawn", `Withdrawn by ${s.lender.name}: ${act.reason}`);
    await recordApplicationEvent(tx, {
      applicationId,
      actorUserId: a.userId,
      type: "lender_offer_withdrawn",
      note: `Offer ${offerId} withdrawn by ${s.lender.name}: ${act.reason}`,
    });
    return { ok: true, message: LENDER_ACTION_MSG.offerWithdrawn, details: `offer ${offerId}` };
  });
}

/** The lifecycle's outcome as a lender action's: the lifecycle audits a success (`action`), a refusal is audited here. */
async function lifecycleAction(a: LenderActor, action: string, applicationId: number, out: LifecycleOutcome, message: string) {
  if (out.ok) return { ok: true as const, message };
  await audit(a, action, applicationId, "denied", out.message);
  return out.status === 404 ? notFound : out;
}

/**
 * The lifecycle answers "not found" for anything but the lender's own accepted offers; for an
 * application shared with the lender (it can see it) whose accepted offer is not its own, say why.
 */
async function refuseUnlessAccepted(a: LenderActor, action: string, applicationId: number): Promise<LenderActionOutcome | null> {
  if (!(await isSharedWithLender(a.lenderId, applicationId))) return null; // the lifecycle answers 404, audited below as denied
  const [acceptance, own] = await Promise.all([getAcceptance(applicationId), offersOfLender(a.lenderId, [applicationId])]);
  if (acceptance && own.some((o) => o.id === acceptance.offerId)) return null;
  await audit(a, action, applicationId, "denied", LENDER_ACTION_MSG.notAccepted);
  return refused(LENDER_ACTION_MSG.notAccepted);
}

const lifecycleActor = (a: LenderActor) => ({
  userId: a.userId,
  role: "lender" as const,
  lenderId: a.lenderId,
  ip: a.ip,
  via: lenderActorNote(a) || undefined,
});

/** The applicant accepted this lender's offer: the lender starts verifying (lifecycle: offer accepted -> lender verifying). */
export async function markVerifyingAsLender(a: LenderActor, applicationId: number): Promise<LenderActionOutcome> {
  const no = await refuseUnlessAccepted(a, "application.lender_verifying", applicationId);
  if (no) return no;
  const out = await markVerifying(applicationId, lifecycleActor(a));
  return lifecycleAction(a, "application.lender_verifying", applicationId, out, LENDER_ACTION_MSG.markedVerifying);
}

/** The lender sent the money (lifecycle: lender verifying -> funded). */
export async function markFundedAsLender(
  a: LenderActor,
  applicationId: number,
  funding: { amountCents: number; date: string },
): Promise<LenderActionOutcome> {
  const no = await refuseUnlessAccepted(a, "application.funded", applicationId);
  if (no) return no;
  const out = await markFunded(applicationId, funding, lifecycleActor(a));
  return lifecycleAction(a, "application.funded", applicationId, out, LENDER_ACTION_MSG.markedFunded);
}
