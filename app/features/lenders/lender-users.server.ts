/**
 * Users of partner lenders: rows of `users` with role 'lender' and a lender_id. The
 * workflows (invitation, accepting it, seeding) are in services/lender-invitations.server.ts.
 */
import { and, asc, eq } from "drizzle-orm";
import { getDb, schema, type DbOrTx } from "~/platform/db/db.server";
import { EmailTakenError, isDuplicate } from "~/features/accounts/index.server";

const U = schema.users;

export async function insertLenderUser(
  db: DbOrTx,
  v: { email: string; passwordHash: string; firstName: string; lastName: string; lenderId: number },
): Promise<number> {
  try {
    const [res] = await db.insert(U).values({ ...v, email: v.email.trim().toLowerCase(), phone: "", dateOfBirth: null, role: "lender" });
    return res.insertId;
  } catch (e) {
    if (isDuplicate(e)) throw new EmailTakenError();
    throw e;
  }
}

/** The users of one lender, for its admin page (no secrets). */
export async function listLenderUsers(lenderId: number, db: DbOrTx = getDb()) {
  return db
    .select({
      id: U.id,
      email: U.email,
      firstName: U.firstName,
      lastName: U.lastName,
      mfaEnabledAt: U.mfaEnabledAt,
      emailVerifiedAt: U.emailVerifiedAt,
      disabledAt: U.disabledAt,
      createdAt: U.createdAt,
    })
    .from(U)
    .where(and(eq(U.lenderId, lenderId), eq(U.role, "lender")))
    .orderBy(asc(U.id));
}

/** Sets the password chosen from the invitation; the link proved the address. */
export async function setInvitedPassword(db: DbOrTx, id: number, passwordHash: string, now = new Date()) {
  await db
    .update(U)
    .set({ passwordHash, emailVerifiedAt: now })
    .where(and(eq(U.id, id), eq(U.role, "lender")));
}

/** Seeding: (re)sets a lender user's lender, password and second factor. */
export async function updateLenderUserForSeed(
  id: number,
  v: { lenderId: number; passwordHash: string; mfaSecret: string; mfaLastStep: number; mfaRecoveryCodes: string[] },
  now = new Date(),
) {
  await getDb()
    .update(U)
    .set({ ...v, role: "lender", mfaEnabledAt: now, mfaFailedAttempts: 0, mfaLockedAt: null, emailVerifiedAt: now, disabledAt: null })
    .where(eq(U.id, id));
}
