/**
 * The public entry of this feature for code outside it (client-safe: no server module).
 * Other features and the shared folders import only from here or from index.server.ts.
 */
export {
  ADMIN_STATUSES,
  AdminListParamsSchema,
  type AdminStatus,
  DocumentListParamsSchema,
  REJECTION_REASON_REQUIRED,
  StatusChangeSchema,
} from "./admin.schema";
export { DocumentRequestFields, type DocumentRequestInput, REJECTION_REASON_LABELS, type RejectionReason } from "./back-office.schema";
export { REVIEW_IDLE_HOURS, REVIEW_SLA_HOURS, reviewSla, type ReviewSla } from "./domain/review-sla";
