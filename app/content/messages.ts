/** Every user-facing message of docs/product.md (sections 5 and 8), one home each. */
import { INTERNAL_NOTE_MAX_LENGTH, REASON_TEXT_MAX_LENGTH, REQUEST_MESSAGE_MAX_LENGTH } from "./constants";

export const MSG = {
  invalidEmail: "Invalid email address",
  passwordRequired: "Password is required",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  passwordMin: "Password must be at least 8 characters",
  phoneInvalid: "Valid phone number is required",
  dobRequired: "Date of birth is required",
  mustBeCitizen: "Must be a US citizen",
  mustAgreeTerms: "You must agree to the terms",
  mustAgreeElectronicRecords: "You must agree to receive records and sign electronically to create an account online",
  amountRequired: "Loan amount is required",
  purposeRequired: "Loan purpose is required",
  streetRequired: "Street address is required",
  cityRequired: "City is required",
  stateRequired: "State is required",
  zipInvalid: "Invalid ZIP code",
  businessNameTooLong: "Business name must be at most 120 characters",
  einInvalid: "EIN must be 9 digits, written XX-XXXXXXX (for example 12-3456789)",
  industryInvalid: "Please choose an industry from the list",
  naicsInvalid: "Enter the NAICS code as 3 to 6 digits, e.g. 722511",
  numberOfWorkersInvalid: "Please choose how many people work for the business from the list",
  timeInBusinessInvalid: "Please choose how long the business has operated from the list",
  monthlyRevenueInvalid: "Average monthly revenue must be a number of 0 or more",
  monthlyRevenueTooLarge: "Average monthly revenue is too large",
  creditScoreRangeInvalid: "Please choose a credit-score range from the list",
  incomeRequired: "Annual income is required",
  livingRequired: "Living situation is required",
  statusIdRequired: "Please enter your application ID",
  statusNotFound: "Application not found. Please check your application ID.",
  statusUnavailable: "Unable to check status. Please try again later.",
  userExists: "A user with this email already exists. Please use a different email or login with your existing account.",
  accessDenied: "You don't have admin privileges.",
  // Application wizard: limits docs/product.md leaves without a message, and its upload errors.
  amountRange: "Loan amount must be between $1,000 and $50,000",
  amountWhole: "Loan amount must be a whole number of dollars",
  incomeMin: "Annual income cannot be negative",
  incomeMax: "Annual income is too large",
  monthlyPaymentInvalid: "Monthly payment must be a number of 0 or more",
  reviewConsentRequired: "Please agree to the terms and authorize the credit check to submit",
  draftCreateFailed: "Failed to create draft application",
  uploadMissingId: "Failed to get application ID for document upload",
  // Documents (issue: document pipeline): answers docs/product.md leaves without a message.
  authRequired: "Authentication required",
  methodNotAllowed: "Method not allowed",
  // The JSON API: answers docs/product.md leaves without a message.
  apiValidationFailed: "Validation failed",
  apiJsonRequired: "Content-Type must be application/json",
  apiMalformedJson: "The request body is not valid JSON",
  apiBodyTooLarge: "The request body is too large",
  apiUnknownFields: "The request contains fields this endpoint does not accept",
  apiNotFound: "Not found",
  apiServerError: "Something went wrong. Please try again later.",
  apiRegisterRoleRefused: "Registration is only possible with the role 'user'",
  apiUserIdMismatch: "You can only create applications for your own account",
  apiStatusNotAllowed: "Only an administrator may set this status",
  apiApplicationLocked: "This application was already submitted and can no longer be changed",
  apiApplicationNotSubmitted: "This application has not been submitted yet",
  serviceUnavailable: "The service is temporarily unavailable. Please try again in a few moments.",
  serviceUnavailableTitle: "Service temporarily unavailable",
  // Second-factor lockout, operator enrolment code and upload quotas.
  mfaLocked: "Too many wrong codes: codes from your authenticator app are locked. Use one of your recovery codes.",
  enrolmentCodeRequired: "Enter the one-time enrolment code from your operator (printed by npm run db:seed)",
  enrolmentCodeInvalid: "That enrolment code is not valid or has expired. Ask your operator to run npm run db:seed for a new one.",
  uploadRateLimited: "You are uploading files too quickly. Please wait a few minutes and try again.",
  uploadFilesCapReached: "This application already has the most documents it can hold. Remove one before adding another.",
  uploadBytesCapReached: "This file would take the application over its total storage limit.",
  // The applicant's experience: what docs/product.md leaves without a message.
  fileNotPdfOrWord: "This file is not a valid PDF, DOC or DOCX. Please choose another file.",
  fileNotImageOrPdf: "This file is not a valid image (JPG, PNG, GIF, WEBP, HEIC) or PDF. Please choose another file.",
  sessionExpired: "Your session has expired, so your application could not be opened. Sign in to resume where you left off.",
  /** Beside sessionExpired: a visitor who had not made an account yet cannot sign in to get the answers back. */
  sessionLostNoAccount: "Not signed up yet? The answers you gave were kept in that session only: start again below.",
  draftSaved: "All changes saved",
  draftSaving: "Saving...",
  draftSaveFailed: "Your latest changes could not be saved. Check your connection; they will be saved when you continue.",
} as const;

