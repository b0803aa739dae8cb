/**
 * The public entry of this feature's server side for code outside it. Other features and the
 * shared folders import only from here or from index.ts; routes may import the feature's files.
 */
export { type DocumentRequestView, fulfilOpenRequests, insertDocumentRequest, listDocumentRequests } from "./document-requests.server";
export { documentErrorPage, documentFileResponse } from "./document-response.server";
export { getDocumentForReview, listReviews, reasonText, upsertDocumentReview } from "./document-reviews.server";
export { type Disposition, openDocument, type OpenedDocument } from "./document-serve.server";
export { sweepOrphans } from "./document-sweep.server";
export { type DocumentRow, listDocumentRows } from "./documents.server";
export { getDocumentStore } from "./store/document-store.server";
