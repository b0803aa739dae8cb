/**
 * Single-use account links (e-mail verification, password reset). The random token goes only into
 * the e-mail; the table keeps its SHA-256. Using a token is one conditional UPDATE, so a link works
 * once even when clicked twice at the same moment.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { getDb, schema, type DbOrTx } from "~/models/db.server";

export type AccountTokenPurpose = (typeof schema.ACCOUNT_TOKEN_PURPOSES)[number];
export type AccountTokenRow = typeof schema.accountTokens.$inferSelect;

const t = schema.accountTokens;
export const hashAccountToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Creates a token (256 bits) for `userId`, ending any unused one of the same purpose. */
export async function createAccountToken(
  db: DbOrTx,
  input: { userId: number; purpose: AccountTokenPurpose; email: string; ttlMs: number; now?: Date },
): Promise<string> {
  const now = input.now ?? new Date();
  await db
    .update(t)
    .set({ usedAt: now })
    .where(and(eq(t.userId, input.userId), eq(t.purpose, input.purpose), isNull(t.usedAt)));
  const token = randomBytes(32).toString("base64url");
  await db.insert(t).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashAccountToken(token),
    email: input.email.trim().toLowerCase(),
    expiresAt: new Date(now.getTime() + input.ttlMs),
  });
  return token;
}

/** The unused, unexpired token row for this raw token and purpose, or null. Does not use it. */
export async function findUsableToken(token: string, purpose: AccountTokenPurpose, db: DbOrTx = getDb(), now = new Date()) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.tokenHash, hashAccountToken(token)), eq(t.purpose, purpose), isNull(t.usedAt), gt(t.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Marks the token used; true only for the one caller that used it while it was still valid. */
export async function useToken(db: DbOrTx, id: number, now = new Date()): Promise<boolean> {
  const [res] = await db
    .update(t)
    .set({ usedAt: now })
    .where(and(eq(t.id, id), isNull(t.usedAt), gt(t.expiresAt, now)));
  return res.affectedRows === 1;
}

/** Ends every unused token of a user for a purpose (e.g. after a password change). */
export async function revokeTokens(db: DbOrTx, userId: number, purpose: AccountTokenPurpose, now = new Date()) {
  await db
    .update(t)
    .set({ usedAt: now })
    .where(and(eq(t.userId, userId), eq(t.purpose, purpose), isNull(t.usedAt)));
}

/** The e-mail change waiting for verification (an unused verify-email token for another address). */
export async function pendingEmailChange(userId: number, currentEmail: string, db: DbOrTx = getDb(), now = new Date()) {
  const rows = await db
    .select({ email: t.email, expiresAt: t.expiresAt })
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.purpose, "verify-email"), isNull(t.usedAt), gt(t.expiresAt, now)))
    .limit(5);
  return rows.find((r) => r.email !== currentEmail) ?? null;
}
