/**
 * The public entry of this feature's server side for code outside it. Other features and the
 * shared folders import only from here or from index.ts; routes may import the feature's files.
 */
export {
  applicantApplication,
  applicantDocument,
  type ApplicantDocument,
  applicantDocumentRequest,
  type ApplicantDocumentRequest,
  applicantMarketplace,
  applicantTimelineEntry,
  type ApplicantTimelineEntry,
  documentEventRef,
  type OfferView,
  toOfferView,
} from "./applicant-visible.server";
export { ensureLendersOnEmptyDatabase } from "./lender-catalogue.server";
export { findLenderIdByName, getLender } from "./lenders.server";
export { creditAuthorizationFor } from "./credit-authorization.server";
export {
  applyMove,
  declineAfterReviewIn,
  type LifecycleOutcome,
  LifecycleRefusedError,
  type LifecycleView,
  lifecycleViewById,
  markFunded,
  markVerifying,
} from "./loan-stage.server";
export { getAcceptance, insertOffer, listOffers, lockOffer, type OfferRow, setOfferStatus } from "./offers.server";
export { afterSubmissionCommitted, submitApplication } from "./submission.server";
export { signedSummaryOf, summaryEvidence, type SummaryEvidence } from "./summary-evidence.server";
