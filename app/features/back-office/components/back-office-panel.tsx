/**
 * The back office on an application's details: assignment, document requests,
 * per-document review and internal notes. Every form is a plain POST to the details route
 * (`intent` tells them apart) and works without JavaScript.
 */
import { replySummary, type SummaryItem } from "~/ui/error-summary";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorList } from "~/ui/forms";
import { DOCUMENT_AREAS, DOCUMENT_TYPE_LABELS } from "~/content/document-types";
import type { ApplicationDocument } from "~/features/back-office/admin-queries.server";
import {
  BACK_OFFICE_MSG,
  INTERNAL_NOTE_MAX_LENGTH,
  REASON_TEXT_MAX_LENGTH,
  REJECTION_REASON_LABELS,
  REJECTION_REASONS,
  REQUEST_MESSAGE_MAX_LENGTH,
  type BackOfficeIntent,
  type RejectionReason,
} from "~/features/back-office/back-office.schema";
import { useIsPending } from "~/ui/misc";
import { waitedFor } from "./back-office-list";
import { formatDateTime } from "~/ui/format";

export type BackOfficeView = {
  viewerId: number;
  requests: Array<{
    id: number;
    message: string;
    status: "open" | "fulfilled";
    createdAt: string;
    fulfilledAt: string | null;
    items: Array<{ documentType: keyof typeof DOCUMENT_TYPE_LABELS; fulfilledAt: string | null }>;
  }>;
  reviews: Record<
    string,
    {
      decision: "accepted" | "rejected";
      reason: RejectionReason | null;
      reasonText: string | null;
      reviewedAt: string;
      reviewerName?: string | null;
    }
  >;
  notes: Array<{ id: number; body: string; createdAt: string; authorName: string | null }>;
  assignment: { assigneeUserId: number; name: string; assignedAt: string } | null;
  admins: Array<{ id: number; name: string }>;
  assignedToColleague: boolean;
};

export type BackOfficeErrors = { intent: BackOfficeIntent; errors: Record<string, string[]> } | null | undefined;

