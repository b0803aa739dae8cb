/**
 * Enrolling an authenticator app: the QR code, the key to type by hand, and the form that confirms
 * a code from the app. Used by the admin's first enrolment (/admin-login/setup) and by moving to a
 * new app (/account/authenticator); each passes its schema (with a `code` field) and extra fields.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { Field, FormError, type AnyFieldMeta } from "~/ui/forms";
import { useIsPending } from "~/ui/misc";
import { useT } from "~/ui/i18n";

type Fields = Record<string, AnyFieldMeta>;

/** "ABCDEFGH..." as "ABCD EFGH ...". */
export const groupsOfFour = (key: string) => key.match(/.{1,4}/g)?.join(" ") ?? key;

export function AuthenticatorEnrolment({
  id,
  action,
  schema,
  lastResult,
  qr,
  qrAlt,
  secret,
  codeLabel,
  submitLabel,
  fieldsBefore,
  fieldsAfter,
}: {
  id: string;
  action: string;
  schema: z.ZodTypeAny;
  lastResult?: SubmissionResult<string[]> | null;
  qr: string;
  qrAlt: string;
  secret: string;
  codeLabel: string;
  submitLabel: string;
  fieldsBefore?: (fields: Fields) => ReactNode;
  fieldsAfter?: (fields: Fields) => ReactNode;
}) {
  const pending = useIsPending({ formAction: action });
  const { t } = useT("account");
  const [form, fields] = useForm<Record<string, unknown>>({
    id,
    constraint: getZodConstraint(schema),
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
  });
  const all = fields as unknown as Fields;
  return (
    <>
      <img src={qr} alt={qrAlt} className="mx-auto my-4 h-48 w-48" />
      <p className="text-center text-sm text-slate-700">
        {t("authenticator.manualKey")}{" "}
        {/* In groups of four, as authenticator apps show keys: easier to read out and type (they ignore the spaces). */}
        <code className="font-mono text-slate-900" data-testid="manual-key">
          {groupsOfFour(secret)}
        </code>
      </p>
      <Form method="post" action={action} className="mt-4 space-y-4" {...getFormProps(form)}>
        {fieldsBefore?.(all)}
        <Field label={codeLabel} meta={all.code!} inputProps={{ inputMode: "numeric", autoComplete: "one-time-code" }} />
        {fieldsAfter?.(all)}
        <FormError id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? t("authenticator.verifying") : submitLabel}
        </button>
      </Form>
    </>
  );
}
