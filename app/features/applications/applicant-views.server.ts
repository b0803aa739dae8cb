/**
 * The reads of the applicant's pages (routes never import models): the dashboard's applications,
 * activity, open draft, document requests and review states, and the wizard's confirmation page.
 * What the applicant may see of each row is decided in applicant-visible.server.ts.
 */
import { listRecentEventRowsForUser } from "~/features/applications/application-queries.server";
import { listDocumentsWithReview } from "~/features/back-office/index.server";
import { listDocumentRequests } from "~/features/documents/index.server";
import {
  applicantDocument,
  applicantDocumentRequest,
  applicantTimelineEntry,
  type ApplicantDocument,
  type ApplicantDocumentRequest,
  type ApplicantTimelineEntry,
} from "~/features/marketplace/index.server";

export { listApplicationRowsForUser, withHistory } from "~/features/applications/application-queries.server";
export { getApplicationRowById, getOpenDraftForUser } from "~/features/applications/applications.server";

export type ActivityItem = ApplicantTimelineEntry & { reference: string };

/**
 * The latest events of the user's submitted applications, newest first, as the applicant may see
 * them. A run of the same event (the offer summary presented at each visit of the offer page) is
 * one line, the newest: the list says what happened, not how often a page was opened. Every event
 * stays recorded; this is only what the dashboard lists.
 */
export async function listRecentActivityForUser(userId: number, limit = 8): Promise<ActivityItem[]> {
  // Enough rows that a few runs of repeats still leave `limit` lines.
  const rows = await listRecentEventRowsForUser(userId, limit * 4);
  const items = rows.map((r) => ({ ...applicantTimelineEntry(r), reference: r.reference }));
  return foldRepeats(items).slice(0, limit);
}

/** What makes two activity lines say the same thing (everything but the id and the time). */
const lineOf = (i: ActivityItem) =>
  JSON.stringify([i.type, i.reference, i.fromStatus, i.toStatus, i.documentType, i.documentName, i.reason]);

/** Consecutive identical lines as one, the newest (input newest first). */
export function foldRepeats(items: ActivityItem[]): ActivityItem[] {
  const out: ActivityItem[] = [];
  for (const item of items) if (!out.length || lineOf(out[out.length - 1]!) !== lineOf(item)) out.push(item);
  return out;
}

/** The documents of some applications with the review state the applicant is shown. */
export async function listApplicantDocuments(applicationIds: number[]): Promise<ApplicantDocument[]> {
  return (await listDocumentsWithReview(applicationIds)).map(applicantDocument);
}

/** The documents asked of the applicant (the newest 500), without who asked. */
export async function listApplicantDocumentRequests(applicationIds: number[]): Promise<ApplicantDocumentRequest[]> {
  return (await listDocumentRequests(applicationIds)).map(applicantDocumentRequest);
}
