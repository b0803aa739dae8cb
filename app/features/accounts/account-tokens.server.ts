/**
 * Single-use account links (e-mail verification, password reset, change of e-mail and its undo). The random token goes only into
 * the e-mail; the table keeps its SHA-256. Using a token is one conditional UPDATE, so a link works
 * once even when clicked twice at the same moment.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { getDb, schema, type DbOrTx } from "~/platform/db/db.server";

export type AccountTokenPurpose = (typeof schema.ACCOUNT_TOKEN_PURPOSES)[number];
export type AccountTokenRow = typeof schema.accountTokens.$inferSelect;

const t = schema.accountTokens;
export const hashAccountToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The driver's error for a second unused token of one account and purpose (account_tokens_pending_uq). */
function isPendingTokenTaken(e: unknown) {
  for (let c: unknown = e, depth = 0; c && depth < 4; c = (c as { cause?: unknown }).cause, depth++) {
    const { code, message } = c as { code?: unknown; message?: unknown };
    if (code === "ER_DUP_ENTRY" && typeof message === "string" && message.includes("account_tokens_pending_uq")) return true;
  }
  return false;
}

/**
 * Creates a token (256 bits) for `userId`, ending any unused one of the same purpose.
 *
 * Locking: the obvious "mark the user's unused tokens used, then insert" scans a non-unique index
 * for rows that, for a new account, do not exist. Under REPEATABLE READ that scan takes a gap
 * lock, and as new accounts have the highest ids, every sign-up locked the same gap (the end of
 * the index) and then waited to insert into it: simultaneous sign-ups deadlocked. So the insert
 * comes first: the unique key (user, purpose, pending) lets only one unused token exist, a first
 * token (every sign-up) is one INSERT with no gap lock, and only when an unused token already
 * exists (a resend, a second reset) is that one ended, found by its full unique key (a record
 * lock, no gap), and the insert repeated. Rows are never overwritten, so an old link's row can
 * never turn into the new link.
 */
export async function createAccountToken(
  db: DbOrTx,
  input: { userId: number; purpose: AccountTokenPurpose; email: string; ttlMs: number; now?: Date },
): Promise<string> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  const insert = () =>
    db.insert(t).values({
      userId: input.userId,
      purpose: input.purpose,
      tokenHash: hashAccountToken(token),
      email: input.email.trim().toLowerCase(),
      expiresAt: new Date(now.getTime() + input.ttlMs),
    });
  try {
    await insert();
  } catch (e) {
    if (!isPendingTokenTaken(e)) throw e;
    await db
      .update(t)
      .set({ usedAt: now })
      .where(and(eq(t.userId, input.userId), eq(t.purpose, input.purpose), eq(t.pending, 1)));
    await insert();
  }
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

/**
 * Ends every unused token of a user for any of `purposes` (in `db`, so with the change that makes
 * them moot). Returns how many were ended.
 */
export async function revokeUserTokens(db: DbOrTx, userId: number, purposes: readonly AccountTokenPurpose[], now = new Date()) {
  if (purposes.length === 0) return 0;
  const [res] = await db
    .update(t)
    .set({ usedAt: now })
    .where(and(eq(t.userId, userId), inArray(t.purpose, [...purposes]), isNull(t.usedAt)));
  return res.affectedRows;
}

/** The e-mail change waiting for its confirmation link (sent to the new address). */
export async function pendingEmailChange(userId: number, db: DbOrTx = getDb(), now = new Date()) {
  const [row] = await db
    .select({ email: t.email, expiresAt: t.expiresAt })
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.purpose, "change-email"), isNull(t.usedAt), gt(t.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** The purpose of a token that was issued (used, expired or not), or null: which page explains it. */
export async function tokenPurpose(token: string, db: DbOrTx = getDb()): Promise<AccountTokenPurpose | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ purpose: t.purpose })
    .from(t)
    .where(eq(t.tokenHash, hashAccountToken(token)))
    .limit(1);
  return row?.purpose ?? null;
}

/**
 * True while `email` is the old address of an account whose owner can still undo a change away
 * from it (a live undo link): the address stays reserved for that owner, so nobody else can sign
 * up with it or move to it and turn the owner's way back into "the address belongs to another
 * account".
 */
export async function addressHeldForUndo(email: string, db: DbOrTx = getDb(), now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.purpose, "undo-email-change"), eq(t.email, email.trim().toLowerCase()), isNull(t.usedAt), gt(t.expiresAt, now)))
    .limit(1);
  return Boolean(row);
}
