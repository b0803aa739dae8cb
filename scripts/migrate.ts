/** `npm run db:migrate`: create the database if needed and apply pending migrations. */
import { getEnv } from "../app/utils/env.server";
import { DatabaseUnreachableError, describeTarget, ensureDatabase } from "../app/models/migrate.server";

const env = getEnv();
try {
  await ensureDatabase(env.DATABASE_URL);
  console.info(`[db] ${describeTarget(env.DATABASE_URL).database} is up to date.`);
} catch (e) {
  console.error(e instanceof DatabaseUnreachableError ? e.message : `[db] Migration failed: ${(e as Error).message}`);
  process.exit(1);
}
