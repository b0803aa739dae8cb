/**
 * Admin accounts: `npm run db:seed` creates or updates the real admin and issues its one-time MFA
 * enrolment code; the demo admin exists only in development, only until a real admin is seeded.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { deleteUserSessions } from "~/features/accounts/session/sessions.server";
import {
  disableUser,
  EmailTakenError,
  getEnrolmentCode,
  getUserByEmail,
  getUserById,
  hasAnyAdmin as anyAdminExists,
  hasEnabledAdminOtherThan,
  insertUser,
  promoteToAdmin,
  setEnrolmentCode,
} from "~/features/accounts/users.server";
import { DEMO_ADMIN } from "~/content/constants";
import { isProduction } from "~/platform/env.server";
import { hashPassword, verifyPassword } from "~/features/accounts/password/password.server";
import { log } from "~/platform/observability/log.server";

/** How long the operator's enrolment code from `npm run db:seed` stays valid. */
export const ENROLMENT_CODE_TTL_MS = 30 * 60_000;

export async function upsertAdmin(email: string, password: string, names = { firstName: "Admin", lastName: "User" }) {
  const existing = await getUserByEmail(email);
  const passwordHash = await hashPassword(password);
  if (existing) {
    await promoteToAdmin(existing.id, passwordHash);
    return { id: existing.id, created: false };
  }
  const id = await insertUser({ email, passwordHash, ...names, phone: "", dateOfBirth: null, role: "admin" });
  return { id, created: true };
}

const isDemoEmail = (email: string) => email.trim().toLowerCase() === DEMO_ADMIN.email;

/** Only the hash of an enrolment code is stored (the code has ~100 bits: a plain SHA-256 is enough). */
export const hashEnrolmentCode = (code: string) => createHash("sha256").update(code.replace(/[\s-]/g, "").toUpperCase()).digest("hex");

function newEnrolmentCode() {
  const alphabet = "ABCDEFGHJKMNPQRSTVWXYZ23456789";
  const s = Array.from(randomBytes(20), (b) => alphabet[b % alphabet.length]).join("");
  return s.match(/.{5}/g)!.join("-");
}

/**
 * Issues a fresh one-time enrolment code for an admin who has not enrolled MFA yet (replacing any
 * earlier one). Returns the code, shown once to the operator, and when it expires.
 */
export async function issueEnrolmentCode(userId: number, now = new Date()) {
  const code = newEnrolmentCode();
  const expiresAt = new Date(now.getTime() + ENROLMENT_CODE_TTL_MS);
  await setEnrolmentCode(userId, hashEnrolmentCode(code), expiresAt);
  return { code, expiresAt };
}

/** True when `code` is this admin's unexpired, unused enrolment code (does not use it up). */
export async function enrolmentCodeMatches(userId: number, code: string, now = new Date()) {
  const row = await getEnrolmentCode(userId);
  if (!row?.hash || !row.expiresAt || row.expiresAt <= now) return false;
  return timingSafeEqual(Buffer.from(row.hash), Buffer.from(hashEnrolmentCode(code)));
}

/** Production asks for the operator's enrolment code at the first MFA enrolment; development does not. */
export const enrolmentNeedsOperatorCode = () => isProduction();

/** Disables the demo admin (no sign-in, sessions ended). Returns true when it was active before. */
export async function disableDemoAdmin() {
  const u = await getUserByEmail(DEMO_ADMIN.email);
  if (!u || u.disabledAt) return false;
  await disableUser(u.id);
  await deleteUserSessions(u.id);
  return true;
}

/**
 * `npm run db:seed` (and the test fixtures): creates or updates the real admin, disables the demo
 * admin, and issues a one-time enrolment code while the admin has no second factor yet.
 */
export async function seedAdmin(email: string, password: string, names?: { firstName: string; lastName: string }) {
  if (isDemoEmail(email)) throw new Error("The demo admin's address cannot be seeded as a real admin; choose another ADMIN_EMAIL.");
  const res = await upsertAdmin(email, password, names);
  const demoDisabled = await disableDemoAdmin();
  const row = await getUserById(res.id);
  const enrolment = row?.mfaEnabledAt ? null : await issueEnrolmentCode(res.id);
  return { ...res, demoDisabled, enrolment };
}

/** Any admin that can sign in, other than the demo admin. */
export async function hasRealAdmin() {
  return hasEnabledAdminOtherThan(DEMO_ADMIN.email);
}

export async function hasAnyAdmin() {
  return anyAdminExists();
}

/**
 * Server start. Production never has a demo admin: one found (an old database) is disabled and the
 * log says so. Development creates it on a database without any admin, so a newcomer can sign in.
 */
export async function prepareAdminsAtStart() {
  if (isProduction()) {
    if (await disableDemoAdmin())
      log.warn("[security] Disabled the demo admin account: it never works in production (seed a real admin with npm run db:seed).");
    return;
  }
  if (await hasRealAdmin()) {
    await disableDemoAdmin();
    return;
  }
  if (await hasAnyAdmin()) return;
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
    if (e instanceof EmailTakenError) return;
    throw e;
  }
  log.warn(
    `[seed] Development: created the demo admin ${DEMO_ADMIN.email} (see README; npm run db:seed with ADMIN_EMAIL/ADMIN_PASSWORD replaces it).`,
  );
}

/**
 * The admin sign-in shows the demo credentials only outside production, while the demo admin
 * exists, is not disabled, and still has its demo password.
 */
export async function demoAdminActive() {
  const u = await getUserByEmail(DEMO_ADMIN.email);
  if (isProduction() || !u || u.role !== "admin" || u.disabledAt) return false;
  return verifyPassword(u.passwordHash, DEMO_ADMIN.password);
}
