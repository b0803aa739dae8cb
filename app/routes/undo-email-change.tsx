/**
 * /undo-email-change?token=... : the link e-mailed to the address a change of e-mail left. Opening
 * it changes nothing (mail scanners open links); the form's POST, with a new password (and an
 * enrolled admin's second factor), puts the address back and ends every session and pending link.
 * It works signed out: the one who uses it may have no session left.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Field, FormError, PasswordField } from "~/components/forms";
import { site } from "~/content/site";
import { UndoEmailChangeSchema } from "~/schemas/account.schema";
import { inspectUndoToken, undoEmailChange } from "~/services/email-change.server";
import { throttle } from "~/services/throttle.server";
import { ACCOUNT_MSG, ACCOUNT_TOASTS } from "~/utils/messages";
import { useIsPending } from "~/utils/misc";
import { withPasswordPolicy } from "~/utils/password-policy.server";
import { getClientIp } from "~/utils/request.server";
import { destroySession } from "~/server/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export { retryAfterHeaders as headers } from "~/utils/headers";

export const meta: MetaFunction = () => [{ title: `Undo E-mail Change | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const info = token ? await inspectUndoToken(token) : null;
  return { token: info ? token : "", email: info?.email ?? null, needsSecondFactor: info?.needsSecondFactor ?? false };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: withPasswordPolicy(UndoEmailChangeSchema) });
  const hide = { hideFields: ["password", "confirmPassword", "code"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide) }, { status: 400 });
  const ip = getClientIp(request, context);
  const limited = await throttle("accountLink", [`ip:${ip}`]);
  if (limited)
    return data({ result: submission.reply({ ...hide, formErrors: [limited.message] }) }, { status: 429, headers: limited.headers });
  const { token, password, code } = submission.value;
  const outcome = await undoEmailChange({ token, password, secondFactor: code }, ip);
  if (!outcome.ok) {
    if (outcome.reason === "secondFactor") {
      const message = code ? ACCOUNT_MSG.resetSecondFactorInvalid : ACCOUNT_MSG.resetSecondFactorRequired;
      return data({ result: submission.reply({ ...hide, fieldErrors: { code: [message] } }) }, { status: 400 });
    }
    const message = outcome.reason === "taken" ? ACCOUNT_MSG.undoTaken : ACCOUNT_MSG.undoInvalid;
    return data({ result: submission.reply({ ...hide, formErrors: [message] }) }, { status: outcome.reason === "taken" ? 409 : 400 });
  }
  // Every session of the account is gone on the server; this browser's cookie is cleared too.
  return redirectWithToast(outcome.role === "admin" ? "/admin-login" : "/login", ACCOUNT_TOASTS.emailChangeUndone, {
    headers: { "set-cookie": await destroySession(request) },
  });
}

export default function UndoEmailChange() {
  const { token, email, needsSecondFactor } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ formAction: "/undo-email-change" });
  const [form, fields] = useForm({
    id: "undo-email-change",
    constraint: getZodConstraint(UndoEmailChangeSchema),
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UndoEmailChangeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { token },
  });
  if (!token && !actionData) {
    return (
      <AuthCard title="Undo the change of e-mail" subtitle="This link cannot be used">
        <p role="alert" className="text-sm text-red-800" data-testid="undo-invalid">
          {ACCOUNT_MSG.undoInvalid}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Undo the change of e-mail" subtitle={ACCOUNT_MSG.undoPrompt}>
      {email ? (
        <p className="mb-4 text-center font-medium text-slate-900" data-testid="undo-email-address">
          {email}
        </p>
      ) : null}
      <Form method="post" action="/undo-email-change" className="space-y-4" {...getFormProps(form)}>
        <input {...getInputProps(fields.token, { type: "hidden" })} />
        <PasswordField label="New password" meta={fields.password} inputProps={{ autoComplete: "new-password" }} />
        <PasswordField label="Confirm new password" meta={fields.confirmPassword} inputProps={{ autoComplete: "new-password" }} />
        {needsSecondFactor ? (
          <Field
            label="Authenticator or recovery code"
            hint="Admins confirm this with their second factor."
            meta={fields.code}
            inputProps={{ autoComplete: "one-time-code" }}
          />
        ) : null}
        <FormError id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? "Restoring..." : "Restore my e-mail address"}
        </button>
      </Form>
    </AuthCard>
  );
}
