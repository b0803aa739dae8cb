/**
 * `npm run db:migrate`, the release command: create the database if needed and apply pending
 * migrations (on the first host of DATABASE_URL / DATABASE_HOSTS that answers), before servers
 * started with MIGRATE_ON_START=0 come up.
 */
import { getEnv } from "../app/platform/env.server";
import { databaseTargets } from "../app/platform/db/database-url.server";
import { DatabaseUnreachableError, describeTarget, ensureDatabase } from "../app/platform/db/migrate.server";

const env = getEnv();
try {
  const targets = databaseTargets(env.DATABASE_URL, env.DATABASE_HOSTS);
  await ensureDatabase(targets);
  console.info(`[db] ${describeTarget(targets[0]!).database} is up to date.`);
} catch (e) {
  console.error(e instanceof DatabaseUnreachableError ? e.message : `[db] Migration failed: ${(e as Error).message}`);
  process.exit(1);
}
