/** Internal notes on an application (application_notes): admins only, append-only. */
import { asc, eq } from "drizzle-orm";
import { type DbOrTx, getDb, schema } from "~/platform/db/db.server";

const notes = schema.applicationNotes;
const users = schema.users;

const fullName = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ""}`.trim() : null);

export async function insertNote(db: DbOrTx, n: { applicationId: number; authorUserId: number; body: string }) {
  const [res] = await db.insert(notes).values(n);
  return res.insertId;
}

export type InternalNote = {
  id: number;
  applicationId: number;
  body: string;
  createdAt: string;
  authorUserId: number | null;
  authorName: string | null;
};

export async function listNotes(applicationId: number, db: DbOrTx = getDb()): Promise<InternalNote[]> {
  const rows = await db
    .select({ n: notes, first: users.firstName, last: users.lastName })
    .from(notes)
    .leftJoin(users, eq(users.id, notes.authorUserId))
    .where(eq(notes.applicationId, applicationId))
    .orderBy(asc(notes.createdAt), asc(notes.id))
    .limit(1000);
  return rows.map(({ n, first, last }) => ({
    id: n.id,
    applicationId: n.applicationId,
    body: n.body,
    createdAt: n.createdAt.toISOString(),
    authorUserId: n.authorUserId,
    authorName: fullName(first, last),
  }));
}

export async function getNote(id: number, db: DbOrTx = getDb()) {
  const [row] = await db.select({ applicationId: notes.applicationId }).from(notes).where(eq(notes.id, id)).limit(1);
  if (!row) return null;
  return (await listNotes(row.applicationId, db)).find((n) => n.id === id) ?? null;
}
