/**
 * Database access for master-key rotation of documents' wrapped data keys (the admins' sealed
 * TOTP secrets are in users.server.ts): read in id order a batch at a time and replaced with
 * compare-and-set updates (each a single-row statement, i.e. its own small transaction), so a
 * concurrent change is never lost.
 */
import { and, asc, count, eq, gt, ne } from "drizzle-orm";
import { getDb, schema } from "~/platform/db/db.server";

export type WrappedKeyRow = { id: number; storageKey: string; wrappedKey: string; keyId: string };

/** Documents whose data key is not wrapped by `currentKeyId`, after `afterId`, in id order. */
export async function listDocumentsNotUnderKey(currentKeyId: string, afterId: number, limit: number): Promise<WrappedKeyRow[]> {
  const d = schema.documents;
  return getDb()
    .select({ id: d.id, storageKey: d.storageKey, wrappedKey: d.wrappedKey, keyId: d.keyId })
    .from(d)
    .where(and(ne(d.keyId, currentKeyId), gt(d.id, afterId)))
    .orderBy(asc(d.id))
    .limit(limit);
}

export async function countDocumentsNotUnderKey(currentKeyId: string): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(schema.documents).where(ne(schema.documents.keyId, currentKeyId));
  return Number(row?.n ?? 0);
}

/** Replaces a row's wrapped key only if it is still the one read; true when replaced. */
export async function replaceWrappedKey(row: WrappedKeyRow, next: { wrappedKey: string; keyId: string }): Promise<boolean> {
  const d = schema.documents;
  const [res] = await getDb()
    .update(d)
    .set({ wrappedKey: next.wrappedKey, keyId: next.keyId })
    .where(and(eq(d.id, row.id), eq(d.keyId, row.keyId), eq(d.wrappedKey, row.wrappedKey)));
  return res.affectedRows === 1;
}
