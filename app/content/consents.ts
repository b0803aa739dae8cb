/**
 * The consents a person gives, word for word, each with a version id. A consent record
 * (db consent_records) keeps the kind, the version, the SHA-256 of the exact words and the words
 * themselves. Changing a word is a new version: give it a new id.
 *
 * The electronic-records consent carries what E-SIGN (15 U.S.C. 7001(c)(1)) asks a consumer to be
 * told before agreeing: the right to have a record on paper and how to ask for it (and whether it
 * costs), the right to withdraw and how (and what withdrawing means), what the consent covers, how
 * to keep contact details current, and the hardware and software needed to open and keep the records.
 */
import { site } from "./site";

export type ConsentText = {
  kind: "electronic-records" | "credit-authorization" | "sms-marketing";
  version: string;
  text: string;
  /** The language of the words (issue 30): a Spanish consent is a text of its own (consents-es.server.ts). Absent: English. */
  language?: "en" | "es";
};

/** An E-SIGN disclosure in one language: what the page shows, and the words a consent record keeps. */
export type EsignDisclosureText = {
  version: string;
  language: "en" | "es";
  heading: string;
  paragraphs: readonly string[];
  label: string;
};

/** The E-SIGN disclosure, as paragraphs (the stored text joins them with blank lines). */
export const ESIGN_DISCLOSURE = {
  version: "esign-2026-11",
  heading: "Agreement to electronic records and signatures",
  paragraphs: [
    `${site.name} and the partner lenders you apply to give you records electronically: the disclosures, notices (including notices of action taken on an application), offer summaries and agreements about your account and your applications. You sign them by typing your name. Your agreement covers every application you make from this account until you withdraw it.`,
    `You may ask for a paper copy of any record at no charge: e-mail ${site.supportEmail} or call ${site.supportPhone}, and say which record you want.`,
    `You may withdraw this agreement at any time, free of charge, in the same ways. Withdrawing does not undo records already given or signed electronically; an application that is still open then continues on paper by post, which takes longer.`,
    `Keep your e-mail address current in your account settings, or tell us at ${site.supportEmail}.`,
    "To open and keep the records you need: a current version of Chrome, Edge, Firefox or Safari with cookies on; a program that opens PDF files; an e-mail account; and a printer or storage space to keep copies.",
  ],
  /** The checkbox's label. */
  label: "I have read the agreement to electronic records and signatures above and agree to it (required)",
} as const;

/** The stored words of a disclosure: heading, paragraphs and checkbox label, joined with blank lines. */
export const esignConsentOf = (d: EsignDisclosureText): ConsentText => ({
  kind: "electronic-records",
  version: d.version,
  text: [d.heading, ...d.paragraphs, d.label].join("\n\n"),
  language: d.language,
});

/** The English disclosure as a page shows it. */
export const ESIGN_DISCLOSURE_EN: EsignDisclosureText = { ...ESIGN_DISCLOSURE, language: "en" };

export const esignConsentText = (): ConsentText => esignConsentOf(ESIGN_DISCLOSURE_EN);

/** "A, B and C" */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * The review step's credit authorisation: names the lenders of the active catalogue that serve the
 * applicant's state and says when a hard inquiry can happen (#29 lift 5's soft-pull statement).
 */
export function creditAuthorizationText(lenderNames: readonly string[], stateName: string): ConsentText {
  const who = lenderNames.length
    ? `${site.name} and the partner lenders that serve ${stateName || "my state"} (${listNames(lenderNames)})`
    : `${site.name} and the partner lenders that serve ${stateName || "my state"}`;
  return {
    kind: "credit-authorization",
    version: "credit-auth-2026-11",
    text:
      `I authorize ${who} to verify the information I provided and to obtain my personal and business credit reports for this application. ` +
      "Finding my offers uses at most a soft inquiry, which does not affect my credit score. " +
      "A hard inquiry, which can, happens only if I accept an offer and that lender tells me it will make one. (required)",
  };
}

/** The optional SMS marketing consent, with the number it names (never ticked in advance). */
export function smsConsentText(phoneShown: string): ConsentText {
  return {
    kind: "sms-marketing",
    version: "sms-2026-11",
    text:
      `Text me offers and promotions from ${site.name} at ${phoneShown} (optional). ` +
      "Consent is not a condition of purchase. Message and data rates may apply; at most 4 messages a month. Reply STOP to opt out, HELP for help.",
  };
}

/**
 * Said next to the signature field at acceptance: typing the name is meant as a signature
 * (E-SIGN's "intent to sign").
 */
export const INTENT_TO_SIGN =
  "By typing your full name and accepting, you sign this disclosure and the offer electronically, and you intend your typed name to be your signature.";

/**
 * Regulation B (12 CFR 1002.5(d)(2)) requires this notice, in these words, where an applicant is
 * asked for income: https://www.ecfr.gov/current/title-12/part-1002/section-1002.5
 */
export const REG_B_INCOME_NOTICE =
  "Alimony, child support, or separate maintenance income need not be revealed if you do not wish to have it considered as a basis for repaying this obligation.";
