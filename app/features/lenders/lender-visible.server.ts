/**
 * What a partner lender's user may see of an application shared with its lender, defined
 * once, like applicant-visible.server.ts for applicants. Each function names the fields it hands on:
 * the figures the lender prices on, the documents, and ITS OWN offers, decline and requests. Never
 * another lender's offers, decisions or declines, never internal notes, reviewers or assignees, never
 * the applicant's SSN, date of birth, phone or e-mail.
 */
import { DOCUMENT_TYPE_LABELS, type DocumentType } from "~/content/document-types";
import { declineReasonText } from "~/content/decline-reasons";
import {
  creditScoreRangeLabel,
  formatEin,
  industryLabel,
  livingSituationLabel,
  numberOfWorkersLabel,
  purposeLabel,
  timeInBusinessLabel,
} from "~/content/loan-options";
import type { ApplicationRow } from "~/features/applications/index.server";
import type { DocumentRow } from "~/features/documents/index.server";
import type { OfferRow } from "~/features/marketplace/index.server";
import { toOfferView, type OfferView } from "~/features/marketplace/index.server";

export function lenderApplication(a: ApplicationRow, owner: { firstName: string; lastName: string } | null) {
  return {
    id: a.id,
    reference: a.reference,
    status: a.status,
    amount: Number(a.amount),
    purpose: a.purpose,
    purposeLabel: purposeLabel(a.purpose),
    annualIncome: Number(a.annualIncome),
    livingSituation: livingSituationLabel(a.livingSituation),
    monthlyPayment: Number(a.monthlyPayment),
    // The optional answers lenders price on; null: the applicant did not answer.
    businessName: a.businessName || null,
    ein: a.ein ? formatEin(a.ein) : null,
    industry: industryLabel(a.industry),
    timeInBusiness: timeInBusinessLabel(a.timeInBusiness),
    monthlyRevenue: Number(a.monthlyRevenue) > 0 ? Number(a.monthlyRevenue) : null,
    creditScoreRange: creditScoreRangeLabel(a.creditScoreRange),
    // Section 1071's business data points (never the owners' demographic answers, kept apart).
    naicsCode: a.naicsCode || null,
    numberOfWorkers: numberOfWorkersLabel(a.numberOfWorkers),
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    ownerName: owner ? `${owner.firstName} ${owner.lastName}` : "",
    submittedAt: a.submittedAt?.toISOString() ?? null,
  };
}
export type LenderApplicationView = ReturnType<typeof lenderApplication>;

export function lenderDocument(d: DocumentRow) {
  return {
    id: d.id,
    documentType: d.documentType,
    label: DOCUMENT_TYPE_LABELS[d.documentType as DocumentType] ?? d.documentType,
    fileName: d.fileName,
    fileSize: d.fileSize,
    contentType: d.contentType,
    uploadedAt: d.uploadedAt.toISOString(),
  };
}

/** One of this lender's own offers: the applicant's view of it, plus whether the lender made or confirmed it. */
export function lenderOffer(o: OfferRow, now = new Date()): OfferView & { firm: boolean; confirmed: boolean } {
  return { ...toOfferView(o, now), firm: o.source === "lender", confirmed: o.lenderConfirmedAt != null };
}

export function lenderDeclineView(d: { reasons: string[]; createdAt: Date }) {
  return { reasons: d.reasons.map(declineReasonText), at: d.createdAt.toISOString() };
}
