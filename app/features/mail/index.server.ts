/**
 * The public entry of this feature's server side for code outside it. Other features and the
 * shared folders import only from here or from index.ts; routes may import the feature's files.
 */
export { renderMail } from "./mail-render.server";
export { kickOutbox, startOutboxWorker, stopOutboxWorker } from "./mail.server";
export {
  changedMail,
  changeLinkMail,
  changeRequestedMail,
  changeUndoneMail,
  lenderInviteMail,
  mfaLockedMail,
  passwordChangedMail,
  referralClaimMail,
  referralNoticeMail,
  resetPasswordMail,
  verificationMail,
} from "./templates/account-mail.server";
export {
  actionNoticeMail,
  cancelledMail,
  confirmationMail,
  declinedAfterReviewMail,
  documentRequestMail,
  firmOfferMail,
  fundedMail,
  lenderAdverseActionMail,
  lenderVerifyingMail,
  offerAcceptedAdminMail,
  offerAcceptedMail,
  offerWithdrawnMail,
  type StageMailApp,
  STATUS_MAIL_KIND,
  statusMail,
} from "./templates/application-mail.server";
