import { eq, sql } from "drizzle-orm";
import { getDb, schema, type Database, type DbOrTx } from "~/models/db.server";

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
const prepareUserById = (db: Database) => db.select().from(schema.users).where(eq(schema.users.id, sql.placeholder("id"))).limit(1).prepare();

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
  values: Partial<Pick<UserRecord, "passwordHash" | "firstName" | "lastName" | "role" | "phone" | "mfaSecret" | "mfaEnabledAt" | "mfaLastStep" | "mfaRecoveryCodes">>,
  db: DbOrTx = getDb(),
) {
  await db.update(schema.users).set(values).where(eq(schema.users.id, id));
}

export { isDuplicate };

// ---------------------------------------------------------------------------------------------
// Accounts (issue 13).

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
