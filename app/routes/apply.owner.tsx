/**
 * Step 2: Business Owner Information. Anonymous visitors give the sign-up details (password
 * required, kept only as a hash); signed-in users see their account details, disabled.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { conformSummary, ErrorSummary } from "~/ui/error-summary";
import { CheckboxField, Field, FormError, PasswordField } from "~/ui/forms";
import { Notice, StepHeading, WizardNav } from "~/features/applications/wizard/wizard-ui";
import { validateStep } from "~/features/applications/wizard/validate-step";
import { newPasswordField } from "~/features/accounts/fields.schema";
import { ownerStepSchema, pickRaw, saveIntent, stepPath } from "~/features/applications/wizard/wizard.schema";
import { passwordAllowed, withAccountPasswordPolicy } from "~/features/accounts/account-creation.server";
import { afterSave, loadStep, saveOwnerStep, saveStep } from "~/features/applications/wizard/draft.server";
import { formatPhone, maskOnBlur } from "~/ui/format";
import { hashPassword } from "~/features/accounts/password/password.server";
import { getClientIp } from "~/platform/http/request.server";
import { EsignDisclosure } from "~/ui/esign-disclosure";
import { ESIGN_DISCLOSURE } from "~/content/consents";

export const handle = { step: 2 };
const ACTION = "/apply/owner";
const CITIZEN_LABEL = "I confirm that I am a US citizen and at least 18 years old";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, data: draft } = await loadStep(request, 2);
  const raw = draft.owner ?? {};
  return {
    account: user
      ? { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone, dateOfBirth: user.dateOfBirth ?? "" }
      : null,
    hasPassword: Boolean(draft.passwordHash),
    values: {
      firstName: raw.firstName ?? "",
      lastName: raw.lastName ?? "",
      email: raw.email ?? "",
      phone: raw.phone ?? "",
      dateOfBirth: raw.dateOfBirth ?? "",
      usCitizen: raw.usCitizen === "on" ? "on" : "",
      agreeToElectronicRecords: raw.agreeToElectronicRecords === "on" ? "on" : "",
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await loadStep(request, 2);
  const formData = await request.formData();
  const signedIn = Boolean(ctx.user);
  const hasPassword = Boolean(ctx.data.passwordHash);
  const saving = saveIntent(formData);
  if (saving) {
    const owner = signedIn ? { usCitizen: formData.get("usCitizen") === "on" ? "on" : "" } : pickRaw("owner", formData);
    const typed = newPasswordField.safeParse(formData.get("password"));
    const keep = typed.success && passwordAllowed(typed.data);
    const patch = signedIn ? { owner } : { owner, ...(keep ? { passwordHash: await hashPassword(typed.data) } : {}) };
    return afterSave(saving, stepPath(1), await saveStep(ctx, patch, saving === "back" ? 1 : 2));
  }
  // The account-creation service's password policy (common passwords refused), like sign-up and the API.
  const submission = parseWithZod(formData, { schema: withAccountPasswordPolicy(ownerStepSchema({ signedIn, hasPassword })) });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  if (signedIn) return redirect(stepPath(3), { headers: await saveStep(ctx, { owner: { usCitizen: "on" } }, 3) });

  const value = submission.value as unknown as {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    dateOfBirth: string;
    password?: string;
  };
  const outcome = await saveOwnerStep(ctx, value, getClientIp(request, context));
  if (outcome.ok) return redirect(stepPath(3), { headers: outcome.headers });
  const reply =
    outcome.field === "email"
      ? submission.reply({ fieldErrors: { email: [outcome.message] }, hideFields: ["password"] })
      : submission.reply({ formErrors: [outcome.message], hideFields: ["password"] });
  return data({ result: reply }, { status: outcome.status, headers: outcome.headers });
}

export default function OwnerStep() {
  const { account, hasPassword, values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const schema = ownerStepSchema({ signedIn: Boolean(account), hasPassword });
  const [form, fields] = useForm({
    id: "wizard-owner",
    lastResult: actionData?.result,
    defaultValue: values,
    onValidate: validateStep(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  return (
    <>
      <StepHeading step={2} heading="Tell us about yourself" />
      <ErrorSummary items={conformSummary(actionData?.result, form, fields)} />
      <Form method="post" action={ACTION} className="space-y-4" {...getFormProps(form)}>
        {account ? (
          <>
            <Notice tone="success">
              <p className="font-semibold">You are already logged in.</p>
              <p>Your account information will be used for this application.</p>
            </Notice>
            <div className="grid gap-4 sm:grid-cols-2">
              <AccountField id="owner-firstName" label="First name" value={account.firstName} note="Using your account first name" />
              <AccountField id="owner-lastName" label="Last name" value={account.lastName} note="Using your account last name" />
            </div>
            <AccountField id="owner-email" label="Email" value={account.email} note="Using your account email" type="email" />
            <AccountField id="owner-phone" label="Phone" value={account.phone} note="Using your account phone number" type="tel" />
            <AccountField
              id="owner-dob"
              label="Date of birth"
              value={account.dateOfBirth}
              note="Using your account date of birth"
              type="date"
            />
          </>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="First name" meta={fields.firstName} inputProps={{ autoComplete: "given-name" }} />
              <Field label="Last name" meta={fields.lastName} inputProps={{ autoComplete: "family-name" }} />
            </div>
            <Field label="Email" meta={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
            <PasswordField
              label={hasPassword ? "Password (leave empty to keep the one you chose)" : "Password"}
              meta={fields.password}
              inputProps={{ autoComplete: "new-password" }}
            />
            <p className="-mt-2 text-sm text-slate-700">
              We create your account with this password when you upload a document or submit. Already have an account? Enter its email and
              password to continue with it.
            </p>
            <Field
              label="Phone"
              meta={fields.phone}
              type="tel"
              inputProps={{ autoComplete: "tel", placeholder: "(555) 123-4567", onBlur: maskOnBlur(formatPhone) }}
            />
            <Field label="Date of birth" meta={fields.dateOfBirth} type="date" inputProps={{ autoComplete: "bday" }} />
          </>
        )}
        <CheckboxField label={CITIZEN_LABEL} meta={fields.usCitizen} />
        {account ? null : (
          // The account made from this step gets the same agreement as the sign-up page.
          <>
            <EsignDisclosure headingLevel={2} />
            <CheckboxField label={ESIGN_DISCLOSURE.label} meta={fields.agreeToElectronicRecords} />
          </>
        )}
        <FormError id={form.errorId} errors={form.errors} />
        <WizardNav formAction={ACTION} autosave />
      </Form>
    </>
  );
}

function AccountField({
  id,
  label,
  value,
  note,
  type = "text",
}: {
  id: string;
  label: string;
  value: string;
  note: string;
  type?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input id={id} type={type} value={value} disabled readOnly aria-describedby={`${id}-note`} className="input mt-1" />
      <p id={`${id}-note`} className="mt-1 text-sm text-slate-700">
        {note}
      </p>
    </div>
  );
}
