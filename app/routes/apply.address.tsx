/**
 * Step 3: Business Address - street, city, state (the 50 states), ZIP (5 or 5+4 digits): the
 * fields of step 3 in the fields table (app/features/applications/fields.ts).
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
import { AddressStepSchema, pickRaw, saveIntent, stepPath } from "~/features/applications/wizard/wizard.schema";
import { afterSave, loadStep, saveStep } from "~/features/applications/wizard/draft.server";
import { useT } from "~/ui/i18n";

export const handle = { step: 3 };
const ACTION = "/apply/address";

export async function loader({ request }: LoaderFunctionArgs) {
  const { data: draft } = await loadStep(request, 3);
  const raw = draft.address ?? {};
  return { values: formStartValues("address", raw) };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await loadStep(request, 3);
  const formData = await request.formData();
  const saving = saveIntent(formData);
  if (saving)
    return afterSave(saving, stepPath(2), await saveStep(ctx, { address: pickRaw("address", formData) }, saving === "back" ? 2 : 3));
  const submission = parseWithZod(formData, { schema: AddressStepSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return redirect(stepPath(4), { headers: await saveStep(ctx, { address: pickRaw("address", formData) }, 4) });
}

export default function AddressStep() {
  const { values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT("apply");
  const [form, fields] = useForm({
    id: "wizard-address",
    lastResult: actionData?.result,
    defaultValue: values,
    onValidate: validateStep(AddressStepSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <StepHeading step={3} heading={t("address.heading")} />
      <ErrorSummary items={conformSummary(actionData?.result, form, fields)} />
      <Form method="post" action={ACTION} className="space-y-4" {...getFormProps(form)}>
        <StepFields step="address" fields={fields} />
        <WizardNav formAction={ACTION} autosave />
      </Form>
    </>
  );
}
