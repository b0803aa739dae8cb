/**
 * The form of the pages opened from an e-mailed single-use link (/reset-password,
 * /undo-email-change, /lender/invite): the token (hidden), a new password twice and, where the
 * account has one, the second factor. Also the card shown when the link cannot be used.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { Field, FormError, PasswordField } from "~/ui/forms";
import { ResetPasswordSchema } from "~/features/accounts/account.schema";
import { useIsPending } from "~/ui/misc";
import { conformSummary, ErrorSummary } from "~/ui/error-summary";
import { useT } from "~/ui/i18n";

export function TokenPasswordForm({
  id,
  action,
  token,
  lastResult,
  secondFactorHint,
  pendingLabel,
  submitLabel,
}: {
  id: string;
  action: string;
  token: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** Shown with the second-factor field; null: no such field. */
  secondFactorHint: string | null;
  pendingLabel: string;
  submitLabel: string;
}) {
  const pending = useIsPending({ formAction: action });
  const { t } = useT("account");
  const [form, fields] = useForm({
    id,
    constraint: getZodConstraint(ResetPasswordSchema),
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { token },
  });
  return (
    <Form method="post" action={action} className="space-y-4" {...getFormProps(form)}>
      {/* A refused form: at the top, each error a link to its field. */}
      <ErrorSummary items={conformSummary(lastResult, form, fields)} />
      <input {...getInputProps(fields.token, { type: "hidden" })} />
      <PasswordField label={t("tokenForm.newPassword")} meta={fields.password} inputProps={{ autoComplete: "new-password" }} />
      <PasswordField
        label={t("tokenForm.confirmNewPassword")}
        meta={fields.confirmPassword}
        inputProps={{ autoComplete: "new-password" }}
      />
      {secondFactorHint ? (
        <Field label={t("tokenForm.code")} hint={secondFactorHint} meta={fields.code} inputProps={{ autoComplete: "one-time-code" }} />
      ) : null}
      <FormError id={form.errorId} errors={form.errors} />
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </button>
    </Form>
  );
}

/** The link is unknown, used or expired. */
export function UnusableLinkCard({
  title,
  message,
  testId,
  children,
}: {
  title: string;
  message: string;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useT("account");
  return (
    <AuthCard title={title} subtitle={t("tokenForm.unusable")}>
      <p role="alert" className="text-sm text-red-800" data-testid={testId}>
        {message}
      </p>
      {children}
    </AuthCard>
  );
}
