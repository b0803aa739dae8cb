/**
 * Step 6: Review Application - every value, the uploaded documents, four consents (two required: the
 * terms, and the credit authorisation naming the lenders that serve the applicant's state; optional:
 * e-mail promotions, and SMS promotions naming the phone number, never ticked in advance)
 * and Submit, with the sentence next to it by which submitting shares the application with the
 * matched partner lenders (recorded with the submission: time, text version, SHA-256). With JavaScript the button stays disabled until both required boxes are ticked;
 * without it the server refuses with a clear message. Submission runs the submit service.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { conformSummary, ErrorSummary } from "~/ui/error-summary";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { CheckboxField, FormError } from "~/ui/forms";
import { NewTabNote } from "~/ui/new-tab";
import { StepHeading, WizardNav } from "~/features/applications/wizard/wizard-ui";
import { validateStep } from "~/features/applications/wizard/validate-step";
import { formatCalendarDate, formatPhone } from "~/ui/format";
import { DOCUMENT_TYPE_LABELS } from "~/content/document-types";
import { fieldsOfStep, fieldValuesOfSteps, type ApplicationFieldValues, type FieldStep } from "~/features/applications/fields";
import { draftOwner, draftValues, ReviewStepSchema, stepPath } from "~/features/applications/wizard/wizard.schema";
import { draftApplicationId, loadStep, resolveDraft, saveStep } from "~/features/applications/wizard/draft.server";
import { listDocuments } from "~/features/documents/document-records.server";
import { ensureSubmitKey, submitDraft } from "~/features/applications/submit.server";
import { submittedToast, TOASTS } from "~/content/messages";
import { getClientIp } from "~/platform/http/request.server";
import { redirectWithToast, toastReply } from "~/platform/http/toast.server";
import { useActionToast } from "~/ui/toast-bus";
import { lenderShareConsentFor, smsConsentTextFor } from "~/content/consents-es.server";
import { creditAuthorizationFor } from "~/features/marketplace/index.server";
import { getLanguage } from "~/platform/http/language.server";
import { useT } from "~/ui/i18n";
import { useFormat } from "~/ui/locale-format";

/** One row of the summary: its key (a field's name, or the owner's detail), the English words, and the stored value. */
type Row = { key: string; label: string; value: string; raw?: string };
type Section = { key: "loan" | "owner" | "address" | "finances" | "documents"; title: string; step: number; rows: Row[] };

/** The review rows of a step's fields (the fields table's labels and texts, as reviewRows gives them), with their keys. */
function fieldRows(step: FieldStep, values: ApplicationFieldValues): Row[] {
  const v = values as unknown as Record<string, string | number>;
  return fieldsOfStep(step).flatMap((f) => {
    const text = f.review?.show(v);
    return f.review && text != null ? [{ key: f.name, label: f.review.label, value: text, raw: String(v[f.name] ?? "") }] : [];
  });
}

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const handle = { step: 6 };
const ACTION = "/apply/review";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await loadStep(request, 6);
  const values = draftValues(ctx.data);
  const owner = ctx.user ?? draftOwner(ctx.data);
  if (!ctx.draft || !values || !owner) throw redirect("/apply");
  const applicationId = await draftApplicationId(ctx);
  const docs = applicationId ? await listDocuments(applicationId) : [];
  const fields = fieldValuesOfSteps(values);
  const summary: Section[] = [
    { key: "loan", title: "Loan", step: 1, rows: fieldRows("loan", fields) },
    {
      key: "owner",
      title: "Owner",
      step: 2,
      rows: [
        { key: "name", label: "Name", value: `${owner.firstName} ${owner.lastName}` },
        { key: "email", label: "Email", value: owner.email },
        { key: "phone", label: "Phone", value: owner.phone ? formatPhone(owner.phone) : "Not provided", raw: owner.phone ?? "" },
        {
          key: "dateOfBirth",
          label: "Date of birth",
          value: owner.dateOfBirth ? formatCalendarDate(owner.dateOfBirth) : "Not provided",
          raw: owner.dateOfBirth ?? "",
        },
      ],
    },
    { key: "address", title: "Address", step: 3, rows: fieldRows("address", fields) },
    { key: "finances", title: "Finances", step: 4, rows: fieldRows("finances", fields) },
    {
      key: "documents",
      title: "Documents",
      step: 5,
      rows: [
        {
          key: "documents",
          label: "Documents",
          value: docs.length ? docs.map((d) => `${DOCUMENT_TYPE_LABELS[d.documentType]}: ${d.fileName}`).join("; ") : "None uploaded",
          raw: JSON.stringify(docs.map((d) => [d.documentType, d.fileName])),
        },
      ],
    },
  ];
  // The consents in the page's language: each language's words are a recorded text of their own.
  const language = await getLanguage(request);
  const [submitKey, credit] = await Promise.all([
    ensureSubmitKey(ctx.draft),
    creditAuthorizationFor(values.address.state, values.loan.purpose, undefined, language),
  ]);
  const sms = owner.phone ? smsConsentTextFor(language, formatPhone(owner.phone)) : null;
  // The sentence next to Submit: a recorded consent, its own text in each language (the action records the same one).
  const lenderShareText = lenderShareConsentFor(language).text;
  return { summary, submitKey, creditText: credit.text, smsText: sms?.text ?? null, lenderShareText };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === "back") {
    const ctx = await loadStep(request, 6);
    return redirect(stepPath(5), { headers: await saveStep(ctx, {}, 5) });
  }
  const submission = parseWithZod(formData, { schema: ReviewStepSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });
  const ctx = await resolveDraft(request);
  const outcome = await submitDraft(ctx, {
    consentMarketing: submission.value.marketingConsent,
    smsConsent: submission.value.smsConsent,
    submitKey: submission.value.submitKey,
    ip: getClientIp(request, context),
    language: await getLanguage(request),
  });
  if (outcome.ok) return redirectWithToast(stepPath(7), submittedToast(outcome.reference), { headers: outcome.headers });
  if (outcome.reason === "incomplete") throw redirect(stepPath(outcome.step));
  if (outcome.reason === "failed") return toastReply(submission, TOASTS.submitFailed, { status: 500 });
  const { refusal } = outcome;
  return toastReply(
    submission,
    { ...TOASTS.submitFailed, description: refusal.message },
    { status: refusal.status, headers: refusal.headers },
  );
}

