/**
 * Partner webhooks' SQL: endpoints (webhook_endpoints), the delivery outbox (webhook_deliveries)
 * with its lease, and the reads the event triggers need (which partner hears of an application).
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { getDb, schema, type DbOrTx } from "~/platform/db/db.server";
import type { WebhookEventType } from "./domain/webhook-events";

const E = schema.webhookEndpoints;
const D = schema.webhookDeliveries;

export type WebhookEndpointRow = typeof schema.webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof schema.webhookDeliveries.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Endpoints

export async function insertEndpoint(
  input: {
    partnerId: number;
    url: string;
    description: string;
    events: string[];
    contactEmail: string | null;
    secretSealed: string;
    createdBy: number | null;
  },
  db: DbOrTx = getDb(),
): Promise<number> {
  const [res] = await db.insert(E).values(input);
  return res.insertId;
}

export async function listEndpoints(partnerId: number, db: DbOrTx = getDb()): Promise<WebhookEndpointRow[]> {
  return db.select().from(E).where(eq(E.partnerId, partnerId)).orderBy(desc(E.id));
}

export async function getEndpoint(id: number, db: DbOrTx = getDb()): Promise<WebhookEndpointRow | null> {
  const [row] = await db.select().from(E).where(eq(E.id, id)).limit(1);
  return row ?? null;
}

/** Disables an active endpoint; true when this call disabled it. */
export async function disableEndpoint(id: number, reason: string, now: Date, db: DbOrTx = getDb()): Promise<boolean> {
  const [res] = await db
    .update(E)
    .set({ status: "disabled", disabledAt: now, disabledReason: reason.slice(0, 200) })
    .where(and(eq(E.id, id), eq(E.status, "active")));
  return res.affectedRows === 1;
}

export async function enableEndpoint(id: number, db: DbOrTx = getDb()): Promise<boolean> {
  const [res] = await db
    .update(E)
    .set({ status: "active", disabledAt: null, disabledReason: null })
    .where(and(eq(E.id, id), eq(E.status, "disabled")));
  return res.affectedRows === 1;
}

/** Endpoints after `afterId` (by id) with their sealed secret, for a key rotation. */
export async function listSealedEndpointSecrets(afterId: number, limit: number) {
  return getDb().select({ id: E.id, secretSealed: E.secretSealed }).from(E).where(gt(E.id, afterId)).orderBy(asc(E.id)).limit(limit);
}

/** Replaces a sealed secret if it is still the one read (compare-and-set); true when replaced. */
export async function replaceEndpointSecret(row: { id: number; secretSealed: string }, next: string) {
  const [res] = await getDb()
    .update(E)
    .set({ secretSealed: next })
    .where(and(eq(E.id, row.id), eq(E.secretSealed, row.secretSealed)));
  return res.affectedRows === 1;
}

export async function deleteEndpoint(id: number, db: DbOrTx = getDb()) {
  await db.delete(E).where(eq(E.id, id));
}

/** The partner's active endpoints subscribed to `type`. */
export async function subscribedEndpoints(partnerIds: number[], type: WebhookEventType, db: DbOrTx) {
  if (!partnerIds.length) return [];
  const rows = await db
    .select({ id: E.id, partnerId: E.partnerId, events: E.events })
    .from(E)
    .where(and(inArray(E.partnerId, partnerIds), eq(E.status, "active")));
  return rows.filter((r) => r.events.includes(type));
}

// ---------------------------------------------------------------------------------------------
// Deliveries (the outbox)

export async function insertDeliveries(
  rows: Array<{ endpointId: number; partnerId: number; eventId: string; eventType: string; payload: string; replayOfId?: number | null }>,
  db: DbOrTx,
): Promise<number[]> {
  if (!rows.length) return [];
  const ids: number[] = [];
  // One insert per row, so each id is known (a replay answers its new row).
  for (const r of rows) {
    const [res] = await db.insert(D).values(r);
    ids.push(res.insertId);
  }
  return ids;
}

/** Leases up to `limit` due pending rows to `token` until `now + leaseMs` and returns them. */
export async function claimDueDeliveries(opts: { token: string; now: Date; leaseMs: number; limit: number; ids?: number[] }) {
  const conditions: SQL[] = [
    eq(D.status, "pending"),
    lte(D.nextAttemptAt, opts.now),
    or(isNull(D.lockedUntil), lt(D.lockedUntil, opts.now))!,
  ];
  if (opts.ids) conditions.push(inArray(D.id, opts.ids.length ? opts.ids : [-1]));
  await getDb()
    .update(D)
    .set({ lockedBy: opts.token, lockedUntil: new Date(opts.now.getTime() + opts.leaseMs) })
    .where(and(...conditions))
    .orderBy(asc(D.nextAttemptAt), asc(D.id))
    .limit(opts.limit);
  return getDb()
    .select()
    .from(D)
    .where(and(eq(D.lockedBy, opts.token), eq(D.status, "pending")))
    .orderBy(asc(D.id));
}

