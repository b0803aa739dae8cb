/**
 * "Boost your offers": after submitting, the applicant gives answers the application left out
 * (credit-score range, time in business) and matching runs again for that application, in ONE
 * transaction with an application event. A product with no offer on the application yet is
 * decided again, and a new eligible decision adds its offer. An offer already made stays as it is,
 * except when the added answers price it lower (the page promised "it may lower X's rate"): then
 * a new offer at the lower rate replaces it, and the old one shows as withdrawn. A stated answer
 * never raises a rate or takes an offer away. Refused once an offer was accepted, or the
 * application was funded, declined or withdrawn (only the stages before acceptance may gain offers).
 */
import {
  effectiveStage,
  getSubmittedApplicationByReference,
  lockApplication,
  recordApplicationEvent,
  setPricingAnswers,
} from "~/features/applications/index.server";
import { transaction } from "~/platform/db/db.server";
import { MARKET_MSG } from "~/content/messages";
import { toCents } from "~/features/marketplace/domain/offer-money";
import { matchApplication } from "~/features/marketplace/domain/offer-matching";
import { BOOST_FIELDS, profileAnswers, type BoostField } from "~/features/marketplace/domain/boost-hints";
import {
  getAcceptance,
  insertDecisions,
  insertOffer,
  listDecisions,
  listOffers,
  setOfferStatus,
  updateDecision,
  updateDecisionUnlock,
} from "./offers.server";
import { listActiveProductTerms } from "./lenders.server";
import { applyMove } from "./loan-stage.server";
import type { BoostAnswers } from "./boost.schema";

export type BoostOutcome =
  { ok: true; added: number; lenderNames: string[] } | { ok: false; status: 404 } | { ok: false; status: 400 | 409; message: string };

/** Recorded on an offer that a lower-priced one replaced (the offer row's withdrawal reason). */
export const REPRICED_REASON = "Replaced by a lower rate after the answers you added";

/** Stages that may still gain offers. */
const OPEN_STAGES: ReadonlySet<string> = new Set(["submitted", "offers-ready", "no-lender-match"]);

/** True when the application may still be boosted (no acceptance, stage before acceptance). */
export const boostOpen = (stage: string, accepted: boolean) => OPEN_STAGES.has(stage) && !accepted;

/** Re-runs matching for the owner's application with the answers it was missing. */
export async function boostOffers(userId: number, reference: string, answers: BoostAnswers, now = new Date()): Promise<BoostOutcome> {
  const found = await getSubmittedApplicationByReference(reference);
  if (!found || found.userId !== userId) return { ok: false, status: 404 };
  return transaction(async (tx): Promise<BoostOutcome> => {
    const row = await lockApplication(tx, found.id);
    if (!row) return { ok: false, status: 404 };
    if (!boostOpen(effectiveStage(row), Boolean(await getAcceptance(row.id, tx)))) {
      return { ok: false, status: 409, message: MARKET_MSG.boostClosed };
    }
    // Only answers the application does not state yet: a stated answer is what the offers were made on.
    const given: Partial<Record<BoostField, string>> = {};
    for (const f of BOOST_FIELDS) if (answers[f] && !row[f]) given[f] = answers[f];
    if (!Object.keys(given).length) return { ok: false, status: 400, message: MARKET_MSG.boostNothingGiven };
    await setPricingAnswers(tx, row.id, given as Parameters<typeof setPricingAnswers>[2]);

    const products = await listActiveProductTerms(tx);
    const decisions = matchApplication(
      products,
      {
        amountCents: toCents(row.amount),
        state: row.state,
        purpose: row.purpose,
        annualIncomeCents: toCents(row.annualIncome),
        ...profileAnswers({
          creditScoreRange: given.creditScoreRange ?? row.creditScoreRange,
          timeInBusiness: given.timeInBusiness ?? row.timeInBusiness,
        }),
      },
      now,
    );
    const [stored, offers] = await Promise.all([listDecisions(row.id, tx), listOffers(row.id, tx)]);
    const added: string[] = [];
    let repriced = 0;
    const nmlsOf = (productId: number) => products.find((p) => p.productId === productId)?.nmlsId ?? "";
    for (const d of decisions) {
      const before = stored.find((s) => s.lenderProductId === d.productId);
      const made = offers.filter((o) => o.lenderProductId === d.productId);
      if (made.length) {
        // The product's open offer, priced again with the added answers: replaced only when lower.
        const open = made.find((o) => o.status === "offered" && o.source === "match" && o.expiresAt > now);
        if (open && d.offer && d.offer.noteRateBps < open.noteRateBps) {
          await setOfferStatus(tx, open.id, "withdrawn", REPRICED_REASON);
          await insertOffer(tx, row.id, { ...d.offer, nmlsId: nmlsOf(d.productId) });
          if (before) await updateDecision(tx, before.id, d);
          added.push(d.lenderName);
          repriced++;
        } else if (before) {
          // The offer stays as it was; what a missing answer would still do is said again (a stated
          // score unlocks nothing more), but a stated answer never turns a made offer into a decline.
          await updateDecisionUnlock(tx, before.id, d.eligible ? d.unlock : []);
        }
        continue;
      }
      if (before) await updateDecision(tx, before.id, d);
      else await insertDecisions(tx, row.id, [d]);
      if (!d.offer) continue;
      await insertOffer(tx, row.id, { ...d.offer, nmlsId: nmlsOf(d.productId) });
      added.push(d.lenderName);
    }
    await recordApplicationEvent(tx, {
      applicationId: row.id,
      actorUserId: userId,
      type: "offers_boosted",
      note: `Answers added: ${Object.keys(given).join(", ")}; ${added.length} new offer${added.length === 1 ? "" : "s"}${repriced ? ` (${repriced} at a lower rate, replacing the earlier offer)` : ""}`,
    });
    if (added.length && effectiveStage(row) !== "offers-ready") {
      await applyMove(tx, row, "offer-added", {
        actor: "applicant",
        actorUserId: userId,
        hasAcceptedOffer: false,
        note: `New offers after added answers: ${added.join(", ")}`,
        now,
      });
    }
    return { ok: true, added: added.length, lenderNames: added };
  });
}
