/** Pieces of the /application-status page: the lookup form, the result card and the help card. */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { forwardRef } from "react";
import { Field, FormError } from "~/ui/forms";
import { StatusBadge } from "~/ui/status-badge";
import { site } from "~/content/site";
import {
  getLifecycleDisplay,
  getStatusDisplay,
  humanize,
  normalizeStatus,
  STATUS_TIMELINE,
} from "~/features/applications/domain/status-display";
import { LifecycleTimeline } from "~/features/applications/components/lifecycle-timeline";
import type { LifecycleView } from "~/features/marketplace/index.server";
import { StatusLookupSchema } from "~/features/applications/status-lookup.schema";
import { formatAmount, formatSubmittedDate } from "~/ui/format";
import { useT } from "~/ui/i18n";
import { useFormat } from "~/ui/locale-format";
import { stageWords } from "~/features/applications/domain/loan-lifecycle";
import { isLanguage, type Language } from "~/content/locales";

type T = (key: string, values?: Record<string, string | number>) => string;

/**
 * A lifecycle view in the page's words (English: as the server wrote it). The stage's label, summary
 * and next steps are the "public.stages" ones; the refinements of loan-stage.server.ts (review
 * statuses, the funded amount, a reason) are rewritten the same way. A staff member's note stays as written.
 */
export function translatedLifecycle(
  view: LifecycleView,
  t: T,
  money: (cents: number) => string,
  date: (iso: string) => string,
): LifecycleView {
  const en = stageWords(view.stage);
  const s = (k: "label" | "summary" | "next") => t(`stages.${view.stage}.${k}`);
  const label = view.label === "Under Review" ? t("statuses.underReview") : view.label === "Pending" ? t("statuses.pending") : s("label");
  let summary = view.summary === "Our team is reviewing your application." ? t("statuses.underReviewSummary") : s("summary");
  if (view.stage === "funded" && view.funded)
    summary = t("statuses.fundedSummary", {
      amount: money(view.funded.amountCents),
      on: /^\d{4}-\d{2}-\d{2}$/.test(view.funded.on) ? date(`${view.funded.on}T12:00:00Z`) : view.funded.on,
    });
  const reasonPrefix = `${en.summary} Reason: `;
  if (view.summary.startsWith(reasonPrefix))
    summary = t("statuses.reason", { summary: s("summary"), note: view.summary.slice(reasonPrefix.length) });
  const next = view.next === "We may request additional documentation." ? t("statuses.underReviewNext") : s("next");
  return { ...view, label, summary, next, timeline: view.timeline.map((step) => ({ ...step, label: t(`stages.${step.stage}.label`) })) };
}

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
  const { t, i18n } = useT("public");
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
        label={t("status.idLabel")}
        meta={fields.id}
        inputProps={{ placeholder: "APP-123456", autoComplete: "off", autoCapitalize: "characters", spellCheck: false }}
        hint={t("status.idHint")}
      />
      {/* A GET form replaces the query: the page's language (when not English) goes along. */}
      {i18n.language === "en" ? null : <input type="hidden" name="lng" value={i18n.language} />}
      <FormError id={form.errorId} errors={formErrors} />
      <button type="submit" className="btn-primary w-full" disabled={checking}>
        {checking ? t("status.checking") : t("status.check")}
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
  const { t, i18n } = useT("public");
  const { t: tw } = useT("wizard");
  const f = useFormat();
  const lng: Language = isLanguage(i18n.language) ? i18n.language : "en";
  const tt = t as unknown as T;
  const lifecycle =
    lng === "en" || !application.lifecycle ? application.lifecycle : translatedLifecycle(application.lifecycle, tt, f.cents, f.longDate);
  const display = lifecycle ? getLifecycleDisplay(lifecycle) : translatedStatusDisplay(application.status, lng, tt);
  const submitted = application.submittedAt
    ? lng === "en"
      ? formatSubmittedDate(application.submittedAt)
      : f.longDate(application.submittedAt)
    : "";
  const purpose =
    lng === "en"
      ? humanize(application.purpose)
      : tw(`purposes.${application.purpose}.label`, { defaultValue: humanize(application.purpose) });
  return (
    <section className="card" aria-labelledby="status-result-heading" data-testid="status-result">
      <h2 id="status-result-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
        {t("status.details")}
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-slate-600">{t("status.number")}</dt>
          <dd className="mt-1 font-mono text-lg font-semibold text-slate-900" data-testid="status-reference">
            {application.reference}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">{t("status.status")}</dt>
          <dd className="mt-1">
            <StatusBadge status={application.status} display={display} />
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">{t("status.amount")}</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900" data-testid="status-amount">
            {lng === "en" ? formatAmount(application.amount) : f.usd(application.amount)}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">{t("status.purpose")}</dt>
          <dd className="mt-1 text-lg text-slate-900" data-testid="status-purpose">
            {purpose}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">{t("status.submitted")}</dt>
          <dd className="mt-1 text-slate-900" data-testid="status-submitted">
            {submitted && application.submittedAt ? <time dateTime={application.submittedAt}>{submitted}</time> : t("status.notSubmitted")}
          </dd>
        </div>
      </dl>
      {display.nextSteps ? (
        <div className="mt-6 rounded-md bg-slate-50 p-4" data-testid="status-next-steps">
          <h3 className="font-semibold text-slate-900">{t("status.nextSteps")}</h3>
          <p className="mt-1 text-slate-700">{display.nextSteps}</p>
        </div>
      ) : null}
      {lifecycle ? (
        <div className="mt-6">
          <h3 className="mb-2 font-semibold text-slate-900">{t("status.whereItIs")}</h3>
          <LifecycleTimeline view={lifecycle} />
        </div>
      ) : null}
      <p className="mt-6 text-sm text-slate-700">
        {t("status.questions")}{" "}
        <a href={site.supportPhoneHref} className="link">
          {site.supportPhone}
        </a>{" "}
        {t("status.orEmail")}{" "}
        <a href={`mailto:${site.supportEmail}`} className="link">
          {site.supportEmail}
        </a>{" "}
        ({t("hours")}).
      </p>
    </section>
  );
});