export type ToastMessage = { title: string; description?: string; variant?: "default" | "destructive" };
/** "Title - description": a toast as one line, for a form error or a JSON message. */
export const toastText = (toast: ToastMessage) => (toast.description ? `${toast.title} - ${toast.description}` : toast.title);

export const TOASTS = {
  loginFailed: { title: "Login Failed", description: "Invalid email or password.", variant: "destructive" },
  loginSuccess: { title: "Welcome back!", description: "You have been logged in successfully." },
  signupFailedGeneric: { title: "Sign Up Failed", description: "Failed to create account. Please try again.", variant: "destructive" },
  signupSuccess: {
    title: "Account Created Successfully!",
    description: "Welcome to the product. You can now apply for loans.",
  },
  loggedOut: { title: "Logged out", description: "You have been logged out successfully." },
  adminLoginSuccess: { title: "Login Successful", description: "Welcome to the admin panel." },
  accessDenied: { title: "Access Denied", description: "You don't have admin privileges.", variant: "destructive" },
  submitFailed: {
    title: "Submission Failed",
    description: "There was an error submitting your application. Please try again.",
    variant: "destructive",
  },
  fileTooLarge: { title: "File Too Large", description: "Please select a file smaller than 10MB", variant: "destructive" },
  uploadFailed: {
    title: "Upload Failed",
    description: "There was an error uploading your document. Please try again.",
    variant: "destructive",
  },
  statusUpdated: { title: "Status Updated", description: "Application status has been updated successfully." },
  statusUpdateFailed: { title: "Error", description: "Failed to update application status.", variant: "destructive" },
  fileNotFound: {
    title: "File Not Found",
    description: "This document file is no longer available on the server.",
    variant: "destructive",
  },
  previewFailed: { title: "Preview Failed", description: "Unable to preview this document.", variant: "destructive" },
  downloadFailed: { title: "Download Failed", description: "Unable to download this document.", variant: "destructive" },
} as const satisfies Record<string, ToastMessage>;

export const signupFailed = (serverMessage?: string): ToastMessage =>
  serverMessage ? { title: "Sign Up Failed", description: serverMessage, variant: "destructive" } : TOASTS.signupFailedGeneric;

export const submittedToast = (reference: string): ToastMessage => ({
  title: "Application Submitted Successfully!",
  description: `Your application ID is ${reference}`,
});

/** 'Document Uploaded - <name shortened to 25> uploaded successfully' */
/** After "Boost your offers": the lenders whose new offers the added answers unlocked. */
export const boostedToast = (lenderNames: readonly string[]): ToastMessage => {
  const names = lenderNames.join(", ");
  return {
    title: MARKET_MSG.boostDone,
    // One full stop, also after a name that ends with one ("Bluebonnet Working Capital Co.").
    description: lenderNames.length
      ? `${lenderNames.length} new offer${lenderNames.length === 1 ? "" : "s"}: ${names}${names.endsWith(".") ? "" : "."}`
      : "No new or lower offer this time: the offers you have stay as they are.",
  };
};

export const uploadedToast = (shortName: string): ToastMessage => ({
  title: "Document Uploaded",
  description: `${shortName} uploaded successfully`,
});

