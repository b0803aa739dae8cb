/**
 * Step 4: Business Financial Information - annual income, living situation (cards), and the
 * monthly housing payment, shown only for rent or mortgage. The field's visibility is pure CSS
 * (:has on the checked card), so it appears at once with or without JavaScript; browsers without
 * :has simply always show it. The server stores 0 for 'own' whatever was sent.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field } from "~/ui/forms";
import { OptionGroup, StepHeading, WizardNav } from "~/features/applications/wizard/wizard-ui";
import { validateStep } from "~/features/applications/wizard/validate-step";
import { LIVING_SITUATIONS } from "~/content/loan-options";
import { FinancesStepSchema, pickRaw, saveIntent, stepPath } from "~/features/applications/wizard/wizard.schema";
import { afterSave, loadStep, saveStep } from "~/features/applications/wizard/draft.server";
import { formatMoneyInput, maskMoneyInput } from "~/ui/format";

export const handle = { step: 4 };
const ACTION = "/apply/finances";

export async function loader({ request }: LoaderFunctionArgs) {
  const { data: draft } = await loadStep(request, 4);
  const raw = draft.finances ?? {};
  return {
    values: {
      annualIncome: raw.annualIncome ?? "",
      livingSituation: (raw.livingSituation ?? "").toLowerCase(),
      monthlyPayment: raw.monthlyPayment ?? "",
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await loadStep(request, 4);
  const formData = await request.formData();
  const saving = saveIntent(formData);
  if (saving)
    return afterSave(saving, stepPath(3), await saveStep(ctx, { finances: pickRaw("finances", formData) }, saving === "back" ? 3 : 4));
  const submission = parseWithZod(formData, { schema: FinancesStepSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return redirect(stepPath(5), { headers: await saveStep(ctx, { finances: pickRaw("finances", formData) }, 5) });
}

/** Money fields: shown with separators ("85,000") from the server render on, and kept
 *  so as the applicant types (with JavaScript); the server accepts them with or without. */
function moneyInputProps(meta: { initialValue?: unknown }) {
  return {
    defaultValue: formatMoneyInput(typeof meta.initialValue === "string" ? meta.initialValue : ""),
    autoComplete: "off",
    onInput: (e: React.FormEvent<HTMLInputElement>) => void maskMoneyInput(e.currentTarget),
  };
}

export default function FinancesStep() {
  const { values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "wizard-finances",
    lastResult: actionData?.result,
    defaultValue: values,
    onValidate: validateStep(FinancesStepSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const living = String(fields.livingSituation.initialValue ?? "").toLowerCase();
  return (
    <>
      <StepHeading step={4} heading="Tell us about your finances" />
      <Form method="post" action={ACTION} className="group space-y-6" {...getFormProps(form)}>
        <Field
          label="Total annual income (USD)"
          meta={fields.annualIncome}
          inputProps={{ ...moneyInputProps(fields.annualIncome), inputMode: "numeric" }}
          hint="Include all sources of income: business revenue, salary, investments and any other income."
        />
        <OptionGroup meta={fields.livingSituation} legend="Living situation" options={LIVING_SITUATIONS} columns={3} checked={living} />
        <div
          className="hidden group-has-[input[value=mortgage]:checked]:block group-has-[input[value=rent]:checked]:block"
          data-testid="monthly-payment"
        >
          <Field
            label="Monthly housing payment (USD)"
            meta={fields.monthlyPayment}
            inputProps={{ ...moneyInputProps(fields.monthlyPayment), inputMode: "decimal" }}
            hint="Your monthly rent or mortgage payment."
          />
        </div>
        <WizardNav formAction={ACTION} autosave />
      </Form>
    </>
  );
}
