/**
 * Marketplace workflows around an application: matching on submission (in the submit transaction)
 * and what owners and admins may read of the offers. Figures come only from the pure modules
 * `offer-matching` and `offer-money`, and once stored are never recomputed. Disclosures are in
 * offer-disclosure, acceptance and the admin's offer actions in offer-acceptance, the lender
 * catalogue in lender-catalogue.
 */
import {
  getAcceptance,
  getOfferById,
  recordSummaryPresentation,
  type PresentationChannel,
  hasDecisions,
  insertDecisions,
  insertOffer,
  listDeclinesForApplication,
  listDecisions,
  listOffers,
} from "~/features/marketplace/offers.server";
import { recordAdminReadBy, type AdminReadChannel } from "~/features/back-office/index.server";
import {
  effectiveStage,
  getApplicationRowById,
  getApplicationSummary,
  getSubmittedApplicationByReference,
  recordApplicationEvent,
} from "~/features/applications/index.server";
import { listActiveProductTerms } from "~/features/marketplace/lenders.server";
import { getDb, type Tx } from "~/platform/db/db.server";
import { toCents } from "~/features/marketplace/domain/offer-money";
import {
  REASON_TEXT,
  announcementText,
  isEvaluated,
  matchApplication,
  offersAnnouncement,
  type ReasonCode,
} from "~/features/marketplace/domain/offer-matching";
import {
  applicantLenderDecline,
  applicantMarketplace,
  listApplicantNotices,
  toAcceptanceView,
  toOfferView,
} from "~/features/marketplace/applicant-visible.server";
import { disclosureRows, disclosureText, offerState, offerSummary, sha256 } from "./offer-disclosure.server";
import { applyMove, lifecycleViewById } from "~/features/marketplace/loan-stage.server";
import { explainNoMatch } from "~/features/marketplace/domain/no-lender-match";
import { lenderNotices, type MatchSummary } from "~/features/marketplace/domain/action-notices";
import { BOOST_FIELDS, boostHints, profileAnswers } from "~/features/marketplace/domain/boost-hints";
import { boostOpen } from "./offer-boost.server";
import { resourcesFor, type Language } from "~/content/locales";
import { declineReasonText } from "~/content/decline-reasons";

// ---------------------------------------------------------------------------------------------
// Matching on submission
// ---------------------------------------------------------------------------------------------

/**
 * Runs matching for a just-submitted application inside the submit transaction, so decisions and
 * offers commit with the submission or not at all. Runs once: a second call finds the decisions.
 */
