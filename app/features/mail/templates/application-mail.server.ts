/**
 * The e-mails about an application: the confirmation, status changes, the loan's stages, document
 * requests and offers. Each returns the content once; renderMail makes its HTML and text parts.
 * Dates are written with formatMailDateTime in the reader's zone; every link is a mailLinks URL.
 * Each takes the reader's language (`lang`, default English; texts in the "mail" namespace): words,
 * dates and money in it (en-US / es-US), the figures the same.
 */
import { DOCUMENT_TYPE_LABELS, type DocumentType } from "~/content/document-types";
import { purposeLabel } from "~/content/loan-options";
import { site } from "~/content/site";
import type { AdminStatus } from "~/features/back-office";
import {
  incompleteDeadline,
  lenderAdverseActionLines,
  lenderNoticeLines,
  type MatchSummary,
  noMatchLines,
  RIGHT_TO_REASONS,
} from "~/features/marketplace";
import { formatBps, formatCents, formatUsd } from "~/ui/format";
import { formatsFor } from "~/ui/locale-format";
import { fill, resourcesFor, type Language } from "~/content/locales";
import { ECOA_NOTICE } from "~/content/messages";
import { announcementText, ecoaNotice, OFFER_VALIDITY_DAYS, reasonInLanguage, rightToReasons } from "~/features/marketplace";
import {
  action,
  facts,
  linesToBlocks,
  list,
  notice,
  paragraph,
  type MailBlock,
  type MailContent,
} from "~/features/mail/domain/mail-content";
import { formatMailCalendarDate, formatMailDateTime } from "~/features/mail/domain/mail-dates";
import { mailLinks } from "~/features/mail/mail-links.server";

const words = (lang: Language) => resourcesFor(lang).mail.application;
const hello = (firstName: string, lang: Language = "en") => fill(resourcesFor(lang).mail.hello, { name: firstName });
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Whole dollars and cents in the reader's language (English: exactly ~/ui/format's). */
const usd = (amount: number, lang: Language) => (lang === "en" ? formatUsd(amount) : formatsFor(lang).usd(amount));
const cents = (n: number, lang: Language) => (lang === "en" ? formatCents(n) : formatsFor(lang).cents(n));
/** A loan purpose's label in the reader's language (the wizard's words for it). */
function purposeIn(value: string, lang: Language) {
  if (lang === "en") return purposeLabel(value);
  const purposes = resourcesFor(lang).wizard.purposes as Partial<Record<string, { label: string }>>;
  return purposes[value]?.label ?? purposeLabel(value);
}
const documentLabel = (type: DocumentType, lang: Language) =>
  lang === "en" ? DOCUMENT_TYPE_LABELS[type] : (resourcesFor(lang).mail.documents[type] ?? DOCUMENT_TYPE_LABELS[type]);

/** A notice written as lines (its first line the title), as one boxed block. */
function noticeOf(lines: readonly string[]): MailBlock {
  const [title = "", ...rest] = lines;
  return notice(title, linesToBlocks(rest));
}
// ---------------------------------------------------------------------------------------------
// The confirmation of a submitted application
// ---------------------------------------------------------------------------------------------

/** "_one" or "_other" of a counted text (English and Spanish: one is 1). */
const plural = <T extends string>(n: number, one: T, other: T) => (n === 1 ? one : other);