export default function ReviewStep() {
  const { summary, submitKey, creditText, smsText, lenderShareText } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "wizard-review",
    lastResult: actionData?.result,
    onValidate: validateStep(ReviewStepSchema),
    shouldValidate: "onSubmit",
  });
  const [ticked, setTicked] = useState(() => ({
    terms: fields.agreeTerms.initialValue === "on",
    credit: fields.authorizeCredit.initialValue === "on",
  }));
  const ready = ticked.terms && ticked.credit;
  const { t, i18n } = useT("apply");
  const { t: tw } = useT("wizard");
  const fmt = useFormat();
  const spanish = i18n.language === "es";
  const title = (s: Section) => t(`review.sections.${s.key}`, s.title);
  /** A row's words in the page's language (English: as the loader sent them; figures stay as they are). */
  const rowLabel = (r: Row) =>
    ["name", "email", "phone", "dateOfBirth", "documents"].includes(r.key)
      ? t(`review.${r.key}`, r.label)
      : t(`reviewLabels.${r.key}`, r.label);
  const rowValue = (r: Row): string => {
    if (r.value === "Not provided") return t("review.notProvided");
    if (r.value === "Not given") return t("review.notGiven");
    if (!spanish || r.raw === undefined) return r.value;
    if (r.key === "purpose") return tw(`purposes.${r.raw}.label`, r.value);
    if (r.key === "livingSituation") return t(`options.living.${r.raw}.label`, r.value);
    if (["industry", "timeInBusiness", "creditScoreRange", "numberOfWorkers"].includes(r.key))
      return t(`options.${r.key}.${r.raw}`, r.value);
    if (r.key === "dateOfBirth") return calendarDate(r.raw, fmt.locale) ?? r.value;
    if (r.key === "documents") {
      const docs = JSON.parse(r.raw) as Array<[string, string]>;
      return docs.length ? docs.map(([type, name]) => `${t(`documents.labels.${type}`)}: ${name}`).join("; ") : t("review.noneUploaded");
    }
    return r.value;
  };
  return (
    <>
      <StepHeading step={6}>{t("review.intro")}</StepHeading>
      {/* The consent error belongs to both boxes: its link goes to the first one not ticked. */}
      <ErrorSummary
        items={conformSummary(actionData?.result, form, fields).map((item) =>
          item.href === `#${form.errorId}` && !(ticked.terms && ticked.credit)
            ? { ...item, href: `#${ticked.terms ? fields.authorizeCredit.id : fields.agreeTerms.id}` }
            : item,
        )}
      />
      <div className="space-y-4">
        {summary.map((section) => (
          <section key={section.key} aria-labelledby={`review-${section.step}`} className="rounded-lg border border-slate-200">
            <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2">
              <h3 id={`review-${section.step}`} className="font-semibold text-slate-900">
                {title(section)}
              </h3>
              <Link to={stepPath(section.step)} className="link text-sm font-semibold">
                {t("review.edit")}
                <span className="sr-only"> {title(section).toLowerCase()}</span>
              </Link>
            </div>
            <dl className="divide-y divide-slate-200">
              {section.rows.map((row) => (
                <div key={row.key} className="grid grid-cols-1 gap-1 px-4 py-3 sm:grid-cols-3">
                  <dt className="text-sm font-medium text-slate-700">{rowLabel(row)}</dt>
                  <dd className="text-slate-900 [overflow-wrap:anywhere] sm:col-span-2">{rowValue(row)}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <Form method="post" action={ACTION} className="mt-6 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="submitKey" value={submitKey} />
        <CheckboxField
          label={
            <>
              {t("review.agreeTo")}{" "}
              <Link to="/terms-of-service" className="link" target="_blank">
                {t("review.terms")}
                <NewTabNote />
              </Link>{" "}
              {t("review.and")}{" "}
              <Link to="/privacy-policy" className="link" target="_blank">
                {t("review.privacy")}
                <NewTabNote />
              </Link>{" "}
              {t("review.required")}
            </>
          }
          meta={fields.agreeTerms}
          inputProps={{ onChange: (e) => setTicked((t) => ({ ...t, terms: e.target.checked })) }}
        />
        <CheckboxField
          label={creditText}
          meta={fields.authorizeCredit}
          inputProps={{ onChange: (e) => setTicked((t) => ({ ...t, credit: e.target.checked })) }}
        />
        <CheckboxField label={t("review.marketing")} meta={fields.marketingConsent} />
        {smsText ? <CheckboxField label={smsText} meta={fields.smsConsent} /> : null}
        <FormError id={form.errorId} errors={form.errors} />
        <p className="text-sm text-slate-700" data-testid="lender-share-consent">
          {lenderShareText}
        </p>
        <WizardNav
          formAction={ACTION}
          continueLabel={t("review.submit")}
          pendingLabel={t("review.submitting")}
          continueDisabled={hydrated && !ready}
        />
      </Form>
    </>
  );
}

/** A calendar date (YYYY-MM-DD, no time zone) in a locale's short style, or null when it is not one. */
function calendarDate(iso: string, locale: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? null
    : new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(d);
}
