/**
 * The users table: accounts, e-mail changes, admins (seeding, the demo admin, assignees) and the
 * columns of the admins' second factor (TOTP secret, used step, recovery codes, failures, lockout,
 * the operator's enrolment code). Workflows are in services/auth, account, admin-seed and mfa.
 */
import { and, asc, eq, gt, gte, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { type Database, type DbOrTx, getDb, schema, type Tx } from "~/platform/db/db.server";

export type UserRecord = typeof schema.users.$inferSelect;
/** What pages and the API may see of a user: never the hash or MFA secrets. */
export type PublicUser = Pick<UserRecord, "id" | "email" | "firstName" | "lastName" | "phone" | "dateOfBirth" | "role">;

export function toPublicUser(u: UserRecord): PublicUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    dateOfBirth: u.dateOfBirth,
    role: u.role,
  };
}

/** The signed-in user's read (nearly every signed-in request): its SQL built once per pool. */
const userByIdQuery = new WeakMap<Database, ReturnType<typeof prepareUserById>>();
const prepareUserById = (db: Database) =>
  db
    .select()
    .from(schema.users)
    .where(eq(schema.users.id, sql.placeholder("id")))
    .limit(1)
    .prepare();

export async function getUserById(id: number, db: DbOrTx = getDb()) {
  if (db === getDb()) {
    let q = userByIdQuery.get(db);
    if (!q) {
      q = prepareUserById(db);
      userByIdQuery.set(db, q);
    }
    const [u] = await q.execute({ id });
    return u ?? null;
  }
  const [u] = await db.select().from(schema.users).where(eq(schema.users.id, id)).limit(1);
  return u ?? null;
}

export async function getUserByEmail(email: string, db: DbOrTx = getDb()) {
  const [u] = await db.select().from(schema.users).where(eq(schema.users.email, email.trim().toLowerCase())).limit(1);
  return u ?? null;
}

export type NewUser = {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: string | null;
  role?: "user" | "admin";
  /** The language of the page the account was made on, when not English (issue 30); null: never chosen. */
  language?: "en" | "es" | null;
};

export class EmailTakenError extends Error {
  constructor() {
    super("A user with this email already exists");
  }
}

function isDuplicate(e: unknown) {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === "ER_DUP_ENTRY" || err?.cause?.code === "ER_DUP_ENTRY";
}

export async function insertUser(input: NewUser, db: DbOrTx = getDb()) {
  try {
    const [res] = await db.insert(schema.users).values({ ...input, email: input.email.trim().toLowerCase(), role: input.role ?? "user" });
    return res.insertId;
  } catch (e) {
    if (isDuplicate(e)) throw new EmailTakenError();
    throw e;
  }
}

export async function updateUser(
  id: number,
  values: Partial<
    Pick<
      UserRecord,
      "passwordHash" | "firstName" | "lastName" | "role" | "phone" | "mfaSecret" | "mfaEnabledAt" | "mfaLastStep" | "mfaRecoveryCodes"
    >
  >,
  db: DbOrTx = getDb(),
) {
  await db.update(schema.users).set(values).where(eq(schema.users.id, id));
}

export { isDuplicate };

// ---------------------------------------------------------------------------------------------
// Accounts.

/** Sets the (verified) e-mail address; throws EmailTakenError when another account has it. */
export async function setUserEmail(db: DbOrTx, id: number, email: string, verifiedAt: Date) {
  try {
    await db.update(schema.users).set({ email: email.trim().toLowerCase(), emailVerifiedAt: verifiedAt }).where(eq(schema.users.id, id));
  } catch (e) {
    if (isDuplicate(e)) throw new EmailTakenError();
    throw e;
  }
}

export async function deleteUserRow(db: DbOrTx, id: number) {
  const [res] = await db.delete(schema.users).where(eq(schema.users.id, id));
  return res.affectedRows === 1;
}

// ---------------------------------------------------------------------------------------------
// Assignees (back office)

const users = schema.users;

