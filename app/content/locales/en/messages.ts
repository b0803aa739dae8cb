/** The spec's form messages that forms show in place (namespace "messages"): read from MSG, never retyped. */
import { MSG } from "~/content/messages";

/** The messages of docs/product.md that forms show in place (schemas keep returning the English text; pages translate it). */
export const TRANSLATED_MESSAGE_KEYS = [
  "invalidEmail",
  "passwordRequired",
  "firstNameRequired",
  "lastNameRequired",
  "passwordMin",
  "phoneInvalid",
  "dobRequired",
  "mustBeCitizen",
  "mustAgreeTerms",
  "mustAgreeElectronicRecords",
  "amountRequired",
  "purposeRequired",
  "streetRequired",
  "cityRequired",
  "stateRequired",
  "zipInvalid",
  "businessNameTooLong",
  "einInvalid",
  "industryInvalid",
  "naicsInvalid",
  "numberOfWorkersInvalid",
  "timeInBusinessInvalid",
  "monthlyRevenueInvalid",
  "monthlyRevenueTooLarge",
  "creditScoreRangeInvalid",
  "incomeRequired",
  "livingRequired",
  "statusIdRequired",
  "statusNotFound",
  "statusUnavailable",
  "userExists",
  "amountRange",
  "amountWhole",
  "incomeMin",
  "incomeMax",
  "monthlyPaymentInvalid",
  "reviewConsentRequired",
  "sessionExpired",
  "sessionLostNoAccount",
  // account pages
  "mfaLocked",
  // Wizard steps 2-7 (namespace apply): the document tiles' upload refusals.
  "uploadRateLimited",
  "uploadFilesCapReached",
  "uploadBytesCapReached",
  "fileNotPdfOrWord",
  "fileNotImageOrPdf",
] as const satisfies ReadonlyArray<keyof typeof MSG>;

export const messages = Object.fromEntries(TRANSLATED_MESSAGE_KEYS.map((k) => [k, MSG[k]])) as Record<
  (typeof TRANSLATED_MESSAGE_KEYS)[number],
  string
>;
