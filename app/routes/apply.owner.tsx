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
import { esignDisclosureFor } from "~/content/consents-es.server";
import { getLanguage } from "~/platform/http/language.server";
import { useT } from "~/ui/i18n";

export const handle = { step: 2 };
const ACTION = "/apply/owner";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, data: draft } = await loadStep(request, 2);
  const raw = draft.owner ?? {};
  // The E-SIGN disclosure in the page's language: a recorded consent, so the words come from the
  // server (Spanish is a text and version of its own) and the form says which version it showed.
  const { version, heading, paragraphs, label } = esignDisclosureFor(await getLanguage(request));
  return {
    esign: { version, heading, paragraphs, label },
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
  const outcome = await saveOwnerStep(ctx, value, getClientIp(request, context), formData.get("esignVersion"));
  if (outcome.ok) return redirect(stepPath(3), { headers: outcome.headers });
  const reply =
    outcome.field === "email"
      ? submission.reply({ fieldErrors: { email: [outcome.message] }, hideFields: ["password"] })
      : submission.reply({ formErrors: [outcome.message], hideFields: ["password"] });
  return data({ result: reply }, { status: outcome.status, headers: outcome.headers });
}

export default function OwnerStep() {
  const { account, hasPassword, values, esign } = useLoaderData<typeof loader>();
  const { t } = useT("apply");
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
      <StepHeading step={2} heading={t("owner.heading")} />
      <ErrorSummary items={conformSummary(actionData?.result, form, fields)} />
      <Form method="post" action={ACTION} className="space-y-4" {...getFormProps(form)}>
        {account ? (
          <>
            <Notice tone="success">
              <p className="font-semibold">{t("owner.loggedIn")}</p>
              <p>{t("owner.accountUsed")}</p>
            </Notice>
            <div className="grid gap-4 sm:grid-cols-2">
              <AccountField id="owner-firstName" label={t("owner.firstName")} value={account.firstName} note={t("owner.noteFirstName")} />
              <AccountField id="owner-lastName" label={t("owner.lastName")} value={account.lastName} note={t("owner.noteLastName")} />
            </div>
            <AccountField id="owner-email" label={t("owner.email")} value={account.email} note={t("owner.noteEmail")} type="email" />
            <AccountField id="owner-phone" label={t("owner.phone")} value={account.phone} note={t("owner.notePhone")} type="tel" />
            <AccountField
              id="owner-dob"
              label={t("owner.dateOfBirth")}
              value={account.dateOfBirth}
              note={t("owner.noteDateOfBirth")}
              type="date"
            />
          </>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t("owner.firstName")} meta={fields.firstName} inputProps={{ autoComplete: "given-name" }} />
              <Field label={t("owner.lastName")} meta={fields.lastName} inputProps={{ autoComplete: "family-name" }} />
            </div>
            <Field label={t("owner.email")} meta={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
            <PasswordField
              label={hasPassword ? t("owner.passwordKeep") : t("owner.password")}
              meta={fields.password}
              inputProps={{ autoComplete: "new-password" }}
            />
            <p className="-mt-2 text-sm text-slate-700">{t("owner.passwordHint")}</p>
            <Field
              label={t("owner.phone")}
              meta={fields.phone}
              type="tel"
              inputProps={{ autoComplete: "tel", placeholder: "(555) 123-4567", onBlur: maskOnBlur(formatPhone) }}
            />
            <Field label={t("owner.dateOfBirth")} meta={fields.dateOfBirth} type="date" inputProps={{ autoComplete: "bday" }} />
          </>
        )}
        <CheckboxField label={t("owner.citizen")} meta={fields.usCitizen} />
        {account ? null : (
          // The account made from this step gets the same agreement as the sign-up page.
          <>
            <EsignDisclosure headingLevel={2} disclosure={esign} />
            <input type="hidden" name="esignVersion" value={esign.version} />
            <CheckboxField label={esign.label} meta={fields.agreeToElectronicRecords} />
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