/** Where the ID comes from, the usual timeline (not when no funding can follow), and a way to apply. */
export function StatusHelpCard({ showTimeline = true }: { showTimeline?: boolean }) {
  const { t } = useT("public");
  return (
    <aside className="card" aria-labelledby="status-help-heading">
      <h2 id="status-help-heading" className="text-lg font-semibold text-slate-900">
        {t("status.helpHeading")}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t("status.helpText")}</p>
      {showTimeline ? (
        <>
          <h3 className="mt-4 font-semibold text-slate-900">{t("status.timelineHeading")}</h3>
          <ol className="mt-2 space-y-2 text-sm" data-testid="typical-timeline">
            {STATUS_TIMELINE.map((s, i) => (
              <li key={s.step} className="flex justify-between gap-4 border-b border-slate-100 pb-2">
                <span className="text-slate-800">{t(`status.timeline.${i}`)}</span>
                <span className="font-medium text-slate-900">{t(`status.timelineTimes.${i}`)}</span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <p className="mt-4 text-sm text-slate-700">{t("status.notApplied")}</p>
      <Link to="/loan-application" className="btn-outline mt-2 w-full">
        {t("status.start")}
      </Link>
    </aside>
  );
}

/** A status (no lifecycle) in the page's words: the badge and next steps of status-display.ts, translated. */
export function translatedStatusDisplay(status: string, lng: Language, t: T) {
  const d = getStatusDisplay(status);
  if (lng === "en") return d;
  const key = normalizeStatus(status);
  const words: Record<string, { label: string; next: string | null }> = {
    submitted: { label: t("stages.submitted.label"), next: `${t("statuses.underReviewSummary")} ${t("stages.submitted.next")}` },
    pending: { label: t("statuses.pending"), next: `${t("statuses.underReviewSummary")} ${t("stages.submitted.next")}` },
    "under-review": { label: t("statuses.underReview"), next: `${t("statuses.underReviewSummary")} ${t("statuses.underReviewNext")}` },
    approved: { label: t("statuses.approved"), next: t("statuses.approvedNext") },
    "offer-accepted": { label: t("stages.offer-accepted.label"), next: t("stages.offer-accepted.next") },
    rejected: { label: t("stages.declined.label"), next: t("stages.declined.next") },
  };
  const w = words[key];
  return w ? { ...d, label: w.label, nextSteps: d.nextSteps ? w.next : null } : d;
}
