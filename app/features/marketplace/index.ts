/**
 * The public entry of this feature for code outside it (client-safe: no server module).
 * Other features and the shared folders import only from here or from index.server.ts.
 */
export { OFFER_VALIDITY_DAYS, offersPath } from "./domain/offer-matching";
export { priceLoan } from "./domain/offer-money";
export { requiredRate } from "./offers.schema";
export { adverseActionLines, lenderAdverseActionLines, type MatchSummary, noMatchLines } from "./domain/action-notices";
