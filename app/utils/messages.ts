/** Every user-facing message of the spec (sections 5 and 8), one home each. */
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
  amountRequired: "Loan amount is required",
  purposeRequired: "Loan purpose is required",
  streetRequired: "Street address is required",
  cityRequired: "City is required",
  stateRequired: "State is required",
  zipInvalid: "Invalid ZIP code",
  incomeRequired: "Annual income is required",
  livingRequired: "Living situation is required",
  statusIdRequired: "Please enter your application ID",
  statusNotFound: "Application not found. Please check your application ID.",
  statusUnavailable: "Unable to check status. Please try again later.",
  userExists:
    "A user with this email already exists. Please use a different email or login with your existing account.",
  accessDenied: "You don't have admin privileges.",
  // Application wizard (issue 3): limits the spec leaves without a message, and its upload errors.
  amountRange: "Loan amount must be between $1,000 and $50,000",
  amountWhole: "Loan amount must be a whole number of dollars",
  incomeMin: "Annual income cannot be negative",
  incomeMax: "Annual income is too large",
  monthlyPaymentInvalid: "Monthly payment must be a number of 0 or more",
  reviewConsentRequired: "Please agree to the terms and authorize the credit check to submit",
  draftCreateFailed: "Failed to create draft application",
  uploadMissingId: "Failed to get application ID for document upload",
  // Documents (issue: document pipeline): answers the spec leaves without a message.
  authRequired: "Authentication required",
  methodNotAllowed: "Method not allowed",
  // The JSON API (issue 6): answers the spec leaves without a message.
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
  // The applicant's experience (issue 16): what the spec leaves without a message.
  fileNotPdfOrWord: "This file is not a valid PDF, DOC or DOCX. Please choose another file.",
  fileNotImageOrPdf: "This file is not a valid image (JPG, PNG, GIF, WEBP, HEIC) or PDF. Please choose another file.",
  sessionExpired: "Your session has expired, so your application could not be opened. Sign in to resume where you left off.",
  draftSaved: "All changes saved",
  draftSaving: "Saving...",
  draftSaveFailed: "Your latest changes could not be saved. Check your connection; they will be saved when you continue.",
} as const;

export type ToastMessage = { title: string; description?: string; variant?: "default" | "destructive" };

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

export const submittedToast = (applicationId: string): ToastMessage => ({
  title: "Application Submitted Successfully!",
  description: `Your application ID is ${applicationId}`,
});

/** 'Document Uploaded - <name shortened to 25> uploaded successfully' */
export const uploadedToast = (shortName: string): ToastMessage => ({
  title: "Document Uploaded",
  description: `${shortName} uploaded successfully`,
});

/** 'Document Uploaded - 3 files uploaded successfully' (several files sent together without JavaScript). */
export const uploadedManyToast = (count: number): ToastMessage => ({
  title: "Document Uploaded",
  description: `${count} files uploaded successfully`,
});
