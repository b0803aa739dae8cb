/**
 * /reset-password?token=... (issue 13): opening the link changes nothing (mail scanners open
 * links); the form's POST uses the token once, sets the password, ends every session of the user.
 * An admin with a second factor must give a TOTP or recovery code too.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Field, FormError, PasswordField } from "~/components/forms";
import { site } from "~/content/site";
import { ResetPasswordSchema } from "~/schemas/account.schema";
import { inspectResetToken, resetPassword } from "~/services/password-reset.server";
import { throttle } from "~/services/throttle.server";
import { ACCOUNT_MSG, ACCOUNT_TOASTS, MSG } from "~/utils/messages";
import { useIsPending } from "~/utils/misc";
import { withPasswordPolicy } from "~/utils/password-policy.server";
import { getClientIp } from "~/utils/request.server";
import { destroySession } from "~/server/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export { retryAfterHeaders as headers } from "~/utils/headers";

export const meta: MetaFunction = () => [{ title: `Reset Password | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const info = token ? await inspectResetToken(token) : null;
  return { token: info ? token : "", valid: Boolean(info), needsSecondFactor: info?.needsSecondFactor ?? false };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: withPasswordPolicy(ResetPasswordSchema) });
  const hide = { hideFields: ["password", "confirmPassword", "code"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide) }, { status: 400 });
  const ip = getClientIp(request, context);
  const limited = await throttle("accountLink", [`ip:${ip}`]);
  if (limited)
    return data({ result: submission.reply({ ...hide, formErrors: [limited.message] }) }, { status: 429, headers: limited.headers });
  const { token, password, code } = submission.value;
  const outcome = await resetPassword({ token, password, secondFactor: code }, ip);
  if (!outcome.ok) {
    if (outcome.reason === "throttled")
      return data({ result: submission.reply({ ...hide, formErrors: [outcome.message] }) }, { status: 429, headers: outcome.headers });
    if (outcome.reason === "secondFactor") {
      const message = !code ? ACCOUNT_MSG.resetSecondFactorRequired : outcome.locked ? MSG.mfaLocked : ACCOUNT_MSG.resetSecondFactorInvalid;
      return data({ result: submission.reply({ ...hide, fieldErrors: { code: [message] } }) }, { status: 400 });
    }
    return data({ result: submission.reply({ ...hide, formErrors: [ACCOUNT_MSG.resetInvalid] }) }, { status: 400 });
  }
  // Every session of the user is gone on the server; this browser's cookie is cleared too.
  return redirectWithToast(outcome.role === "admin" ? "/admin-login" : "/login", ACCOUNT_TOASTS.passwordReset, {
    headers: { "set-cookie": await destroySession(request) },
  });
}

export default function ResetPassword() {
  const { token, valid, needsSecondFactor } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ formAction: "/reset-password" });
  const [form, fields] = useForm({
    id: "reset-password",
    constraint: getZodConstraint(ResetPasswordSchema),
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { token },
  });
  if (!valid && !actionData) {
    return (
      <AuthCard title="Reset your password" subtitle="This link cannot be used">
        <p role="alert" className="text-sm text-red-800" data-testid="reset-invalid">
          {ACCOUNT_MSG.resetInvalid}
        </p>
        <Link to="/forgot-password" className="btn-primary mt-4 w-full">
          Ask for a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset your password" subtitle="Choose a new password for your account">
      <Form method="post" action="/reset-password" className="space-y-4" {...getFormProps(form)}>
        <input {...getInputProps(fields.token, { type: "hidden" })} />
        <PasswordField label="New password" meta={fields.password} inputProps={{ autoComplete: "new-password" }} />
        <PasswordField label="Confirm new password" meta={fields.confirmPassword} inputProps={{ autoComplete: "new-password" }} />
        {needsSecondFactor ? (
          <Field
            label="Authenticator or recovery code"
            hint="Admins confirm a reset with their second factor."
            meta={fields.code}
            inputProps={{ autoComplete: "one-time-code" }}
          />
        ) : null}
        <FormError id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? "Saving..." : "Set new password"}
        </button>
      </Form>
    </AuthCard>
  );
}
