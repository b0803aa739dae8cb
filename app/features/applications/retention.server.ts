/**
 * Retention and disposal (`npm run purge`, FTC 16 CFR 314.4(c)(6)): deletes what an applicant
 * started and abandoned, 30 days after it was last touched:
 *  - anonymous wizard drafts (no account, never submitted, no application): name, e-mail, date of
 *    birth, income and address typed into the wizard, and the password hash of step 2;
 *  - draft applications (status 'draft', never submitted) with their documents: the rows, the
 *    wrapped data keys (which crypto-shreds any backup copy of the files) and the stored files;
 * plus housekeeping: sessions that can no longer be used and stale throttle counters.
 * Submitted applications are never touched. Each application goes in its own transaction; its
 * files are removed after COMMIT (a file whose removal fails has no row left, so the document
 * sweeper removes it). Every purged application and every run is written to the audit log.
 */
import { recordAudit } from "~/platform/audit-log.server";
import { deleteDraftApplication, listAbandonedDraftApplications } from "~/features/applications/applications.server";
import { deleteStaleRateLimits } from "~/platform/security/rate-limits.server";
import { deleteExpiredIdempotencyKeys } from "~/platform/api/idempotency-keys.server";
import { deleteDeadSessions } from "~/features/accounts/index.server";
import { deleteAnonymousDrafts, listAbandonedAnonymousDrafts } from "~/features/applications/wizard/application-drafts.server";
import { transaction } from "~/platform/db/db.server";
import { logError } from "~/platform/observability/log.server";
import { SESSION_LIMITS } from "~/content/constants";
import { getDocumentStore } from "~/features/documents/index.server";
import { THROTTLE_RULES } from "~/platform/security/throttle.server";

export const ABANDONED_AFTER_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type PurgeReport = {
  cutoff: Date;
  anonymousDrafts: number;
  draftApplications: number;
  documents: number;
  filesRemoved: number;
  sessions: number;
  rateLimits: number;
  /** Idempotency-Key records past their 24 hours. */
  idempotencyKeys: number;
};

export async function purgeAbandoned(opts: { now?: Date; olderThanDays?: number; batchSize?: number } = {}): Promise<PurgeReport> {
  const now = opts.now ?? new Date();
  const batchSize = opts.batchSize ?? 200;
  const cutoff = new Date(now.getTime() - (opts.olderThanDays ?? ABANDONED_AFTER_DAYS) * DAY_MS);
  const report: PurgeReport = {
    cutoff,
    anonymousDrafts: 0,
    draftApplications: 0,
    documents: 0,
    filesRemoved: 0,
    sessions: 0,
    rateLimits: 0,
    idempotencyKeys: 0,
  };

  for (;;) {
    const ids = await listAbandonedAnonymousDrafts(cutoff, batchSize);
    if (ids.length === 0) break;
    const n = await deleteAnonymousDrafts(ids, cutoff);
    report.anonymousDrafts += n;
    if (n === 0) break;
  }

  const store = getDocumentStore();
  let after = 0;
  for (;;) {
    const ids = await listAbandonedDraftApplications(cutoff, after, batchSize);
    if (ids.length === 0) break;
    for (const id of ids) {
      after = id;
      const removed = await transaction((tx) => deleteDraftApplication(tx, id, cutoff));
      if (!removed) continue;
      report.draftApplications++;
      report.documents += removed.documentIds.length;
      for (const key of removed.storageKeys) {
        try {
          await store.remove(key);
          report.filesRemoved++;
        } catch (e) {
          logError("retention.file", e);
        }
      }
      await recordAudit({
        action: "retention.application_purged",
        targetType: "application",
        targetId: id,
        details: `abandoned draft; documents ${removed.documentIds.join(",") || "none"}`,
      });
    }
  }

  const longestIdle = Math.max(SESSION_LIMITS.user.idle, SESSION_LIMITS.admin.idle);
  report.sessions = await deleteDeadSessions(now, longestIdle, SESSION_LIMITS.anonymous.idle);
  const longestWindow = Math.max(...Object.values(THROTTLE_RULES).map((r) => r.windowSeconds));
  report.rateLimits = await deleteStaleRateLimits(longestWindow);
  report.idempotencyKeys = await deleteExpiredIdempotencyKeys();

  await recordAudit({
    action: "retention.purge",
    details:
      `older than ${cutoff.toISOString()}: anonymous drafts ${report.anonymousDrafts}, draft applications ${report.draftApplications}, ` +
      `documents ${report.documents} (files ${report.filesRemoved}), sessions ${report.sessions}, rate limits ${report.rateLimits}, idempotency keys ${report.idempotencyKeys}`,
  });
  return report;
}
