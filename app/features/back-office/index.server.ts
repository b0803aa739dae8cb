/**
 * The public entry of this feature's server side for code outside it. Other features and the
 * shared folders import only from here or from index.ts; routes may import the feature's files.
 */
export { type AdminReadChannel, recordAdminReadBy } from "./admin-list-audit.server";
export { listDocumentsWithReview } from "./back-office-queries.server";
export { closeRequestsForUpload, recordColleagueChange } from "./back-office.server";
