/** /lender/login/verify (issue 27): a lender user's second factor, checked as an admin's is (throttled, locking). */
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Field, FormError } from "~/components/forms";
import { site } from "~/content/site";
import { getUserById } from "~/services/account-views.server";
import { MFA_INVALID_MESSAGE, MfaVerifySchema } from "~/schemas/mfa.schema";
import { isEnrolled } from "~/services/mfa.server";
import { checkSecondFactor } from "~/services/sign-in.server";
import { MSG } from "~/utils/messages";
import { useIsPending } from "~/utils/misc";
import { getClientIp } from "~/utils/request.server";
import { createUserSession, requireLenderAwaitingMfa } from "~/server/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export { retryAfterHeaders as headers } from "~/utils/headers";

export const meta: MetaFunction = () => [{ title: `Two-Factor Authentication | Lender | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireLenderAwaitingMfa(request);
  const record = await getUserById(user.id);
  if (!record || !isEnrolled(record)) throw redirect("/lender/login/setup");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireLenderAwaitingMfa(request);
  const submission = parseWithZod(await request.formData(), { schema: MfaVerifySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const check = await checkSecondFactor(user.id, submission.value.code, { ip: getClientIp(request, context), via: "lender-page" });
  if (!check.ok && check.reason === "throttled")
    return data({ result: submission.reply({ formErrors: [check.message] }) }, { status: 429, headers: check.headers });
  if (!check.ok)
    return data(
      { result: submission.reply({ fieldErrors: { code: [check.locked ? MSG.mfaLocked : MFA_INVALID_MESSAGE] } }) },
      { status: 401 },
    );
  const cookie = await createUserSession(request, user, { mfa: true });
  return redirectWithToast(
    "/lender",
    { title: "Signed in", description: "Welcome to your lender workspace." },
    { headers: { "set-cookie": cookie } },
  );
}

export default function LenderMfaVerify() {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ formAction: "/lender/login/verify" });
  const [form, fields] = useForm({
    id: "lender-mfa-verify",
    constraint: getZodConstraint(MfaVerifySchema),
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MfaVerifySchema }),
    shouldValidate: "onBlur",
  });
  return (
    <AuthCard title="Two-factor authentication" subtitle="Enter the code from your authenticator app">
      <Form method="post" action="/lender/login/verify" className="space-y-4" {...getFormProps(form)}>
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
