/** Database access for documents (and the few application fields their access checks need). */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb, schema, type DbOrTx } from "~/platform/db/db.server";

export type DocumentRow = typeof schema.documents.$inferSelect;
export type NewDocumentRow = typeof schema.documents.$inferInsert;

export async function insertDocument(db: DbOrTx, values: NewDocumentRow): Promise<number> {
  const [res] = await db.insert(schema.documents).values(values);
  return res.insertId;
}

/** A document with the owner of its application, for access checks. */
export async function getDocumentWithOwner(id: number, db: DbOrTx = getDb()) {
  const [row] = await db
    .select({ document: schema.documents, ownerUserId: schema.loanApplications.userId, applicationRef: schema.loanApplications.reference })
    .from(schema.documents)
    .innerJoin(schema.loanApplications, eq(schema.loanApplications.id, schema.documents.applicationId))
    .where(eq(schema.documents.id, id))
    .limit(1);
  return row ?? null;
}

export async function listDocumentRows(applicationId: number, db: DbOrTx = getDb()): Promise<DocumentRow[]> {
  return db
    .select()
    .from(schema.documents)
    .where(eq(schema.documents.applicationId, applicationId))
    .orderBy(asc(schema.documents.uploadedAt), asc(schema.documents.id));
}

export async function deleteDocumentRow(db: DbOrTx, id: number, applicationId: number): Promise<boolean> {
  const [res] = await db
    .delete(schema.documents)
    .where(and(eq(schema.documents.id, id), eq(schema.documents.applicationId, applicationId)));
  return res.affectedRows > 0;
}

/** How many files and bytes an application holds (its upload quota). */
export async function documentTotals(db: DbOrTx, applicationId: number): Promise<{ files: number; bytes: number }> {
  const [row] = await db
    .select({ files: sql<number>`COUNT(*)`, bytes: sql<string>`COALESCE(SUM(${schema.documents.fileSize}), 0)` })
    .from(schema.documents)
    .where(eq(schema.documents.applicationId, applicationId));
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Which of `keys` have a documents row (for the orphan sweeper). */
export async function existingStorageKeys(keys: string[], db: DbOrTx = getDb()): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ k: schema.documents.storageKey }).from(schema.documents).where(inArray(schema.documents.storageKey, keys));
  return new Set(rows.map((r) => r.k));
}
