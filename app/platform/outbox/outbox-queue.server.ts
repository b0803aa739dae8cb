/**
 * The sending side of the e-mail outbox: claim due rows under a lease (locked_by/locked_until, so
 * two app servers never send the same row at once), then mark each sent or schedule its retry.
 * Times come from the caller so tests can move the clock. Each write is one statement run through
 * transaction(), so one that loses a lock conflict to another sender's claim (a deadlock between
 * two `UPDATE ... ORDER BY ... LIMIT` scans, seen with four drainers at once) runs again instead
 * of failing: a "sent" lost that way would be taken for a failed send and the e-mail sent twice. Hand-written for the reason given at the
 * top of outbox.server.ts (a MySQL transactional outbox; no maintained queue library keeps its jobs
 * in MySQL).
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { getDb, schema, transaction } from "~/platform/db/db.server";

export type OutboxRow = typeof schema.outbox.$inferSelect;

/** Leases up to `limit` due rows to `token` until `now + leaseMs` and returns them. */
export async function claimDueEmails(opts: {
  token: string;
  now: Date;
  leaseMs: number;
  limit: number;
  ids?: number[];
}): Promise<OutboxRow[]> {
  const t = schema.outbox;
  const conditions = [
    eq(t.status, "pending"),
    lte(t.nextAttemptAt, opts.now),
    or(isNull(t.lockedUntil), lt(t.lockedUntil, opts.now)),
    isNull(t.holdUserId), // held until the address is verified
  ];
  if (opts.ids) conditions.push(inArray(t.id, opts.ids.length ? opts.ids : [-1]));
  await transaction((tx) =>
    tx
      .update(t)
      .set({ lockedBy: opts.token, lockedUntil: new Date(opts.now.getTime() + opts.leaseMs) })
      .where(and(...conditions))
      .orderBy(asc(t.nextAttemptAt), asc(t.id))
      .limit(opts.limit),
  );
  return getDb()
    .select()
    .from(t)
    .where(and(eq(t.lockedBy, opts.token), eq(t.status, "pending")))
    .orderBy(asc(t.id));
}

export async function markEmailSent(id: number, token: string, now: Date) {
  await transaction((tx) =>
    tx
      .update(schema.outbox)
      .set({
        status: "sent",
        sentAt: now,
        attempts: sql`${schema.outbox.attempts} + 1`,
        lockedBy: null,
        lockedUntil: null,
        lastError: null,
      })
      .where(and(eq(schema.outbox.id, id), eq(schema.outbox.lockedBy, token))),
  );
}

/** Rows claimed and not begun (a stopping server): pending again and free for any sender now. */
export async function releaseEmails(ids: number[], token: string) {
  if (!ids.length) return;
  await transaction((tx) =>
    tx
      .update(schema.outbox)
      .set({ lockedBy: null, lockedUntil: null })
      .where(and(inArray(schema.outbox.id, ids), eq(schema.outbox.lockedBy, token), eq(schema.outbox.status, "pending"))),
  );
}

/** A failed attempt: count it, keep the row pending until `nextAttemptAt`, or 'failed' when `giveUp`. */
export async function markEmailFailed(id: number, token: string, input: { nextAttemptAt: Date; error: string; giveUp: boolean }) {
  await transaction((tx) =>
    tx
      .update(schema.outbox)
      .set({
        attempts: sql`${schema.outbox.attempts} + 1`,
        nextAttemptAt: input.nextAttemptAt,
        lastError: input.error.slice(0, 500),
        status: input.giveUp ? "failed" : "pending",
        lockedBy: null,
        lockedUntil: null,
      })
      .where(and(eq(schema.outbox.id, id), eq(schema.outbox.lockedBy, token))),
  );
}

export async function getOutboxRow(id: number) {
  const [row] = await getDb().select().from(schema.outbox).where(eq(schema.outbox.id, id)).limit(1);
  return row ?? null;
}

/**
 * What the outbox gauges show, shared by every server: e-mails waiting (pending and not held for
 * an unverified address), the age of the oldest of them in the database's clock, and those given
 * up on. Reads only pending and failed rows (the status index), not the sent history.
 */
export async function outboxBacklog(): Promise<{ unsent: number; oldestUnsentAgeSeconds: number; failed: number }> {
  const t = schema.outbox;
  const waiting = sql`${t.status} = 'pending' AND ${t.holdUserId} IS NULL`;
  const [row] = await getDb()
    .select({
      unsent: sql<string | null>`SUM(${waiting})`,
      ageMs: sql<string | null>`TIMESTAMPDIFF(MICROSECOND, MIN(CASE WHEN ${waiting} THEN ${t.createdAt} END), CURRENT_TIMESTAMP(3)) / 1000`,
      failed: sql<string | null>`SUM(${t.status} = 'failed')`,
    })
    .from(t)
    .where(inArray(t.status, ["pending", "failed"]));
  return {
    unsent: Number(row?.unsent ?? 0),
    oldestUnsentAgeSeconds: Math.max(0, Number(row?.ageMs ?? 0) / 1000),
    failed: Number(row?.failed ?? 0),
  };
}
