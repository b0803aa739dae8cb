/**
 * The reads of the admin pages and the admin API (routes never import models): the application
 * list with its back-office extras, an application's details, documents, requests, reviews and
 * notes, the dashboard's stats, the lender catalogue and the API's application shapes.
 */
export {
  getAdminStats,
  getApplicationForAdmin,
  listApplicationsForAdmin,
  listDocumentsForAdmin,
} from "~/models/application-queries.server";
export { getApplicationRowsInOrder, getApplicationSummary, isSubmittedApplication, toApiApplication } from "~/models/applications.server";
export { listRowExtras } from "~/models/back-office-queries.server";
export { getDocumentRequest, listDocumentRequests } from "~/models/document-requests.server";
export { listReviews } from "~/models/document-reviews.server";
export { getNote, listNotes } from "~/models/application-notes.server";
export { getLender, listLendersWithProducts } from "~/models/lenders.server";
