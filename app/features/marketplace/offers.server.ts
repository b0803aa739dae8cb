/**
 * The marketplace's per-application data: each lender product's decision on an application
 * (lender_decisions), the stored offers (offers) and the acceptance record (offer_acceptances).
 * The catalogue of lenders and products is in lenders.server.ts.
 */
import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import { getDb, schema, type DbOrTx, type Tx } from "~/platform/db/db.server";
import type { Decision, PricedOffer } from "~/features/marketplace/domain/offer-matching";

const O = schema.offers;
const D = schema.lenderDecisions;
const A = schema.offerAcceptances;

export type OfferRow = typeof schema.offers.$inferSelect;
export type AcceptanceRow = typeof schema.offerAcceptances.$inferSelect;
export type DecisionRow = typeof schema.lenderDecisions.$inferSelect;

export async function insertDecisions(tx: Tx, applicationId: number, decisions: readonly Decision[]) {
  if (!decisions.length) return;
  await tx.insert(D).values(
    decisions.map((d) => ({
      applicationId,
      lenderProductId: d.productId,
      lenderName: d.lenderName,
      productName: d.productName,
      eligible: d.eligible,
      reasons: [...d.reasons],
      unlock: d.unlock,
    })),
  );
}

/** A product's decision made again (Boost your offers): its eligibility, reasons and hints now. */
export async function updateDecision(tx: Tx, id: number, d: Decision) {
  await tx
    .update(D)
    .set({ eligible: d.eligible, reasons: [...d.reasons], unlock: d.unlock })
    .where(eq(D.id, id));
}

/** Only what stating more would still unlock, for a product whose offer stays as it was. */
export async function updateDecisionUnlock(tx: Tx, id: number, unlock: string[]) {
  await tx.update(D).set({ unlock }).where(eq(D.id, id));
}

export async function insertOffer(
  tx: Tx,
  applicationId: number,
  o: PricedOffer & { nmlsId: string; source?: "match" | "manual" | "lender"; createdBy?: number | null },
) {
  const [res] = await tx.insert(O).values({
    applicationId,
    lenderProductId: o.productId,
    lenderId: o.lenderId,
    source: o.source ?? "match",
    lenderName: o.lenderName,
    lenderNmlsId: o.nmlsId,
    productName: o.productName,
    amountCents: o.amountCents,
    termMonths: o.termMonths,
    noteRateBps: o.noteRateBps,
    feeCents: o.feeCents,
    fundingCents: o.fundingCents,
    paymentCents: o.paymentCents,
    finalPaymentCents: o.finalPaymentCents,
    paymentCount: o.paymentCount,
    totalPaymentsCents: o.totalPaymentsCents,
    financeChargeCents: o.financeChargeCents,
    estimatedAprBps: o.estimatedAprBps,
    prepayment: o.prepayment,
    collateral: o.collateral,
    avoidableFees: o.avoidableFees,
    fundingDays: o.fundingDays,
    expiresAt: o.expiresAt,
    createdBy: o.createdBy ?? null,
  });
  return res.insertId;
}

export async function hasDecisions(db: DbOrTx, applicationId: number) {
  const [row] = await db.select({ id: D.id }).from(D).where(eq(D.applicationId, applicationId)).limit(1);
  return Boolean(row);
}

export async function listDecisions(applicationId: number, db: DbOrTx = getDb()): Promise<DecisionRow[]> {
  return db.select().from(D).where(eq(D.applicationId, applicationId)).orderBy(desc(D.eligible), asc(D.lenderName), asc(D.id));
}

export async function listOffers(applicationId: number, db: DbOrTx = getDb()): Promise<OfferRow[]> {
  return db.select().from(O).where(eq(O.applicationId, applicationId)).orderBy(asc(O.estimatedAprBps), asc(O.id));
}

export async function getOfferById(id: number, db: DbOrTx = getDb()): Promise<OfferRow | null> {
  const [row] = await db.select().from(O).where(eq(O.id, id)).limit(1);
  return row ?? null;
}

