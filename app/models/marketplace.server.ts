/**
 * The marketplace's data: lenders and their products, each product's decision on an application,
 * the stored offers and the acceptance record. The only module that touches these tables.
 */
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { getDb, schema, type DbOrTx, type Tx } from "~/models/db.server";
import type { Decision, LenderProductTerms, PricedOffer } from "~/utils/offer-matching";

const L = schema.lenders;
const P = schema.lenderProducts;
const O = schema.offers;
const D = schema.lenderDecisions;
const A = schema.offerAcceptances;
const apps = schema.loanApplications;

export type OfferRow = typeof schema.offers.$inferSelect;
export type LenderRow = typeof schema.lenders.$inferSelect;
export type LenderProductRow = typeof schema.lenderProducts.$inferSelect;
export type AcceptanceRow = typeof schema.offerAcceptances.$inferSelect;
export type DecisionRow = typeof schema.lenderDecisions.$inferSelect;

export function toTerms(p: LenderProductRow, l: Pick<LenderRow, "id" | "name">): LenderProductTerms {
  return {
    productId: p.id,
    lenderId: l.id,
    lenderName: l.name,
    productName: p.name,
    states: p.states,
    purposes: p.purposes,
    minAmountCents: p.minAmountCents,
    maxAmountCents: p.maxAmountCents,
    termsMonths: p.termsMonths,
    defaultTermMonths: p.defaultTermMonths,
    rateTiers: p.rateTiers,
    originationFeeBps: p.originationFeeBps,
    minAnnualIncomeCents: p.minAnnualIncomeCents,
    minCreditScore: p.minCreditScore,
    minYearsInBusiness: p.minYearsInBusiness,
    maxPaymentToIncomeBps: p.maxPaymentToIncomeBps,
    prepayment: p.prepayment,
    fundingDays: p.fundingDays,
  };
}

/** Every active product of an active lender, with the lender's NMLS id, in a stable order. */
export async function listActiveProductTerms(db: DbOrTx = getDb()): Promise<Array<LenderProductTerms & { nmlsId: string }>> {
  const rows = await db
    .select({ p: P, l: { id: L.id, name: L.name, nmlsId: L.nmlsId } })
    .from(P)
    .innerJoin(L, eq(L.id, P.lenderId))
    .where(and(eq(P.active, true), eq(L.status, "active")))
    .orderBy(asc(P.id));
  return rows.map((r) => ({ ...toTerms(r.p, r.l), nmlsId: r.l.nmlsId }));
}

export async function getProductWithLender(productId: number, db: DbOrTx = getDb()) {
  const [row] = await db.select({ p: P, l: L }).from(P).innerJoin(L, eq(L.id, P.lenderId)).where(eq(P.id, productId)).limit(1);
  return row ?? null;
}

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

export async function insertOffer(tx: Tx, applicationId: number, o: PricedOffer & { nmlsId: string; source?: "match" | "manual"; createdBy?: number | null }) {
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

export async function getAcceptance(applicationId: number, db: DbOrTx = getDb()): Promise<AcceptanceRow | null> {
  const [row] = await db.select().from(A).where(eq(A.applicationId, applicationId)).limit(1);
  return row ?? null;
}

/** A locking read: sees the latest committed acceptance whatever the transaction's snapshot. */
export async function lockAcceptance(tx: Tx, applicationId: number): Promise<AcceptanceRow | null> {
  const [row] = await tx.select().from(A).where(eq(A.applicationId, applicationId)).for("update").limit(1);
  return row ?? null;
}

export async function lockApplicationRow(tx: Tx, applicationId: number) {
  const [row] = await tx.select().from(apps).where(eq(apps.id, applicationId)).for("update").limit(1);
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

/** A submitted application by its reference (any letter case), with its owner. */
export async function getSubmittedApplicationByReference(reference: string, db: DbOrTx = getDb()) {
  const [row] = await db
    .select({ id: apps.id, reference: apps.reference, userId: apps.userId, status: apps.status, amount: apps.amount, purpose: apps.purpose, state: apps.state })
    .from(apps)
    .where(and(eq(apps.reference, reference.trim().toUpperCase()), ne(apps.status, "draft")))
    .limit(1);
  return row ?? null;
}

export async function getApplicationSummary(id: number, db: DbOrTx = getDb()) {
  const [row] = await db
    .select({ id: apps.id, reference: apps.reference, userId: apps.userId, status: apps.status, amount: apps.amount, purpose: apps.purpose, state: apps.state, annualIncome: apps.annualIncome })
    .from(apps)
    .where(and(eq(apps.id, id), ne(apps.status, "draft")))
    .limit(1);
  return row ?? null;
}

/** Offer counts per application (offered and not expired), for the dashboard. */
export async function countOpenOffers(applicationIds: number[], db: DbOrTx = getDb()): Promise<Map<number, number>> {
  if (!applicationIds.length) return new Map();
  const rows = await db
    .select({ applicationId: O.applicationId, n: sql<number>`count(*)` })
    .from(O)
    .where(and(inArray(O.applicationId, applicationIds), inArray(O.status, ["offered", "accepted"])))
    .groupBy(O.applicationId);
  return new Map(rows.map((r) => [r.applicationId, Number(r.n)]));
}

// ---------------------------------------------------------------------------------------------
// The catalogue (admin)
// ---------------------------------------------------------------------------------------------

export type LenderFilter = { q?: string; status?: "all" | "active" | "paused"; state?: string; purpose?: string };

export async function listLendersWithProducts(filter: LenderFilter = {}, db: DbOrTx = getDb()) {
  const lenders = await db.select().from(L).orderBy(asc(L.name));
  const products = await db.select().from(P).orderBy(asc(P.id));
  const q = filter.q?.trim().toLowerCase();
  return lenders
    .map((l) => ({ ...l, products: products.filter((p) => p.lenderId === l.id) }))
    .filter((l) => !q || l.name.toLowerCase().includes(q) || l.nmlsId.includes(q))
    .filter((l) => !filter.status || filter.status === "all" || l.status === filter.status)
    .filter((l) => !filter.state || l.products.some((p) => p.states.includes(filter.state!)))
    .filter((l) => !filter.purpose || l.products.some((p) => p.purposes.includes(filter.purpose!)));
}

export async function getLender(id: number, db: DbOrTx = getDb()) {
  const [l] = await db.select().from(L).where(eq(L.id, id)).limit(1);
  if (!l) return null;
  const products = await db.select().from(P).where(eq(P.lenderId, id)).orderBy(asc(P.id));
  return { ...l, products };
}

export async function countLenders(db: DbOrTx = getDb()) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(L);
  return Number(row?.n ?? 0);
}

export async function insertLender(db: DbOrTx, v: typeof schema.lenders.$inferInsert) {
  const [res] = await db.insert(L).values(v);
  return res.insertId;
}
export async function updateLender(db: DbOrTx, id: number, v: Partial<typeof schema.lenders.$inferInsert>) {
  await db.update(L).set({ ...v, updatedAt: new Date() }).where(eq(L.id, id));
}
export async function insertProduct(db: DbOrTx, v: typeof schema.lenderProducts.$inferInsert) {
  const [res] = await db.insert(P).values(v);
  return res.insertId;
}
export async function updateProduct(db: DbOrTx, id: number, v: Partial<typeof schema.lenderProducts.$inferInsert>) {
  await db.update(P).set({ ...v, updatedAt: new Date() }).where(eq(P.id, id));
}
