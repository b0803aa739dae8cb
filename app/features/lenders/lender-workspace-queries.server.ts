/**
 * The lender workspace's reads, every one scoped to ONE lender: an application is shared
 * with a lender when its applicant agreed to share it with the matched partner lenders
 * (loan_applications.lender_share_consent_at) AND it has an offer of that lender (the
 * marketplace's instant offer from one of its products, or the lender's own firm offer). Nothing
 * here returns another lender's offers, decisions or declines.
 */
import { and, desc, eq, inArray, isNotNull, or, type SQL } from "drizzle-orm";
import { getDb, schema, type DbOrTx, type Tx } from "~/platform/db/db.server";

const O = schema.offers;
const P = schema.lenderProducts;
const L = schema.lenderDeclines;
const A = schema.offerAcceptances;
const R = schema.documentRequests;
const APP = schema.loanApplications;
const U = schema.users;

/** At most this many applications in a lender's queue (the newest). */
export const LENDER_QUEUE_MAX = 500;

/** The offers of `lenderId`. */
const ofLender = (db: DbOrTx, lenderId: number) =>
  or(eq(O.lenderId, lenderId), inArray(O.lenderProductId, db.select({ id: P.id }).from(P).where(eq(P.lenderId, lenderId))));

/** The applications whose applicant agreed to share them with the matched partner lenders. */
const consented = (db: DbOrTx) => inArray(O.applicationId, db.select({ id: APP.id }).from(APP).where(isNotNull(APP.lenderShareConsentAt)));

/** The offers that make an application shared with `lenderId`: the lender's, on a consented application. */
const sharedBy = (db: DbOrTx, lenderId: number) => and(ofLender(db, lenderId), consented(db));

/**
 * The ids of the applications shared with the lender, newest first. The two halves of ofLender are
 * read apart, each from its own index (offers_lender_idx, offers_lender_product_idx), and merged:
 * with the OR in one query the database walks every offer from the newest down until it has found
 * enough, which takes seconds for a lender with few applications among 100,000. The consent is
 * checked on each offer's application by its primary key as the index is walked.
 */
export async function sharedApplicationIds(lenderId: number, db: DbOrTx = getDb()): Promise<number[]> {
  const newest = (where: SQL | undefined) =>
    db
      .selectDistinct({ applicationId: O.applicationId })
      .from(O)
      .innerJoin(APP, eq(APP.id, O.applicationId))
      .where(and(where, isNotNull(APP.lenderShareConsentAt)))
      .orderBy(desc(O.applicationId))
      .limit(LENDER_QUEUE_MAX);
  const byLender = await newest(eq(O.lenderId, lenderId));
  const byProduct = await newest(inArray(O.lenderProductId, db.select({ id: P.id }).from(P).where(eq(P.lenderId, lenderId))));
  const ids = new Set([...byLender, ...byProduct].map((r) => r.applicationId));
  return [...ids].sort((a, b) => b - a).slice(0, LENDER_QUEUE_MAX);
}

/** The names of applicants (the owners of applications shared with the lender), for its queue. */
export async function applicantNames(userIds: number[], db: DbOrTx = getDb()): Promise<Map<number, string>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ id: U.id, first: U.firstName, last: U.lastName })
    .from(U)
    .where(inArray(U.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`.trim()]));
}

/** Is the application shared with the lender? */
export async function isSharedWithLender(lenderId: number, applicationId: number, db: DbOrTx = getDb()): Promise<boolean> {
  const [row] = await db
    .select({ id: O.id })
    .from(O)
    .where(and(eq(O.applicationId, applicationId), sharedBy(db, lenderId)))
    .limit(1);
  return Boolean(row);
}

/** This lender's offers on these applications (never another lender's). */
export async function offersOfLender(lenderId: number, applicationIds: number[], db: DbOrTx = getDb()) {
  if (!applicationIds.length) return [];
  return db
    .select()
    .from(O)
    .where(and(inArray(O.applicationId, applicationIds), ofLender(db, lenderId)))
    .orderBy(O.applicationId, O.id);
}

/** This lender's declines of these applications. */
export async function declinesOfLender(lenderId: number, applicationIds: number[], db: DbOrTx = getDb()) {
  if (!applicationIds.length) return [];
  return db
    .select()
    .from(L)
    .where(and(eq(L.lenderId, lenderId), inArray(L.applicationId, applicationIds)));
}

/** Which offer (if any) each application accepted: only the id, to tell "ours" from "someone else's". */
export async function acceptedOfferIds(applicationIds: number[], db: DbOrTx = getDb()) {
  if (!applicationIds.length) return new Map<number, number>();
  const rows = await db
    .select({ applicationId: A.applicationId, offerId: A.offerId })
    .from(A)
    .where(inArray(A.applicationId, applicationIds));
  return new Map(rows.map((r) => [r.applicationId, r.offerId]));
}

/** The document requests this lender made on an application. */
export async function documentRequestsOfLender(lenderId: number, applicationId: number, db: DbOrTx = getDb()) {
  return db
    .select({ id: R.id, message: R.message, status: R.status, createdAt: R.createdAt })
    .from(R)
    .where(and(eq(R.lenderId, lenderId), eq(R.applicationId, applicationId)))
    .orderBy(desc(R.id));
}

export async function insertLenderDecline(
  tx: Tx,
  v: { applicationId: number; lenderId: number; lenderName: string; reasons: string[]; declinedBy: number | null },
) {
  const [res] = await tx.insert(L).values(v);
  return res.insertId;
}

export async function confirmOffer(tx: Tx, offerId: number, userId: number | null, now = new Date()) {
  await tx.update(O).set({ lenderConfirmedAt: now, lenderConfirmedBy: userId }).where(eq(O.id, offerId));
}

/** Withdraws this lender's still-offered offers of an application (a decline ends them). */
export async function withdrawLenderOffers(tx: Tx, lenderId: number, applicationId: number, reason: string, now = new Date()) {
  await tx
    .update(O)
    .set({ status: "withdrawn", withdrawnAt: now, withdrawnReason: reason })
    .where(and(eq(O.applicationId, applicationId), eq(O.status, "offered"), ofLender(tx, lenderId)));
}
