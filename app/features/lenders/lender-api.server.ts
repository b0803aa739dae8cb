/**
 * The lender's own systems through the partner API: what a lender user does in the workspace, done
 * with one of its lender partner's API keys. Every call goes through the workspace's own functions
 * (the reads of lender-workspace.server.ts, the projection of lender-visible.server.ts, the actions
 * of lender-actions.server.ts, the audited document serve), so the rules, lifecycle moves, e-mails,
 * webhooks and audit rows are the same; the actor is the key (no user), named in each audit row.
 *
 * Applications are addressed by their APP- reference. One that does not exist, is a draft, or is
 * not shared with the key's lender answers the same 404 (never whether it exists).
 */
import type { PartnerCaller } from "~/features/partners/index.server";
import { displayPrefix } from "~/features/partners/index.server";
import { getSubmittedApplicationByReference } from "~/features/applications/index.server";
import { openDocument, type OpenedDocument } from "~/features/documents/index.server";
import type { LenderStage } from "~/features/lenders/domain/lender-stage";
import {
  actOnInstantOffer,
  declineApplication,
  LENDER_ACTION_MSG,
  makeFirmOffer,
  markFundedAsLender,
  markVerifyingAsLender,
  requestDocumentsAsLender,
  type LenderActionOutcome,
  type LenderActor,
} from "./lender-actions.server";
import { applicationSharedWith, lenderApplicationView, lenderQueueWithOffers } from "./lender-workspace.server";
import type { FirmOfferInput } from "./lender.schema";
import type { DocumentRequestInput } from "~/features/back-office";
import { apiError, apiJson } from "~/platform/api/api-route.server";

/** The lender actor of a lender partner's key, or null (a partner without a lender acts for nobody). */
export function lenderKeyActor(caller: PartnerCaller, ip: string): LenderActor | null {
  if (caller.kind !== "lender" || caller.lenderId == null) return null;
  return { userId: null, lenderId: caller.lenderId, ip, partnerKey: { id: caller.keyId, prefix: displayPrefix(caller.publicId) } };
}

export type LenderApiOutcome<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string };
const notFound = { ok: false, status: 404, message: LENDER_ACTION_MSG.notFound } as const;

const iso = (d: Date) => d.toISOString();

/** The lender's matched applications (the workspace queue), newest first, optionally of one stage, with the lender's own offers. */
export async function listLenderApiApplications(actor: LenderActor, stage: LenderStage | null, limit: number) {
  const rows = await lenderQueueWithOffers(actor.lenderId, stage, limit);
  const applications = rows.map((a) => ({
    applicationId: a.reference,
    status: a.status,
    stage: a.stage,
    amount: a.amount,
    purpose: a.purpose,
    state: a.state,
    submittedAt: a.submittedAt,
    offers: a.offers.map((o) => ({
      id: o.id,
      status: o.status,
      productName: o.productName,
      amountCents: o.amountCents,
      termMonths: o.termMonths,
      noteRateBps: o.noteRateBps,
      estimatedAprBps: o.estimatedAprBps,
      expiresAt: iso(o.expiresAt),
    })),
  }));
  return { ok: true as const, value: { applications } };
}

/** The database id of a submitted application by its reference; null when there is none. */
async function idOf(reference: string) {
  return (await getSubmittedApplicationByReference(reference))?.id ?? null;
}

/** One application as a lender user sees it in the workspace (audited as a read by the key). */
export async function readLenderApiApplication(actor: LenderActor, reference: string) {
  const id = await idOf(reference);
  const view = id == null ? null : await lenderApplicationView(actor, id);
  if (!view) return notFound;
  const { application, documents, today: _today, ...rest } = view;
  const { id: _id, reference: applicationId, ...figures } = application;
  return {
    ok: true as const,
    value: {
      applicationId,
      ...figures,
      ...rest,
      documents: documents.map((d) => ({ ...d, downloadPath: `/api/partner/applications/${applicationId}/documents/${d.id}` })),
    },
  };
}
export type LenderApiApplication = Extract<Awaited<ReturnType<typeof readLenderApiApplication>>, { ok: true }>["value"];

/** A shared document's bytes, through the same audited serve as the workspace's download. */
export async function downloadLenderApiDocument(actor: LenderActor, reference: string, documentId: number): Promise<OpenedDocument> {
  const id = await idOf(reference);
  return openDocument(null, documentId, {
    disposition: "attachment",
    ip: actor.ip ?? "",
    partnerKey: actor.partnerKey,
    // The document must belong to this very application, and the application be shared with the lender.
    lenderMayRead: async (applicationId) => id != null && applicationId === id && (await applicationSharedWith(actor.lenderId, id)),
  });
}

/** The workspace action by the application's reference; an unknown reference is the action's own 404. */
async function act(
  reference: string,
  work: (id: number) => Promise<LenderActionOutcome>,
): Promise<LenderApiOutcome<{ message: string; id?: number }>> {
  const id = await idOf(reference);
  if (id == null) return notFound;
  const out = await work(id);
  return out.ok ? { ok: true, value: { message: out.message, ...(out.id != null ? { id: out.id } : {}) } } : out;
}

export const lenderApiFirmOffer = (a: LenderActor, reference: string, input: FirmOfferInput) =>
  act(reference, (id) => makeFirmOffer(a, id, input));

export const lenderApiDecline = (a: LenderActor, reference: string, reasons: string[]) =>
  act(reference, (id) => declineApplication(a, id, reasons));

export const lenderApiRequestDocuments = (a: LenderActor, reference: string, input: DocumentRequestInput) =>
  act(reference, (id) => requestDocumentsAsLender(a, id, input));

export const lenderApiConfirmOffer = (a: LenderActor, reference: string, offerId: number) =>
  act(reference, (id) => actOnInstantOffer(a, id, offerId, { kind: "confirm" }));

export const lenderApiWithdrawOffer = (a: LenderActor, reference: string, offerId: number, reason: string) =>
  act(reference, (id) => actOnInstantOffer(a, id, offerId, { kind: "withdraw", reason }));

export const lenderApiMarkVerifying = (a: LenderActor, reference: string) => act(reference, (id) => markVerifyingAsLender(a, id));

export const lenderApiMarkFunded = (a: LenderActor, reference: string, funding: { amountCents: number; date: string }) =>
  act(reference, (id) => markFundedAsLender(a, id, funding));

/**
 * A partner API handler's answer: the key's lender actor (none: the same 404 as an application not
 * shared), the work, then its value as JSON (`status`) or its refusal with the message.
 */
export async function lenderApiAnswer<T>(
  caller: PartnerCaller,
  ip: string,
  work: (actor: LenderActor) => Promise<LenderApiOutcome<T>>,
  status = 200,
): Promise<Response> {
  const actor = lenderKeyActor(caller, ip);
  const out = actor ? await work(actor) : notFound;
  return out.ok ? apiJson(out.value, status) : apiError(out.status, out.message);
}
