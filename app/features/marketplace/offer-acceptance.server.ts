/**
 * Accepting an offer (final, idempotent, race-safe: the acceptance row is the lock) and the admin's
 * withdraw / manual offer. Every change is audit-logged and recorded as an application event.
 */
import { readerTimeZone } from "~/features/mail";
import { renderMail } from "~/features/mail/index.server";
import { offerAcceptedAdminMail, offerAcceptedMail } from "~/features/mail/index.server";
import { recordApplicationEvent } from "~/features/applications/index.server";
import { recordAudit } from "~/platform/audit-log.server";
import {
  getAcceptance,
  getOfferById,
  insertAcceptance,
  insertOffer,
  lockAcceptance,
  listOffers,
  lockOffer,
  recordSummaryPresentation,
  setOfferStatus,
  withdrawOtherOffers,
} from "~/features/marketplace/offers.server";
import { effectiveStage, getApplicationSummary, lockApplication } from "~/features/applications/index.server";
import { hasAcceptedStage, planMove } from "~/features/applications";
import type { ApplicationRow } from "~/features/applications/index.server";
import type { OfferRow } from "~/features/marketplace/offers.server";
import { transaction, type Tx } from "~/platform/db/db.server";
import { applyMove } from "~/features/marketplace/loan-stage.server";
import { getProductWithLender, toTerms } from "~/features/marketplace/lenders.server";
import { enqueueEmail } from "~/platform/outbox/outbox.server";
import { kickOutbox } from "~/features/mail/index.server";
import { getUserLanguage, listAdminEmails } from "~/features/accounts/index.server";
import { MARKET_MSG } from "~/content/messages";
import { priceLoan } from "~/features/marketplace/domain/offer-money";
import { OFFER_VALIDITY_DAYS } from "~/features/marketplace/domain/offer-matching";
import { signerNameMatches } from "~/features/marketplace/domain/signer-name";
import { disclosureText, isExpired, offerSummary, sha256 } from "./offer-disclosure.server";
import { signedSummaryPdf } from "./offer-summary-files.server";
import { LANGUAGES, type Language } from "~/content/locales";

// ---------------------------------------------------------------------------------------------
// Accepting
// ---------------------------------------------------------------------------------------------

export type AcceptOutcome =
  | { ok: true; already: boolean; reference: string; offerId: number }
  | { ok: false; status: 404 | 409 | 400; message: string; field?: "signerName" };

/** The refusal of a typed signature that is not the account holder's name (shown at the field). */
export const signerMismatch = (): AcceptOutcome => ({
  ok: false,
  status: 400,
  message: MARKET_MSG.signerNameMismatch,
  field: "signerName",
});

/**
 * The review before signing (the page's first submit), on the offer as the page read it: the
 * offer must still be open and the typed name the account holder's. Null when both hold; the
 * refusal the signature itself would get otherwise. Nothing is written.
 */
export function reviewSignature(
  user: { firstName: string; lastName: string },
  view: { offer: { id: number; state: "offered" | "accepted" | "withdrawn" | "expired" }; acceptance: { offerId: number } | null },
  signerName: string,
): AcceptOutcome | null {
  if (view.acceptance)
    return {
      ok: false,
      status: 409,
      message: view.acceptance.offerId === view.offer.id ? MARKET_MSG.alreadyAccepted : MARKET_MSG.anotherOfferAccepted,
    };
  if (view.offer.state === "expired") return { ok: false, status: 409, message: MARKET_MSG.offerExpired };
  if (view.offer.state !== "offered") return { ok: false, status: 409, message: MARKET_MSG.offerWithdrawn };
  return signerNameMatches(signerName, user) ? null : signerMismatch();
}

/**
 * Accepts `offerId` for its owner. One transaction with the application row locked, so two
 * concurrent accepts run one after the other: the first accepts, a repeat of the same offer
 * answers "already accepted" (idempotent), another offer is refused. The unique index on
 * offer_acceptances.application_id backs this up.
 */
