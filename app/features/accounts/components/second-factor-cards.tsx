/**
 * The second-factor pages of the admin sign-in and of the lender sign-in: the code
 * form, the first enrolment of an authenticator and the recovery codes shown once. Each route
 * passes its own form id, form action and wording.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { AuthenticatorEnrolment } from "~/features/accounts/components/authenticator-enrolment";
import { Field, FormError } from "~/ui/forms";
import { MfaSetupSchema, MfaVerifySchema } from "~/features/accounts/mfa/mfa.schema";
import { useIsPending } from "~/ui/misc";

type LastResult = SubmissionResult<string[]> | null | undefined;

/** The code step: a TOTP code or one of the recovery codes. */
export function SecondFactorVerifyCard({ id, action, lastResult }: { id: string; action: string; lastResult: LastResult }) {
  const pending = useIsPending({ formAction: action });
  const [form, fields] = useForm({
    id,
    constraint: getZodConstraint(MfaVerifySchema),
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MfaVerifySchema }),
    shouldValidate: "onBlur",
  });
  return (
    <AuthCard title="Two-factor authentication" subtitle="Enter the code from your authenticator app">
      <Form method="post" action={action} className="space-y-4" {...getFormProps(form)}>
        <Field
          label="Authentication code"
          hint="Or one of your recovery codes."
          meta={fields.code}
          inputProps={{ autoComplete: "one-time-code", autoFocus: true }}
        />
        <FormError id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? "Verifying..." : "Verify"}
        </button>
      </Form>
    </AuthCard>
  );
}

/** The first enrolment: the QR code and key, the code from the app (and the operator's code where needed). */
export function FirstEnrolmentCard({
  id,
  action,
  subtitle,
  qr,
  secret,
  needsOperatorCode,
  lastResult,
}: {
  id: string;
  action: string;
  subtitle: string;
  qr: string;
  secret: string;
  needsOperatorCode: boolean;
  lastResult: LastResult;
}) {
  return (
    <AuthCard title="Set up two-factor authentication" subtitle={subtitle}>
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
        {needsOperatorCode ? <li>Enter the one-time enrolment code your operator gave you.</li> : null}
        <li>Scan the QR code with an authenticator app (or type the key by hand).</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <AuthenticatorEnrolment
        id={id}
        action={action}
        schema={MfaSetupSchema}
        lastResult={lastResult}
        qr={qr}
        qrAlt="QR code for your authenticator app"
        secret={secret}
        codeLabel="Authentication code"
        submitLabel="Verify and turn on"
        fieldsBefore={(fields) =>
          needsOperatorCode ? (
            <Field
              label="Enrolment code"
              hint="The one-time code your operator got from npm run db:seed (valid for 30 minutes)."
              meta={fields.enrolmentCode!}
              inputProps={{ autoComplete: "off", spellCheck: false }}
            />
          ) : null
        }
      />
    </AuthCard>
  );
}

/** The recovery codes made at enrolment, shown once, with the way on to the role's home page. */
export function RecoveryCodesCard({ codes, home, continueLabel }: { codes: string[]; home: string; continueLabel: string }) {
  return (
    <AuthCard title="Save your recovery codes" subtitle="Two-factor authentication is on">
      <p className="text-sm text-slate-700">
        Each code signs you in once if you lose your authenticator. Store them somewhere safe: they are shown only now.
      </p>
      <RecoveryCodeList codes={codes} />
      <Link to={home} className="btn-primary mt-6 w-full">
        {continueLabel}
      </Link>
    </AuthCard>
  );
}

/** The codes themselves (also shown after moving to a new authenticator app). */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <ul className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
      {codes.map((c) => (
        <li key={c} className="rounded bg-slate-100 px-2 py-1 text-slate-900">
          {c}
        </li>
      ))}
    </ul>
  );
}
