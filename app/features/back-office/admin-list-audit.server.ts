/**
 * Admin reads of applicants' data, audited in one place: the lists (many applicants' addresses
 * and income), the CSV export, and each read of one application's parts (details, offers with the
 * signer's name and client address, one offer, internal notes, document requests) on the pages
 * and the API. Every admin loader or API handler that returns an applicant's data calls
 * recordAdminRead once. Filters are kept without personal data: a search is recorded by its
 * kind (an e-mail address, a reference, a phone number, other text), never by its text.
 */
import { recordAudit } from "~/platform/audit-log.server";

/** Where the admin read it. */
export type AdminReadChannel = "page" | "api";

/** One application's parts an admin can read; each has its own audit action (and trail label). */
export const ADMIN_APPLICATION_READS = {
  details: "admin.application_viewed",
  offers: "admin.offers_viewed",
  offer: "admin.offer_viewed",
  notes: "admin.notes_viewed",
  document_requests: "admin.document_requests_viewed",
} as const;

export type AdminApplicationPart = keyof typeof ADMIN_APPLICATION_READS;

/** A list's filter as recorded: the search only by its kind. */
export type AdminReadFilter = {
  search?: string | null;
  status?: string | null;
  assigned?: string | null;
  queue?: string | null;
};

export type AdminRead =
  | { kind: "application"; part: AdminApplicationPart; applicationId: number; offerId?: number }
  | { kind: "list"; view: "applications" | "documents"; page?: number; filter?: AdminReadFilter }
  | { kind: "export"; filter: AdminReadFilter };

export type SearchKind = "none" | "email" | "reference" | "phone" | "text";

/** What kind of thing a search was (what the audit keeps of it), never the text itself. */
export function searchKind(q: string | null | undefined): SearchKind {
  const t = (q ?? "").trim();
  if (!t) return "none";
  if (t.includes("@")) return "email";
  if (/^app-/i.test(t)) return "reference";
  if (/^[\d\s()+.-]{7,}$/.test(t) && /\d{3}/.test(t.replace(/\D/g, ""))) return "phone";
  return "text";
}

/** The filter as audit details: `search=<kind>` and the fixed-vocabulary filters that are set. */
export function describeAdminFilter(f: AdminReadFilter = {}) {
  return [
    `search=${searchKind(f.search)}`,
    f.status ? `status=${f.status}` : null,
    f.assigned ? `assigned=${f.assigned}` : null,
    f.queue ? `queue=${f.queue}` : null,
  ]
    .filter(Boolean)
    .join(" ");
}

/** Records one admin read of applicants' data (see the file comment). */
export async function recordAdminRead(adminId: number, ip: string | null, via: AdminReadChannel, read: AdminRead) {
  if (read.kind === "application") {
    await recordAudit({
      actorUserId: adminId,
      action: ADMIN_APPLICATION_READS[read.part],
      targetType: "application",
      targetId: read.applicationId,
      ip,
      details: [`via=${via}`, read.offerId ? `offer=${read.offerId}` : null].filter(Boolean).join(" "),
    });
    return;
  }
  if (read.kind === "export") {
    await recordAudit({
      actorUserId: adminId,
      action: "backoffice.csv_exported",
      targetType: "application_list",
      ip,
      details: `via=${via} ${describeAdminFilter(read.filter)}`,
    });
    return;
  }
  await recordAudit({
    actorUserId: adminId,
    action: `admin.list_${read.view}`,
    targetType: "list",
    targetId: read.view,
    ip,
    details: [`via=${via}`, `page=${read.page ?? 1}`, read.filter ? describeAdminFilter(read.filter) : null].filter(Boolean).join(" "),
  });
}

/** For read models shared by owners and admins: records the read only when the viewer is an admin. */
export async function recordAdminReadBy(
  viewer: { id: number; role: string },
  ip: string | null,
  via: AdminReadChannel,
  read: Extract<AdminRead, { kind: "application" }>,
) {
  if (viewer.role === "admin") await recordAdminRead(viewer.id, ip, via, read);
}
