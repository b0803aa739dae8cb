import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { conformSummary, ErrorSummary } from "~/ui/error-summary";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { CheckboxField, Field, FormError, PasswordField } from "~/ui/forms";
import { APPLICANT_PAGE_DESCRIPTIONS, site } from "~/content/site";
import { SignupSchema } from "~/features/accounts/auth.schema";
import { signUp, withAccountPasswordPolicy } from "~/features/accounts/account-creation.server";
import { signupFailed, TOASTS } from "~/content/messages";
import { useIsPending } from "~/ui/misc";
import { getClientIp } from "~/platform/http/request.server";
import { getLanguage } from "~/platform/http/language.server";
import { createUserSession, requireAnonymous } from "~/features/accounts/session/session.server";
import { redirectWithToast, toastReply } from "~/platform/http/toast.server";
import { useActionToast } from "~/ui/toast-bus";
import { EsignDisclosure } from "~/ui/esign-disclosure";
import { ESIGN_DISCLOSURE, esignConsentText } from "~/content/consents";
import { useLanguageAction, useT } from "~/ui/i18n";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = ({ matches }) => {
  const lang = languageOfMatches(matches);
  if (lang !== "en") return [{ title: fill(resourcesFor(lang).auth.signup.pageTitle, { site: site.name }) }];
  return [{ title: `Create Account | ${site.name}` }, { name: "description", content: APPLICANT_PAGE_DESCRIPTIONS.signup }];
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: withAccountPasswordPolicy(SignupSchema) });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), toast: null }, { status: 400 });
  }
  const { usCitizen: _c, agreeToTerms: _t, agreeToElectronicRecords: _e, ...account } = submission.value;
  // The page's language is the account's (issue 30): its first e-mail, the verification, is in it.
  const language = await getLanguage(request);
  const outcome = await signUp({ ...account, language }, getClientIp(request, context), [esignConsentText()]);
  if (outcome.ok) {
    const cookie = await createUserSession(request, outcome.user);
    return redirectWithToast("/dashboard", TOASTS.signupSuccess, { headers: { "set-cookie": cookie } });
  }
  const { refusal } = outcome;
  if (refusal.field === "email") {
    return toastReply(submission, signupFailed(refusal.message), {
      status: refusal.status,
      fieldErrors: { email: [refusal.message] },
      hideFields: ["password"],
    });
  }
  return data(
    { result: submission.reply({ formErrors: [refusal.message], hideFields: ["password"] }), toast: null },
    { status: refusal.status, headers: refusal.headers },
  );
}

export default function SignupPage() {
  const actionData = useActionData<typeof action>();
  const postTo = useLanguageAction("/signup");
  const pending = useIsPending({ formAction: postTo });
  const { t } = useT("auth");
  useActionToast(actionData?.toast);
  const [form, fields] = useForm({
    id: "signup",
    constraint: getZodConstraint(SignupSchema),
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignupSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthCard
      title={t("signup.title")}
      subtitle={t("signup.subtitle")}
      footer={
        <>
          {t("signup.haveAccount")}{" "}
          <Link to="/login" className="link">
            {t("signup.signInLink")}
          </Link>
        </>
      }
    >
      {/* A refusal from the server (the e-mail taken, too many attempts) is headed "Sign Up Failed",
          as the toast says with JavaScript; a form the schema refused is "There is a problem". */}
      <ErrorSummary
        title={actionData?.toast?.title ?? (form.errors?.length ? t("signup.failed") : undefined)}
        items={conformSummary(actionData?.result, form, fields)}
      />
      <Form method="post" action={postTo} className="space-y-4" {...getFormProps(form)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("signup.firstName")} meta={fields.firstName} inputProps={{ autoComplete: "given-name" }} />
          <Field label={t("signup.lastName")} meta={fields.lastName} inputProps={{ autoComplete: "family-name" }} />
        </div>
        <Field label={t("email")} meta={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
        <PasswordField label={t("password")} meta={fields.password} inputProps={{ autoComplete: "new-password" }} />
        <Field
          label={t("signup.phone")}
          meta={fields.phone}
          type="tel"
          inputProps={{ autoComplete: "tel", placeholder: "(555) 123-4567" }}
        />
        <Field label={t("signup.dateOfBirth")} meta={fields.dateOfBirth} type="date" inputProps={{ autoComplete: "bday" }} />
        <CheckboxField label={t("signup.citizen")} meta={fields.usCitizen} />
        <CheckboxField
          label={
            <>
              {t("signup.agreeTo")}{" "}
              <Link to="/terms" className="link">
                {t("signup.terms")}
              </Link>{" "}
              {t("signup.and")}{" "}
              <Link to="/privacy" className="link">
                {t("signup.privacy")}
              </Link>
            </>
          }
          meta={fields.agreeToTerms}
        />
        <EsignDisclosure />
        <CheckboxField label={ESIGN_DISCLOSURE.label} meta={fields.agreeToElectronicRecords} />
        <FormError id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? t("signup.creating") : t("signup.create")}
        </button>
      </Form>
    </AuthCard>
  );
}