export async function markDelivered(id: number, token: string, input: { now: Date; responseCode: number }) {
  await getDb()
    .update(D)
    .set({
      status: "delivered",
      deliveredAt: input.now,
      lastAttemptAt: input.now,
      lastResponseCode: input.responseCode,
      lastError: null,
      attempts: sql`${D.attempts} + 1`,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(and(eq(D.id, id), eq(D.lockedBy, token)));
}

/** A failed attempt: counted; the row waits until `nextAttemptAt`, or becomes 'failed' when `giveUp`. */
export async function markAttemptFailed(
  id: number,
  token: string,
  input: { now: Date; responseCode: number | null; error: string; nextAttemptAt: Date; giveUp: boolean },
  db: DbOrTx = getDb(),
) {
  await db
    .update(D)
    .set({
      status: input.giveUp ? "failed" : "pending",
      attempts: sql`${D.attempts} + 1`,
      lastAttemptAt: input.now,
      lastResponseCode: input.responseCode,
      lastError: input.error.slice(0, 300),
      nextAttemptAt: input.nextAttemptAt,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(and(eq(D.id, id), eq(D.lockedBy, token)));
}

/** Gives up every pending delivery of an endpoint (it was disabled); the log keeps them as 'failed'. */
export async function failPendingOfEndpoint(endpointId: number, reason: string, exceptId: number | null, db: DbOrTx) {
  const conditions = [eq(D.endpointId, endpointId), eq(D.status, "pending")];
  if (exceptId !== null) conditions.push(ne(D.id, exceptId));
  await db
    .update(D)
    .set({ status: "failed", lastError: reason.slice(0, 300), lockedBy: null, lockedUntil: null })
    .where(and(...conditions));
}

export async function getDelivery(id: number, db: DbOrTx = getDb()): Promise<WebhookDeliveryRow | null> {
  const [row] = await db.select().from(D).where(eq(D.id, id)).limit(1);
  return row ?? null;
}

export async function listDeliveries(
  filter: { partnerId: number; endpointId?: number; status?: WebhookDeliveryRow["status"]; limit: number },
  db: DbOrTx = getDb(),
): Promise<WebhookDeliveryRow[]> {
  const conditions = [eq(D.partnerId, filter.partnerId)];
  if (filter.endpointId) conditions.push(eq(D.endpointId, filter.endpointId));
  if (filter.status) conditions.push(eq(D.status, filter.status));
  return db
    .select()
    .from(D)
    .where(and(...conditions))
    .orderBy(desc(D.id))
    .limit(filter.limit);
}

// ---------------------------------------------------------------------------------------------
// Who hears of an application

/** The referral partner that sent the application (null when none). */
export async function referralPartnerOf(applicationId: number, db: DbOrTx): Promise<number | null> {
  const [row] = await db
    .select({ partnerId: schema.loanApplications.partnerId, kind: schema.partners.kind })
    .from(schema.loanApplications)
    .innerJoin(schema.partners, eq(schema.partners.id, schema.loanApplications.partnerId))
    .where(eq(schema.loanApplications.id, applicationId))
    .limit(1);
  return row && row.kind === "referral" ? row.partnerId : null;
}

/**
 * The lender partners (with their lender) of the lenders holding offers on the application, by
 * offer status; none when the applicant did not agree to share it with the matched partner lenders.
 */
export async function lenderPartnersWithOffers(applicationId: number, statuses: Array<"offered" | "accepted" | "withdrawn">, db: DbOrTx) {
  const O = schema.offers;
  const P = schema.partners;
  const A = schema.loanApplications;
  const rows = await db
    .select({ partnerId: P.id, lenderId: O.lenderId, offerId: O.id, status: O.status })
    .from(O)
    .innerJoin(P, and(eq(P.lenderId, O.lenderId), eq(P.kind, "lender")))
    .innerJoin(A, eq(A.id, O.applicationId))
    .where(and(eq(O.applicationId, applicationId), inArray(O.status, statuses), isNotNull(A.lenderShareConsentAt)))
    .orderBy(asc(O.id));
  const byPartner = new Map<number, { partnerId: number; offerIds: number[] }>();
  for (const r of rows) {
    const entry = byPartner.get(r.partnerId) ?? { partnerId: r.partnerId, offerIds: [] };
    entry.offerIds.push(r.offerId);
    byPartner.set(r.partnerId, entry);
  }
  return [...byPartner.values()];
}

/** What the events say of an application: its reference and a few non-personal fields. */
export async function applicationFacts(applicationId: number, db: DbOrTx) {
  const A = schema.loanApplications;
  const [row] = await db
    .select({
      reference: A.reference,
      amount: A.amount,
      purpose: A.purpose,
      state: A.state,
      status: A.status,
      fundedCents: A.fundedCents,
      fundedOn: A.fundedOn,
    })
    .from(A)
    .where(eq(A.id, applicationId))
    .limit(1);
  return row ?? null;
}

/** The addresses told when an endpoint is disabled: every active admin. */
export async function adminEmails(db: DbOrTx = getDb()): Promise<Array<{ id: number; email: string }>> {
  const U = schema.users;
  return db
    .select({ id: U.id, email: U.email })
    .from(U)
    .where(and(eq(U.role, "admin"), isNull(U.disabledAt)));
}

/** The application's offers still open (status offered). */
export async function countOpenOffers(applicationId: number, db: DbOrTx): Promise<number> {
  const O = schema.offers;
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(O)
    .where(and(eq(O.applicationId, applicationId), eq(O.status, "offered")));
  return Number(row?.n ?? 0);
}
