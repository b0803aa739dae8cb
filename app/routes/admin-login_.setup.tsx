import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Field, FormError } from "~/components/forms";
import { site } from "~/content/site";
import { recordAudit } from "~/models/audit.server";
import { getUserById } from "~/models/user.server";
import { MFA_INVALID_MESSAGE, MfaSetupSchema } from "~/schemas/mfa";
import { completeEnrolment, enrolmentMaterial, isEnrolled } from "~/services/mfa.server";
import { throttle } from "~/services/throttle.server";
import { useIsPending } from "~/utils/misc";
import { getClientIp } from "~/utils/request.server";
import { commitSession, createUserSession, requireAdminAwaitingMfa } from "~/utils/session.server";
import { redirect } from "@remix-run/node";

export { retryAfterHeaders as headers } from "~/utils/headers";

export const meta: MetaFunction = () => [{ title: `Set Up Two-Factor Authentication | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, session } = await requireAdminAwaitingMfa(request);
  const record = await getUserById(user.id);
  if (record && isEnrolled(record)) throw redirect("/admin-login/verify");
  let secret = session.get("mfaPendingSecret");
  const material = await enrolmentMaterial(user.email, secret);
  let headers: HeadersInit | undefined;
  if (!secret) {
    secret = material.secret;
    session.set("mfaPendingSecret", secret);
    headers = { "set-cookie": await commitSession(session) };
  }
  return data({ qr: material.qrDataUrl, secret: material.secret }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, session } = await requireAdminAwaitingMfa(request);
  const submission = parseWithZod(await request.formData(), { schema: MfaSetupSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const limited = await throttle("mfa", [`acct:${user.id}`, `ip:${getClientIp(request, context)}`]);
  if (limited) return data({ result: submission.reply({ formErrors: [limited.message] }) }, { status: 429, headers: limited.headers });
  const secret = session.get("mfaPendingSecret");
  const codes = secret ? await completeEnrolment(user.id, secret, submission.value.code) : null;
  if (!codes) {
    await recordAudit({ actorUserId: user.id, action: "mfa.enrol", outcome: "failure" });
    return data({ result: submission.reply({ fieldErrors: { code: [MFA_INVALID_MESSAGE] } }) }, { status: 400 });
  }
  await recordAudit({ actorUserId: user.id, action: "mfa.enrol", outcome: "success" });
  // Second factor done: a new session id, marked as MFA-verified; the codes are shown once next.
  const cookie = await createUserSession(request, user, { mfa: true, recoveryCodes: codes });
  return redirect("/admin-login/recovery-codes", { headers: { "set-cookie": cookie } });
}

export default function MfaSetup() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ formAction: "/admin-login/setup" });
  const [form, fields] = useForm({
    id: "mfa-setup",
    constraint: getZodConstraint(MfaSetupSchema),
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MfaSetupSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <AuthCard title="Set up two-factor authentication" subtitle="Admins need a second factor to see customer information">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>Scan the QR code with an authenticator app (or type the key by hand).</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img src={loaderData.qr} alt="QR code for your authenticator app" className="mx-auto my-4 h-48 w-48" />
      <p className="text-center text-sm text-slate-700">
        Manual key: <code className="break-all font-mono text-slate-900" data-testid="manual-key">{loaderData.secret}</code>
      </p>
      <Form method="post" action="/admin-login/setup" className="mt-4 space-y-4" {...getFormProps(form)}>
        <Field
          label="Authentication code"
          inputProps={{ ...getInputProps(fields.code, { type: "text" }), inputMode: "numeric", autoComplete: "one-time-code" }}
          errors={fields.code.errors}
          errorId={fields.code.errorId}
        />
        <FormError id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? "Verifying..." : "Verify and turn on"}
        </button>
      </Form>
    </AuthCard>
  );
}
