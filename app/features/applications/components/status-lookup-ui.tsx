/** Pieces of the /application-status page: the lookup form, the result card and the help card. */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { forwardRef } from "react";
import { Field, FormError } from "~/ui/forms";
import { StatusBadge } from "~/ui/status-badge";
import { site } from "~/content/site";
import { getLifecycleDisplay, getStatusDisplay, humanize, STATUS_TIMELINE } from "~/features/applications/domain/status-display";
import { LifecycleTimeline } from "~/features/applications/components/lifecycle-timeline";
import type { LifecycleView } from "~/features/marketplace/index.server";
import { StatusLookupSchema } from "~/features/applications/status-lookup.schema";
import { formatAmount, formatSubmittedDate } from "~/ui/format";

export const STATUS_PATH = "/application-status";

/** True while a lookup (a GET submission of the form) is loading. */
function useIsChecking() {
  const nav = useNavigation();
  return nav.state !== "idle" && nav.formMethod?.toUpperCase() === "GET" && nav.location?.pathname === STATUS_PATH;
}

/**
 * A GET form, so it works without JavaScript and the result URL (?id=...) can be bookmarked.
 * With JavaScript a blank ID is refused before any request is made.
 */
export function StatusLookupForm({
  lastResult,
  defaultId,
  message,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  defaultId?: string;
  /** A message to show above the button when there is no submission result (error boundary). */
  message?: string;
}) {
  const checking = useIsChecking();
  const [form, fields] = useForm({
    id: "status-lookup",
    constraint: getZodConstraint(StatusLookupSchema),
    lastResult,
    defaultValue: { id: defaultId ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StatusLookupSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const formErrors = form.errors?.length ? form.errors : message ? [message] : undefined;
  return (
    <Form method="get" action={STATUS_PATH} className="space-y-4" {...getFormProps(form)}>
      <Field
        label="Application ID"
        meta={fields.id}
        inputProps={{ placeholder: "APP-123456", autoComplete: "off", autoCapitalize: "characters", spellCheck: false }}
        hint="You'll find it in your 'Application Submitted' confirmation e-mail."
      />
      <FormError id={form.errorId} errors={formErrors} />
      <button type="submit" className="btn-primary w-full" disabled={checking}>
        {checking ? "Checking..." : "Check Status"}
      </button>
    </Form>
  );
}

export type StatusResult = {
  reference: string;
  status: string;
  /** The loan's stage and timeline; what the applicant is shown. */
  lifecycle?: LifecycleView | null;
  amount: number;
  purpose: string;
  submittedAt: string | null;
};

/** The lookup's answer: reference, status badge, amount, purpose, date, next steps, support. */
export const StatusResultCard = forwardRef<HTMLHeadingElement, { application: StatusResult }>(function StatusResultCard(
  { application },
  headingRef,
) {
  const lifecycle = application.lifecycle;
  const display = lifecycle ? getLifecycleDisplay(lifecycle) : getStatusDisplay(application.status);
  const submitted = application.submittedAt ? formatSubmittedDate(application.submittedAt) : "";
  return (
    <section className="card" aria-labelledby="status-result-heading" data-testid="status-result">
      <h2 id="status-result-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
        Application Details
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-slate-600">Application Number</dt>
          <dd className="mt-1 font-mono text-lg font-semibold text-slate-900" data-testid="status-reference">
            {application.reference}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">Status</dt>
          <dd className="mt-1">
            <StatusBadge status={application.status} display={display} />
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">Loan Amount</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900" data-testid="status-amount">
            {formatAmount(application.amount)}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">Loan Purpose</dt>
          <dd className="mt-1 text-lg text-slate-900" data-testid="status-purpose">
            {humanize(application.purpose)}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">Submitted</dt>
          <dd className="mt-1 text-slate-900" data-testid="status-submitted">
            {submitted && application.submittedAt ? <time dateTime={application.submittedAt}>{submitted}</time> : "Not yet submitted"}
          </dd>
        </div>
      </dl>
      {display.nextSteps ? (
        <div className="mt-6 rounded-md bg-slate-50 p-4" data-testid="status-next-steps">
          <h3 className="font-semibold text-slate-900">Next Steps</h3>
          <p className="mt-1 text-slate-700">{display.nextSteps}</p>
        </div>
      ) : null}
      {lifecycle ? (
        <div className="mt-6">
          <h3 className="mb-2 font-semibold text-slate-900">Where your application is</h3>
          <LifecycleTimeline view={lifecycle} />
        </div>
      ) : null}
      <p className="mt-6 text-sm text-slate-700">
        Questions about your application? Call{" "}
        <a href={site.supportPhoneHref} className="link">
          {site.supportPhone}
        </a>{" "}
        or e-mail{" "}
        <a href={`mailto:${site.supportEmail}`} className="link">
          {site.supportEmail}
        </a>{" "}
        ({site.hours}).
      </p>
    </section>
  );
});

/** Where the ID comes from, the usual timeline (not when no funding can follow), and a way to apply. */
export function StatusHelpCard({ showTimeline = true }: { showTimeline?: boolean }) {
  return (
    <aside className="card" aria-labelledby="status-help-heading">
      <h2 id="status-help-heading" className="text-lg font-semibold text-slate-900">
        Need Help?
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Your application ID was e-mailed to you in your &apos;Application Submitted&apos; confirmation. It starts with APP-.
      </p>
      {showTimeline ? (
        <>
          <h3 className="mt-4 font-semibold text-slate-900">Typical timeline</h3>
          <ol className="mt-2 space-y-2 text-sm" data-testid="typical-timeline">
            {STATUS_TIMELINE.map((t) => (
              <li key={t.step} className="flex justify-between gap-4 border-b border-slate-100 pb-2">
                <span className="text-slate-800">{t.step}</span>
                <span className="font-medium text-slate-900">{t.time}</span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <p className="mt-4 text-sm text-slate-700">Haven&apos;t applied yet?</p>
      <Link to="/loan-application" className="btn-outline mt-2 w-full">
        Start Your Application
      </Link>
    </aside>
  );
}
