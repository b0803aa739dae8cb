/**
 * The admin's view of the loan's life: the stage and timeline the applicant sees, and the
 * explicit, reasoned cancellation (the only way back once an offer is accepted). Plain forms: they
 * work without JavaScript.
 */
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { ErrorList, FormError } from "~/ui/forms";
import { LifecycleTimeline } from "~/features/applications";
import { CancelApplicationSchema, NOTE_MAX_LENGTH } from "~/features/back-office/admin.schema";
import type { LifecycleView } from "~/features/marketplace/index.server";
import { planMove, type Stage } from "~/features/applications";

export function LifecycleAdminPanel({ view }: { view: LifecycleView }) {
  return (
    <section className="rounded-md border border-slate-200 p-3" aria-labelledby="lifecycle-admin-h" data-testid="admin-lifecycle">
      <h3 id="lifecycle-admin-h" className="mb-2 font-semibold text-slate-900">
        Loan stage (as the applicant sees it)
      </h3>
      <LifecycleTimeline view={view} headingLevel="h4" />
    </section>
  );
}

export function CancelApplicationForm({
  applicationDbId,
  stage,
  lastResult,
}: {
  applicationDbId: number;
  stage: Stage;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: `cancel-application-${applicationDbId}`,
    constraint: getZodConstraint(CancelApplicationSchema),
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CancelApplicationSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Offered only where the table allows a cancellation.
  if (!planMove(stage, "cancel", { actor: "admin", hasAcceptedOffer: false, reason: "x" }).ok) return null;
  const { key, ...reasonProps } = getTextareaProps(fields.reason);
  return (
    <details className="rounded-md border border-red-200 p-3" open={Boolean(lastResult)}>
      <summary className="cursor-pointer font-semibold text-red-900">Cancel application</summary>
      <Form method="post" action={`/admin/applications/${applicationDbId}`} className="mt-2 space-y-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="cancel-application" />
        <p className="text-sm text-slate-800">
          Cancelling withdraws the outstanding offers and, after an acceptance, stops the loan: the applicant is e-mailed the reason and the
          lender is told. It is recorded with your name and cannot be undone.
        </p>
        <label htmlFor={fields.reason.id} className="label">
          Reason for the cancellation (required, e-mailed to the applicant)
        </label>
        <textarea key={key} {...reasonProps} rows={3} maxLength={NOTE_MAX_LENGTH} className="input" />
        <ErrorList meta={fields.reason} />
        <FormError id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-danger">
          Cancel application
        </button>
      </Form>
    </details>
  );
}