export function confirmationMail(input: {
  firstName: string;
  reference: string;
  amount: number;
  purpose: string;
  submittedAt: Date;
  timeZone: string;
  /** What matching decided in the submission's transaction (null: not known, nothing said about it). */
  market: MatchSummary | null;
  lang?: Language;
}): MailContent {
  const lang = input.lang ?? "en";
  const t = words(lang);
  const matched = (input.market?.offers ?? 0) > 0;
  const market: MailBlock[] = [];
  if (input.market && matched) {
    const n = input.market.offers;
    const lowest = input.market.lowestAprBps;
    // The same announcement as the submitted page and the dashboard: count and lowest APR.
    const announcement =
      lowest == null
        ? null
        : lang === "en"
          ? announcementText({ count: n, lowestAprBps: lowest })
          : fill(plural(n, t.announcement_one, t.announcement_other), { count: n, apr: (lowest / 100).toFixed(2) });
    market.push(
      paragraph(
        announcement != null
          ? fill(t.goodNewsAnnouncement, { announcement })
          : fill(plural(n, t.goodNewsCount_one, t.goodNewsCount_other), { count: n }),
      ),
      paragraph(fill(t.compareSideBySide, { days: OFFER_VALIDITY_DAYS })),
      action(t.compareOffers, mailLinks.offers(input.reference)),
      paragraph(t.whatNext),
      list([t.next1, t.next2, t.next3]),
      paragraph(t.updatesByEmail),
    );
  } else if (input.market) {
    // The notice of action taken itself goes in an e-mail of its own, never held (actionNoticeMail).
    market.push(paragraph(t.noOffers));
  }
  return {
    lang,
    subject: fill(t.confirmationSubject, { reference: input.reference }),
    greeting: hello(input.firstName, lang),
    blocks: [
      paragraph(fill(t.thanks, { site: site.name })),
      facts([
        [t.reference, input.reference],
        [t.requestedAmount, usd(input.amount, lang)],
        [t.purpose, purposeIn(input.purpose, lang)],
        [t.submitted, formatMailDateTime(input.submittedAt, input.timeZone, lang)],
      ]),
      ...market,
      paragraph(fill(t.checkStatusAnytime, { reference: input.reference })),
      action(t.checkStatus, mailLinks.status(input.reference)),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// The notice of action taken at submission (each declining lender, incompleteness, no lender match)
// ---------------------------------------------------------------------------------------------

/**
 * The notice the lenders' decisions at submission call for, or null when every lender that
 * evaluated the application made an offer. Its kind is "adverse_action" when a lender declined or
 * no lender could match, "incompleteness_notice" when lenders only need more information.
 */
export function actionNoticeMail(input: {
  firstName: string;
  reference: string;
  market: MatchSummary;
  sentAt: Date;
  lang?: Language;
}): { kind: "adverse_action" | "incompleteness_notice"; content: MailContent } | null {
  const lang = input.lang ?? "en";
  const t = words(lang);
  const { market } = input;
  let lines = lenderNoticeLines(
    market.notices,
    { offers: market.offers, deadline: formatMailCalendarDate(incompleteDeadline(input.sentAt), lang) },
    lang,
  );
  // The no-match explanation in the reader's language when matching wrote one (else the English one's lines).
  const noMatch = lang === "en" ? market.noMatch : (market.noMatchIn?.[lang] ?? market.noMatch);
  if (!lines.length && market.offers === 0 && noMatch) lines = noMatchLines(noMatch, noMatch === market.noMatch ? "en" : lang);
  if (!lines.length) return null;
  const adverse = lines[0]!.startsWith("NOTICE OF ACTION TAKEN") || lines[0]!.startsWith(resourcesFor(lang).mail.notice.actionTaken);
  return {
    kind: adverse ? "adverse_action" : "incompleteness_notice",
    content: {
      lang,
      subject: fill(adverse ? t.noticeAdverseSubject : t.noticeIncompleteSubject, { reference: input.reference }),
      greeting: hello(input.firstName, lang),
      blocks: [
        paragraph(fill(t.noticeIntro, { reference: input.reference })),
        noticeOf(lines),
        action(
          market.offers > 0 ? t.compareOffers : t.openDashboard,
          market.offers > 0 ? mailLinks.offers(input.reference) : mailLinks.dashboard(),
        ),
      ],
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Status set by an admin
// ---------------------------------------------------------------------------------------------

export type StatusMailContext = {
  reference: string;
  firstName: string;
  amount: number;
  purpose: string;
  note?: string;
  lenderName?: string;
  lang?: Language;
};

export const STATUS_MAIL_KIND: Record<AdminStatus, string> = {
  approved: "status_approved",
  "under-review": "status_under_review",
  rejected: "status_rejected",
  submitted: "status_submitted",
};

/** The e-mail the applicant gets for each status an admin can set. */
export function statusMail(to: AdminStatus, c: StatusMailContext): MailContent {
  const lang = c.lang ?? "en";
  const t = words(lang);
  const what = fill(t.what, { reference: c.reference, amount: usd(c.amount, lang), purpose: purposeIn(c.purpose, lang) });
  const ref = { reference: c.reference };
  const greeting = hello(c.firstName, lang);
  const status = action(t.checkStatus, mailLinks.status(c.reference));
  switch (to) {
    case "approved":
      return {
        lang,
        subject: fill(t.approvedSubject, ref),
        greeting,
        blocks: [
          paragraph(fill(c.lenderName ? t.approvedIntroLender : t.approvedIntro, { what: capitalize(what), lender: c.lenderName ?? "" })),
          paragraph(t.approvedNext),
          action(t.followApplication, mailLinks.dashboard()),
        ],
      };
    case "under-review":
      return {
        lang,
        subject: fill(t.underReviewSubject, ref),
        greeting,
        blocks: [paragraph(fill(t.underReviewIntro, { what })), paragraph(t.underReviewNext), status],
      };
    case "rejected":
      return {
        lang,
        subject: fill(t.decisionSubject, ref),
        greeting,
        blocks: [
          paragraph(fill(t.rejectedIntro, { what })),
          notice(t.creditDenied, [
            // The reasons are the admin's own words, as typed.
            paragraph(fill(t.principalReasonsOurs, { note: c.note ?? "" })),
            paragraph(lang === "en" ? RIGHT_TO_REASONS : rightToReasons(lang)),
            paragraph(lang === "en" ? ECOA_NOTICE : ecoaNotice(lang)),
          ]),
          paragraph(t.reapply),
          status,
        ],
      };
    case "submitted":
      return {
        lang,
        subject: fill(t.submittedSubject, ref),
        greeting,
        blocks: [paragraph(fill(t.submittedIntro, { what })), status],
      };
  }
}

// ---------------------------------------------------------------------------------------------
// The loan's stages after an accepted offer (lender verifying, funded, declined, cancelled)
// ---------------------------------------------------------------------------------------------

export type StageMailApp = { reference: string; amount: number; purpose: string; lang?: Language };

const stageWhat = (a: StageMailApp) => {
  const lang = a.lang ?? "en";
  return fill(words(lang).stageWhat, { reference: a.reference, amount: usd(a.amount, lang), purpose: purposeIn(a.purpose, lang) });
};

function stageMail(firstName: string, a: StageMailApp, subject: string, blocks: MailBlock[]): MailContent {
  const lang = a.lang ?? "en";
  return {
    lang,
    subject,
    greeting: hello(firstName, lang),
    blocks: [...blocks, action(words(lang).followDashboard, mailLinks.dashboard())],
  };
}

/** `next`: the stage's "what happens next" words (English; a Spanish reader gets the namespace's). */
export function lenderVerifyingMail(firstName: string, a: StageMailApp, lenderName: string | undefined, next: string) {
  const lang = a.lang ?? "en";
  const t = words(lang);
  return stageMail(firstName, a, fill(t.verifyingSubject, { lender: lenderName ?? t.yourLender, reference: a.reference }), [
    paragraph(fill(t.verifyingIntro, { lender: lenderName ?? t.theLender, what: stageWhat(a) })),
    paragraph(lang === "en" ? next : t.verifyingNext),
  ]);
}

export function fundedMail(
  firstName: string,
  a: StageMailApp,
  lenderName: string | undefined,
  f: { amountCents: number; date: string },
  next: string,
) {
  const lang = a.lang ?? "en";
  const t = words(lang);
  return stageMail(firstName, a, fill(t.fundedSubject, { reference: a.reference }), [
    paragraph(
      fill(t.fundedIntro, {
        lender: lenderName ?? t.theLender,
        amount: cents(f.amountCents, lang),
        date: formatMailCalendarDate(f.date, lang),
        what: stageWhat(a),
      }),
    ),
    paragraph(lang === "en" ? next : t.fundedNext),
  ]);
}

export function declinedAfterReviewMail(firstName: string, a: StageMailApp, lenderName: string | undefined, reasons: readonly string[]) {
  const lang = a.lang ?? "en";
  const t = words(lang);
  return stageMail(firstName, a, fill(t.decisionSubject, { reference: a.reference }), [
    paragraph(fill(t.declinedIntro, { lender: lenderName ?? t.theLenderLower, what: stageWhat(a) })),
    notice(t.creditDenied, [
      paragraph(lenderName ? fill(t.principalReasonsBy, { lender: lenderName }) : t.principalReasons),
      list(reasons.map((r) => reasonInLanguage(r, lang))),
      paragraph(lang === "en" ? RIGHT_TO_REASONS : rightToReasons(lang)),
      paragraph(lang === "en" ? ECOA_NOTICE : ecoaNotice(lang)),
    ]),
    paragraph(t.reapplyShort),
  ]);
}

/** `reason`: the admin's own words, as typed. */
export function cancelledMail(firstName: string, a: StageMailApp, reason: string, acceptedLender: string | null) {
  const lang = a.lang ?? "en";
  const t = words(lang);
  return stageMail(firstName, a, fill(t.cancelledSubject, { reference: a.reference }), [
    paragraph(fill(t.cancelledIntro, { what: stageWhat(a) })),
    paragraph(fill(t.reason, { reason })),
    paragraph(acceptedLender ? fill(t.cancelledAccepted, { lender: acceptedLender }) : t.cancelledWithdrawn),
    paragraph(t.startAnytime),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Documents requested (by our team or a partner lender)
// ---------------------------------------------------------------------------------------------

export function documentRequestMail(c: {
  firstName: string;
  reference: string;
  documentTypes: readonly DocumentType[];
  /** The asker's own words, as typed. */
  message: string;
  /** The partner lender asking, or none when our team asks. */
  lenderName?: string;
  requestedAt: Date;
  timeZone: string;
  lang?: Language;
}): MailContent {
  const lang = c.lang ?? "en";
  const t = words(lang);
  return {
    lang,
    subject: fill(t.documentsSubject, { reference: c.reference }),
    greeting: hello(c.firstName, lang),
    blocks: [
      paragraph(fill(c.lenderName ? t.documentsLender : t.documentsTeam, { lender: c.lenderName ?? "", reference: c.reference })),
      list(c.documentTypes.map((d) => documentLabel(d, lang))),
      paragraph(fill(t.messageFrom, { from: c.lenderName ?? t.ourTeam, message: c.message })),
      facts([[t.requested, formatMailDateTime(c.requestedAt, c.timeZone, lang)]]),
      paragraph(t.uploadFromDashboard),
      action(t.uploadAction, mailLinks.documents(c.reference)),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Offers
// ---------------------------------------------------------------------------------------------

export function offerWithdrawnMail(c: {
  firstName: string;
  reference: string;
  lenderName: string;
  /** The lender's own words, as given. */
  reason: string;
  stillOpen: number;
  lang?: Language;
}): MailContent {
  const lang = c.lang ?? "en";
  const t = words(lang);
  const n = c.stillOpen;
  return {
    lang,
    subject: fill(t.withdrawnSubject, { reference: c.reference }),
    greeting: hello(c.firstName, lang),
    blocks: [
      paragraph(fill(t.withdrawnIntro, { lender: c.lenderName, reference: c.reference, reason: c.reason })),
      ...(n > 0
        ? [
            paragraph(fill(plural(n, t.stillOpen_one, t.stillOpen_other), { count: n })),
            action(t.compareOffers, mailLinks.offers(c.reference)),
          ]
        : [paragraph(t.noneOpen), action(t.startNew, mailLinks.newApplication())]),
    ],
  };
}

export type MailOfferFigures = { fundingCents: number; estimatedAprBps: number; paymentCents: number; termMonths: number };

const figureRows = (o: MailOfferFigures, lang: Language = "en"): Array<[string, string]> => {
  const t = words(lang);
  return [
    [t.fundingProvided, cents(o.fundingCents, lang)],
    [t.estimatedApr, formatBps(o.estimatedAprBps)],
    [t.payment, fill(t.paymentValue, { payment: cents(o.paymentCents, lang), months: o.termMonths })],
  ];
};

export function firmOfferMail(c: {
  firstName: string;
  reference: string;
  lender: { name: string; nmlsId: string };
  figures: MailOfferFigures;
  expiresAt: Date;
  timeZone: string;
  lang?: Language;
}): MailContent {
  const lang = c.lang ?? "en";
  const t = words(lang);
  return {
    lang,
    subject: fill(t.firmSubject, { lender: c.lender.name, reference: c.reference }),
    greeting: hello(c.firstName, lang),
    blocks: [
      paragraph(fill(t.firmIntro, { lender: c.lender.name, nmls: c.lender.nmlsId, reference: c.reference })),
      facts([...figureRows(c.figures, lang), [t.validUntil, formatMailDateTime(c.expiresAt, c.timeZone, lang)]]),
      paragraph(t.firmCompare),
      action(t.compareOffers, mailLinks.offers(c.reference)),
    ],
  };
}

export function lenderAdverseActionMail(c: {
  firstName: string;
  reference: string;
  lender: { name: string; nmlsId: string };
  reasonTexts: readonly string[];
  lang?: Language;
}): MailContent {
  const lang = c.lang ?? "en";
  const t = words(lang);
  return {
    lang,
    subject: fill(t.lenderDecisionSubject, { lender: c.lender.name, reference: c.reference }),
    greeting: hello(c.firstName, lang),
    blocks: [
      paragraph(fill(t.lenderDecisionIntro, { reference: c.reference })),
      noticeOf(lenderAdverseActionLines(c.lender, c.reasonTexts, lang)),
      action(t.seeOffers, mailLinks.offers(c.reference)),
    ],
  };
}

export type AcceptedOfferSummary = MailOfferFigures & { lenderName: string; lenderNmlsId: string; totalPaymentsCents: number };

const acceptedRows = (o: AcceptedOfferSummary, lang: Language = "en"): Array<[string, string]> => {
  const t = words(lang);
  return [
    [t.lender, fill(t.lenderValue, { lender: o.lenderName, nmls: o.lenderNmlsId })],
    ...figureRows(o, lang),
    [t.totalPayments, cents(o.totalPaymentsCents, lang)],
  ];
};

export function offerAcceptedMail(c: {
  firstName: string;
  reference: string;
  amount: number;
  purpose: string;
  offer: AcceptedOfferSummary;
  /** The accepted offer's id: the link to its signed summary. */
  offerId: number;
  /** The name of the attached PDF of the signed summary. */
  attachmentName: string;
  signerName: string;
  signedAt: Date;
  disclosureHash: string;
  timeZone: string;
  lang?: Language;
}): MailContent {
  const lang = c.lang ?? "en";
  const t = words(lang);
  return {
    lang,
    subject: fill(t.acceptedSubject, { reference: c.reference }),
    greeting: hello(c.firstName, lang),
    blocks: [
      paragraph(fill(t.acceptedIntro, { reference: c.reference, amount: usd(c.amount, lang), purpose: purposeIn(c.purpose, lang) })),
      facts([
        ...acceptedRows(c.offer, lang),
        [t.signedBy, fill(t.signedByValue, { name: c.signerName, date: formatMailDateTime(c.signedAt, c.timeZone, lang) })],
        [t.fingerprint, c.disclosureHash],
      ]),
      paragraph(fill(t.attached, { file: c.attachmentName })),
      action(t.downloadSummary, mailLinks.signedSummary(c.offerId)),
      paragraph(t.acceptedNext),
      action(t.followApplication, mailLinks.dashboard()),
    ],
  };
}

/** To the admins (the back office is English only). */
export function offerAcceptedAdminMail(c: {
  applicationId: number;
  reference: string;
  offerId: number;
  offer: AcceptedOfferSummary;
}): MailContent {
  return {
    subject: `Offer Accepted - ${c.reference}`,
    signature: "none",
    blocks: [
      paragraph(`Application ${c.reference} accepted offer ${c.offerId}.`),
      facts(acceptedRows(c.offer)),
      action("Open the application", mailLinks.adminApplication(c.applicationId)),
    ],
  };
}