export async function acceptOffer(
  user: { id: number; email: string; firstName: string; lastName: string },
  offerId: number,
  input: {
    signerName: string;
    disclosureSha256: string;
    ip: string | null;
    /** The page's language (issue 30): the disclosure shown was this language's text, unless its hash says the other's. */
    language?: Language;
  },
): Promise<AcceptOutcome> {
  // The application an offer belongs to never changes, so it is read before the transaction;
  // inside, every read is a locking read in one order (application, then offer, then acceptance),
  // so concurrent accepts queue on the application row and never deadlock.
  const pre = await getOfferById(offerId);
  if (!pre) return { ok: false, status: 404, message: MARKET_MSG.offerNotFound };
  const out = await transaction(async (tx): Promise<AcceptOutcome & { mail?: boolean }> => {
    const app = await lockApplication(tx, pre.applicationId);
    if (!app || app.userId !== user.id || app.status === "draft") return { ok: false, status: 404, message: MARKET_MSG.offerNotFound };
    // Only the account holder signs: the typed name must be theirs (checked once the offer is known
    // to be theirs, so a stranger still learns nothing but "not found").
    if (!signerNameMatches(input.signerName, user)) return signerMismatch();
    const offer = await lockOffer(tx, offerId);
    if (!offer) return { ok: false, status: 404, message: MARKET_MSG.offerNotFound };
    const existing = await lockAcceptance(tx, app.id);
    if (existing) {
      if (existing.offerId === offer.id) return { ok: true, already: true, reference: app.reference, offerId: offer.id };
      return { ok: false, status: 409, message: MARKET_MSG.anotherOfferAccepted };
    }
    const locked = offer;
    // Only an application whose offers are ready can accept one (the lifecycle's table).
    if (!planMove(effectiveStage(app), "accept-offer", { actor: "applicant", hasAcceptedOffer: false }).ok)
      return { ok: false, status: 409, message: MARKET_MSG.applicationClosed };
    if (locked.status !== "offered") return { ok: false, status: 409, message: MARKET_MSG.offerWithdrawn };
    if (isExpired(locked)) return { ok: false, status: 409, message: MARKET_MSG.offerExpired };
    // The text signed is the one whose hash the form carried: the page's language first, then the other.
    const preferred = input.language ?? "en";
    const shown = [preferred, ...LANGUAGES.filter((l) => l !== preferred)]
      .map((language) => ({ language, text: disclosureText(locked, app.reference, app.state, language) }))
      .find((c) => sha256(c.text) === input.disclosureSha256);
    if (!shown) return { ok: false, status: 409, message: MARKET_MSG.disclosureChanged };
    const { text, language } = shown;
    const hash = sha256(text);
    const now = new Date();
    const acceptance = {
      applicationId: app.id,
      offerId: locked.id,
      userId: user.id,
      signerName: input.signerName,
      acceptedAt: now,
      clientIp: input.ip,
      disclosureSha256: hash,
      disclosureText: text,
      language,
    };
    await insertAcceptance(tx, acceptance);
    await setOfferStatus(tx, locked.id, "accepted");
    await withdrawOtherOffers(tx, app.id, locked.id, "Another offer was accepted");
    await applyMove(tx, app, "accept-offer", {
      actor: "applicant",
      actorUserId: user.id,
      hasAcceptedOffer: false,
      note: `Accepted the offer of ${locked.lenderName}`,
      now,
    });
    await recordApplicationEvent(tx, {
      applicationId: app.id,
      actorUserId: user.id,
      type: "status_changed",
      fromStatus: app.status,
      toStatus: "offer-accepted",
      note: `Accepted offer ${locked.id} from ${locked.lenderName}`,
    });
    // The signed summary goes at once, attached (a legally required notice: never held, even for an
    // unverified address), and its sending is recorded as a presentation of the summary.
    const signed = await signedSummaryPdf(locked, app, acceptance, readerTimeZone(user));
    const accepted = renderMail(
      offerAcceptedMail({
        firstName: user.firstName,
        reference: app.reference,
        amount: Number(app.amount),
        purpose: app.purpose,
        offer: locked,
        offerId: locked.id,
        attachmentName: signed.fileName,
        signerName: input.signerName,
        signedAt: now,
        disclosureHash: hash,
        timeZone: readerTimeZone(user),
        lang: await getUserLanguage(user.id, tx),
      }),
    );
    await enqueueEmail(tx, {
      ...accepted,
      to: user.email,
      userId: user.id,
      kind: "offer_accepted",
      applicationId: app.id,
      attachments: [{ filename: signed.fileName, contentType: "application/pdf", content: signed.pdf }],
    });
    await recordSummaryPresentation(tx, {
      offerId: locked.id,
      applicationId: app.id,
      userId: user.id,
      spec: offerSummary(locked, app.state).spec,
      textSha256: hash,
      via: "email",
      ip: input.ip,
      at: now,
      language,
    });
    const forAdmins = renderMail(
      offerAcceptedAdminMail({ applicationId: app.id, reference: app.reference, offerId: locked.id, offer: locked }),
    );
    for (const a of await listAdminEmails(tx)) {
      await enqueueEmail(tx, { ...forAdmins, to: a.email, userId: a.id, kind: "offer_accepted_admin" });
    }
    return { ok: true, already: false, reference: app.reference, offerId: locked.id, mail: true };
  }).catch((e: unknown) => {
    // The unique index caught a concurrent accept that slipped past the lock: answer as a repeat.
    if (/Duplicate entry|ER_DUP_ENTRY/.test(String((e as Error).message) + String((e as { cause?: Error }).cause?.message ?? "")))
      return null;
    throw e;
  });
  if (out === null) {
    const offer = await getOfferById(offerId);
    const acc = offer ? await getAcceptance(offer.applicationId) : null;
    const app = offer ? await getApplicationSummary(offer.applicationId) : null;
    if (offer && app && acc?.offerId === offer.id) return { ok: true, already: true, reference: app.reference, offerId };
    return { ok: false, status: 409, message: MARKET_MSG.anotherOfferAccepted };
  }
  if (out.ok && !out.already) {
    kickOutbox();
    await recordAudit({ actorUserId: user.id, action: "offer.accepted", targetType: "offer", targetId: offerId, ip: input.ip });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------------------------

/**
 * Withdraws one outstanding offer of the locked application `app` in `tx`, records it, and when it
 * was the last one, moves the application to "no lender match" (never "offers ready"
 * with nothing to choose). Used by the admin's withdraw and by pausing a lender.
 */
export async function withdrawOutstandingOffer(
  tx: Tx,
  app: ApplicationRow,
  o: OfferRow,
  by: { actorUserId: number; actor: "admin" | "system"; reason: string },
) {
  await setOfferStatus(tx, o.id, "withdrawn", by.reason.slice(0, 200));
  await recordApplicationEvent(tx, {
    applicationId: o.applicationId,
    actorUserId: by.actorUserId,
    type: "offer_withdrawn",
    note: `Offer ${o.id} (${o.lenderName}) withdrawn: ${by.reason}`,
  });
  const left = (await listOffers(app.id, tx)).filter((x) => x.status === "offered" && x.id !== o.id);
  if (left.length === 0 && effectiveStage(app) === "offers-ready") {
    await applyMove(tx, app, "offers-gone", {
      actor: by.actor,
      actorUserId: by.actorUserId,
      hasAcceptedOffer: false,
      reason: `The lender's offer was withdrawn (${by.reason}); no other offer is open.`,
    });
  }
  return left.length;
}

export async function withdrawOffer(adminId: number, offerId: number, reason: string, ip: string | null) {
  const pre = await getOfferById(offerId);
  if (!pre) return false;
  const done = await transaction(async (tx) => {
    // Same lock order as accepting: the application first, then the offer.
    const app = await lockApplication(tx, pre.applicationId);
    const o = await lockOffer(tx, offerId);
    if (!app || !o || o.status !== "offered") return false;
    await withdrawOutstandingOffer(tx, app, o, { actorUserId: adminId, actor: "admin", reason });
    return true;
  });
  if (done) await recordAudit({ actorUserId: adminId, action: "offer.withdrawn", targetType: "offer", targetId: offerId, ip });
  return done;
}

export type ManualOfferInput = { productId: number; amountCents: number; termMonths: number; noteRateBps: number; feeCents: number };

/** A manual offer for an application, priced by the same money module. */
export async function addManualOffer(adminId: number, applicationId: number, input: ManualOfferInput, ip: string | null) {
  const found = await getProductWithLender(input.productId);
  if (!found) return { ok: false as const, message: MARKET_MSG.productNotFound };
  const app = await getApplicationSummary(applicationId);
  if (!app) return { ok: false as const, message: MARKET_MSG.offerNotFound };
  if (app.status === "offer-accepted" || hasAcceptedStage(effectiveStage(app)))
    return { ok: false as const, message: MARKET_MSG.anotherOfferAccepted };
  const stage = effectiveStage(app);
  if (stage !== "offers-ready" && !planMove(stage, "offer-added", { actor: "admin", hasAcceptedOffer: false }).ok)
    return { ok: false as const, message: MARKET_MSG.applicationClosed };
  if (input.feeCents >= input.amountCents) return { ok: false as const, message: MARKET_MSG.feeTooLarge };
  const figures = priceLoan(input);
  const terms = toTerms(found.p, found.l);
  const id = await transaction(async (tx) => {
    const offerId = await insertOffer(tx, applicationId, {
      ...figures,
      productId: terms.productId,
      lenderId: terms.lenderId,
      lenderName: terms.lenderName,
      productName: terms.productName,
      prepayment: terms.prepayment,
      collateral: terms.collateral,
      avoidableFees: terms.avoidableFees,
      fundingDays: terms.fundingDays,
      expiresAt: new Date(Date.now() + OFFER_VALIDITY_DAYS * 86_400_000),
      nmlsId: found.l.nmlsId,
      source: "manual",
      createdBy: adminId,
    });
    await recordApplicationEvent(tx, {
      applicationId,
      actorUserId: adminId,
      type: "offer_added",
      note: `Manual offer ${offerId} from ${terms.lenderName}`,
    });
    const locked = await lockApplication(tx, applicationId);
    if (locked && effectiveStage(locked) !== "offers-ready")
      await applyMove(tx, locked, "offer-added", {
        actor: "admin",
        actorUserId: adminId,
        hasAcceptedOffer: false,
        note: `Manual offer from ${terms.lenderName}`,
      });
    return offerId;
  });
  await recordAudit({ actorUserId: adminId, action: "offer.manual_added", targetType: "offer", targetId: id, ip });
  return { ok: true as const, offerId: id };
}