/** A part of the back office; its id is the fragment its form's answer comes back to (#notes). */
function Box({ id, title, children, testId }: { id: string; title: string; children: ReactNode; testId: string }) {
  return (
    <section id={id} tabIndex={-1} className="scroll-mt-4 rounded-md border border-slate-200 p-4 focus:outline-none" data-testid={testId}>
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}

function Hidden({ intent, redirectTo }: { intent: BackOfficeIntent; redirectTo: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
}

/** The section of the details each back-office form sits in: its answer comes back there (#notes). */
export const BACK_OFFICE_SECTION: Record<BackOfficeIntent, string> = {
  assign: "assignment",
  "request-documents": "document-requests",
  "review-document": "document-review",
  "add-note": "notes",
};

/** A refused back-office form's errors for the error summary, each linked to its field. */
export function backOfficeSummary(e: BackOfficeErrors, applicationDbId: number): SummaryItem[] {
  if (!e) return [];
  const idOf = (field: string) => {
    if (e.intent === "assign") return `reassign-${applicationDbId}`;
    if (e.intent === "add-note") return `note-${applicationDbId}`;
    if (e.intent === "request-documents")
      return field === "message" ? `request-message-${applicationDbId}` : `request-types-error-${applicationDbId}`;
    return BACK_OFFICE_SECTION[e.intent];
  };
  return replySummary(e.errors, idOf);
}

const errs = (e: BackOfficeErrors, intent: BackOfficeIntent, field: string) => (e?.intent === intent ? (e.errors[field] ?? null) : null);

/** The notice above the status form when a colleague holds the application. */
export function ColleagueNotice({ view }: { view: BackOfficeView }) {
  if (!view.assignedToColleague || !view.assignment) return null;
  return (
    <p
      role="note"
      className="mb-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="colleague-notice"
    >
      {BACK_OFFICE_MSG.colleagueAssigned(view.assignment.name)}
    </p>
  );
}

export function BackOfficePanel({
  applicationDbId,
  documents,
  view,
  redirectTo,
  errors,
}: {
  applicationDbId: number;
  documents: ApplicationDocument[];
  view: BackOfficeView;
  redirectTo: string;
  errors?: BackOfficeErrors;
}) {
  const action = `/admin/applications/${applicationDbId}`;
  const pending = useIsPending({ formAction: action });
  const mine = view.assignment?.assigneeUserId === view.viewerId;
  return (
    <div className="space-y-4">
      <Box id="assignment" title="Assignment" testId="assignment">
        <p className="text-sm" data-testid="assignee">
          Assigned to: <strong>{view.assignment ? `${view.assignment.name}${mine ? " (you)" : ""}` : "Nobody"}</strong>
        </p>
        <div className="flex flex-wrap items-end gap-3">
          {!mine ? (
            <Form method="post" action={action}>
              <Hidden intent="assign" redirectTo={redirectTo} />
              <input type="hidden" name="assigneeId" value={view.viewerId} />
              <button type="submit" className="btn-primary" disabled={pending}>
                Assign to me
              </button>
            </Form>
          ) : null}
          <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
            <Hidden intent="assign" redirectTo={redirectTo} />
            <div>
              <label htmlFor={`reassign-${applicationDbId}`} className="label">
                Reassign to
              </label>
              <select
                id={`reassign-${applicationDbId}`}
                name="assigneeId"
                defaultValue={view.assignment?.assigneeUserId ?? "none"}
                className="input mt-1"
              >
                <option value="none">Nobody</option>
                {view.admins.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                    {a.id === view.viewerId ? " (you)" : ""}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn-outline" disabled={pending}>
              Reassign
            </button>
          </Form>
        </div>
        <ErrorList id={`assign-error-${applicationDbId}`} errors={errs(errors, "assign", "assigneeId")} />
      </Box>

      <Box id="document-requests" title="Document requests" testId="document-requests">
        {view.requests.length === 0 ? (
          <p className="text-sm text-slate-700">No documents requested yet</p>
        ) : (
          <ul className="divide-y divide-slate-200 text-sm">
            {view.requests.map((r) => (
              <li key={r.id} className="py-2" data-testid="document-request" data-status={r.status}>
                <p className="font-medium">
                  {r.items.map((i) => `${DOCUMENT_TYPE_LABELS[i.documentType]}${i.fulfilledAt ? " (received)" : ""}`).join(", ")}
                </p>
                <p className="whitespace-pre-line text-slate-800">{r.message}</p>
                <p className="text-slate-700" suppressHydrationWarning>
                  {r.status === "open"
                    ? `Open: requested ${formatDateTime(r.createdAt)}, waiting on the applicant for ${waitedFor(r.createdAt)}`
                    : `Closed: fulfilled ${formatDateTime(r.fulfilledAt)}`}
                </p>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" action={action} className="space-y-3">
          <Hidden intent="request-documents" redirectTo={redirectTo} />
          <fieldset>
            <legend className="label">Documents to request</legend>
            <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
              {DOCUMENT_AREAS.map((d) => (
                <label key={d.type} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="documentTypes" value={d.type} className="h-4 w-4" />
                  {d.label}
                </label>
              ))}
            </div>
            <ErrorList id={`request-types-error-${applicationDbId}`} errors={errs(errors, "request-documents", "documentTypes")} />
          </fieldset>
          <div>
            <label htmlFor={`request-message-${applicationDbId}`} className="label">
              Message to the applicant
            </label>
            <textarea
              id={`request-message-${applicationDbId}`}
              name="message"
              rows={2}
              maxLength={REQUEST_MESSAGE_MAX_LENGTH}
              className="input mt-1"
              aria-describedby={`request-message-error-${applicationDbId}`}
            />
            <ErrorList id={`request-message-error-${applicationDbId}`} errors={errs(errors, "request-documents", "message")} />
          </div>
          <button type="submit" className="btn-primary" disabled={pending}>
            Request Documents
          </button>
        </Form>
      </Box>

      <Box id="document-review" title="Document review" testId="document-review">
        {documents.length === 0 ? <p className="text-sm text-slate-700">No documents to review</p> : null}
        {documents.map((d) => {
          const review = view.reviews[String(d.id)];
          const base = `review-${d.id}`;
          return (
            <Form
              key={d.id}
              method="post"
              action={action}
              className="space-y-2 rounded-md border border-slate-200 p-3"
              data-testid="review-form"
              data-document-id={d.id}
            >
              <Hidden intent="review-document" redirectTo={redirectTo} />
              <input type="hidden" name="documentId" value={d.id} />
              <p className="text-sm font-medium">
                {DOCUMENT_TYPE_LABELS[d.documentType]} · <span className="break-all">{d.fileName}</span>
              </p>
              <p className="text-sm text-slate-800" data-testid="review-state">
                {review
                  ? `${review.decision === "accepted" ? "Accepted" : `Rejected: ${review.reason === "other" ? (review.reasonText ?? "Other") : REJECTION_REASON_LABELS[review.reason ?? "other"]}`} by ${review.reviewerName ?? "a former admin"}, ${formatDateTime(review.reviewedAt)}`
                  : "Not reviewed yet"}
              </p>
              <fieldset className="flex flex-wrap gap-4 text-sm">
                <legend className="sr-only">Decision on {d.fileName}</legend>
                <label className="flex items-center gap-2">
                  <input type="radio" name="decision" value="accepted" defaultChecked={review?.decision === "accepted"} /> Accept
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" name="decision" value="rejected" defaultChecked={review?.decision === "rejected"} /> Reject
                </label>
              </fieldset>
              <ErrorList id={`${base}-decision-error`} errors={errs(errors, "review-document", "decision")} />
              <div className="grid gap-2 sm:grid-cols-2">
                <div>
                  <label htmlFor={`${base}-reason`} className="label">
                    Reason for a rejection
                  </label>
                  <select id={`${base}-reason`} name="reason" defaultValue={review?.reason ?? ""} className="input mt-1">
                    <option value="">Choose a reason</option>
                    {REJECTION_REASONS.map((r) => (
                      <option key={r} value={r}>
                        {REJECTION_REASON_LABELS[r]}
                      </option>
                    ))}
                  </select>
                  <ErrorList id={`${base}-reason-error`} errors={errs(errors, "review-document", "reason")} />
                </div>
                <div>
                  <label htmlFor={`${base}-text`} className="label">
                    Details (required for Other)
                  </label>
                  <input id={`${base}-text`} name="reasonText" maxLength={REASON_TEXT_MAX_LENGTH} className="input mt-1" />
                  <ErrorList id={`${base}-text-error`} errors={errs(errors, "review-document", "reasonText")} />
                </div>
              </div>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="requestReplacement" className="h-4 w-4" /> Ask the applicant for a replacement
              </label>
              <button type="submit" className="btn-outline" disabled={pending}>
                Save review
              </button>
            </Form>
          );
        })}
      </Box>

      <Box id="notes" title="Internal notes (admins only)" testId="internal-notes">
        {view.notes.length === 0 ? (
          <p className="text-sm text-slate-700">No notes yet</p>
        ) : (
          <ol className="divide-y divide-slate-200 text-sm">
            {view.notes.map((n) => (
              <li key={n.id} className="py-2" data-testid="internal-note">
                <p className="text-slate-700">
                  {n.authorName ?? "A former admin"} · {formatDateTime(n.createdAt)}
                </p>
                <p className="whitespace-pre-line text-slate-900">{n.body}</p>
              </li>
            ))}
          </ol>
        )}
        <Form method="post" action={action} className="space-y-2">
          <Hidden intent="add-note" redirectTo={redirectTo} />
          <label htmlFor={`note-${applicationDbId}`} className="label">
            New internal note
          </label>
          <textarea id={`note-${applicationDbId}`} name="body" rows={2} maxLength={INTERNAL_NOTE_MAX_LENGTH} className="input" />
          <ErrorList id={`note-error-${applicationDbId}`} errors={errs(errors, "add-note", "body")} />
          <button type="submit" className="btn-primary" disabled={pending}>
            Add Note
          </button>
        </Form>
      </Box>
    </div>
  );
}
