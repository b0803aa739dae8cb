/**
 * The e-mails about an application: the confirmation, status changes, the loan's stages, document
 * requests and offers. Each returns the content once; renderMail makes its HTML and text parts.
 * Dates are written with formatMailDateTime in the reader's zone; every link is a mailLinks URL.
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
import { ECOA_NOTICE } from "~/content/messages";
import { announcementText, OFFER_VALIDITY_DAYS } from "~/features/marketplace";
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

const hello = (firstName: string) => `Hello ${firstName},`;
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A notice written as lines (its first line the title), as one boxed block. */
function noticeOf(lines: readonly string[]): MailBlock {
  const [title = "", ...rest] = lines;
  return notice(title, linesToBlocks(rest));
}

// ---------------------------------------------------------------------------------------------
// The confirmation of a submitted application
// ---------------------------------------------------------------------------------------------

export function confirmationMail(input: {
  firstName: string;
  reference: string;
  amount: number;
  purpose: string;
  submittedAt: Date;
  timeZone: string;
  /** What matching decided in the submission's transaction (null: not known, nothing said about it). */
  market: MatchSummary | null;
}): MailContent {
  const matched = (input.market?.offers ?? 0) > 0;
  const market: MailBlock[] = [];
  if (input.market && matched) {
    const n = input.market.offers;
    market.push(
      // The same announcement as the submitted page and the dashboard: count and lowest APR.
      paragraph(
        input.market.lowestAprBps != null
          ? `Good news: ${announcementText({ count: n, lowestAprBps: input.market.lowestAprBps })}.`
          : `Good news: ${n} partner lender offer${n === 1 ? "" : "s"} ${n === 1 ? "is" : "are"} ready for you to compare.`,
      ),
      paragraph(`Sign in to compare them side by side with their cost disclosures. Offers are valid for ${OFFER_VALIDITY_DAYS} days.`),
      action("Compare your offers", mailLinks.offers(input.reference)),
      paragraph("What happens next:"),
      list([
        "Compare the offers and accept the one you want (nothing is final until you sign one).",
        "The lender verifies your details and documents; it may ask you for more (1-3 days).",
        "If the lender approves them, it sends the money: same day to 1 business day after its verification.",
      ]),
      paragraph("We will send updates by e-mail."),
    );
  } else if (input.market) {
    // The notice of action taken itself goes in an e-mail of its own, never held (actionNoticeMail).
    market.push(
      paragraph(
        "None of our partner lenders can make you an offer for this application. We have sent you the notice of action taken, with the reasons, in a separate e-mail; it is also on your dashboard.",
      ),
    );
  }
  return {
    subject: `Application Submitted - ${input.reference}`,
    greeting: hello(input.firstName),
    blocks: [
      paragraph(`Thank you for applying with ${site.name}. We have received your business loan application.`),
      facts([
        ["Application reference", input.reference],
        ["Requested amount", formatUsd(input.amount)],
        ["Purpose", purposeLabel(input.purpose)],
        ["Submitted", formatMailDateTime(input.submittedAt, input.timeZone)],
      ]),
      ...market,
      paragraph(`You can check your status at any time on our Application Status page with your reference ${input.reference}.`),
      action("Check your application status", mailLinks.status(input.reference)),
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
}): { kind: "adverse_action" | "incompleteness_notice"; content: MailContent } | null {
  const { market } = input;
  let lines = lenderNoticeLines(market.notices, {
    offers: market.offers,
    deadline: formatMailCalendarDate(incompleteDeadline(input.sentAt)),
  });
  if (!lines.length && market.offers === 0 && market.noMatch) lines = noMatchLines(market.noMatch);
  if (!lines.length) return null;
  const adverse = lines[0]!.startsWith("NOTICE OF ACTION TAKEN");
  return {
    kind: adverse ? "adverse_action" : "incompleteness_notice",
    content: {
      subject: `${adverse ? "Notice of action taken" : "Information needed"} on your application ${input.reference}`,
      greeting: hello(input.firstName),
      blocks: [
        paragraph(`Thank you for applying. This notice is about your application ${input.reference}.`),
        noticeOf(lines),
        action(
          market.offers > 0 ? "Compare your offers" : "Open your dashboard",
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
};

export const STATUS_MAIL_KIND: Record<AdminStatus, string> = {
  approved: "status_approved",
  "under-review": "status_under_review",
  rejected: "status_rejected",
  submitted: "status_submitted",
};

/** The e-mail the applicant gets for each status an admin can set. */
export function statusMail(to: AdminStatus, c: StatusMailContext): MailContent {
  const what = `your application ${c.reference} for ${formatUsd(c.amount)} (${purposeLabel(c.purpose)})`;
  const greeting = hello(c.firstName);
  const status = action("Check your application status", mailLinks.status(c.reference));
  switch (to) {
    case "approved":
      return {
        subject: `Congratulations! Your application ${c.reference} is approved`,
        greeting,
        blocks: [
          paragraph(
            `Congratulations! ${capitalize(what)} has been approved with the offer you accepted${c.lenderName ? ` from ${c.lenderName}` : ""}.`,
          ),
          paragraph(
            "Next, the lender verifies your details and documents; once it has verified them, funding usually arrives the same day to 1 business day later. We will e-mail you at each step.",
          ),
          action("Follow your application", mailLinks.dashboard()),
        ],
      };
    case "under-review":
      return {
        subject: `Your application ${c.reference} is under review`,
        greeting,
        blocks: [
          paragraph(`Our team is now reviewing ${what}.`),
          paragraph(
            "We may contact you to request additional documentation; documentation requests usually take 1-3 days, and a final decision 2-5 business days.",
          ),
          status,
        ],
      };
    case "rejected":
      return {
        subject: `Decision on your application ${c.reference}`,
        greeting,
        blocks: [
          paragraph(`Thank you for applying. After careful review, we are unable to approve ${what}.`),
          notice("Statement of action taken: credit denied.", [
            paragraph(`Principal reason(s) for our decision: ${c.note ?? ""}`),
            paragraph(RIGHT_TO_REASONS),
            paragraph(ECOA_NOTICE),
          ]),
          paragraph(
            "You can typically reapply after 60-90 days. If you have questions about this decision, contact us at the details below.",
          ),
          status,
        ],
      };
    case "submitted":
      return {
        subject: `We received your application ${c.reference}`,
        greeting,
        blocks: [paragraph(`We have received ${what}. Initial review takes 24-48 hours; we will contact you with any questions.`), status],
      };
  }
}

// ---------------------------------------------------------------------------------------------
// The loan's stages after an accepted offer (lender verifying, funded, declined, cancelled)
// ---------------------------------------------------------------------------------------------

export type StageMailApp = { reference: string; amount: number; purpose: string };

const stageWhat = (a: StageMailApp) => `your application ${a.reference} (${formatUsd(a.amount)}, ${purposeLabel(a.purpose)})`;

function stageMail(firstName: string, subject: string, blocks: MailBlock[]): MailContent {
  return { subject, greeting: hello(firstName), blocks: [...blocks, action("Follow every step on your dashboard", mailLinks.dashboard())] };
}

export function lenderVerifyingMail(firstName: string, a: StageMailApp, lenderName: string | undefined, next: string) {
  return stageMail(firstName, `${lenderName ?? "Your lender"} is verifying ${a.reference}`, [
    paragraph(`${lenderName ?? "The lender"} whose offer you accepted is now verifying ${stageWhat(a)}.`),
    paragraph(next),
  ]);
}

export function fundedMail(
  firstName: string,
  a: StageMailApp,
  lenderName: string | undefined,
  f: { amountCents: number; date: string },
  next: string,
) {
  return stageMail(firstName, `Funded: ${a.reference}`, [
    paragraph(`${lenderName ?? "The lender"} sent ${formatCents(f.amountCents)} on ${formatMailCalendarDate(f.date)} for ${stageWhat(a)}.`),
    paragraph(next),
  ]);
}

export function declinedAfterReviewMail(firstName: string, a: StageMailApp, lenderName: string | undefined, reasons: readonly string[]) {
  return stageMail(firstName, `Decision on your application ${a.reference}`, [
    paragraph(`After its review, ${lenderName ?? "the lender"} declined ${stageWhat(a)}. No loan will be made from this application.`),
    notice("Statement of action taken: credit denied.", [
      paragraph(`Principal reason(s)${lenderName ? ` given by ${lenderName}` : ""}:`),
      list(reasons),
      paragraph(RIGHT_TO_REASONS),
      paragraph(ECOA_NOTICE),
    ]),
    paragraph("You can typically reapply after 60-90 days."),
  ]);
}

export function cancelledMail(firstName: string, a: StageMailApp, reason: string, acceptedLender: string | null) {
  return stageMail(firstName, `Your application ${a.reference} was cancelled`, [
    paragraph(`We have cancelled ${stageWhat(a)}.`),
    paragraph(`Reason: ${reason}`),
    paragraph(
      acceptedLender
        ? `The offer you accepted from ${acceptedLender} will not be funded; the lender has been told.`
        : "Its offers have been withdrawn.",
    ),
    paragraph("You can start a new application at any time."),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Documents requested (by our team or a partner lender)
// ---------------------------------------------------------------------------------------------

export function documentRequestMail(c: {
  firstName: string;
  reference: string;
  documentTypes: readonly DocumentType[];
  message: string;
  /** The partner lender asking, or none when our team asks. */
  lenderName?: string;
  requestedAt: Date;
  timeZone: string;
}): MailContent {
  return {
    subject: `Documents needed for your application ${c.reference}`,
    greeting: hello(c.firstName),
    blocks: [
      paragraph(
        c.lenderName
          ? `${c.lenderName}, a partner lender reviewing your application ${c.reference}, needs the following:`
          : `To continue with your application ${c.reference}, we need the following:`,
      ),
      list(c.documentTypes.map((t) => DOCUMENT_TYPE_LABELS[t])),
      paragraph(`Message from ${c.lenderName ?? "our team"}: ${c.message}`),
      facts([["Requested", formatMailDateTime(c.requestedAt, c.timeZone)]]),
      paragraph("Please sign in and upload them from your dashboard (Documents requested)."),
      action("Upload the documents", mailLinks.documents(c.reference)),
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
  reason: string;
  stillOpen: number;
}): MailContent {
  const n = c.stillOpen;
  return {
    subject: `An offer for your application ${c.reference} was withdrawn`,
    greeting: hello(c.firstName),
    blocks: [
      paragraph(
        `The offer from ${c.lenderName} for your application ${c.reference} was withdrawn: ${c.reason}. It can no longer be accepted.`,
      ),
      ...(n > 0
        ? [
            paragraph(`You still have ${n} open offer${n === 1 ? "" : "s"} to compare.`),
            action("Compare your offers", mailLinks.offers(c.reference)),
          ]
        : [
            paragraph(
              "No other offer is open for this application, so nothing can be accepted and no funding will follow from it. You can start a new application at any time.",
            ),
            action("Start a new application", mailLinks.newApplication()),
          ]),
    ],
  };
}

export type MailOfferFigures = { fundingCents: number; estimatedAprBps: number; paymentCents: number; termMonths: number };

const figureRows = (o: MailOfferFigures): Array<[string, string]> => [
  ["Funding provided", formatCents(o.fundingCents)],
  ["Estimated APR", formatBps(o.estimatedAprBps)],
  ["Payment", `${formatCents(o.paymentCents)} monthly for ${o.termMonths} months`],
];

export function firmOfferMail(c: {
  firstName: string;
  reference: string;
  lender: { name: string; nmlsId: string };
  figures: MailOfferFigures;
  expiresAt: Date;
  timeZone: string;
}): MailContent {
  return {
    subject: `A firm offer from ${c.lender.name} - ${c.reference}`,
    greeting: hello(c.firstName),
    blocks: [
      paragraph(`${c.lender.name} (NMLS ${c.lender.nmlsId}) reviewed your application ${c.reference} and made you a firm offer:`),
      facts([...figureRows(c.figures), ["Valid until", formatMailDateTime(c.expiresAt, c.timeZone)]]),
      paragraph("Compare it with your other offers and read its full disclosure before you decide."),
      action("Compare your offers", mailLinks.offers(c.reference)),
    ],
  };
}

export function lenderAdverseActionMail(c: {
  firstName: string;
  reference: string;
  lender: { name: string; nmlsId: string };
  reasonTexts: readonly string[];
}): MailContent {
  return {
    subject: `Decision by ${c.lender.name} on your application ${c.reference}`,
    greeting: hello(c.firstName),
    blocks: [
      paragraph(`Thank you for applying. This is about your application ${c.reference}.`),
      noticeOf(lenderAdverseActionLines(c.lender, c.reasonTexts)),
      action("See your offers", mailLinks.offers(c.reference)),
    ],
  };
}

export type AcceptedOfferSummary = MailOfferFigures & { lenderName: string; lenderNmlsId: string; totalPaymentsCents: number };

const acceptedRows = (o: AcceptedOfferSummary): Array<[string, string]> => [
  ["Lender", `${o.lenderName} (NMLS ${o.lenderNmlsId})`],
  ...figureRows(o),
  ["Estimated total payment amount", formatCents(o.totalPaymentsCents)],
];

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
}): MailContent {
  return {
    subject: `Offer Accepted - ${c.reference}`,
    greeting: hello(c.firstName),
    blocks: [
      paragraph(
        `You accepted an offer for your application ${c.reference} (${formatUsd(c.amount)}, ${purposeLabel(c.purpose)}). Status: Offer Accepted.`,
      ),
      facts([
        ...acceptedRows(c.offer),
        ["Signed by", `${c.signerName} on ${formatMailDateTime(c.signedAt, c.timeZone)}`],
        ["Disclosure fingerprint (SHA-256)", c.disclosureHash],
      ]),
      paragraph(
        `Your signed offer summary is attached to this e-mail (${c.attachmentName}): keep it for your records. You can download it again from your account at any time.`,
      ),
      action("Download your signed offer summary (PDF)", mailLinks.signedSummary(c.offerId)),
      paragraph(
        "What happens next: the lender verifies your details and documents (it may ask you for more); if it approves them, it sends the money. The other offers were withdrawn.",
      ),
      action("Follow your application", mailLinks.dashboard()),
    ],
  };
}

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
