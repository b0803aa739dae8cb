/** The audit trail of an application (created, submitted, status changes, documents). */
import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb, schema, type DbOrTx } from "~/platform/db/db.server";

/**
 * Marketplace events: an admin withdrew an offer or added a manual one; the applicant's added
 * answers re-ran matching; an offer's summary (in the applicant's state's form) was presented.
 */
export type MarketplaceEventType = "offer_withdrawn" | "offer_added" | "offers_boosted" | "offer_summary_presented";
/** Lender workspace events: what a partner lender's user did. */
export type LenderEventType =
  "lender_offer_added" | "lender_offer_confirmed" | "lender_offer_withdrawn" | "lender_declined" | "lender_documents_requested";
/** A move of the loan's stage (from/to are stages, app/features/applications/domain/loan-lifecycle.ts). */
export const STAGE_EVENT = "stage_changed";

export type ApplicationEventInput = {
  applicationId: number;
  actorUserId?: number | null;
  type:
    | "created"
    | "submitted"
    | "status_changed"
    | "document_uploaded"
    | "document_removed"
    | MarketplaceEventType
    | LenderEventType
    | typeof STAGE_EVENT;
  fromStatus?: string | null;
  toStatus?: string | null;
  note?: string | null;
};

export async function recordApplicationEvent(db: DbOrTx, e: ApplicationEventInput) {
  await db.insert(schema.applicationEvents).values({
    applicationId: e.applicationId,
    actorUserId: e.actorUserId ?? null,
    type: e.type,
    fromStatus: e.fromStatus ?? null,
    toStatus: e.toStatus ?? null,
    note: e.note ?? null,
  });
}

/** The stage moves of one application or several, oldest first (the timeline). */
export async function listStageEvents(applicationIds: number[], db: DbOrTx = getDb()) {
  if (applicationIds.length === 0) return [];
  const e = schema.applicationEvents;
  return db
    .select({
      applicationId: e.applicationId,
      fromStage: e.fromStatus,
      toStage: e.toStatus,
      note: e.note,
      createdAt: e.createdAt,
      id: e.id,
    })
    .from(e)
    .where(and(inArray(e.applicationId, applicationIds), eq(e.type, STAGE_EVENT)))
    .orderBy(asc(e.createdAt), asc(e.id));
}