/**
 * The Equal Credit Opportunity Act notice of every notice of action taken (admin rejection, a
 * lender's decline, no lender match), in the words of Regulation B's model forms (12 CFR 1002,
 * appendix C). The agency is the one Regulation B's appendix A lists for creditors that are not
 * banks, savings associations or credit unions (the Federal Trade Commission), at the address the
 * 2023 amendment of appendix A gives it (effective April 19, 2023, mandatory from March 20, 2024;
 * source: 12 CFR part 1002, appendix A, as published at
 * https://www.bankersonline.com/regulations/12-1002-appa and in the eCFR).
 */
export const ECOA_NOTICE =
  "Notice: The federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on the basis of race, color, religion, national origin, sex, marital status, or age (provided the applicant has the capacity to enter into a binding contract); because all or part of the applicant's income derives from any public assistance program; or because the applicant has in good faith exercised any right under the Consumer Credit Protection Act. The federal agency that administers compliance with this law concerning this creditor is the Federal Trade Commission, Consumer Response Center, 600 Pennsylvania Avenue NW, Washington, DC 20580.";

/** The marketplace: offers, disclosures, acceptance, lenders. */
export const MARKET_MSG = {
  offerNotFound: "Offer not found.",
  anotherOfferAccepted: "You have already accepted another offer for this application. An application can accept only one offer.",
  offerWithdrawn: "This offer is no longer available: it was withdrawn.",
  offerExpired: "This offer has expired. Offers are valid for 30 days.",
  applicationClosed: "This application was declined, so its offers can no longer be accepted.",
  disclosureChanged: "This offer's disclosure changed since you opened it. Please review it again before accepting.",
  signerNameRequired: "Please type your full name to sign",
  signerNameMismatch: "Please type your full name as it appears on your account",
  mustConfirmDisclosure: "Please confirm that you have read the disclosure",
  offerAccepted: "Offer accepted. The lender will contact you to finalise funding.",
  alreadyAccepted: "You have already accepted this offer.",
  productNotFound: "Lender product not found.",
  feeTooLarge: "The fee must be less than the amount.",
  lenderSaved: "Lender saved.",
  lenderNameTaken: "A lender with this name already exists.",
  /** The prepayment policy must state its fee so the state summaries can give the amount (10 CCR 910(a)(10), 23 NYCRR 600.10(j)). */
  prepaymentPolicyUnreadable:
    'Prepayment: start with "No prepayment penalty", or state the fee as "A prepayment fee of 2% of the balance repaid applies during the first 12 months" or "A prepayment fee of 3% in year 1, 2% in year 2".',
  collateralRequired: 'Collateral requirements are required (write "None: the loan is unsecured." when there are none)',
  avoidableFeesRequired: 'Avoidable fees are required: the late payment and returned payment fees, or "None"',
  lenderWebsiteInvalid: "Website: enter a full http:// or https:// address, e.g. https://lender.example",
  offerWithdrawnByAdmin: "Offer withdrawn.",
  manualOfferAdded: "Manual offer added.",
  boostNothingGiven: "Please answer at least one question to boost your offers.",
  boostClosed:
    "Your offers can no longer be re-run: this application already has an accepted offer, was funded, was declined or was withdrawn.",
  boostDone: "Thank you. We checked your application with our partner lenders again.",
  ecoaNotice: ECOA_NOTICE,
} as const;

// ---------------------------------------------------------------------------------------------
// Back office: document requests, reviews, internal notes, assignment.
export const BACK_OFFICE_MSG = {
  documentTypesRequired: "Please choose at least one document type",
  requestMessageRequired: "Please write a message for the applicant",
  requestMessageTooLong: `The message must be at most ${REQUEST_MESSAGE_MAX_LENGTH} characters`,
  decisionRequired: "Please choose accepted or rejected",
  reasonRequired: "Please choose a reason for the rejection",
  reasonTextRequired: "Please describe the reason",
  reasonTextTooLong: `The reason must be at most ${REASON_TEXT_MAX_LENGTH} characters`,
  noteRequired: "Please write a note",
  noteTooLong: `The note must be at most ${INTERNAL_NOTE_MAX_LENGTH} characters`,
  assigneeInvalid: "Please choose an admin",
  documentNotFound: "Document not found",
  applicationNotFound: "Application not found",
  colleagueAssigned: (name: string) =>
    `This application is assigned to ${name}. You can still change it; the change is recorded as made on a colleague's application.`,
} as const;

