/** The partner lenders and their products (lenders, lender_products): the marketplace's catalogue. */
import { and, asc, eq, sql } from "drizzle-orm";
import { type DbOrTx, getDb, schema } from "~/platform/db/db.server";
import type { LenderProductTerms } from "~/features/marketplace/domain/offer-matching";
import { productProblems } from "~/features/marketplace/domain/catalogue-rules";

export type { RateTierRow } from "../../../db/schema";

const L = schema.lenders;
const P = schema.lenderProducts;
export type LenderRow = typeof schema.lenders.$inferSelect;
export type LenderProductRow = typeof schema.lenderProducts.$inferSelect;
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
    collateral: p.collateral,
    avoidableFees: p.avoidableFees,
    fundingDays: p.fundingDays,
  };
}

/** The names of the active lenders with at least one active product (the landing's partner strip), A to Z. */
export async function listPartnerLenderNames(db: DbOrTx = getDb()): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: L.name })
    .from(L)
    .innerJoin(P, eq(P.lenderId, L.id))
    .where(and(eq(P.active, true), eq(L.status, "active")))
    .orderBy(asc(L.name))
    .limit(12);
  return rows.map((r) => r.name);
}

/** Every active product of an active lender, with the lender's NMLS id, in a stable order. */
export async function listActiveProductTerms(db: DbOrTx = getDb()): Promise<Array<LenderProductTerms & { nmlsId: string }>> {
  const rows = await db
    .select({ p: P, l: { id: L.id, name: L.name, nmlsId: L.nmlsId } })
    .from(P)
    .innerJoin(L, eq(L.id, P.lenderId))
    .where(and(eq(P.active, true), eq(L.status, "active")))
    .orderBy(asc(P.id));
  // A product that could not be saved today (blank or zero rate, no amounts) never prices an offer.
  return rows.filter((r) => productProblems(r.p).length === 0).map((r) => ({ ...toTerms(r.p, r.l), nmlsId: r.l.nmlsId }));
}

export async function getProductWithLender(productId: number, db: DbOrTx = getDb()) {
  const [row] = await db.select({ p: P, l: L }).from(P).innerJoin(L, eq(L.id, P.lenderId)).where(eq(P.id, productId)).limit(1);
  return row ?? null;
}

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
  await db
    .update(L)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(L.id, id));
}
export async function insertProduct(db: DbOrTx, v: typeof schema.lenderProducts.$inferInsert) {
  const [res] = await db.insert(P).values(v);
  return res.insertId;
}
export async function updateProduct(db: DbOrTx, id: number, v: Partial<typeof schema.lenderProducts.$inferInsert>) {
  await db
    .update(P)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(P.id, id));
}

/** The id of the lender called `name`, or null. */
export async function findLenderIdByName(name: string, db: DbOrTx = getDb()): Promise<number | null> {
  const [row] = await db.select({ id: L.id }).from(L).where(eq(L.name, name)).limit(1);
  return row?.id ?? null;
}

export async function updateLenderStatus(id: number, status: "active" | "paused", db: DbOrTx = getDb()) {
  await updateLender(db, id, { status });
}

/**
 * The names of the active lenders with an active product for this state (and purpose, when
 * known), sorted: the lenders the credit authorisation names (app/content/consents.ts).
 */
export async function lenderNamesServing(state: string, purpose: string | null, db: DbOrTx = getDb()): Promise<string[]> {
  const products = await listActiveProductTerms(db);
  const names = new Set(
    products.filter((p) => p.states.includes(state) && (!purpose || p.purposes.includes(purpose))).map((p) => p.lenderName),
  );
  return [...names].sort((a, b) => a.localeCompare(b));
}
