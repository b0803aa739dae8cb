/**
 * The applicant's consent to share the application with partner lenders: the exact sentence the
 * review step shows next to Submit, and its version id. Submitting records the time, the version
 * and the SHA-256 of this text with the application (in the submission's transaction). Changing a
 * word is a new version: give it a new id, so a stored hash always names the words it was given for.
 * The Spanish sentence is a text of its own, with its own version id (consents-es.server.ts): the
 * version kept on the application says which language the applicant was shown.
 */
export type LenderShareConsentText = { version: string; text: string; language: "en" | "es" };

export const LENDER_SHARE_CONSENT = {
  version: "lender-share-2026-11",
  language: "en",
  text:
    "By submitting, you agree that Lendwise shares this application and its documents with the partner lenders it matches you with, " +
    "who are named on your offers page, so that they can review it, make or confirm offers, and contact you about them.",
} as const satisfies LenderShareConsentText;
