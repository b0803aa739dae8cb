/**
 * THE list of reasons a partner lender gives when it declines an application. The
 * lender workspace's decline form offers exactly these, the server accepts only these codes, and
 * the applicant's notice of action taken (page and e-mail) states each in these words (ECOA /
 * Regulation B "principal reasons" style). Append new codes at the end; never reword one in place
 * without checking the notices already sent quote the old text (the codes are stored).
 */
export const DECLINE_REASON_CODES = [
  "insufficient-income",
  "excessive-obligations",
  "insufficient-time-in-business",
  "unable-to-verify-income",
  "unable-to-verify-identity",
  "unable-to-verify-business",
  "incomplete-application",
  "credit-history",
  "collateral-insufficient",
  "outside-lending-criteria",
] as const;
export type DeclineReasonCode = (typeof DECLINE_REASON_CODES)[number];

/** What the applicant reads (and the lender picks from). */
export const DECLINE_REASON_TEXT: Record<DeclineReasonCode, string> = {
  "insufficient-income": "Income insufficient for amount of credit requested",
  "excessive-obligations": "Excessive obligations in relation to income",
  "insufficient-time-in-business": "Length of time in business insufficient",
  "unable-to-verify-income": "Unable to verify income",
  "unable-to-verify-identity": "Unable to verify identity",
  "unable-to-verify-business": "Unable to verify business information",
  "incomplete-application": "Incomplete credit application",
  "credit-history": "Insufficient or unfavorable credit history",
  "collateral-insufficient": "Value or type of collateral not sufficient",
  "outside-lending-criteria": "The requested credit is outside the lender's lending criteria",
};

/** At most this many principal reasons on one notice (Regulation B: four or fewer). */
export const MAX_DECLINE_REASONS = 4;

export const declineReasonText = (code: string) => DECLINE_REASON_TEXT[code as DeclineReasonCode] ?? code;
