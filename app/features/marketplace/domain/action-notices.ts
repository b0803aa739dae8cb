/**
 * The notices of action taken that pages and e-mails share (no lender match, adverse action, a
 * lender's decline): pure text, so the mail feature and the browser can use them.
 */
import { MARKET_MSG } from "~/content/messages";
import { REASON_TEXT, type ReasonCode } from "~/features/marketplace/domain/offer-matching";
import type { NoMatchExplanation } from "~/features/marketplace/domain/no-lender-match";

/** What matching decided at submission: the offers made, and the reasons when there were none. */
export type MatchSummary = { offers: number; reasons: ReasonCode[]; noMatch?: NoMatchExplanation | null };

/**
 * No lender match, said once the same way everywhere: the reasons that decided it, what
 * to do next, and nothing to accept or wait for.
 */
export function noMatchLines(e: { reasons: readonly string[]; nextSteps: readonly string[] }): string[] {
  return [
    "NOTICE OF ACTION TAKEN: no lender match",
    "None of our partner lenders can make an offer for this application, so there is nothing to accept and no funding will follow from it.",
    "Principal reason(s):",
    ...e.reasons.map((r) => `- ${r}`),
    "What you can do:",
    ...e.nextSteps.map((r) => `- ${r}`),
    "You have the right to a statement of specific reasons within 60 days: contact us to ask for it.",
    MARKET_MSG.ecoaNotice,
  ];
}

/** ECOA / Regulation B style notice when no partner lender could make an offer. */
export function adverseActionLines(reasons: readonly ReasonCode[]): string[] {
  return [
    "NOTICE OF ACTION TAKEN",
    "None of our partner lenders was able to make you an offer for this application.",
    "Principal reason(s):",
    ...reasons.map((r) => `- ${REASON_TEXT[r]}`),
    "You may reapply with different details (for example another amount or purpose). You have the right to a statement of specific reasons within 60 days: contact us to ask for it.",
    MARKET_MSG.ecoaNotice,
  ];
}

/**
 * The notice of action taken when ONE partner lender declines after reviewing the
 * application: it names the lender and its principal reasons (from app/content/decline-reasons.ts).
 */
export function lenderAdverseActionLines(lender: { name: string; nmlsId: string }, reasonTexts: readonly string[]): string[] {
  return [
    "NOTICE OF ACTION TAKEN",
    `${lender.name} (NMLS ${lender.nmlsId}) has declined to extend credit on this application.`,
    `Principal reason(s) given by ${lender.name}:`,
    ...reasonTexts.map((r) => `- ${r}`),
    "Offers from other partner lenders, if any, are not affected. You have the right to a statement of specific reasons within 60 days: contact us to ask for it.",
    MARKET_MSG.ecoaNotice,
  ];
}