export async function matchOnSubmit(tx: Tx, applicationId: number, now = new Date()): Promise<MatchSummary> {
  if (await hasDecisions(tx, applicationId)) return { offers: 0, notices: [] };
  const app = await getApplicationSummary(applicationId, tx);
  if (!app) throw new Error("application missing");
  const products = await listActiveProductTerms(tx);
  const decisions = matchApplication(
    products,
    {
      amountCents: toCents(app.amount),
      state: app.state,
      purpose: app.purpose,
      annualIncomeCents: toCents(app.annualIncome),
      // The optional answers of step 4 (a range counts as its lower bound); not stated: unknown.
      ...profileAnswers(app),
    },
    now,
  );
  await insertDecisions(tx, applicationId, decisions);
  let offers = 0;
  let lowestAprBps: number | null = null;
  for (const d of decisions) {
    if (!d.offer) continue;
    const nmlsId = products.find((p) => p.productId === d.productId)?.nmlsId ?? "";
    await insertOffer(tx, applicationId, { ...d.offer, nmlsId });
    offers++;
    lowestAprBps = lowestAprBps == null ? d.offer.estimatedAprBps : Math.min(lowestAprBps, d.offer.estimatedAprBps);
  }
  // The stage moves with the matching: offers ready, or no lender match with the reasons that decided it.
  const row = await getApplicationRowById(applicationId, tx);
  const noMatch = offers ? null : explainNoMatch(decisions, { state: app.state, purpose: app.purpose });
  if (row) {
    await applyMove(tx, row, offers ? "match-offers" : "match-none", {
      actor: "system",
      actorUserId: null,
      hasAcceptedOffer: false,
      reason: noMatch ? noMatch.reasons.join(" ") : null,
      note: offers ? `${offers} offer${offers === 1 ? "" : "s"} ready` : null,
      now,
    });
  }
  // Each lender that evaluated the application and made no offer sends its own notice, offers or not.
  const nmlsOf = new Map(products.map((p) => [p.productId, p.nmlsId]));
  const notices = lenderNotices(decisions.map((d) => ({ ...d, nmlsId: nmlsOf.get(d.productId) ?? "" })));
  // The same explanation in Spanish, for a Spanish reader's notice (issue 30); the stage keeps the English one.
  const noMatchIn = noMatch ? { es: explainNoMatch(decisions, { state: app.state, purpose: app.purpose }, undefined, "es") } : undefined;
  return { offers, notices, noMatch, lowestAprBps, ...(noMatchIn ? { noMatchIn } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Read models for pages and the API (owner, or an admin, only)
// ---------------------------------------------------------------------------------------------

type Viewer = { id: number; role: string };
const mayView = (viewer: Viewer, ownerId: number) => viewer.role === "admin" || viewer.id === ownerId;

/**
 * Where a read model is read from, for the audit of an admin's read (an owner's own reads are not
 * audited). Required, so no page or API route can leave an admin's read unrecorded by accident.
 */
export type ReadContext = {
  ip: string | null;
  via: AdminReadChannel;
  /** Where the owner is shown the summary (recorded as a presentation); `via` decides when absent. */
  as?: PresentationChannel;
};

/** An application's offers for its owner or an admin; null when absent or not theirs (a 404). */
export async function getOffersForViewer(viewer: Viewer, reference: string, read: ReadContext, lang: Language = "en") {
  const app = await getSubmittedApplicationByReference(reference);
  if (!app || !mayView(viewer, app.userId)) return null;
  await recordAdminReadBy(viewer, read.ip, read.via, { kind: "application", part: "offers", applicationId: app.id });
  const [offers, decisions, acceptance, declines, lifecycle, notices] = await Promise.all([
    listOffers(app.id),
    listDecisions(app.id),
    getAcceptance(app.id),
    listDeclinesForApplication(app.id),
    lifecycleViewById(app.id),
    listApplicantNotices([app.id]),
  ]);
  const market = applicantMarketplace({ offers, decisions, acceptance });
  const missing = new Set(BOOST_FIELDS.filter((f) => !app[f]));
  // Only the applicant answers for their business: an admin reading the page sees no form.
  const open = viewer.id === app.userId && boostOpen(lifecycle?.stage ?? effectiveStage(app), Boolean(acceptance));
  // The reasons in the reader's language (issue 30): the same codes, the notices' words (namespace "mail").
  const words = lang === "en" ? null : resourcesFor(lang).mail;
  const codeOf = new Map(Object.entries(REASON_TEXT).map(([code, text]) => [text, code as ReasonCode]));
  const inLanguage = (reasons: string[]) => (words ? reasons.map((r) => words.reasons[codeOf.get(r)!] ?? r) : reasons);
  const noMatch = lifecycle?.noLenderMatch
    ? words
      ? explainNoMatch(decisions, { state: app.state, purpose: app.purpose }, undefined, lang).reasons
      : lifecycle.noLenderMatch.reasons
    : null;
  return {
    application: { reference: app.reference, status: app.status, amount: Number(app.amount), purpose: app.purpose, state: app.state },
    ...market,
    // At "no lender match" the reasons that decided it, the same words as every other screen.
    principalReasons: noMatch ?? inLanguage(market.principalReasons),
    /** Each partner lender that declined after review, named, with its principal reasons. */
    lenderDeclines: declines.map((d) => {
      const decline = applicantLenderDecline(d);
      if (!words) return decline;
      const declineWords = words.declineReasons as Record<string, string>;
      return { ...decline, reasons: d.reasons.map((code) => declineWords[code] ?? declineReasonText(code)) };
    }),
    lifecycle,
    /** The notices of action taken sent about it, with when each was sent. */
    notices: notices.get(app.id) ?? [],
    /**
     * "Boost your offers": which missing answer would unlock or improve which named lender's offer,
     * and the answers the form asks for; null once the application can gain no offer, or for an admin.
     */
    boost: open && missing.size ? { hints: boostHints(decisions, missing), missing: [...missing] } : null,
  };
}

/**
 * One offer with its disclosure for its owner or an admin; null when absent or not theirs.
 * `read` null: not a read shown to the viewer (the acceptance action re-checks the owner only).
 */
export async function getOfferDisclosureForViewer(viewer: Viewer, offerId: number, read: ReadContext | null, lang: Language = "en") {
  const offer = await getOfferById(offerId);
  if (!offer) return null;
  const app = await getApplicationSummary(offer.applicationId);
  if (!app || !mayView(viewer, app.userId)) return null;
  if (read) await recordAdminReadBy(viewer, read.ip, read.via, { kind: "application", part: "offer", applicationId: app.id, offerId });
  const acceptance = await getAcceptance(app.id);
  // The text and table in the reader's language (issue 30): the same figures; the hash is of the text shown.
  const text = disclosureText(offer, app.reference, app.state, lang);
  const summary = offerSummary(offer, app.state, lang);
  // The record that the summary was presented to the applicant: which form, when, where, and the
  // hash of the text shown (an admin's read is recorded as such above, not as a presentation).
  if (read && viewer.id === app.userId) {
    const via = read.as ?? (read.via === "api" ? "api" : "offer-page");
    await recordSummaryPresentation(getDb(), {
      offerId: offer.id,
      applicationId: app.id,
      userId: viewer.id,
      spec: summary.spec,
      textSha256: sha256(text),
      via,
      ip: read.ip,
      language: lang,
    });
    await recordApplicationEvent(getDb(), {
      applicationId: app.id,
      actorUserId: viewer.id,
      type: "offer_summary_presented",
      note: `Offer ${offer.id}: ${summary.citation}, via ${via}, sha256 ${sha256(text)}`,
    });
  }
  return {
    reference: app.reference,
    applicationStatus: app.status,
    /** The application's state: which form the summary takes. */
    applicationState: app.state,
    isOwner: viewer.id === app.userId,
    offer: toOfferView(offer),
    disclosure: disclosureRows(offer, app.state, lang),
    /** The state's form: its header, the table's rows, and the statement to sign (null: none). */
    summary,
    disclosureText: text,
    disclosureSha256: sha256(text),
    /** The language of the summary and text above. */
    language: lang,
    acceptance: acceptance ? toAcceptanceView(acceptance) : null,
  };
}

/** Admin: an application's decisions, offers and acceptance (with the signed disclosure). */
export async function getMarketplaceForAdmin(applicationId: number) {
  const [offers, decisions, acceptance, products] = await Promise.all([
    listOffers(applicationId),
    listDecisions(applicationId),
    getAcceptance(applicationId),
    listActiveProductTerms(),
  ]);
  return {
    offers: offers.map((o) => toOfferView(o)),
    decisions: decisions.map((d) => ({
      id: d.id,
      lenderName: d.lenderName,
      productName: d.productName,
      eligible: d.eligible,
      /** False: the product does not serve the applicant's state or purpose, so it did not evaluate the application. */
      evaluated: isEvaluated(d),
      reasons: d.reasons.map((r) => REASON_TEXT[r as ReasonCode] ?? r),
      unlock: d.unlock,
    })),
    acceptance: acceptance ? { ...toAcceptanceView(acceptance), disclosureText: acceptance.disclosureText } : null,
    products: products.map((p) => ({
      id: p.productId,
      label: `${p.lenderName} - ${p.productName}`,
      defaultTermMonths: p.defaultTermMonths,
    })),
  };
}

export type OfferAnnouncement = { count: number; lowestAprBps: number; text: string };

/**
 * "3 offers ready, from 16.79% APR", for each of these applications that has offers its applicant
 * can still choose (live: offered and not expired; nothing accepted). Applications without any are
 * left out, so no screen says "see your offers" when there is nothing to see.
 */
export async function offerAnnouncements(applicationIds: readonly number[]): Promise<Map<number, OfferAnnouncement>> {
  const out = new Map<number, OfferAnnouncement>();
  const now = new Date();
  await Promise.all(
    applicationIds.map(async (id) => {
      const states = (await listOffers(id)).map((o) => ({ state: offerState(o, now), estimatedAprBps: o.estimatedAprBps }));
      if (states.some((o) => o.state === "accepted")) return;
      const a = offersAnnouncement(states.filter((o) => o.state === "offered"));
      if (a) out.set(id, { ...a, text: announcementText(a) });
    }),
  );
  return out;
}
