/**
 * /lender/invite?token=... (issue 27): a partner lender's invited user sets a password. Opening the
 * link changes nothing; the POST uses it once (single-use, 72 hours), then the user enrols a
 * second factor at /lender/login/setup before any workspace page answers.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { FormError, PasswordField } from "~/components/forms";
import { site } from "~/content/site";
import { ResetPasswordSchema } from "~/schemas/account.schema";
import { LENDER_MSG } from "~/schemas/lender.schema";
import { acceptLenderInvite, inspectLenderInvite } from "~/services/lender-invitations.server";
import { throttle } from "~/services/throttle.server";
import { createUserSession } from "~/server/session.server";
import { useIsPending } from "~/utils/misc";
import { withPasswordPolicy } from "~/utils/password-policy.server";
import { getClientIp } from "~/utils/request.server";

export { retryAfterHeaders as headers } from "~/utils/headers";

export const meta: MetaFunction = () => [{ title: `Lender Invitation | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const info = token ? await inspectLenderInvite(token) : null;
  return { token: info ? token : "", invite: info };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: withPasswordPolicy(ResetPasswordSchema) });
  const hide = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide) }, { status: 400 });
  const ip = getClientIp(request, context);
  const limited = await throttle("accountLink", [`ip:${ip}`]);
  if (limited)
    return data({ result: submission.reply({ ...hide, formErrors: [limited.message] }) }, { status: 429, headers: limited.headers });
  const outcome = await acceptLenderInvite(submission.value.token, submission.value.password, ip);
  if (!outcome.ok) return data({ result: submission.reply({ ...hide, formErrors: [LENDER_MSG.inviteInvalid] }) }, { status: 400 });
  // Signed in up to the password: the second factor is enrolled next, before any workspace page.
  const cookie = await createUserSession(request, outcome.user);
  return redirect("/lender/login/setup", { headers: { "set-cookie": cookie } });
}

export default function LenderInvite() {
  const { token, invite } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ formAction: "/lender/invite" });
  const [form, fields] = useForm({
    id: "lender-invite",
    constraint: getZodConstraint(ResetPasswordSchema),
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { token },
  });
  if (!invite && !actionData) {
    return (
      <AuthCard title="Lender invitation" subtitle="This link cannot be used">
        <p role="alert" className="text-sm text-red-800" data-testid="invite-invalid">
          {LENDER_MSG.inviteInvalid}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Lender invitation"
      subtitle={invite ? `Set a password for ${invite.email} (${invite.lenderName})` : "Set a password for your lender account"}
    >
      <Form method="post" action="/lender/invite" className="space-y-4" {...getFormProps(form)}>
        <input {...getInputProps(fields.token, { type: "hidden" })} />
        <PasswordField label="New password" meta={fields.password} inputProps={{ autoComplete: "new-password" }} />
        <PasswordField label="Confirm new password" meta={fields.confirmPassword} inputProps={{ autoComplete: "new-password" }} />
        <FormError id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? "Saving..." : "Set password and continue"}
        </button>
      </Form>
    </AuthCard>
  );
}
