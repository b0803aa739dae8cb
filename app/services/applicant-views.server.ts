/**
 * The reads of the applicant's pages (routes never import models): the dashboard's applications,
 * activity, open draft, document requests and review states, and the wizard's confirmation page.
 */
export {
  findOwnedSubmittedApplication,
  listApplicationRowsForUser,
  listRecentActivityForUser,
  withHistory,
} from "~/models/application-queries.server";
export { getApplicationRowById, getOpenDraftForUser } from "~/models/applications.server";
export { listApplicantDocuments } from "~/models/back-office-queries.server";
export { listDocumentRequests } from "~/models/document-requests.server";
