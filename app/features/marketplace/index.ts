/**
 * The public entry of this feature for code outside it (client-safe: no server module).
 * Other features and the shared folders import only from here or from index.server.ts.
 */
export { announcementText, OFFER_VALIDITY_DAYS, offersPath } from "./domain/offer-matching";
export { priceLoan } from "./domain/offer-money";
export { requiredRate } from "./offers.schema";
export { prepaymentPolicyReadable } from "./domain/prepayment-fees";
export {
  ecoaNotice,
  incompleteDeadline,
  lenderAdverseActionLines,
  lenderNoticeLines,
  type MatchSummary,
  noMatchLines,
  noticeContact,
  reasonInLanguage,
  RIGHT_TO_REASONS,
  rightToReasons,
} from "./domain/action-notices";
