/**
 * Database access for master-key rotation: documents' wrapped data keys and admins' sealed TOTP
 * secrets, read in id order a batch at a time and replaced with compare-and-set updates (each a
 * single-row statement, i.e. its own small transaction), so a concurrent change is never lost.
 */
import { and, asc, count, eq, gt, isNotNull, ne } from "drizzle-orm";
import { getDb, schema } from "~/models/db.server";

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

export type SealedSecretRow = { id: number; mfaSecret: string };

/** Users with a sealed TOTP secret, after `afterId`, in id order. */
export async function listSealedMfaSecrets(afterId: number, limit: number): Promise<SealedSecretRow[]> {
  const u = schema.users;
  const rows = await getDb()
    .select({ id: u.id, mfaSecret: u.mfaSecret })
    .from(u)
    .where(and(isNotNull(u.mfaSecret), gt(u.id, afterId)))
    .orderBy(asc(u.id))
    .limit(limit);
  return rows.filter((r): r is SealedSecretRow => r.mfaSecret !== null);
}

/** Replaces a sealed secret only if it is still the one read; true when replaced. */
export async function replaceMfaSecret(row: SealedSecretRow, next: string): Promise<boolean> {
  const u = schema.users;
  const [res] = await getDb()
    .update(u)
    .set({ mfaSecret: next })
    .where(and(eq(u.id, row.id), eq(u.mfaSecret, row.mfaSecret)));
  return res.affectedRows === 1;
}