export const BACK_OFFICE_TOASTS = {
  requestCreated: { title: "Documents Requested", description: "The applicant has been asked for the documents." },
  /** The request's e-mail is held while the applicant's address is unverified (app/platform/outbox). */
  requestCreatedHeld: {
    title: "Documents Requested",
    description: "The request is on the applicant's dashboard; the e-mail will be sent once the applicant confirms their address.",
  },
  reviewSaved: { title: "Review Saved", description: "The document review has been saved." },
  noteAdded: { title: "Note Added", description: "Your internal note has been added." },
  assigned: { title: "Assignment Updated", description: "The application's assignment has been updated." },
} as const;

// ---------------------------------------------------------------------------------------------
// Accounts: e-mail verification, forgotten and changed passwords, e-mail change,
// sessions, and the applicant's data. One home for every message these pages and e-mails show.
export const ACCOUNT_MSG = {
  verifyBanner:
    "Please confirm your e-mail address. Until you do, we hold status updates, new offers and document requests for you; your first application's confirmation, notices the law requires and your copy of an offer you sign are sent at once.",
  verifyPrompt: "Confirm that this e-mail address is yours to finish setting up your account.",
  verifyInvalid: "This confirmation link is invalid, has expired or was already used. Sign in and ask for a new one from your dashboard.",
  verifyEmailTaken: "This e-mail address now belongs to another account, so it cannot be added to yours.",
  forgotSent:
    "If an account exists for that e-mail address, we have sent a link to reset the password. The link works once, for one hour. Check your inbox and spam folder.",
  resetInvalid: "This password reset link is invalid, has expired or was already used. Please ask for a new one.",
  resetSecondFactorRequired: "Enter a code from your authenticator app or one of your recovery codes.",
  resetSecondFactorInvalid: "That code is not valid or was already used.",
  passwordConfirmMismatch: "The passwords do not match",
  currentPasswordRequired: "Enter your current password",
  currentPasswordWrong: "Your current password is not correct.",
  newPasswordSame: "Choose a password you do not use here already",
  emailSame: "This is already your e-mail address",
  emailChangeUnverified:
    "Confirm your current e-mail address before you change it: open the link we sent to it, or ask for a new one from your dashboard.",
  changePrompt: "Confirm that you want this address to sign you in from now on.",
  changeInvalid:
    "This link to change your e-mail address is invalid, has expired, was already used or was cancelled (a new password or signing out everywhere else cancels it). Ask for a new one in your account settings.",
  changeOtherAccount:
    "This link is for another account. Sign out, sign in to the account whose e-mail address is changing, and open the link again.",
  undoPrompt: "Put this address back on your account. Choose a new password: every session and link of the account ends.",
  undoInvalid: "This link to undo the change of e-mail address is invalid, has expired or was already used.",
  undoTaken: "Your previous e-mail address now belongs to another account, so it cannot be put back. Please call us.",
  referralClaimPrompt: "A referral partner started a loan application for you. Choose a password to review it and submit it yourself.",
  referralClaimInvalid:
    'This link cannot be used: it has expired, was already used, or a password was already set for the account. If you chose a password, sign in to open your application; otherwise choose one with "Forgot password".',
  deleteConfirmRequired: "Type DELETE to confirm",
  throttled: "Too many attempts. Please wait and try again later.",
  /** The password policy's refusal (password-policy.server.ts), and the second-factor code messages (mfa.schema.ts). */
  passwordTooCommon: "This password is too common. Please choose a less common password.",
  mfaCode: "Enter the 6-digit code from your authenticator app",
  mfaInvalid: "That code is not valid or was already used. Try the next code.",
} as const;

