/** Admins' decisions on uploaded documents (document_reviews): accepted or rejected with a reason. */
import { eq, inArray } from "drizzle-orm";
import { REJECTION_REASON_LABELS, type RejectionReason } from "~/features/back-office";
import { type DbOrTx, getDb, schema } from "~/platform/db/db.server";

const apps = schema.loanApplications;
const docs = schema.documents;
const reviews = schema.documentReviews;
const users = schema.users;

const fullName = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ""}`.trim() : null);

export async function upsertDocumentReview(
  tx: DbOrTx,
  r: {
    documentId: number;
    decision: "accepted" | "rejected";
    reason: RejectionReason | null;
    reasonText: string | null;
    reviewedBy: number;
  },
) {
  const values = { ...r, reviewedAt: new Date() };
  await tx
    .insert(reviews)
    .values(values)
    .onDuplicateKeyUpdate({
      set: {
        decision: values.decision,
        reason: values.reason,
        reasonText: values.reasonText,
        reviewedBy: values.reviewedBy,
        reviewedAt: values.reviewedAt,
      },
    });
}

/** A document with its application, for a review. Null for unknown documents and drafts. */
export async function getDocumentForReview(documentId: number, db: DbOrTx = getDb()) {
  const [row] = await db
    .select({ id: docs.id, documentType: docs.documentType, applicationId: docs.applicationId, status: apps.status })
    .from(docs)
    .innerJoin(apps, eq(apps.id, docs.applicationId))
    .where(eq(docs.id, documentId))
    .limit(1);
  return row && row.status !== "draft" ? row : null;
}

export type ReviewState = {
  decision: "accepted" | "rejected";
  reason: RejectionReason | null;
  reasonText: string | null;
  reviewedAt: string;
};

/** What the applicant may read of a review: the decision and its reason, never the reviewer. */
export function reasonText(r: { reason: RejectionReason | null; reasonText: string | null }) {
  if (!r.reason) return r.reasonText ?? "";
  return r.reason === "other" ? (r.reasonText ?? REJECTION_REASON_LABELS.other) : REJECTION_REASON_LABELS[r.reason];
}

/** Current reviews of these documents; with the reviewer's name only when `withReviewer` (admins). */
export async function listReviews(documentIds: number[], opts: { withReviewer: boolean }, db: DbOrTx = getDb()) {
  const out = new Map<number, ReviewState & { reviewerName?: string | null }>();
  if (!documentIds.length) return out;
  const rows = await db
    .select({ r: reviews, first: users.firstName, last: users.lastName })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.reviewedBy))
    .where(inArray(reviews.documentId, documentIds));
  for (const { r, first, last } of rows) {
    const state: ReviewState = { decision: r.decision, reason: r.reason, reasonText: r.reasonText, reviewedAt: r.reviewedAt.toISOString() };
    out.set(r.documentId, opts.withReviewer ? { ...state, reviewerName: fullName(first, last) } : state);
  }
  return out;
}
