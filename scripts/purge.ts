/**
 * `npm run purge`: deletes abandoned anonymous wizard drafts and never-submitted draft
 * applications (with their documents and files) untouched for 30 days, dead sessions and stale
 * throttle counters. Never touches a submitted application. Run it daily (cron, a scheduled job).
 */
import { purgeAbandoned } from "../app/features/applications/retention.server";
import { closeDb } from "../app/platform/db/db.server";
import { getEnv } from "../app/platform/env.server";

try {
  getEnv();
  const r = await purgeAbandoned();
  console.info(
    `[purge] untouched since ${r.cutoff.toISOString()}: ${r.anonymousDrafts} anonymous drafts, ${r.draftApplications} draft applications, ` +
      `${r.documents} documents (${r.filesRemoved} files) deleted; ${r.sessions} dead sessions and ${r.rateLimits} stale throttle counters removed.`,
  );
} catch (e) {
  console.error(`[purge] failed: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
