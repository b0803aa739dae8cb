/**
 * Accept and reject beside the document in the review workspace: two plain POST forms to the
 * workspace itself (intent "review-document", the same schema and workflow as the details page's
 * review form), which answers with a redirect back to the same document.
 */
import { Form } from "@remix-run/react";
import { ErrorList } from "~/ui/forms";
import { useIsPending } from "~/ui/misc";
import { formatDateTime } from "~/ui/format";
import {
  REASON_TEXT_MAX_LENGTH,
  REJECTION_REASON_LABELS,
  REJECTION_REASONS,
  type RejectionReason,
} from "~/features/back-office/back-office.schema";

export type ReviewOfDocument = {
  decision: "accepted" | "rejected";
  reason: RejectionReason | null;
  reasonText: string | null;
  reviewedAt: string;
  reviewerName?: string | null;
} | null;

export function reviewStateText(review: ReviewOfDocument) {
  if (!review) return "Not reviewed yet";
  const what =
    review.decision === "accepted"
      ? "Accepted"
      : `Rejected: ${review.reason === "other" ? (review.reasonText ?? "Other") : REJECTION_REASON_LABELS[review.reason ?? "other"]}`;
  return `${what} by ${review.reviewerName ?? "a former admin"}, ${formatDateTime(review.reviewedAt)}`;
}

export function ReviewDecisionForms({
  action,
  documentId,
  fileName,
  review,
  errors,
}: {
  /** The workspace's own address for this document (/admin/review/:id?doc=:documentId). */
  action: string;
  documentId: number;
  fileName: string;
  review: ReviewOfDocument;
  errors: Record<string, string[]> | null;
}) {
  const pending = useIsPending({ formAction: action });
  const base = `decide-${documentId}`;
  const err = (f: string) => errors?.[f] ?? null;
  return (
    <section
      aria-labelledby={`${base}-h`}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-3"
      data-testid="review-decision"
    >
      <h4 id={`${base}-h`} className="text-base font-semibold">
        Decision
      </h4>
      <p className="text-sm" data-testid="review-state">
        {reviewStateText(review)}
      </p>
      <ErrorList id={`${base}-decision-error`} errors={err("decision")} />
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="review-document" />
        <input type="hidden" name="documentId" value={documentId} />
        <input type="hidden" name="decision" value="accepted" />
        <button type="submit" className="btn-primary" disabled={pending} data-shortcut="accept">
          Accept document<span className="sr-only"> {fileName}</span>
        </button>
      </Form>
      <Form method="post" action={action} className="space-y-2 border-t border-slate-200 pt-3">
        <input type="hidden" name="intent" value="review-document" />
        <input type="hidden" name="documentId" value={documentId} />
        <input type="hidden" name="decision" value="rejected" />
        <div className="grid gap-2 sm:grid-cols-2">
          <div>
            <label htmlFor={`${base}-reason`} className="label">
              Reason for rejecting
            </label>
            <select
              id={`${base}-reason`}
              name="reason"
              defaultValue=""
              className="input mt-1"
              data-shortcut="reject"
              aria-describedby={`${base}-reason-error`}
              aria-invalid={err("reason") ? true : undefined}
            >
              <option value="">Choose a reason</option>
              {REJECTION_REASONS.map((r) => (
                <option key={r} value={r}>
                  {REJECTION_REASON_LABELS[r]}
                </option>
              ))}
            </select>
            <ErrorList id={`${base}-reason-error`} errors={err("reason")} />
          </div>
          <div>
            <label htmlFor={`${base}-text`} className="label">
              Details (required for Other)
            </label>
            <input
              id={`${base}-text`}
              name="reasonText"
              maxLength={REASON_TEXT_MAX_LENGTH}
              className="input mt-1"
              aria-describedby={`${base}-text-error`}
              aria-invalid={err("reasonText") ? true : undefined}
            />
            <ErrorList id={`${base}-text-error`} errors={err("reasonText")} />
          </div>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="requestReplacement" className="h-4 w-4" /> Ask the applicant for a replacement
        </label>
        <button type="submit" className="btn-outline" disabled={pending}>
          Reject document<span className="sr-only"> {fileName}</span>
        </button>
      </Form>
    </section>
  );
}
