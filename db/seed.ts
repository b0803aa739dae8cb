/**
 * `npm run db:seed`: creates or updates the admin from ADMIN_EMAIL and ADMIN_PASSWORD; without
 * them, the demo admin. Applies migrations first, so it works on a fresh database.
 */
import { upsertAdmin } from "../app/services/admin-seed.server";
import { seedLenders } from "../app/services/marketplace.server";
import { DEMO_ADMIN } from "../app/utils/constants";
import { closeDb } from "../app/utils/db.server";
import { getEnv } from "../app/utils/env.server";
import { DatabaseUnreachableError, ensureDatabase } from "../app/utils/migrate.server";

const env = getEnv();
try {
  await ensureDatabase(env.DATABASE_URL);
  const email = env.ADMIN_EMAIL ?? DEMO_ADMIN.email;
  const password = env.ADMIN_PASSWORD ?? DEMO_ADMIN.password;
  if ((env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) || (!env.ADMIN_EMAIL && env.ADMIN_PASSWORD)) {
    console.error("[seed] Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither (for the demo admin).");
    process.exit(1);
  }
  const res = await upsertAdmin(email, password, env.ADMIN_EMAIL ? undefined : { firstName: DEMO_ADMIN.firstName, lastName: DEMO_ADMIN.lastName });
  console.info(`[seed] Admin ${email} ${res.created ? "created" : "updated"}.`);
  const lenders = await seedLenders();
  console.info(`[seed] ${lenders} fictional partner lender(s) created (existing ones, by name, left as they are).`);
  console.info("[seed] Sign in at /admin-login; an admin without two-factor authentication enrols an authenticator app at /admin-login/setup (QR code or manual key) before any admin page opens.");
} catch (e) {
  console.error(e instanceof DatabaseUnreachableError ? e.message : `[seed] failed: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
