/**
 * `npm run retention`: the end of the retention schedule for closed applications (declined,
 * withdrawn, no offer) unchanged for 25 months and not under a legal hold: their documents (rows
 * and encrypted files) and demographic answers are deleted (app/features/applications/closed-retention.server.ts).
 * Run it daily with `npm run purge` (cron, a scheduled job).
 */
import { purgeClosedApplications } from "../app/features/applications/closed-retention.server";
import { closeDb } from "../app/platform/db/db.server";
import { getEnv } from "../app/platform/env.server";

try {
  getEnv();
  const r = await purgeClosedApplications();
  console.info(
    `[retention] closed before ${r.cutoff.toISOString()}: ${r.applications} applications, ${r.documents} documents (${r.filesRemoved} files), ${r.demographics} demographic answers deleted.`,
  );
} catch (e) {
  console.error(`[retention] failed: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
