/**
 * The audit trail of one application in the admin details: who viewed it, previewed or downloaded
 * its documents, changed its status, or was refused, newest first. Every value is rendered as
 * text (never as HTML), so file names and details stay inert. A run of the same person's views of
 * the same thing shows as one row ("Viewed the application 5 times by X, last at ..."); each view is
 * still a row of the audit log.
 */
import { getStatusDisplay } from "~/features/applications";
import type { AuditTrailEntry } from "~/platform/audit-log.server";
import { formatDateTime } from "~/ui/format";
import { collapseViews } from "~/features/back-office/domain/audit-collapse";

/** An audit entry as the loader sends it (dates as ISO strings). */
export type AuditTrailItem = Omit<AuditTrailEntry, "at"> & { at: string };

const ACTIONS: Record<string, string> = {
  "admin.application_viewed": "Viewed the application",
  "admin.offers_viewed": "Viewed the offers",
  "admin.offer_viewed": "Viewed an offer",
  "admin.notes_viewed": "Viewed the internal notes",
  "admin.document_requests_viewed": "Viewed the document requests",
  "application.status_changed": "Changed the status",
  "document.preview": "Previewed a document",
  "document.download": "Downloaded a document",
  "document.upload": "Uploaded a document",
  // Back office
  "backoffice.documents_requested": "Requested documents",
  "backoffice.document_reviewed": "Reviewed a document",
  "backoffice.note_added": "Added an internal note",
  "backoffice.assigned": "Changed the assignment",
  "backoffice.colleague_application_changed": "Changed an application assigned to a colleague",
};

const OUTCOMES: Record<string, string> = { success: "Succeeded", failure: "Failed", denied: "Refused" };

function describe(item: AuditTrailItem, documentNames: Map<string, string>) {
  const what = ACTIONS[item.action] ?? item.action;
  if (item.targetType === "document" && item.targetId) {
    const name = documentNames.get(item.targetId);
    return `${what}: ${name ?? `document ${item.targetId}`}`;
  }
  const change = item.action === "application.status_changed" && item.details ? /^(\S+) -> (\S+)$/.exec(item.details) : null;
  if (change) return `${what}: ${getStatusDisplay(change[1]!).label} → ${getStatusDisplay(change[2]!).label}`;
  return what;
}

function whoOf(item: AuditTrailItem) {
  if (item.actorName) return `${item.actorName}${item.actorRole === "admin" ? " (admin)" : ""}`;
  return item.actorUserId == null ? "Anonymous" : `User ${item.actorUserId}`;
}

export function AuditTrail({
  items,
  documents,
  reference,
}: {
  items: AuditTrailItem[];
  documents: Array<{ id: number; fileName: string }>;
  reference: string;
}) {
  if (items.length === 0) return <p className="text-sm text-slate-700">No audit entries yet</p>;
  const names = new Map(documents.map((d) => [String(d.id), d.fileName]));
  const rows = collapseViews(items);
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Audit trail">
      <table className="min-w-full text-left text-sm" data-testid="audit-trail">
        <caption className="sr-only">Audit trail of {reference}</caption>
        <thead>
          <tr className="text-slate-700">
            <th scope="col" className="py-1 pr-4 font-semibold">
              When
            </th>
            <th scope="col" className="py-1 pr-4 font-semibold">
              Who
            </th>
            <th scope="col" className="py-1 pr-4 font-semibold">
              What
            </th>
            <th scope="col" className="py-1 pr-4 font-semibold">
              Outcome
            </th>
            <th scope="col" className="py-1 font-semibold">
              Address
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((item) => (
            <tr key={item.id} data-testid="audit-entry">
              <td className="whitespace-nowrap py-1 pr-4">{formatDateTime(item.at)}</td>
              <td className="py-1 pr-4">{whoOf(item)}</td>
              <td className="break-all py-1 pr-4">
                {describe(item, names)}{" "}
                {item.times > 1 ? (
                  <span className="block text-slate-700" data-testid="audit-collapsed">
                    {item.times} times by {whoOf(item)}, last at {formatDateTime(item.at)} (first at {formatDateTime(item.firstAt)})
                  </span>
                ) : null}
              </td>
              <td className="py-1 pr-4">{OUTCOMES[item.outcome] ?? item.outcome}</td>
              <td className="py-1 font-mono text-xs">{item.ip ?? "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
