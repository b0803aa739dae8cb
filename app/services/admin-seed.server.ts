/** Creates or updates the admin account; on an empty database, a demo admin. */
import { eq } from "drizzle-orm";
import { EmailTakenError, getUserByEmail, insertUser, updateUser } from "~/models/user.server";
import { DEMO_ADMIN } from "~/utils/constants";
import { getDb, schema } from "~/utils/db.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";

export async function upsertAdmin(email: string, password: string, names = { firstName: "Admin", lastName: "User" }) {
  const existing = await getUserByEmail(email);
  const passwordHash = await hashPassword(password);
  if (existing) {
    await updateUser(existing.id, { passwordHash, role: "admin" });
    return { id: existing.id, created: false };
  }
  const id = await insertUser({ email, passwordHash, ...names, phone: "", dateOfBirth: null, role: "admin" });
  return { id, created: true };
}

export async function hasAnyAdmin() {
  const rows = await getDb().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.role, "admin")).limit(1);
  return rows.length > 0;
}

/** First start of an empty database: create the demo admin so a newcomer can sign in at once. */
export async function ensureDemoAdminOnEmptyDatabase() {
  if (await hasAnyAdmin()) return false;
  try {
    await insertUser({
      email: DEMO_ADMIN.email,
      passwordHash: await hashPassword(DEMO_ADMIN.password),
      firstName: DEMO_ADMIN.firstName,
      lastName: DEMO_ADMIN.lastName,
      phone: "",
      dateOfBirth: null,
      role: "admin",
    });
  } catch (e) {
    // Another server starting at the same moment created it first.
    if (e instanceof EmailTakenError) return false;
    throw e;
  }
  console.warn(`[seed] Created the demo admin ${DEMO_ADMIN.email} (see README: set ADMIN_EMAIL/ADMIN_PASSWORD and run npm run db:seed for a real one).`);
  return true;
}

/** The admin sign-in shows the demo credentials only while the demo admin still has its demo password. */
export async function demoAdminActive() {
  const u = await getUserByEmail(DEMO_ADMIN.email);
  if (!u || u.role !== "admin") return false;
  return verifyPassword(u.passwordHash, DEMO_ADMIN.password);
}
