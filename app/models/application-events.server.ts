/** The audit trail of an application (created, submitted, status changes, documents). */
import { asc, eq } from "drizzle-orm";
import { getDb, schema, type DbOrTx } from "~/models/db.server";

/** Marketplace events (issue 12): an admin withdrew an offer or added a manual one. */
export type MarketplaceEventType = "offer_withdrawn" | "offer_added";
/** Lender workspace events (issue 27): what a partner lender's user did. */
export type LenderEventType =
  "lender_offer_added" | "lender_offer_confirmed" | "lender_offer_withdrawn" | "lender_declined" | "lender_documents_requested";

export type ApplicationEventInput = {
  applicationId: number;
  actorUserId?: number | null;
  type: "created" | "submitted" | "status_changed" | "document_uploaded" | "document_removed" | MarketplaceEventType | LenderEventType;
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

export async function listApplicationEvents(applicationId: number, db: DbOrTx = getDb()) {
  return db
    .select()
    .from(schema.applicationEvents)
    .where(eq(schema.applicationEvents.applicationId, applicationId))
    .orderBy(asc(schema.applicationEvents.createdAt), asc(schema.applicationEvents.id));
}
