/**
 * Partners and their API keys (partners, partner_api_keys), and the partner API's reads of
 * applications (a referral partner's own referrals; the applications a lender has offered on).
 */
import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, schema, type DbOrTx } from "~/platform/db/db.server";
import { isDuplicate } from "~/features/accounts/index.server";
import type { PartnerKind } from "~/content/enums";

const P = schema.partners;
const K = schema.partnerApiKeys;
const A = schema.loanApplications;
const O = schema.offers;

export type PartnerRow = typeof schema.partners.$inferSelect;
export type PartnerKeyRow = typeof schema.partnerApiKeys.$inferSelect;

export class PartnerNameTakenError extends Error {
  constructor() {
    super("A partner with this name already exists");
  }
}

export async function insertPartner(
  input: { name: string; kind: PartnerKind; lenderId: number | null; createdBy: number },
  db: DbOrTx = getDb(),
): Promise<number> {
  try {
    const [res] = await db.insert(P).values(input);
    return res.insertId;
  } catch (e) {
    if (isDuplicate(e)) throw new PartnerNameTakenError();
    throw e;
  }
}

export async function listPartners(db: DbOrTx = getDb()) {
  const rows = await db
    .select({ p: P, lenderName: schema.lenders.name })
    .from(P)
    .leftJoin(schema.lenders, eq(schema.lenders.id, P.lenderId))
    .orderBy(P.name);
  const counts = await db
    .select({ partnerId: K.partnerId, n: sql<number>`count(*)` })
    .from(K)
    .where(isNull(K.revokedAt))
    .groupBy(K.partnerId);
  const byPartner = new Map(counts.map((c) => [c.partnerId, Number(c.n)]));
  return rows.map((r) => ({ ...r.p, lenderName: r.lenderName, activeKeys: byPartner.get(r.p.id) ?? 0 }));
}

export async function getPartner(id: number, db: DbOrTx = getDb()) {
  const [row] = await db
    .select({ p: P, lenderName: schema.lenders.name })
    .from(P)
    .leftJoin(schema.lenders, eq(schema.lenders.id, P.lenderId))
    .where(eq(P.id, id))
    .limit(1);
  return row ? { ...row.p, lenderName: row.lenderName } : null;
}

export async function listPartnerKeys(partnerId: number, db: DbOrTx = getDb()): Promise<PartnerKeyRow[]> {
  return db.select().from(K).where(eq(K.partnerId, partnerId)).orderBy(desc(K.id));
}

export async function insertPartnerKey(
  input: {
    partnerId: number;
    publicId: string;
    secretHash: string;
    label: string;
    scopes: string[];
    rateLimitPerMinute: number;
    expiresAt: Date | null;
    rotatedFromId?: number | null;
    createdBy: number;
  },
  db: DbOrTx = getDb(),
): Promise<number> {
  const [res] = await db.insert(K).values(input);
  return res.insertId;
}

export async function getPartnerKey(id: number, db: DbOrTx = getDb()): Promise<PartnerKeyRow | null> {
  const [row] = await db.select().from(K).where(eq(K.id, id)).limit(1);
  return row ?? null;
}

/** A key and its partner by the public id the key carries (the lookup of every bearer call). */
export async function findKeyByPublicId(publicId: string, db: DbOrTx = getDb()) {
  const [row] = await db.select({ k: K, p: P }).from(K).innerJoin(P, eq(P.id, K.partnerId)).where(eq(K.publicId, publicId)).limit(1);
  return row ?? null;
}

/** Revokes a key at once (no-op when already revoked); true when this call revoked it. */
export async function revokePartnerKey(id: number, now: Date, db: DbOrTx = getDb()): Promise<boolean> {
  const [res] = await db
    .update(K)
    .set({ revokedAt: now })
    .where(and(eq(K.id, id), isNull(K.revokedAt)));
  return res.affectedRows === 1;
}

/** Ends a key at `until` (a rotation's overlap), never later than an expiry it already has. */
export async function endPartnerKeyAt(id: number, until: Date, db: DbOrTx = getDb()) {
  await db
    .update(K)
    .set({ expiresAt: sql`LEAST(COALESCE(${K.expiresAt}, ${until}), ${until})` })
    .where(eq(K.id, id));
}

/** Marks a key used; written at most once a minute per key so a busy key does not write every call. */
export async function touchPartnerKey(id: number, now: Date, db: DbOrTx = getDb()) {
  await db
    .update(K)
    .set({ lastUsedAt: now })
    .where(and(eq(K.id, id), or(isNull(K.lastUsedAt), lt(K.lastUsedAt, new Date(now.getTime() - 60_000)))));
}

// ---------------------------------------------------------------------------------------------
// Applications as partners see them.

export async function setApplicationPartner(applicationId: number, partnerId: number, db: DbOrTx = getDb()) {
  await db.update(A).set({ partnerId }).where(eq(A.id, applicationId));
}

/** An application by its reference (any letter case) with the partner that referred it. */
export async function getApplicationForPartner(reference: string, db: DbOrTx = getDb()) {
  const [row] = await db
    .select({
      id: A.id,
      reference: A.reference,
      partnerId: A.partnerId,
      status: A.status,
      amount: A.amount,
      purpose: A.purpose,
      submittedAt: A.submittedAt,
      createdAt: A.createdAt,
      updatedAt: A.updatedAt,
    })
    .from(A)
    .where(eq(A.reference, reference.toUpperCase()))
    .limit(1);
  return row ?? null;
}

/**
 * The applications with an offer from `lenderId` whose applicant agreed to share them with the
 * matched partner lenders, newest first, with that lender's offers only.
 */
export async function listApplicationsOfferedBy(lenderId: number, limit: number, db: DbOrTx = getDb()) {
  const offered = await db
    .selectDistinct({ applicationId: O.applicationId })
    .from(O)
    .innerJoin(A, eq(A.id, O.applicationId))
    .where(and(eq(O.lenderId, lenderId), isNotNull(A.lenderShareConsentAt)))
    .orderBy(desc(O.applicationId))
    .limit(limit);
  const ids = offered.map((o) => o.applicationId);
  if (!ids.length) return [];
  const apps = await db
    .select({
      id: A.id,
      reference: A.reference,
      status: A.status,
      amount: A.amount,
      purpose: A.purpose,
      state: A.state,
      submittedAt: A.submittedAt,
    })
    .from(A)
    .where(inArray(A.id, ids));
  const offers = await db
    .select({
      id: O.id,
      applicationId: O.applicationId,
      status: O.status,
      productName: O.productName,
      amountCents: O.amountCents,
      termMonths: O.termMonths,
      noteRateBps: O.noteRateBps,
      estimatedAprBps: O.estimatedAprBps,
      expiresAt: O.expiresAt,
    })
    .from(O)
    .where(and(eq(O.lenderId, lenderId), inArray(O.applicationId, ids)));
  const byId = new Map(apps.map((a) => [a.id, a]));
  return ids
    .map((id) => byId.get(id))
    .filter((a): a is NonNullable<typeof a> => Boolean(a))
    .map((a) => ({ ...a, offers: offers.filter((o) => o.applicationId === a.id) }));
}