export async function lockOffer(tx: Tx, id: number): Promise<OfferRow | null> {
  const [row] = await tx.select().from(O).where(eq(O.id, id)).for("update").limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Offer summary presentations (the evidence that the disclosure was shown before signing)
// ---------------------------------------------------------------------------------------------

export type PresentationChannel = "offer-page" | "summary-page" | "pdf" | "api" | "email";
export type SummaryPresentation = typeof schema.offerSummaryPresentations.$inferSelect;

export async function recordSummaryPresentation(
  db: DbOrTx,
  p: {
    offerId: number;
    applicationId: number;
    userId: number | null;
    spec: string;
    textSha256: string;
    via: PresentationChannel;
    ip: string | null;
    at?: Date;
    /** The language of the text shown (issue 30); English when not given. */
    language?: "en" | "es";
  },
) {
  await db.insert(schema.offerSummaryPresentations).values({
    offerId: p.offerId,
    applicationId: p.applicationId,
    userId: p.userId,
    spec: p.spec,
    textSha256: p.textSha256,
    via: p.via,
    ip: p.ip ? p.ip.slice(0, 64) : null,
    presentedAt: p.at ?? new Date(),
    language: p.language ?? "en",
  });
}

/** Every presentation of these offers' summaries, oldest first. */
export async function listSummaryPresentations(offerIds: readonly number[], db: DbOrTx = getDb()): Promise<SummaryPresentation[]> {
  if (!offerIds.length) return [];
  return db
    .select()
    .from(schema.offerSummaryPresentations)
    .where(inArray(schema.offerSummaryPresentations.offerId, [...offerIds]))
    .orderBy(asc(schema.offerSummaryPresentations.presentedAt), asc(schema.offerSummaryPresentations.id));
}

export async function getAcceptance(applicationId: number, db: DbOrTx = getDb()): Promise<AcceptanceRow | null> {
  const [row] = await db.select().from(A).where(eq(A.applicationId, applicationId)).limit(1);
  return row ?? null;
}

/** A locking read: sees the latest committed acceptance whatever the transaction's snapshot. */
export async function lockAcceptance(tx: Tx, applicationId: number): Promise<AcceptanceRow | null> {
  const [row] = await tx.select().from(A).where(eq(A.applicationId, applicationId)).for("update").limit(1);
  return row ?? null;
}

export async function insertAcceptance(tx: Tx, v: typeof schema.offerAcceptances.$inferInsert) {
  await tx.insert(A).values(v);
}

export async function setOfferStatus(tx: Tx, id: number, status: "accepted" | "withdrawn", reason?: string) {
  await tx
    .update(O)
    .set(status === "withdrawn" ? { status, withdrawnAt: new Date(), withdrawnReason: reason ?? null } : { status })
    .where(eq(O.id, id));
}

/** Withdraws every still-offered offer of the application except `keepId`. */
export async function withdrawOtherOffers(tx: Tx, applicationId: number, keepId: number, reason: string) {
  await tx
    .update(O)
    .set({ status: "withdrawn", withdrawnAt: new Date(), withdrawnReason: reason })
    .where(and(eq(O.applicationId, applicationId), ne(O.id, keepId), eq(O.status, "offered")));
}

/** A lender's outstanding offers (made, not accepted nor withdrawn), oldest first. */
export async function listOutstandingOffersOfLender(lenderId: number, db: DbOrTx = getDb()) {
  const o = schema.offers;
  return db
    .select({ id: o.id, applicationId: o.applicationId })
    .from(o)
    .where(and(eq(o.lenderId, lenderId), eq(o.status, "offered")))
    .orderBy(asc(o.id));
}

/** An application's lender declines (the applicant's notices: each names its lender). */
export async function listDeclinesForApplication(applicationId: number, db: DbOrTx = getDb()) {
  return db
    .select()
    .from(schema.lenderDeclines)
    .where(eq(schema.lenderDeclines.applicationId, applicationId))
    .orderBy(schema.lenderDeclines.id);
}
