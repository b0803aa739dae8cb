/**
 * What an applicant may see of their own applications, defined once. The dashboard, the offers
 * pages and their API answers, and the data export (/account/export) build what they show from
 * these functions. Each one names the fields it hands on, so text the back office writes for
 * colleagues (the note of a status change, why an offer was withdrawn, internal notes, the free
 * text behind a listed review reason, who reviewed, asked or is assigned) reaches an applicant only
 * if someone adds it here.
 *
 * What the applicant is told, and so may see again: what they entered, each status and when it
 * changed, the reason of a rejection (the adverse-action e-mail states it), each document's review
 * state with the reason the dashboard gives, the documents asked of them with the message sent to
 * them, the offers with their figures, why no lender matched, and their own acceptance.
 */
import type { ApplicationRow } from "~/features/applications/index.server";
import { FIELD_NAMES, type FieldName } from "~/features/applications";
import type { DocumentType } from "~/content/document-types";
import type { DocumentRequestView } from "~/features/documents/index.server";
import { reasonText } from "~/features/documents/index.server";
import type { AcceptanceRow, DecisionRow, OfferRow } from "~/features/marketplace/offers.server";
import type { RejectionReason } from "~/features/back-office";
import { REASON_TEXT, principalReasons, type ReasonCode } from "~/features/marketplace/domain/offer-matching";
import { offerState } from "~/features/marketplace/offer-disclosure.server";
import { declineReasonText } from "~/content/decline-reasons";
import { getDb } from "~/platform/db/db.server";
import { listApplicationNotices } from "~/platform/outbox/outbox.server";
import { lenderShareConsentOfVersion } from "~/content/consents-es.server";

// ---------------------------------------------------------------------------------------------
// The application itself: what the applicant entered, its status and dates
// ---------------------------------------------------------------------------------------------

