/**
 * The evidence a lender keeps for its offers' summaries: when each was presented to the applicant
 * (page, PDF, API, e-mail) and with which text, and for the accepted one, the signature and the
 * signed summary itself (10 CCR 920(a): the financer obtains a copy of the disclosure signed by the
 * recipient before consummating; 23 NYCRR 600.18(a)). The callers check who may read it.
 */
import { getApplicationSummary } from "~/features/applications/index.server";
import { getAcceptance, getOfferById, listSummaryPresentations } from "./offers.server";
import { signedSummaryPdf, type PdfFile } from "./offer-summary-files.server";

export type SummaryEvidence = {
  offerId: number;
  /** Every presentation, oldest first: when, where, and the SHA-256 of the text shown. */
  presentations: Array<{ at: string; via: string; spec: string; textSha256: string }>;
  /** The signature of this offer's summary, when it is the accepted one. */
  signed: { signerName: string; at: string; textSha256: string } | null;
};

export async function summaryEvidence(applicationId: number, offerIds: readonly number[]): Promise<SummaryEvidence[]> {
  const [presentations, acceptance] = await Promise.all([listSummaryPresentations(offerIds), getAcceptance(applicationId)]);
  return offerIds.map((offerId) => ({
    offerId,
    presentations: presentations
      .filter((p) => p.offerId === offerId)
      .map((p) => ({ at: p.presentedAt.toISOString(), via: p.via, spec: p.spec, textSha256: p.textSha256 })),
    signed:
      acceptance?.offerId === offerId
        ? { signerName: acceptance.signerName, at: acceptance.acceptedAt.toISOString(), textSha256: acceptance.disclosureSha256 }
        : null,
  }));
}

/** The signed summary of `offerId` when it is the accepted offer of `applicationId`; null otherwise. */
export async function signedSummaryOf(applicationId: number, offerId: number, timeZone: string): Promise<PdfFile | null> {
  const [offer, acceptance, app] = await Promise.all([
    getOfferById(offerId),
    getAcceptance(applicationId),
    getApplicationSummary(applicationId),
  ]);
  if (!offer || !app || offer.applicationId !== applicationId || acceptance?.offerId !== offerId) return null;
  return signedSummaryPdf(offer, app, acceptance, timeZone);
}
