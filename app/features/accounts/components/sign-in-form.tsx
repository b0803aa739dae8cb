/** The e-mail + password sign-in form of /login and /admin-login, with "Forgot your password?". */
import { useLanguageAction, useT } from "~/ui/i18n";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { Field, FormError, PasswordField } from "~/ui/forms";
import { conformSummary, ErrorSummary } from "~/ui/error-summary";
import { TOASTS } from "~/content/messages";
import { LoginSchema } from "~/features/accounts/auth.schema";
import { useIsPending } from "~/ui/misc";

export function SignInForm({
  id,
  action,
  lastResult,
  redirectTo,
  emailAutoComplete,
  autoFocus,
}: {
  id: string;
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** Where to go after signing in (a hidden field), when the page has one. */
  redirectTo?: string;
  emailAutoComplete: "email" | "username";
  autoFocus?: boolean;
}) {
  const postTo = useLanguageAction(action);
  const pending = useIsPending({ formAction: postTo });
  const { t } = useT("auth");
  const [form, fields] = useForm({
    id,
    constraint: getZodConstraint(LoginSchema),
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: redirectTo === undefined ? undefined : { redirectTo },
  });
  const summary = conformSummary(lastResult, form, fields);
  // A refused sign-in opens on its summary (focused), not on the e-mail field.
  const focusEmail = autoFocus && !summary.length;
  return (
    <>
      <ErrorSummary title={form.errors?.length ? t("loginFailedTitle", TOASTS.loginFailed.title) : undefined} items={summary} />
      <Form method="post" action={postTo} className="space-y-4" {...getFormProps(form)}>
        {redirectTo === undefined ? null : <input {...getInputProps(fields.redirectTo, { type: "hidden" })} />}
        <Field
          label={t("email")}
          meta={fields.email}
          type="email"
          inputProps={focusEmail ? { autoComplete: emailAutoComplete, autoFocus: true } : { autoComplete: emailAutoComplete }}
        />
        <PasswordField label={t("password")} meta={fields.password} inputProps={{ autoComplete: "current-password" }} />
        <FormError id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? t("signingIn") : t("signIn")}
        </button>
      </Form>
      <p className="mt-4 text-center text-sm">
        {/* Keeps focus in the form on mouse-down, so the e-mail field's blur check cannot move this link mid-click. */}
        <Link to="/forgot-password" className="link" onMouseDown={(e) => e.preventDefault()}>
          {t("forgotPassword")}
        </Link>
      </p>
    </>
  );
}
