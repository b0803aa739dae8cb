/**
 * The retention schedule's end for closed applications (`npm run retention`, docs/security-program.md):
 * an application that was declined (admin status 'rejected', or stage 'declined'), withdrawn, or
 * closed without an offer (stage 'no-lender-match'), and has not changed for RETENTION_MONTHS, loses
 * its documents: the rows (with their wrapped data keys, which crypto-shreds any backup copy of the
 * files), the encrypted files in the store, and the owner's optional demographic answers. An
 * application under a legal hold (loan_applications.legal_hold_at, set and cleared by an admin) is
 * never touched. The decision itself (the row, its events and notices) is kept.
 *
 * The period: Regulation B, 12 CFR 1002.12(b)(1), asks a creditor to keep an application and the
 * information used to evaluate it for 25 months after notifying the applicant of the action taken
 * (12 months for business credit; under (b)(5), 60 days, or 12 months on request, for a business
 * with gross revenues above $1 million). We keep the longest of these, 25 months, because the
 * owner's personal information (income, housing payment, identity documents) is part of each
 * application. https://www.ecfr.gov/current/title-12/part-1002/section-1002.12
 */
import { and, eq, exists, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, schema, transaction, type DbOrTx } from "~/platform/db/db.server";
import { recordAudit } from "~/platform/audit-log.server";
import { logError } from "~/platform/observability/log.server";
import { getDocumentStore } from "~/features/documents/index.server";

export const RETENTION_MONTHS = 25;

const apps = schema.loanApplications;
const docs = schema.documents;

/** The moment before which a closed application's last change puts it past the period. */
export function retentionCutoff(now: Date, months = RETENTION_MONTHS): Date {
  const d = new Date(now.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

const closedPastPeriod = (cutoff: Date) =>
  and(
    or(inArray(apps.status, ["rejected", "withdrawn"]), inArray(apps.stage, ["declined", "withdrawn", "no-lender-match"])),
    isNull(apps.legalHoldAt),
    lt(apps.updatedAt, cutoff),
  );

export type RetentionReport = { cutoff: Date; applications: number; documents: number; filesRemoved: number; demographics: number };

export async function purgeClosedApplications(opts: { now?: Date; months?: number; batchSize?: number } = {}): Promise<RetentionReport> {
  const cutoff = retentionCutoff(opts.now ?? new Date(), opts.months);
  const batchSize = opts.batchSize ?? 200;
  const report: RetentionReport = { cutoff, applications: 0, documents: 0, filesRemoved: 0, demographics: 0 };
  const store = getDocumentStore();
  let after = 0;
  for (;;) {
    const ids = (
      await getDb()
        .select({ id: apps.id })
        .from(apps)
        .where(
          and(
            closedPastPeriod(cutoff),
            gt(apps.id, after),
            or(
              exists(
                getDb()
                  .select({ one: sql`1` })
                  .from(docs)
                  .where(eq(docs.applicationId, apps.id)),
              ),
              exists(
                getDb()
                  .select({ one: sql`1` })
                  .from(schema.ownerDemographics)
                  .where(eq(schema.ownerDemographics.applicationId, apps.id)),
              ),
            ),
          ),
        )
        .orderBy(apps.id)
        .limit(batchSize)
    ).map((r) => r.id);
    if (ids.length === 0) break;
    for (const id of ids) {
      after = id;
      const removed = await transaction(async (tx) => {
        // Locked and checked again: a hold set meanwhile wins.
        const [row] = await tx
          .select({ id: apps.id })
          .from(apps)
          .where(and(eq(apps.id, id), closedPastPeriod(cutoff)))
          .for("update");
        if (!row) return null;
        const rows = await tx
          .select({ id: docs.id, storageKey: docs.storageKey })
          .from(docs)
          .where(eq(docs.applicationId, id))
          .for("update");
        if (rows.length) await tx.delete(docs).where(eq(docs.applicationId, id));
        const [demo] = await tx.delete(schema.ownerDemographics).where(eq(schema.ownerDemographics.applicationId, id));
        return { rows, demographics: demo.affectedRows };
      });
      if (!removed) continue;
      report.applications++;
      report.documents += removed.rows.length;
      report.demographics += removed.demographics;
      for (const r of removed.rows) {
        try {
          await store.remove(r.storageKey);
          report.filesRemoved++;
        } catch (e) {
          logError("retention.file", e);
        }
      }
      await recordAudit({
        action: "retention.closed_documents_deleted",
        targetType: "application",
        targetId: id,
        details: `closed before ${cutoff.toISOString()}; documents ${removed.rows.map((r) => r.id).join(",") || "none"}`,
      });
    }
  }
  await recordAudit({
    action: "retention.closed_run",
    details: `closed before ${cutoff.toISOString()}: applications ${report.applications}, documents ${report.documents} (files ${report.filesRemoved}), demographics ${report.demographics}`,
  });
  return report;
}

/** Sets or clears an application's legal hold; audited. Returns false for an unknown application. */
export async function setLegalHold(
  input: { applicationId: number; hold: boolean; reason?: string; actorUserId: number; ip?: string | null },
  db: DbOrTx = getDb(),
): Promise<boolean> {
  const [r] = await db
    .update(apps)
    .set(
      input.hold
        ? { legalHoldAt: new Date(), legalHoldReason: (input.reason ?? "").slice(0, 200) || null }
        : { legalHoldAt: null, legalHoldReason: null },
    )
    .where(eq(apps.id, input.applicationId));
  if (r.affectedRows === 0) return false;
  await recordAudit({
    actorUserId: input.actorUserId,
    action: input.hold ? "application.legal_hold_set" : "application.legal_hold_cleared",
    targetType: "application",
    targetId: input.applicationId,
    ip: input.ip ?? null,
  });
  return true;
}

export async function getLegalHold(applicationId: number, db: DbOrTx = getDb()): Promise<{ at: Date; reason: string | null } | null> {
  const [r] = await db.select({ at: apps.legalHoldAt, reason: apps.legalHoldReason }).from(apps).where(eq(apps.id, applicationId)).limit(1);
  return r?.at ? { at: r.at, reason: r.reason } : null;
}
