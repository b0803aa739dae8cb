/**
 * The notices of action taken that pages and e-mails share (no lender match, adverse action, a
 * lender's decline, incompleteness): pure text, so the mail feature and the browser can use them.
 *
 * Regulation B (12 CFR 1002.9): each creditor that declines names itself and states its own
 * principal reasons (at most four, as the model forms do); the applicant may ask, within 60 days
 * of the notice, for a statement of specific reasons, which is sent within 30 days of the request;
 * an application that lacks information a creditor needs gets a notice of incompleteness (1002.9(c))
 * naming what is missing and a deadline, instead of a denial.
 */
import { ECOA_NOTICE } from "~/content/messages";
import { site } from "~/content/site";
import { fill, resourcesFor, type Language } from "~/content/locales";
import { DECLINE_REASON_TEXT } from "~/content/decline-reasons";
import { INCOMPLETE_REASONS, isEvaluated, REASON_CODES, REASON_TEXT, type ReasonCode } from "~/features/marketplace/domain/offer-matching";
import type { NoMatchExplanation } from "~/features/marketplace/domain/no-lender-match";

/** At most this many principal reasons per creditor, as on the Regulation B model forms. */
export const MAX_PRINCIPAL_REASONS = 4;
/** Days an applicant has to supply what a notice of incompleteness asks for. */
export const INCOMPLETE_DEADLINE_DAYS = 30;

/** What each `*-unknown` reason says is missing, in a notice of incompleteness. */
export const MISSING_INFORMATION: Record<(typeof INCOMPLETE_REASONS)[number], string> = {
  "credit-score-unknown": "Your estimated personal credit score",
  "years-in-business-unknown": "How long your business has operated (time in business)",
};

/** Who to contact about a notice: the marketplace, which passes a request on to the lender. */
export const NOTICE_CONTACT = `${site.name}, ${site.supportEmail}, ${site.supportPhone} (${site.hours})`;

/** The right to a statement of specific reasons, in the words of Regulation B's model forms C-1 and C-3. */
export const RIGHT_TO_REASONS = `You have the right to a statement of specific reasons why your application was denied. To obtain the statement, please contact ${NOTICE_CONTACT} within 60 days from the date you are notified of this decision. We will send you a written statement of reasons for the denial within 30 days of receiving your request for the statement.`;

// ---------------------------------------------------------------------------------------------
// The notices in the reader's language (issue 30). English is the legal text of record and is
// written exactly as above; Spanish is a faithful translation (namespace "mail", `notice`).

/** Who to contact, in `lang` (the support hours in its words). */
export function noticeContact(lang: Language = "en"): string {
  if (lang === "en") return NOTICE_CONTACT;
  return `${site.name}, ${site.supportEmail}, ${site.supportPhone} (${resourcesFor(lang).mail.signature.hours})`;
}

/** The right to a statement of specific reasons, in `lang`. */
export function rightToReasons(lang: Language = "en"): string {
  return lang === "en" ? RIGHT_TO_REASONS : fill(resourcesFor(lang).mail.notice.rightToReasons, { contact: noticeContact(lang) });
}

/** The ECOA statement (~/content/messages ECOA_NOTICE), in `lang`. */
export function ecoaNotice(lang: Language = "en"): string {
  return lang === "en" ? ECOA_NOTICE : resourcesFor(lang).mail.notice.ecoa;
}

/**
 * A reason or missing item the notices state in English (the matching's REASON_TEXT, a lender's
 * DECLINE_REASON_TEXT, MISSING_INFORMATION), in `lang`; a text it does not know stays as given.
 */
export function reasonInLanguage(text: string, lang: Language = "en"): string {
  if (lang === "en") return text;
  const t = resourcesFor(lang).mail;
  for (const [code, en] of Object.entries(DECLINE_REASON_TEXT))
    if (en === text) return t.declineReasons[code as keyof typeof t.declineReasons];
  for (const [code, en] of Object.entries(REASON_TEXT)) if (en === text) return t.reasons[code as ReasonCode];
  for (const [code, en] of Object.entries(MISSING_INFORMATION)) if (en === text) return t.missing[code as keyof typeof MISSING_INFORMATION];
  return text;
}

