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
import { fieldValuesOfSteps, reviewRows } from "~/features/applications/fields";
import { draftOwner, draftValues, ReviewStepSchema, stepPath } from "~/features/applications/wizard/wizard.schema";
import { draftApplicationId, loadStep, resolveDraft, saveStep } from "~/features/applications/wizard/draft.server";
import { listDocuments } from "~/features/documents/document-records.server";
import { ensureSubmitKey, submitDraft } from "~/features/applications/submit.server";
import { submittedToast, TOASTS } from "~/content/messages";
import { getClientIp } from "~/platform/http/request.server";
import { redirectWithToast, toastReply } from "~/platform/http/toast.server";
import { useActionToast } from "~/ui/toast-bus";
import { LENDER_SHARE_CONSENT } from "~/content/lender-share-consent";
import { smsConsentText } from "~/content/consents";
import { creditAuthorizationFor } from "~/features/marketplace/index.server";

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
  const summary: Array<{ title: string; step: number; rows: Array<[string, string]> }> = [
    {
      title: "Loan",
      step: 1,
      rows: reviewRows("loan", fields),
    },
    {
      title: "Owner",
      step: 2,
      rows: [
        ["Name", `${owner.firstName} ${owner.lastName}`],
        ["Email", owner.email],
        ["Phone", owner.phone ? formatPhone(owner.phone) : "Not provided"],
        ["Date of birth", owner.dateOfBirth ? formatCalendarDate(owner.dateOfBirth) : "Not provided"],
      ],
    },
    {
      title: "Address",
      step: 3,
      rows: reviewRows("address", fields),
    },
    { title: "Finances", step: 4, rows: reviewRows("finances", fields) },
    {
      title: "Documents",
      step: 5,
      rows: [
        ["Documents", docs.length ? docs.map((d) => `${DOCUMENT_TYPE_LABELS[d.documentType]}: ${d.fileName}`).join("; ") : "None uploaded"],
      ],
    },
  ];
  const [submitKey, credit] = await Promise.all([
    ensureSubmitKey(ctx.draft),
    creditAuthorizationFor(values.address.state, values.loan.purpose),
  ]);
  const sms = owner.phone ? smsConsentText(formatPhone(owner.phone)) : null;
  return { summary, submitKey, creditText: credit.text, smsText: sms?.text ?? null };
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
  const { summary, submitKey, creditText, smsText } = useLoaderData<typeof loader>();
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
  return (
    <>
      <StepHeading step={6}>Check your details before you submit. Use Edit or Back to change anything.</StepHeading>
      <ErrorSummary items={conformSummary(actionData?.result, form, fields)} />
      <div className="space-y-4">
        {summary.map((section) => (
          <section key={section.title} aria-labelledby={`review-${section.step}`} className="rounded-lg border border-slate-200">
            <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2">
              <h3 id={`review-${section.step}`} className="font-semibold text-slate-900">
                {section.title}
              </h3>
              <Link to={stepPath(section.step)} className="link text-sm font-semibold">
                Edit<span className="sr-only"> {section.title.toLowerCase()}</span>
              </Link>
            </div>
            <dl className="divide-y divide-slate-200">
              {section.rows.map(([label, value]) => (
                <div key={label} className="grid grid-cols-1 gap-1 px-4 py-3 sm:grid-cols-3">
                  <dt className="text-sm font-medium text-slate-700">{label}</dt>
                  <dd className="text-slate-900 [overflow-wrap:anywhere] sm:col-span-2">{value}</dd>
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
              I agree to the{" "}
              <Link to="/terms-of-service" className="link" target="_blank">
                Terms of Service
                <NewTabNote />
              </Link>{" "}
              and{" "}
              <Link to="/privacy-policy" className="link" target="_blank">
                Privacy Policy
                <NewTabNote />
              </Link>{" "}
              (required)
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
        <CheckboxField label="Send me updates and promotions by email (optional)" meta={fields.marketingConsent} />
        {smsText ? <CheckboxField label={smsText} meta={fields.smsConsent} /> : null}
        <FormError id={form.errorId} errors={form.errors} />
        <p className="text-sm text-slate-700" data-testid="lender-share-consent">
          {LENDER_SHARE_CONSENT.text}
        </p>
        <WizardNav
          formAction={ACTION}
          continueLabel="Submit Application"
          pendingLabel="Submitting..."
          continueDisabled={hydrated && !ready}
        />
      </Form>
    </>
  );
}
