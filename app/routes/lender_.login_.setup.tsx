/**
 * /lender/login/setup (issue 27): a lender user enrols an authenticator (TOTP) after setting the
 * password from the invitation; the admin MFA code does the work. No operator code: the
 * single-use invitation link already proved the address.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { AuthenticatorEnrolment } from "~/components/authenticator-enrolment";
import { site } from "~/content/site";
import { recordAudit } from "~/services/audit.server";
import { getUserById } from "~/services/account-views.server";
import { MFA_INVALID_MESSAGE, MfaSetupSchema } from "~/schemas/mfa.schema";
import { completeEnrolment, enrolmentMaterial, isEnrolled, openSecret, sealSecret } from "~/services/mfa.server";
import { throttleSecondFactor } from "~/services/throttle.server";
import { getClientIp } from "~/utils/request.server";
import { commitSession, createUserSession, requireLenderAwaitingMfa } from "~/server/session.server";

export { retryAfterHeaders as headers } from "~/utils/headers";

export const meta: MetaFunction = () => [{ title: `Set Up Two-Factor Authentication | Lender | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, session } = await requireLenderAwaitingMfa(request);
  const record = await getUserById(user.id);
  if (record && isEnrolled(record)) throw redirect("/lender/login/verify");
  const sealed = session.get("mfaPendingSecretSealed");
  const material = await enrolmentMaterial(user.email, sealed ? openSecret(sealed) : undefined);
  let headers: HeadersInit | undefined;
  if (!sealed) {
    session.set("mfaPendingSecretSealed", sealSecret(material.secret));
    headers = { "set-cookie": await commitSession(session) };
  }
  return data({ qr: material.qrDataUrl, secret: material.secret }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, session } = await requireLenderAwaitingMfa(request);
  const submission = parseWithZod(await request.formData(), { schema: MfaSetupSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const ip = getClientIp(request, context);
  const limited = await throttleSecondFactor({ userId: user.id, ip });
  if (limited) return data({ result: submission.reply({ formErrors: [limited.message] }) }, { status: 429, headers: limited.headers });
  const sealed = session.get("mfaPendingSecretSealed");
  const codes = sealed ? await completeEnrolment(user.id, openSecret(sealed), submission.value.code) : null;
  if (!codes) {
    await recordAudit({ actorUserId: user.id, action: "mfa.enrol", outcome: "failure", ip, details: "lender" });
    return data({ result: submission.reply({ fieldErrors: { code: [MFA_INVALID_MESSAGE] } }) }, { status: 400 });
  }
  await recordAudit({ actorUserId: user.id, action: "mfa.enrol", outcome: "success", ip, details: "lender" });
  const cookie = await createUserSession(request, user, { mfa: true, recoveryCodes: codes });
  return redirect("/lender/login/recovery-codes", { headers: { "set-cookie": cookie } });
}

export default function LenderMfaSetup() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard title="Set up two-factor authentication" subtitle="Lender users need a second factor to see applications">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>Scan the QR code with an authenticator app (or type the key by hand).</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <AuthenticatorEnrolment
        id="lender-mfa-setup"
        action="/lender/login/setup"
        schema={MfaSetupSchema}
        lastResult={actionData?.result}
        qr={loaderData.qr}
        qrAlt="QR code for your authenticator app"
        secret={loaderData.secret}
        codeLabel="Authentication code"
        submitLabel="Verify and turn on"
      />
    </AuthCard>
  );
}