/** What matching decided at submission: the offers made, each lender's notice, and no lender match. */
export type MatchSummary = {
  offers: number;
  notices: LenderNotice[];
  noMatch?: NoMatchExplanation | null;
  /** The same explanation in another language (issue 30: the applicant's e-mail), when known. */
  noMatchIn?: Partial<Record<Language, NoMatchExplanation | null>>;
  /** The lowest estimated APR among the offers made (null or absent: none). */
  lowestAprBps?: number | null;
};

/** One creditor's action on an application: a denial with its own reasons, or a request for what is missing. */
export type LenderNotice =
  | { lenderName: string; nmlsId: string; kind: "adverse"; reasons: string[] }
  | { lenderName: string; nmlsId: string; kind: "incomplete"; missing: string[] };

/**
 * The notices of the lenders that evaluated an application and made no offer, one per lender:
 * products that do not serve the applicant's state or purpose did not evaluate it (they are not
 * creditors for it), and a lender with an offer from any of its products did not decline. A lender
 * whose only reasons are information the application lacks sends a notice of incompleteness.
 */
export function lenderNotices(
  decisions: ReadonlyArray<{ lenderName: string; nmlsId: string; eligible: boolean; reasons: readonly string[] }>,
): LenderNotice[] {
  const byLender = new Map<string, { nmlsId: string; offered: boolean; codes: Set<ReasonCode> }>();
  for (const d of decisions) {
    if (!isEvaluated(d)) continue;
    const l = byLender.get(d.lenderName) ?? { nmlsId: d.nmlsId, offered: false, codes: new Set<ReasonCode>() };
    if (d.eligible) l.offered = true;
    for (const r of d.reasons) if ((REASON_CODES as readonly string[]).includes(r)) l.codes.add(r as ReasonCode);
    byLender.set(d.lenderName, l);
  }
  const out: LenderNotice[] = [];
  for (const [lenderName, l] of byLender) {
    if (l.offered || l.codes.size === 0) continue;
    const codes = REASON_CODES.filter((c) => l.codes.has(c));
    const incomplete = codes.filter((c): c is (typeof INCOMPLETE_REASONS)[number] => (INCOMPLETE_REASONS as readonly string[]).includes(c));
    if (incomplete.length === codes.length) {
      out.push({ lenderName, nmlsId: l.nmlsId, kind: "incomplete", missing: incomplete.map((c) => MISSING_INFORMATION[c]) });
    } else {
      out.push({
        lenderName,
        nmlsId: l.nmlsId,
        kind: "adverse",
        reasons: codes.slice(0, MAX_PRINCIPAL_REASONS).map((c) => REASON_TEXT[c]),
      });
    }
  }
  return out;
}

const lenderLabel = (l: { lenderName: string; nmlsId: string }) => (l.nmlsId ? `${l.lenderName} (NMLS ${l.nmlsId})` : l.lenderName);