export function applicantApplication(a: ApplicationRow) {
  return {
    id: a.id,
    reference: a.reference,
    status: a.status,
    // Every application field is something the applicant entered: all of them, as stored.
    ...(Object.fromEntries(FIELD_NAMES.map((name) => [name, a[name]])) as Pick<ApplicationRow, FieldName>),
    consentMarketing: a.consentMarketing,
    consentedAt: a.consentedAt,
    // The consent to share with the matched partner lenders: when, and which words (their version and SHA-256).
    lenderShareConsent: a.lenderShareConsentAt
      ? {
          at: a.lenderShareConsentAt,
          version: a.lenderShareConsentVersion,
          sha256: a.lenderShareConsentSha256,
          text: lenderShareConsentOfVersion(a.lenderShareConsentVersion)?.text ?? null,
        }
      : null,
    submittedAt: a.submittedAt,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

// ---------------------------------------------------------------------------------------------
// The application's history
// ---------------------------------------------------------------------------------------------

export type ApplicantTimelineEntry = {
  id: number;
  type: string;
  at: string;
  fromStatus: string | null;
  toStatus: string | null;
  /** Document events: the document's type and, while the document exists, its file name. */
  documentType?: string | null;
  documentName?: string | null;
  /** A rejection: the principal reason the applicant's adverse-action e-mail states. */
  reason?: string;
};

/** A document event's note as the upload service writes it: "<type> (document <id>)". */
export const documentEventRef = (note: string | null) => {
  const m = /^([a-z-]+) \(document (\d+)\)$/.exec(note ?? "");
  return m ? { documentType: m[1]!, documentId: Number(m[2]) } : null;
};

/**
 * One application event as the applicant may see it. The event's note is never handed on: an
 * admin's status-change note and an offer's withdrawal reason are for colleagues. Only a
 * rejection's note is, because it is the reason the applicant was sent.
 */
export function applicantTimelineEntry(e: {
  id: number;
  type: string;
  at: Date;
  fromStatus: string | null;
  toStatus: string | null;
  note: string | null;
  /** The file name of the document a document event names, when it still exists. */
  fileName?: string | null;
}): ApplicantTimelineEntry {
  const entry: ApplicantTimelineEntry = { id: e.id, type: e.type, at: e.at.toISOString(), fromStatus: e.fromStatus, toStatus: e.toStatus };
  const doc = e.type.startsWith("document_") ? documentEventRef(e.note) : null;
  if (doc) Object.assign(entry, { documentType: doc.documentType, documentName: e.fileName ?? null });
  if (e.type === "status_changed" && e.toStatus === "rejected" && e.note) entry.reason = e.note;
  return entry;
}

// ---------------------------------------------------------------------------------------------
// Documents and the documents asked for
// ---------------------------------------------------------------------------------------------

export type ApplicantDocument = {
  id: number;
  applicationId: number;
  documentType: DocumentType;
  fileName: string;
  contentType: string;
  fileSize: number;
  uploadedAt: string;
  state: "accepted" | "rejected" | "in-review";
  /** Why it needs replacing, as the dashboard says it; never who reviewed. */
  reason: string | null;
};

export function applicantDocument(d: {
  id: number;
  applicationId: number;
  documentType: DocumentType;
  fileName: string;
  contentType: string;
  fileSize: number;
  uploadedAt: Date;
  decision: "accepted" | "rejected" | null;
  reason: RejectionReason | null;
  reasonText: string | null;
}): ApplicantDocument {
  return {
    id: d.id,
    applicationId: d.applicationId,
    documentType: d.documentType,
    fileName: d.fileName,
    contentType: d.contentType,
    fileSize: d.fileSize,
    uploadedAt: d.uploadedAt.toISOString(),
    state: d.decision === "accepted" ? "accepted" : d.decision === "rejected" ? "rejected" : "in-review",
    reason: d.decision === "rejected" ? reasonText({ reason: d.reason, reasonText: d.reasonText }) : null,
  };
}

export type ApplicantDocumentRequest = {
  id: number;
  applicationId: number;
  /** The message the applicant was sent. */
  message: string;
  status: "open" | "fulfilled";
  createdAt: string;
  items: Array<{ documentType: DocumentType; fulfilled: boolean }>;
};

/** A request for documents without who asked. */
export function applicantDocumentRequest(r: DocumentRequestView): ApplicantDocumentRequest {
  return {
    id: r.id,
    applicationId: r.applicationId,
    message: r.message,
    status: r.status,
    createdAt: r.createdAt,
    items: r.items.map(({ documentType, fulfilledAt }) => ({ documentType, fulfilled: Boolean(fulfilledAt) })),
  };
}

// ---------------------------------------------------------------------------------------------
// Offers
// ---------------------------------------------------------------------------------------------

/** An offer's terms as the applicant compares them: no withdrawal reason, no admin who made it. */
export type OfferView = {
  id: number;
  lenderName: string;
  nmlsId: string;
  productName: string;
  source: "match" | "manual" | "lender";
  state: "offered" | "accepted" | "withdrawn" | "expired";
  amountCents: number;
  termMonths: number;
  noteRateBps: number;
  feeCents: number;
  fundingCents: number;
  estimatedAprBps: number;
  paymentCents: number;
  finalPaymentCents: number;
  paymentCount: number;
  totalPaymentsCents: number;
  financeChargeCents: number;
  prepayment: string;
  fundingDays: number;
  expiresAt: string;
};

export function toOfferView(o: OfferRow, now = new Date()): OfferView {
  return {
    id: o.id,
    lenderName: o.lenderName,
    nmlsId: o.lenderNmlsId,
    productName: o.productName,
    source: o.source,
    state: offerState(o, now),
    amountCents: o.amountCents,
    termMonths: o.termMonths,
    noteRateBps: o.noteRateBps,
    feeCents: o.feeCents,
    fundingCents: o.fundingCents,
    estimatedAprBps: o.estimatedAprBps,
    paymentCents: o.paymentCents,
    finalPaymentCents: o.finalPaymentCents,
    paymentCount: o.paymentCount,
    totalPaymentsCents: o.totalPaymentsCents,
    financeChargeCents: o.financeChargeCents,
    prepayment: o.prepayment,
    fundingDays: o.fundingDays,
    expiresAt: o.expiresAt.toISOString(),
  };
}

/** The applicant's own signature record. */
export type AcceptanceView = { offerId: number; signerName: string; acceptedAt: string; clientIp: string | null; disclosureSha256: string };
export const toAcceptanceView = (a: AcceptanceRow): AcceptanceView => ({
  offerId: a.offerId,
  signerName: a.signerName,
  acceptedAt: a.acceptedAt.toISOString(),
  clientIp: a.clientIp,
  disclosureSha256: a.disclosureSha256,
});

function principalReasonsFromRows(rows: string[][]): ReasonCode[] {
  const known = new Set<string>(Object.keys(REASON_TEXT));
  return principalReasons(rows.map((reasons) => ({ reasons: reasons.filter((r) => known.has(r)) as ReasonCode[] })));
}

export type ApplicantMarketplace = {
  offers: OfferView[];
  acceptance: AcceptanceView | null;
  matched: boolean;
  /** Why lenders declined (the notice of action taken), in the product's words. */
  principalReasons: string[];
  unlock: string[];
};

/** An application's offers, the lenders' principal reasons and the acceptance, as its owner sees them. */
export function applicantMarketplace(
  m: { offers: OfferRow[]; decisions: DecisionRow[]; acceptance: AcceptanceRow | null },
  now = new Date(),
): ApplicantMarketplace {
  const declined = m.decisions.filter((d) => !d.eligible);
  return {
    offers: m.offers.map((o) => toOfferView(o, now)),
    acceptance: m.acceptance ? toAcceptanceView(m.acceptance) : null,
    matched: m.decisions.length > 0,
    principalReasons: principalReasonsFromRows(declined.map((d) => d.reasons)).map((r) => REASON_TEXT[r]),
    unlock: [...new Set(m.decisions.flatMap((d) => d.unlock))],
  };
}

/**
 * A partner lender's decline as the applicant's notice of action taken states it: the
 * lender's name and its principal reasons; never who at the lender declined.
 */
export type ApplicantLenderDecline = { lenderName: string; reasons: string[]; at: string };
export const applicantLenderDecline = (d: { lenderName: string; reasons: string[]; createdAt: Date }): ApplicantLenderDecline => ({
  lenderName: d.lenderName,
  reasons: d.reasons.map(declineReasonText),
  at: d.createdAt.toISOString(),
});

// ---------------------------------------------------------------------------------------------
// Notices of action taken sent about an application (adverse action, incompleteness)
// ---------------------------------------------------------------------------------------------

/** A notice as its applicant received it: the e-mail's subject and text, and when it was sent (null: being sent). */
export type ApplicantNotice = { id: number; subject: string; text: string; sentAt: string | null; queuedAt: string };

/** The notices sent about these applications, oldest first, keyed by application id. */
export async function listApplicantNotices(applicationIds: readonly number[]): Promise<Map<number, ApplicantNotice[]>> {
  const rows = await listApplicationNotices(getDb(), applicationIds);
  const out = new Map<number, ApplicantNotice[]>();
  for (const r of rows) {
    if (r.applicationId == null) continue;
    const list = out.get(r.applicationId) ?? [];
    list.push({
      id: r.id,
      subject: r.subject,
      text: r.bodyText,
      sentAt: r.sentAt ? r.sentAt.toISOString() : null,
      queuedAt: r.createdAt.toISOString(),
    });
    out.set(r.applicationId, list);
  }
  return out;
}
