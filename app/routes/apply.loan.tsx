/** Step 1: Business Loan Details - amount (number input + slider) and purpose (cards). */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { ErrorList, FormError } from "~/components/forms";
import { Notice, OptionCard, OptionGroup, StepHeading, validateStep, WizardNav } from "~/components/wizard/wizard-ui";
import { LOAN_PURPOSES, formatUsd } from "~/content/loan-options";
import { LoanStepSchema, pickRaw, saveIntent, stepPath } from "~/schemas/wizard";
import { afterSave, loadStep, saveStep } from "~/services/draft.server";
import { throttle } from "~/services/throttle.server";
import { LOAN_DEFAULT, LOAN_MAX, LOAN_MIN, LOAN_STEP } from "~/utils/constants";
import { MSG } from "~/utils/messages";
import { getClientIp } from "~/utils/request.server";

export const handle = { step: 1 };
const ACTION = "/apply/loan";

export async function loader({ request }: LoaderFunctionArgs) {
  const { data: draft, user } = await loadStep(request, 1);
  const expired = !user && new URL(request.url).searchParams.get("session") === "expired";
  return { expired, values: { amount: draft.loan?.amount ?? String(LOAN_DEFAULT), purpose: draft.loan?.purpose ?? "" } };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await loadStep(request, 1);
  const formData = await request.formData();
  if (!ctx.draft) {
    // Step 1 is where drafts (and anonymous sessions) are created: bound how fast one client can.
    const limited = await throttle("api", [`wizard-draft:${getClientIp(request, context)}`]);
    if (limited) return data({ result: parseWithZod(formData, { schema: LoanStepSchema }).reply({ formErrors: [limited.message] }) }, { status: 429, headers: limited.headers });
  }
  const saving = saveIntent(formData);
  if (saving) return afterSave(saving, "/", await saveStep(ctx, { loan: pickRaw("loan", formData) }, 1));
  const submission = parseWithZod(formData, { schema: LoanStepSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const headers = await saveStep(ctx, { loan: pickRaw("loan", formData) }, 2);
  return redirect(stepPath(2), { headers });
}

const clampToSlider = (n: number) => Math.min(LOAN_MAX, Math.max(LOAN_MIN, Math.round(n / LOAN_STEP) * LOAN_STEP));

export default function LoanStep() {
  const { values, expired } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "wizard-loan",
    lastResult: actionData?.result,
    defaultValue: values,
    onValidate: validateStep(LoanStepSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // What both inputs show on arrival (and after a refused submit): the no-JS rule in pickAmount.
  const shown = String(fields.amount.initialValue ?? values.amount);
  const [amountText, setAmountText] = useState(shown);
  const sliderValue = Number.isFinite(Number(amountText)) && amountText.trim() !== "" ? clampToSlider(Number(amountText)) : LOAN_DEFAULT;
  const { key: _key, defaultValue: _dv, ...amountProps } = getInputProps(fields.amount, { type: "number" });

  return (
    <>
      <StepHeading step={1} heading="How much does your business need?" />
      {expired ? (
        <div className="mb-6">
          <Notice tone="error">
            {MSG.sessionExpired}{" "}
            <Link to="/login?redirectTo=/apply" className="font-semibold underline">
              Sign in
            </Link>
          </Notice>
        </div>
      ) : null}
      <Form method="post" action={ACTION} {...getFormProps(form)}>
        <div>
          <label htmlFor={fields.amount.id} className="label">
            Loan amount (USD)
          </label>
          <div className="mt-1 flex items-center gap-2">
            <span aria-hidden="true" className="text-lg font-semibold text-slate-700">
              $
            </span>
            <input
              {...amountProps}
              min={LOAN_MIN}
              max={LOAN_MAX}
              step={LOAN_STEP}
              inputMode="numeric"
              value={amountText}
              onChange={(e) => setAmountText(e.target.value)}
              aria-describedby={[amountProps["aria-describedby"], "amount-hint"].filter(Boolean).join(" ")}
              className="input text-lg font-semibold"
            />
          </div>
          <input type="hidden" name="amountShown" value={shown} />
          <label htmlFor="amountSlider" className="sr-only">
            Loan amount slider
          </label>
          <input
            id="amountSlider"
            name="amountSlider"
            type="range"
            min={LOAN_MIN}
            max={LOAN_MAX}
            step={LOAN_STEP}
            value={sliderValue}
            onChange={(e) => setAmountText(e.target.value)}
            aria-valuetext={formatUsd(sliderValue)}
            className="mt-4 w-full accent-blue-700"
          />
          <div className="mt-1 flex justify-between text-sm text-slate-700" id="amount-hint">
            <span>{formatUsd(LOAN_MIN)}</span>
            <span>{formatUsd(LOAN_MAX)}</span>
          </div>
          <ErrorList id={fields.amount.errorId} errors={fields.amount.errors} />
        </div>

        <OptionGroup legend="What will you use the loan for?" errors={fields.purpose.errors} errorId={fields.purpose.errorId} className="mt-8">
          <div className="grid gap-3 sm:grid-cols-2">
            {LOAN_PURPOSES.map((p) => (
              <OptionCard
                key={p.value}
                name={fields.purpose.name}
                value={p.value}
                label={p.label}
                description={p.description}
                defaultChecked={fields.purpose.initialValue === p.value}
                invalid={!fields.purpose.valid}
                describedBy={!fields.purpose.valid ? fields.purpose.errorId : undefined}
              />
            ))}
          </div>
        </OptionGroup>
        <FormError id={form.errorId} errors={form.errors} />
        <WizardNav formAction={ACTION} autosave />
      </Form>
    </>
  );
}
