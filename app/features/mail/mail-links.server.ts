/**
 * The deep links e-mails carry: absolute, built from the public origin (PUBLIC_URL, see
 * publicLink), each opening the page the e-mail is about.
 */
import { publicLink } from "~/platform/env.server";
import { offersPath } from "~/features/marketplace";

export const mailLinks = {
  /** The applicant's offers of one application (comparison and disclosures). */
  offers: (reference: string) => publicLink(offersPath(reference)),
  /** The public status page, already looked up for the reference. */
  status: (reference: string) => publicLink(`/application-status?id=${encodeURIComponent(reference)}`),
  /** The dashboard's documents of one application: the open request and its upload form. */
  documents: (reference: string) => publicLink(`/dashboard#documents-${encodeURIComponent(reference)}`),
  /** The signed offer summary (PDF) of an accepted offer, and the offer's summary page. */
  signedSummary: (offerId: number) => publicLink(`/offers/${offerId}/signed.pdf`),
  offerSummary: (offerId: number) => publicLink(`/offers/${offerId}/summary`),
  dashboard: () => publicLink("/dashboard"),
  login: () => publicLink("/login"),
  verifyEmail: (token: string) => publicLink(`/verify-email?token=${token}`),
  resetPassword: (token: string) => publicLink(`/reset-password?token=${token}`),
  forgotPassword: () => publicLink("/forgot-password"),
  undoEmailChange: (token: string) => publicLink(`/undo-email-change?token=${token}`),
  lenderInvite: (token: string) => publicLink(`/lender/invite?token=${token}`),
  /** A referred applicant's new account: set a password, then the referred application in the wizard. */
  referralClaim: (token: string) => publicLink(`/referral/claim?token=${token}`),
  /** Sign in, then the wizard (the open application: a referral lands there). */
  loginToApply: () => publicLink("/login?redirectTo=/apply"),
  adminLogin: () => publicLink("/admin-login"),
  adminApplication: (id: number) => publicLink(`/admin/applications/${id}`),
  newApplication: () => publicLink("/apply"),
};
