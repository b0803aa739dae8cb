/** Server-side session rows. The cookie holds a random id; the table holds only its SHA-256. */
import { createHash } from "node:crypto";
import { and, desc, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import { getDb, schema, type Database } from "~/platform/db/db.server";

export const hashSessionId = (id: string) => createHash("sha256").update(id).digest("hex");

export async function insertSession(id: string, data: Record<string, unknown>, expiresAt: Date, userId: number | null) {
  await getDb()
    .insert(schema.sessions)
    .values({ idHash: hashSessionId(id), data, expiresAt, userId });
}

/** The session read of nearly every request, its SQL built once per connection pool (drizzle prepare). */
const findSessionQuery = new WeakMap<Database, ReturnType<typeof prepareFindSession>>();
const prepareFindSession = (db: Database) =>
  db
    .select()
    .from(schema.sessions)
    .where(eq(schema.sessions.idHash, sql.placeholder("idHash")))
    .limit(1)
    .prepare();

export async function findSession(id: string) {
  const db = getDb();
  let q = findSessionQuery.get(db);
  if (!q) {
    q = prepareFindSession(db);
    findSessionQuery.set(db, q);
  }
  const [row] = await q.execute({ idHash: hashSessionId(id) });
  return row ?? null;
}

/** The session row and its user's row (null when anonymous) in one query: the signed-in request's two reads as one. */
const findSessionWithUserQuery = new WeakMap<Database, ReturnType<typeof prepareFindSessionWithUser>>();
const prepareFindSessionWithUser = (db: Database) =>
  db
    .select({ session: schema.sessions, user: schema.users })
    .from(schema.sessions)
    .leftJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    .where(eq(schema.sessions.idHash, sql.placeholder("idHash")))
    .limit(1)
    .prepare();

export async function findSessionWithUser(id: string) {
  const db = getDb();
  let q = findSessionWithUserQuery.get(db);
  if (!q) {
    q = prepareFindSessionWithUser(db);
    findSessionWithUserQuery.set(db, q);
  }
  const [row] = await q.execute({ idHash: hashSessionId(id) });
  return row ?? null;
}

export async function saveSession(id: string, data: Record<string, unknown>, expiresAt: Date, userId: number | null) {
  await getDb()
    .update(schema.sessions)
    .set({ data, expiresAt, userId, lastSeenAt: new Date() })
    .where(eq(schema.sessions.idHash, hashSessionId(id)));
}

export async function touchSession(id: string) {
  await getDb()
    .update(schema.sessions)
    .set({ lastSeenAt: new Date() })
    .where(eq(schema.sessions.idHash, hashSessionId(id)));
}

export async function deleteSession(id: string) {
  await getDb()
    .delete(schema.sessions)
    .where(eq(schema.sessions.idHash, hashSessionId(id)));
}

/** Ends every session of a user (password change, account disable), optionally keeping one. */
export async function deleteUserSessions(userId: number, keepId?: string) {
  const where = keepId
    ? and(eq(schema.sessions.userId, userId), ne(schema.sessions.idHash, hashSessionId(keepId)))
    : eq(schema.sessions.userId, userId);
  await getDb().delete(schema.sessions).where(where);
}

/** A user's live sessions (/account), most recently used first. */
export async function listUserSessions(userId: number, now = new Date()) {
  const s = schema.sessions;
  return getDb()
    .select({ idHash: s.idHash, data: s.data, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt })
    .from(s)
    .where(and(eq(s.userId, userId), gt(s.expiresAt, now)))
    .orderBy(desc(s.lastSeenAt))
    .limit(50);
}

/**
 * Sessions no request can use any more: past their absolute expiry, or idle longer than the
 * longest idle limit that could apply (signed-in: `signedInIdleMs`, anonymous: `anonymousIdleMs`).
 */
export async function deleteDeadSessions(now: Date, signedInIdleMs: number, anonymousIdleMs: number): Promise<number> {
  const s = schema.sessions;
  const [res] = await getDb()
    .delete(s)
    .where(
      or(
        lt(s.expiresAt, now),
        and(sql`${s.userId} IS NOT NULL`, lt(s.lastSeenAt, new Date(now.getTime() - signedInIdleMs))),
        lt(s.lastSeenAt, new Date(now.getTime() - anonymousIdleMs)),
      ),
    );
  return res.affectedRows;
}
