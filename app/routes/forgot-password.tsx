/**
 * /forgot-password: the same answer, in the same time, whether or not an account has this
 * address. The throttles are the only work before the answer and key on the typed address either
 * way; the lookup and the e-mail run after it.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { Field, FormError } from "~/ui/forms";
import { site } from "~/content/site";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { useT } from "~/ui/i18n";
import { useMessage } from "~/ui/use-message";
import { ForgotPasswordSchema } from "~/features/accounts/account.schema";
import { queuePasswordResetRequest } from "~/features/accounts/password-reset.server";
import { throttle } from "~/platform/security/throttle.server";
import { ACCOUNT_MSG } from "~/content/messages";
import { useIsPending } from "~/ui/misc";
import { getClientIp } from "~/platform/http/request.server";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = ({ matches }) => {
  const { forgot } = resourcesFor(languageOfMatches(matches)).account;
  return [{ title: fill(forgot.pageTitle, { site: site.name }) }, { name: "description", content: forgot.description }];
};

export async function loader() {
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const ip = getClientIp(request, context);
  const email = submission.value.email.trim().toLowerCase();
  const limited = (await throttle("forgotPasswordClient", [`ip:${ip}`])) ?? (await throttle("forgotPasswordAccount", [`acct:${email}`]));
  if (limited) {
    return data({ result: submission.reply({ formErrors: [limited.message] }), sent: false }, { status: 429, headers: limited.headers });
  }
  queuePasswordResetRequest(email, ip);
  return data({ result: submission.reply({ resetForm: true }), sent: true });
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ formAction: "/forgot-password" });
  const { t } = useT("account");
  const message = useMessage();
  const [form, fields] = useForm({
    id: "forgot-password",
    constraint: getZodConstraint(ForgotPasswordSchema),
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <AuthCard
      title={t("forgot.title")}
      subtitle={t("forgot.subtitle")}
      footer={
        <>
          {t("forgot.remembered")}{" "}
          <Link to="/login" className="link">
            {t("forgot.signIn")}
          </Link>
        </>
      }
    >
      {actionData?.sent ? (
        <p
          role="status"
          className="mb-4 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950"
          data-testid="forgot-sent"
        >
          {message(ACCOUNT_MSG.forgotSent)}
        </p>
      ) : null}
      <Form method="post" action="/forgot-password" className="space-y-4" {...getFormProps(form)}>
        <Field label={t("forgot.email")} meta={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
        <FormError id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? t("forgot.sending") : t("forgot.send")}
        </button>
      </Form>
    </AuthCard>
  );
}
