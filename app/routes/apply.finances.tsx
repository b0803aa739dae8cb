/**
 * Step 4: Business Financial Information - the fields of step 4 in the fields table
 * (app/features/applications/fields.ts): annual income, living situation (cards), and the
 * monthly housing payment, shown only for rent or mortgage. The field's visibility is pure CSS
 * (:has on the checked card), so it appears at once with or without JavaScript; browsers without
 * :has simply always show it. The server stores 0 for 'own' whatever was sent.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { conformSummary, ErrorSummary } from "~/ui/error-summary";
import { StepHeading, WizardNav } from "~/features/applications/wizard/wizard-ui";
import { validateStep } from "~/features/applications/wizard/validate-step";
import { formStartValues } from "~/features/applications/fields";
import { StepFields } from "~/features/applications/step-fields";
import { FinancesStepSchema, pickRaw, saveIntent, stepPath } from "~/features/applications/wizard/wizard.schema";
import { afterSave, loadStep, saveStep } from "~/features/applications/wizard/draft.server";
import { useT } from "~/ui/i18n";

export const handle = { step: 4 };
const ACTION = "/apply/finances";

export async function loader({ request }: LoaderFunctionArgs) {
  const { data: draft } = await loadStep(request, 4);
  const raw = draft.finances ?? {};
  return { values: formStartValues("finances", raw) };
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

export default function FinancesStep() {
  const { values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT("apply");
  const [form, fields] = useForm({
    id: "wizard-finances",
    lastResult: actionData?.result,
    defaultValue: values,
    onValidate: validateStep(FinancesStepSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <StepHeading step={4} heading={t("finances.heading")} />
      <ErrorSummary items={conformSummary(actionData?.result, form, fields)} />
      <Form method="post" action={ACTION} className="group space-y-6" {...getFormProps(form)}>
        <StepFields step="finances" fields={fields} />
        <WizardNav formAction={ACTION} autosave />
      </Form>
    </>
  );
}