export const ACCOUNT_TOASTS = {
  emailVerified: { title: "E-mail confirmed", description: "Thank you. Your e-mail address is confirmed." },
  emailChanged: { title: "E-mail changed", description: "Your new e-mail address is confirmed and now signs you in." },
  verificationSent: { title: "E-mail sent", description: "We sent you a new confirmation link. It works for 24 hours." },
  passwordReset: { title: "Password changed", description: "Your password was reset. Please sign in with your new password." },
  passwordChanged: { title: "Password changed", description: "Your password was changed and your other sessions were signed out." },
  emailChangeRequested: {
    title: "Check your new inbox",
    description: "We sent a confirmation link to the new address. Your e-mail changes once you open it while signed in.",
  },
  emailChangeUndone: {
    title: "E-mail restored",
    description: "Your previous e-mail address is back and every session was signed out. Sign in with your new password.",
  },
  signedOutElsewhere: { title: "Signed out elsewhere", description: "Every other session of your account has been signed out." },
  recoveryCodesRegenerated: { title: "New recovery codes", description: "Your old recovery codes no longer work." },
  authenticatorReenrolled: { title: "Authenticator changed", description: "Your new authenticator app is now your second factor." },
  referralClaimed: {
    title: "Password set",
    description: "Your password is set and your e-mail address confirmed. Check your application, then submit it from the review step.",
  },
  dataDeleted: { title: "Data deleted", description: "Your unsubmitted applications and drafts have been deleted." },
  accountDeleted: { title: "Account deleted", description: "Your account and its data have been deleted." },
} as const satisfies Record<string, ToastMessage>;

/**
 * The throttles' refusals (app/platform/security/throttle.server.ts), shown on the sign-in, sign-up,
 * status lookup, second-factor and account pages (translated at render: namespace "dashboard").
 */
export const THROTTLE_MSG = {
  login: "Too many sign-in attempts. Please wait a minute and try again.",
  signup: "Too many sign-up attempts. Please try again later.",
  statusLookup: "Too many status lookups. Please wait a minute and try again.",
  mfa: "Too many verification attempts. Please wait a minute and try again.",
  mfaAccount: "Too many verification attempts for this account. Please wait 15 minutes and try again.",
  api: "Too many requests. Please slow down.",
  forgotPassword: "Too many password reset requests. Please try again in an hour.",
  accountAttempts: "Too many attempts. Please wait a few minutes and try again.",
  verifyResend: "We already sent several links. Please check your inbox or try again in an hour.",
} as const;

/** The toasts of the applicant's dashboard pages (about the owners, the offer's signing page). */
export const APPLICANT_TOASTS = {
  answersSaved: { title: "Answers saved", description: "Thank you. Your answers are kept apart from your application." },
  offerAccepted: { title: "Offer Accepted", description: MARKET_MSG.offerAccepted },
  alreadyAccepted: { title: "Already accepted", description: MARKET_MSG.alreadyAccepted },
} as const satisfies Record<string, ToastMessage>;

export const resendThrottledToast = (message: string): ToastMessage => ({
  title: "Please wait",
  description: message,
  variant: "destructive",
});
/** 'Document Uploaded - 3 files uploaded successfully' (several files sent together without JavaScript). */
export const uploadedManyToast = (count: number): ToastMessage => ({
  title: "Document Uploaded",
  description: `${count} files uploaded successfully`,
});

/** The partner API: API key errors, idempotency and the admin's partner pages. */
export const PARTNER_MSG = {
  keyInvalid: "Invalid, expired or revoked API key",
  keyRequired: "An API key is required (Authorization: Bearer <key>)",
  keyScopeMissing: "This API key lacks the scope this call needs",
  keyKindNotAllowed: "This partner's API keys cannot make this call",
  keyNotAccepted: "This endpoint does not accept API keys",
  rateLimited: "Too many requests for this API key. Please slow down.",
  idempotencyMismatch: "This Idempotency-Key was used with a different request",
  idempotencyInProgress: "A request with this Idempotency-Key is still in progress; retry shortly",
  idempotencyKeyInvalid: "Idempotency-Key must be 1-255 visible ASCII characters",
  referralNotYours: "This application was not referred by your partner account",
  applicantEmailUnusable: "This applicant e-mail cannot be used for a referral",
  referralSubmitRefused:
    "A referral partner cannot submit an application: send it without status (or 'draft'). The business owner reviews it, gives the consents and submits it.",
  partnerSaved: "Partner created",
  partnerNameTaken: "A partner with this name already exists",
  keyCreated: "API key created. Copy it now: it will not be shown again.",
  keyRevoked: "API key revoked",
  keyRotated: "API key rotated. Copy the new key now: it will not be shown again.",
  lenderNoPartner:
    "Your lender has no partner API account yet. Ask a Lendwise administrator to open one for your lender; you can then make and manage its keys here.",
} as const;