const fullName = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ""}`.trim() : null);

/** Every admin, by name (whom an application can be assigned to). */
export async function listAssignableAdmins(db: DbOrTx = getDb()) {
  const rows = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(500);
  return rows.map((r) => ({ id: r.id, name: fullName(r.first, r.last) ?? `Admin ${r.id}` }));
}

export async function isAdminUser(id: number, db: DbOrTx = getDb()) {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id)).limit(1);
  return row?.role === "admin";
}

// ---------------------------------------------------------------------------------------------
// Key rotation: sealed TOTP secrets (services/key-rotation.server.ts)

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

/** Every admin's address (the marketplace tells them of an accepted offer). */
export async function listAdminEmails(db: DbOrTx = getDb()) {
  return db.select({ id: schema.users.id, email: schema.users.email }).from(schema.users).where(eq(schema.users.role, "admin"));
}

// ---------------------------------------------------------------------------------------------
// Admins (services/admin-seed.server.ts)

const U = schema.users;

/** Makes an existing account an admin with this password (and enables it again). */
export async function promoteToAdmin(id: number, passwordHash: string) {
  await getDb().update(U).set({ passwordHash, role: "admin", disabledAt: null }).where(eq(U.id, id));
}

/** Disables an account (no sign-in) and drops any unused enrolment code. */
export async function disableUser(id: number, now = new Date()) {
  await getDb().update(U).set({ disabledAt: now, mfaEnrolCodeHash: null, mfaEnrolCodeExpiresAt: null }).where(eq(U.id, id));
}

/** Any admin that can sign in whose address is not `exceptEmail`. */
export async function hasEnabledAdminOtherThan(exceptEmail: string) {
  const rows = await getDb()
    .select({ id: U.id })
    .from(U)
    .where(and(eq(U.role, "admin"), isNull(U.disabledAt), ne(U.email, exceptEmail)))
    .limit(1);
  return rows.length > 0;
}

export async function hasAnyAdmin() {
  const rows = await getDb().select({ id: U.id }).from(U).where(eq(U.role, "admin")).limit(1);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Second factor (services/mfa.server.ts). Every "only if still ..." write is one conditional UPDATE
// that reports whether it matched, so concurrent requests cannot both use the same code.

/** Stores the hash of a one-time enrolment code and its expiry. */
export async function setEnrolmentCode(userId: number, codeHash: string, expiresAt: Date) {
  await getDb().update(U).set({ mfaEnrolCodeHash: codeHash, mfaEnrolCodeExpiresAt: expiresAt }).where(eq(U.id, userId));
}

export async function getEnrolmentCode(userId: number) {
  const [row] = await getDb()
    .select({ hash: U.mfaEnrolCodeHash, expiresAt: U.mfaEnrolCodeExpiresAt })
    .from(U)
    .where(eq(U.id, userId))
    .limit(1);
  return row ?? null;
}

export type MfaFactorValues = { mfaSecret: string; mfaLastStep: number; mfaRecoveryCodes: string[] };

/**
 * First enrolment: sets the factor on a user without one. With `operatorCodeHash`, the same UPDATE
 * uses the operator's enrolment code up (it must still be stored and unexpired). True when set.
 */
export async function enableMfa(userId: number, values: MfaFactorValues, operatorCodeHash?: string, now = new Date()) {
  const [res] = await getDb()
    .update(U)
    .set({ ...values, mfaEnabledAt: now, mfaFailedAttempts: 0, mfaLockedAt: null, mfaEnrolCodeHash: null, mfaEnrolCodeExpiresAt: null })
    .where(
      and(
        eq(U.id, userId),
        isNull(U.mfaEnabledAt),
        operatorCodeHash === undefined ? undefined : and(eq(U.mfaEnrolCodeHash, operatorCodeHash), gt(U.mfaEnrolCodeExpiresAt, now)),
      ),
    );
  return res.affectedRows === 1;
}

/** Moves an enrolled user's factor to a new secret (new authenticator app). True when replaced. */
export async function replaceMfaFactor(userId: number, values: MfaFactorValues, now = new Date()) {
  const [res] = await getDb()
    .update(U)
    .set({ ...values, mfaEnabledAt: now, mfaFailedAttempts: 0, mfaLockedAt: null })
    .where(and(eq(U.id, userId), isNotNull(U.mfaEnabledAt)));
  return res.affectedRows === 1;
}

/**
 * Accepts a TOTP step atomically: true only if the factor is not locked and no later or equal step
 * was used. The same statement ends the run of failures, so a lock that landed a moment earlier
 * (another request's failure) wins over the valid code.
 */
export async function acceptTotpStep(userId: number, step: number) {
  const [res] = await getDb()
    .update(U)
    .set({ mfaLastStep: step, mfaFailedAttempts: 0 })
    .where(and(eq(U.id, userId), isNull(U.mfaLockedAt), or(isNull(U.mfaLastStep), lt(U.mfaLastStep, step))));
  return res.affectedRows === 1;
}

/** Users holding recovery codes (start-up upgrade of their stored format). */
export async function listRecoveryCodeHolders() {
  return getDb().select({ id: U.id, codes: U.mfaRecoveryCodes }).from(U).where(isNotNull(U.mfaRecoveryCodes));
}

/** Replaces the stored recovery codes only if they are still exactly `expected` (optimistic). */
export async function replaceRecoveryCodesIf(userId: number, expected: string[], next: string[]) {
  const [res] = await getDb()
    .update(U)
    .set({ mfaRecoveryCodes: next })
    .where(and(eq(U.id, userId), sql`${U.mfaRecoveryCodes} = ${JSON.stringify(expected)}`));
  return res.affectedRows;
}

export async function setRecoveryCodes(userId: number, codes: string[]) {
  await getDb().update(U).set({ mfaRecoveryCodes: codes }).where(eq(U.id, userId));
}

export async function resetMfaFailures(userId: number) {
  await getDb().update(U).set({ mfaFailedAttempts: 0, mfaLockedAt: null }).where(eq(U.id, userId));
}

/**
 * Claims one second-factor attempt before its code is checked: counts it as a failure up front,
 * only while the factor is unlocked and fewer than `limit` failures are counted. The row lock of
 * the UPDATE orders concurrent claims, so at most `limit` codes are ever checked between two
 * successes, however many requests arrive at once. True when this attempt may be checked.
 */
export async function claimMfaAttempt(userId: number, limit: number) {
  const [res] = await getDb()
    .update(U)
    .set({ mfaFailedAttempts: sql`${U.mfaFailedAttempts} + 1` })
    .where(and(eq(U.id, userId), isNull(U.mfaLockedAt), lt(U.mfaFailedAttempts, limit)));
  return res.affectedRows === 1;
}

/**
 * Counts one more failure with no limit (a wrong recovery code: those are checked even while the
 * TOTP factor is locked, since a right one unlocks it).
 */
export async function countMfaFailure(userId: number) {
  await getDb()
    .update(U)
    .set({ mfaFailedAttempts: sql`${U.mfaFailedAttempts} + 1` })
    .where(eq(U.id, userId));
}

/**
 * Locks the TOTP factor in the caller's transaction once `limit` failures are counted; true only
 * for the one call that set the lock (it sends the e-mail and writes the audit entry).
 */
export async function lockMfaIfSpent(tx: Tx, userId: number, limit: number, now = new Date()) {
  const [res] = await tx
    .update(U)
    .set({ mfaLockedAt: now })
    .where(and(eq(U.id, userId), isNull(U.mfaLockedAt), gte(U.mfaFailedAttempts, limit)));
  return res.affectedRows === 1;
}

/** The factor's failure count and lock as stored now (read after a claim, never before). */
export async function getMfaLockState(userId: number) {
  const [row] = await getDb()
    .select({ failedAttempts: U.mfaFailedAttempts, lockedAt: U.mfaLockedAt })
    .from(U)
    .where(eq(U.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * The user's row, locked until `tx` ends: whatever is issued for the account's address in `tx` (a
 * reset link) or changes it (a change of e-mail) takes its turn, so neither works from an address
 * the other is replacing.
 */
export async function lockUserRow(tx: DbOrTx, id: number) {
  const [u] = await tx.select().from(schema.users).where(eq(schema.users.id, id)).limit(1).for("update");
  return u ?? null;
}

/** The account's language for what it is sent (users.language, issue 30): "es" or "en"; no account or none stored: English. */
export async function getUserLanguage(id: number | null | undefined, db: DbOrTx = getDb()): Promise<"en" | "es"> {
  if (id == null) return "en";
  const [u] = await db.select({ language: schema.users.language }).from(schema.users).where(eq(schema.users.id, id)).limit(1);
  return u?.language === "es" ? "es" : "en";
}

/** The language the user chose with the switch (issue 30): kept on the account, read at every sign-in. */
export async function setUserLanguage(id: number, language: "en" | "es", db: DbOrTx = getDb()) {
  await db.update(schema.users).set({ language }).where(eq(schema.users.id, id));
}
