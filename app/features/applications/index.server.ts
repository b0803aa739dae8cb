/**
 * The public entry of this feature's server side for code outside it. Other features and the
 * shared folders import only from here or from index.ts; routes may import the feature's files.
 */
export { listStageEvents, recordApplicationEvent, STAGE_EVENT } from "./application-events.server";
export { applicationRowColumns, type ApplicationStatus, findOwnedSubmittedApplication, type Purpose } from "./application-queries.server";
export {
  type ApplicationRow,
  type ApplicationValues,
  deleteDraftApplication,
  effectiveStage,
  getApplicationRowById,
  getApplicationRowsInOrder,
  getApplicationSummary,
  getSubmittedApplicationByReference,
  insertApplication,
  lenderShareConsentGiven,
  type LenderShareConsent,
  lockApplication,
  markApplicationSubmitted,
  setApplicationStage,
  setPricingAnswers,
  touchApplication,
} from "./applications.server";
export { insertReferredApplication } from "./referred-application.server";
export { type DraftRow, updateDraft } from "./wizard/application-drafts.server";
export {
  admitDraftAccount,
  applicantExistsAnswer,
  ApplicantExistsError,
  applicationForUpload,
  DraftNotReadyError,
  draftApplicationId,
  signInKeepingDraft,
  type WizardContext,
} from "./wizard/draft.server";
