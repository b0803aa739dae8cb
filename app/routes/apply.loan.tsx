/** Step 1: Business Loan Details - amount (number input + slider) and purpose (cards). */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { conformSummary, ErrorSummary } from "~/ui/error-summary";
import { useState } from "react";
import { ErrorList, FormError } from "~/ui/forms";
import { OptionGroup, SessionExpiredNotice, StepHeading, useStepValidation, WizardNav } from "~/features/applications/wizard/wizard-ui";
import { LOAN_PURPOSES } from "~/content/loan-options";
import { plainMoney } from "~/features/applications/wizard/wizard-steps";
import { LoanStepSchema, parseWithZod, pickRaw, saveIntent, stepPath } from "~/features/applications/wizard/step-form.server";
import { afterSave, loadStep, saveStep } from "~/features/applications/wizard/draft.server";
import { throttle } from "~/platform/security/throttle.server";
import { LOAN_DEFAULT, LOAN_MAX, LOAN_MIN, LOAN_STEP } from "~/content/constants";
import { formatMoneyInput, maskMoneyInput } from "~/ui/format";
import { calculateLoan, CALCULATOR_DEFAULTS } from "~/features/marketplace/domain/loan-math";
import { getClientIp } from "~/platform/http/request.server";
import { useLanguageAction, useT } from "~/ui/i18n";
import { useFormat } from "~/ui/locale-format";

export const handle = { step: 1 };
const ACTION = "/apply/loan";

export async function loader({ request }: LoaderFunctionArgs) {
  const { data: draft, user } = await loadStep(request, 1);
  const expired = !user && new URL(request.url).searchParams.get("session") === "expired";
  // From the calculator's Apply Now: its amount, within the step's range and steps.
  const offered = Number(new URL(request.url).searchParams.get("amount"));
  const fromCalculator = Number.isFinite(offered) && offered > 0 ? String(clampToSlider(offered)) : null;
  return { expired, values: { amount: draft.loan?.amount ?? fromCalculator ?? String(LOAN_DEFAULT), purpose: draft.loan?.purpose ?? "" } };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await loadStep(request, 1);
  const formData = await request.formData();
  if (!ctx.draft) {
    // Step 1 is where drafts (and anonymous sessions) are created: bound how fast one client can.
    const limited = await throttle("api", [`wizard-draft:${getClientIp(request, context)}`]);
    if (limited)
      return data(
        { result: parseWithZod(formData, { schema: LoanStepSchema }).reply({ formErrors: [limited.message] }) },
        { status: 429, headers: limited.headers },
      );
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
  const { t } = useT("wizard");
  const postTo = useLanguageAction(ACTION);
  const fmt = useFormat();
  // The purposes in the page's language (English: LOAN_PURPOSES' words).
  const purposes = LOAN_PURPOSES.map((p) => ({
    value: p.value,
    label: t(`purposes.${p.value}.label`, p.label),
    description: t(`purposes.${p.value}.description`, p.description),
  }));
  const actionData = useActionData<typeof action>();
  // zod loads after hydration; the server validates until then, as without JavaScript.
  const onValidate = useStepValidation(() => import("~/features/applications/wizard/wizard.schema").then((m) => m.LoanStepSchema));
  const [form, fields] = useForm({
    id: "wizard-loan",
    lastResult: actionData?.result,
    defaultValue: values,
    onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // What both inputs show on arrival (and after a refused submit): the no-JS rule in pickAmount.
  // Shown with thousands separators ("25,000"), on the server render too.
  // After a refused submit the field shows what was sent, an emptied field empty (Conform gives no
  // initial value for an empty string; the loader's default would put back an amount not chosen).
  const shown = formatMoneyInput(String(fields.amount.initialValue ?? (actionData?.result ? "" : values.amount)));
  const [amountText, setAmountText] = useState(shown);
  // An emptied field puts the slider at its start (it does not pretend an amount is chosen).
  const plain = String(plainMoney(amountText));
  const typed = plain.trim() !== "" && Number.isFinite(Number(plain)) ? Number(plain) : null;
  const sliderValue = typed === null ? LOAN_MIN : clampToSlider(typed);
  const inRange = typed !== null && typed >= LOAN_MIN && typed <= LOAN_MAX;
  const estimate = inRange
    ? calculateLoan({ amount: typed, apr: CALCULATOR_DEFAULTS.apr, termMonths: CALCULATOR_DEFAULTS.termMonths })
    : null;
  const { key: _key, defaultValue: _dv, ...amountProps } = getInputProps(fields.amount, { type: "text" });

  return (
    <>
      <StepHeading step={1} heading={t("loan.heading")} />
      <ErrorSummary items={conformSummary(actionData?.result, form, fields)} />
      {expired ? <SessionExpiredNotice className="mb-6" /> : null}
      <Form method="post" action={postTo} {...getFormProps(form)}>
        <div>
          {/* The amount, large and formatted, with an example monthly payment. */}
          <div
            className="mb-4 flex flex-wrap items-end justify-between gap-x-6 gap-y-2 rounded-xl bg-blue-50 px-5 py-4"
            data-testid="live-amount"
          >
            <div>
              <p className="text-sm font-medium text-slate-700">{t("loan.requesting")}</p>
              <p className="tabular-nums text-4xl font-extrabold tracking-tight text-blue-900">{inRange ? fmt.usd(typed) : "\u2014"}</p>
            </div>
            <div className="text-right">
              <p className="text-sm font-medium text-slate-700">{t("loan.estimated")}</p>
              <p className="tabular-nums text-2xl font-bold text-slate-900" data-testid="estimated-payment">
                {estimate ? fmt.money2(estimate.monthlyPayment) : "\u2014"}
              </p>
              <p className="text-xs text-slate-600">
                {t("loan.example", { apr: CALCULATOR_DEFAULTS.apr, months: CALCULATOR_DEFAULTS.termMonths })}
              </p>
            </div>
          </div>
          <label htmlFor={fields.amount.id} className="label">
            {t("loan.amount")}
          </label>
          <div className="mt-1 flex items-center gap-2">
            <span aria-hidden="true" className="text-lg font-semibold text-slate-700">
              $
            </span>
            <input
              {...amountProps}
              inputMode="numeric"
              autoComplete="off"
              value={amountText}
              onChange={(e) => setAmountText(maskMoneyInput(e.currentTarget))}
              aria-describedby={[amountProps["aria-describedby"], "amount-hint"].filter(Boolean).join(" ")}
              className="input text-lg font-semibold"
            />
          </div>
          <input type="hidden" name="amountShown" value={shown} />
          <label htmlFor="amountSlider" className="sr-only">
            {t("loan.slider")}
          </label>
          <input
            id="amountSlider"
            name="amountSlider"
            type="range"
            min={LOAN_MIN}
            max={LOAN_MAX}
            step={LOAN_STEP}
            value={sliderValue}
            onChange={(e) => setAmountText(formatMoneyInput(e.target.value))}
            aria-valuetext={fmt.usd(sliderValue)}
            className="mt-4 w-full accent-blue-700"
          />
          <div className="mt-1 flex justify-between text-sm text-slate-700" id="amount-hint">
            <span>{fmt.usd(LOAN_MIN)}</span>
            <span>{fmt.usd(LOAN_MAX)}</span>
          </div>
          <ErrorList meta={fields.amount} />
        </div>

        <OptionGroup meta={fields.purpose} legend={t("loan.purposeLegend")} options={purposes} columns={2} className="mt-8" compact />
        <FormError id={form.errorId} errors={form.errors} />
        <WizardNav formAction={postTo} autosave />
      </Form>
    </>
  );
}