/** The date by which an incompleteness notice's information is due, as YYYY-MM-DD (UTC). */
export function incompleteDeadline(sentAt: Date): string {
  return new Date(sentAt.getTime() + INCOMPLETE_DEADLINE_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The combined notice of an application's lenders, as lines (the first one the title): each
 * declining lender named with its own principal reasons, then each lender that needs more
 * information with what it needs and the deadline. Empty when no lender declined.
 */
export function lenderNoticeLines(
  notices: readonly LenderNotice[],
  opts: { offers: number; deadline: string },
  lang: Language = "en",
): string[] {
  const adverse = notices.filter((n) => n.kind === "adverse");
  const incomplete = notices.filter((n) => n.kind === "incomplete");
  if (!adverse.length && !incomplete.length) return [];
  if (lang !== "en") return translatedLenderNoticeLines(adverse, incomplete, opts, lang);
  const lines: string[] = [adverse.length ? "NOTICE OF ACTION TAKEN" : "NOTICE OF INCOMPLETE APPLICATION"];
  for (const n of adverse) {
    lines.push(`${lenderLabel(n)} has declined to extend credit on this application.`, `Principal reason(s) given by ${n.lenderName}:`);
    lines.push(...n.reasons.map((r) => `- ${r}`));
  }
  if (incomplete.length) {
    if (adverse.length) lines.push("NOTICE OF INCOMPLETE APPLICATION");
    for (const n of incomplete) {
      lines.push(`${lenderLabel(n)} cannot decide on this application without the following information:`);
      lines.push(...n.missing.map((m) => `- ${m}`));
    }
    lines.push(
      `Please give it by ${opts.deadline} (${INCOMPLETE_DEADLINE_DAYS} days from this notice): answer it in Boost your offers on your offers page, where the lenders decide again at once, or send it to ${NOTICE_CONTACT}. If we do not receive it by then, these lenders will not consider this application further, and you may apply again at any time.`,
    );
  }
  if (opts.offers > 0) lines.push("Offers from other partner lenders are not affected: you can still compare and accept them.");
  if (adverse.length) lines.push(RIGHT_TO_REASONS);
  lines.push(ECOA_NOTICE);
  return lines;
}

function translatedLenderNoticeLines(
  adverse: readonly LenderNotice[],
  incomplete: readonly LenderNotice[],
  opts: { offers: number; deadline: string },
  lang: Language,
): string[] {
  const t = resourcesFor(lang).mail.notice;
  const lines: string[] = [adverse.length ? t.actionTaken : t.incomplete];
  for (const n of adverse) {
    lines.push(fill(t.declined, { lender: lenderLabel(n) }), fill(t.reasonsBy, { lender: n.lenderName }));
    if (n.kind === "adverse") lines.push(...n.reasons.map((r) => `- ${reasonInLanguage(r, lang)}`));
  }
  if (incomplete.length) {
    if (adverse.length) lines.push(t.incomplete);
    for (const n of incomplete) {
      lines.push(fill(t.cannotDecide, { lender: lenderLabel(n) }));
      if (n.kind === "incomplete") lines.push(...n.missing.map((m) => `- ${reasonInLanguage(m, lang)}`));
    }
    lines.push(fill(t.sendBy, { contact: noticeContact(lang), deadline: opts.deadline, days: INCOMPLETE_DEADLINE_DAYS }));
  }
  if (opts.offers > 0) lines.push(t.othersUnaffected);
  if (adverse.length) lines.push(rightToReasons(lang));
  lines.push(ecoaNotice(lang));
  return lines;
}

/**
 * No lender match, said once the same way everywhere: the reasons that decided it, what
 * to do next, and nothing to accept or wait for.
 */
export function noMatchLines(e: { reasons: readonly string[]; nextSteps: readonly string[] }, lang: Language = "en"): string[] {
  if (lang !== "en") {
    const t = resourcesFor(lang).mail.notice;
    return [
      t.noMatchTitle,
      t.noMatchNone,
      t.principalReasons,
      ...e.reasons.map((r) => `- ${r}`),
      t.whatYouCanDo,
      ...e.nextSteps.map((r) => `- ${r}`),
      rightToReasons(lang),
      ecoaNotice(lang),
    ];
  }
  return [
    "NOTICE OF ACTION TAKEN: no lender match",
    "None of our partner lenders can make an offer for this application, so there is nothing to accept and no funding will follow from it.",
    "Principal reason(s):",
    ...e.reasons.map((r) => `- ${r}`),
    "What you can do:",
    ...e.nextSteps.map((r) => `- ${r}`),
    RIGHT_TO_REASONS,
    ECOA_NOTICE,
  ];
}

/**
 * The notice of action taken when ONE partner lender declines after reviewing the
 * application: it names the lender and its principal reasons (from app/content/decline-reasons.ts).
 */
export function lenderAdverseActionLines(
  lender: { name: string; nmlsId: string },
  reasonTexts: readonly string[],
  lang: Language = "en",
): string[] {
  if (lang !== "en") {
    const t = resourcesFor(lang).mail.notice;
    return [
      t.actionTaken,
      fill(t.declined, { lender: `${lender.name} (NMLS ${lender.nmlsId})` }),
      fill(t.reasonsBy, { lender: lender.name }),
      ...reasonTexts.slice(0, MAX_PRINCIPAL_REASONS).map((r) => `- ${reasonInLanguage(r, lang)}`),
      t.othersUnaffectedIfAny,
      rightToReasons(lang),
      ecoaNotice(lang),
    ];
  }
  return [
    "NOTICE OF ACTION TAKEN",
    `${lender.name} (NMLS ${lender.nmlsId}) has declined to extend credit on this application.`,
    `Principal reason(s) given by ${lender.name}:`,
    ...reasonTexts.slice(0, MAX_PRINCIPAL_REASONS).map((r) => `- ${r}`),
    "Offers from other partner lenders, if any, are not affected.",
    RIGHT_TO_REASONS,
    ECOA_NOTICE,
  ];
}
