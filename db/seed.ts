/**
 * `npm run db:seed`: creates or updates the admin from ADMIN_EMAIL and ADMIN_PASSWORD, disables the
 * demo admin, and prints a one-time MFA enrolment code (valid 30 minutes) while that admin has no
 * second factor. Without them: in development the demo admin; in production it refuses.
 * Applies migrations first, so it works on a fresh database.
 */
import {
  ENROLMENT_CODE_TTL_MS,
  hasRealAdmin,
  prepareAdminsAtStart,
  seedAdmin,
  upsertAdmin,
} from "../app/features/accounts/admin-seed.server";
import { seedLenders } from "../app/features/marketplace/lender-catalogue.server";
import { seedLenderUser } from "../app/features/lenders/lender-invitations.server";
import { SEED_LENDERS } from "../app/content/lender-seed";
import { DEMO_ADMIN } from "../app/content/constants";
import { closeDb } from "../app/platform/db/db.server";
import { getEnv } from "../app/platform/env.server";
import { databaseTargets } from "../app/platform/db/database-url.server";
import { DatabaseUnreachableError, ensureDatabase } from "../app/platform/db/migrate.server";

try {
  const env = getEnv();
  await ensureDatabase(databaseTargets(env.DATABASE_URL, env.DATABASE_HOSTS));
  if ((env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) || (!env.ADMIN_EMAIL && env.ADMIN_PASSWORD)) {
    console.error("[seed] Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither (for the demo admin in development).");
    process.exit(1);
  }
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const res = await seedAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    console.info(`[seed] Admin ${env.ADMIN_EMAIL} ${res.created ? "created" : "updated"}.`);
    if (res.demoDisabled) console.info("[seed] The demo admin is disabled.");
    if (res.enrolment) {
      console.info(`[seed] One-time enrolment code: ${res.enrolment.code}`);
      console.info(
        `[seed] Sign in at /admin-login within ${ENROLMENT_CODE_TTL_MS / 60_000} minutes (until ${res.enrolment.expiresAt.toISOString()}); /admin-login/setup asks for this code, then an authenticator app (QR code or manual key). Run db:seed again for a new code.`,
      );
    } else {
      console.info("[seed] This admin already has two-factor authentication; sign in at /admin-login.");
    }
  } else if (env.NODE_ENV === "production") {
    console.error("[seed] In production set ADMIN_EMAIL and ADMIN_PASSWORD: there is no demo admin in production.");
    process.exitCode = 1;
  } else if (await hasRealAdmin()) {
    await prepareAdminsAtStart();
    console.info("[seed] A real admin exists, so the demo admin stays disabled. Set ADMIN_EMAIL and ADMIN_PASSWORD to update an admin.");
  } else {
    const res = await upsertAdmin(DEMO_ADMIN.email, DEMO_ADMIN.password, {
      firstName: DEMO_ADMIN.firstName,
      lastName: DEMO_ADMIN.lastName,
    });
    console.info(
      `[seed] Development: demo admin ${DEMO_ADMIN.email} ${res.created ? "created" : "reset"} (its credentials show at /admin-login).`,
    );
  }
  const lenders = await seedLenders();
  console.info(`[seed] ${lenders} fictional partner lender(s) created (existing ones, by name, left as they are).`);
  // Outside production, one lender user of the first seeded lender, to try /lender/login.
  // Its password is documented here and in docs/product.md; a fresh TOTP secret is printed each run.
  if (env.NODE_ENV !== "production") {
    const first = SEED_LENDERS[0];
    const seeded = first ? await seedLenderUser(first.name, "lender@example.com", "Lender-Demo-Password-42") : null;
    if (seeded) {
      console.info(`[seed] Lender user ${seeded.email} (${first!.name}) with password ${seeded.password}.`);
      console.info(
        `[seed] Its authenticator (TOTP) secret: ${seeded.totpSecret} (add it to an authenticator app, then sign in at /lender/login).`,
      );
      console.info(`[seed] Recovery codes: ${seeded.recoveryCodes.join(" ")}`);
    }
  }
} catch (e) {
  console.error(e instanceof DatabaseUnreachableError ? e.message : `[seed] failed: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
