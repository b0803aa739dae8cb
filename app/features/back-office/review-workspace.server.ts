/**
 * The admins' review workspace (/admin/review/:id, docs/product.md "Review workspace"): the queue
 * of applications waiting for a decision beside one application, its documents viewed inline with
 * accept and reject at hand. Every read of the application is audited like the details page's.
 */
import { getStatusDisplay } from "~/features/applications";
import { listReviews } from "~/features/documents/index.server";
import { listAuditForApplication } from "~/platform/audit-log.server";
import { getApplicationForAdmin } from "./admin-queries.server";
import { recordAdminRead } from "./admin-list-audit.server";
import { reviewQueueRows } from "./back-office-queries.server";
import { reviewSla } from "./domain/review-sla";

/** The queue as the workspace shows it (the shared ~/ui/review-workspace's rows). */
export async function adminReviewQueue(openId?: number, now = new Date()) {
  const rows = await reviewQueueRows(undefined, openId);
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    applicant: r.applicant,
    state: getStatusDisplay(r.status).label,
    offers: r.openOffers,
    sla: reviewSla(r.submittedAt, r.updatedAt, now),
  }));
}

/**
 * One application in the workspace, with the document chosen by `?doc=` (the first one when
 * none is chosen); null when there is no such application or document (the route answers 404).
 */
export async function adminReviewApplication(adminId: number, applicationId: number, docParam: string | null, ip: string | null) {
  const application = await getApplicationForAdmin(applicationId);
  if (!application) return null;
  const chosen =
    docParam == null ? (application.documents[0] ?? null) : (application.documents.find((d) => String(d.id) === docParam) ?? null);
  if (docParam != null && !chosen) return null;
  await recordAdminRead(adminId, ip, "page", { kind: "application", part: "details", applicationId });
  const documentIds = application.documents.map((d) => d.id);
  const [reviews, audit] = await Promise.all([
    listReviews(documentIds, { withReviewer: true }),
    listAuditForApplication(applicationId, documentIds),
  ]);
  return {
    application,
    documentId: chosen?.id ?? null,
    reviews: Object.fromEntries(reviews),
    auditTrail: audit.map(({ at, ...entry }) => ({ ...entry, at: at.toISOString() })),
  };
}
