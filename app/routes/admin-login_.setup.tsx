import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { AuthenticatorEnrolment } from "~/components/authenticator-enrolment";
import { Field } from "~/components/forms";
import { site } from "~/content/site";
import { recordAudit } from "~/services/audit.server";
import { getUserById } from "~/services/account-views.server";
import { MFA_INVALID_MESSAGE, MfaSetupSchema } from "~/schemas/mfa.schema";
import { enrolmentCodeMatches, enrolmentNeedsOperatorCode } from "~/services/admin-seed.server";
import { completeEnrolment, enrolmentMaterial, isEnrolled, openSecret, sealSecret } from "~/services/mfa.server";
import { MSG } from "~/utils/messages";
import { throttleSecondFactor } from "~/services/throttle.server";
import { getClientIp } from "~/utils/request.server";
import { commitSession, createUserSession, requireAdminAwaitingMfa } from "~/server/session.server";
import { redirect } from "@remix-run/node";

export { retryAfterHeaders as headers } from "~/utils/headers";

export const meta: MetaFunction = () => [{ title: `Set Up Two-Factor Authentication | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, session } = await requireAdminAwaitingMfa(request);
  const record = await getUserById(user.id);
  if (record && isEnrolled(record)) throw redirect("/admin-login/verify");
  // The pending secret lives in the session row sealed (AES-256-GCM), never in plain text.
  const sealed = session.get("mfaPendingSecretSealed");
  const material = await enrolmentMaterial(user.email, sealed ? openSecret(sealed) : undefined);
  let headers: HeadersInit | undefined;
  if (!sealed) {
    session.set("mfaPendingSecretSealed", sealSecret(material.secret));
    headers = { "set-cookie": await commitSession(session) };
  }
  return data({ qr: material.qrDataUrl, secret: material.secret, needsOperatorCode: enrolmentNeedsOperatorCode() }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, session } = await requireAdminAwaitingMfa(request);
  const submission = parseWithZod(await request.formData(), { schema: MfaSetupSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const ip = getClientIp(request, context);
  const limited = await throttleSecondFactor({ userId: user.id, ip });
  if (limited) return data({ result: submission.reply({ formErrors: [limited.message] }) }, { status: 429, headers: limited.headers });
  // Production: the first enrolment needs the operator's one-time code, not only the password.
  const operatorCode = enrolmentNeedsOperatorCode() ? (submission.value.enrolmentCode ?? "") : undefined;
  if (operatorCode !== undefined && !(await enrolmentCodeMatches(user.id, operatorCode))) {
    await recordAudit({ actorUserId: user.id, action: "mfa.enrol", outcome: "denied", ip, details: "enrolment code missing or invalid" });
    const message = operatorCode ? MSG.enrolmentCodeInvalid : MSG.enrolmentCodeRequired;
    return data({ result: submission.reply({ fieldErrors: { enrolmentCode: [message] } }) }, { status: 403 });
  }
  const sealed = session.get("mfaPendingSecretSealed");
  const codes = sealed ? await completeEnrolment(user.id, openSecret(sealed), submission.value.code, operatorCode) : null;
  if (!codes) {
    await recordAudit({ actorUserId: user.id, action: "mfa.enrol", outcome: "failure", ip });
    return data({ result: submission.reply({ fieldErrors: { code: [MFA_INVALID_MESSAGE] } }) }, { status: 400 });
  }
  await recordAudit({ actorUserId: user.id, action: "mfa.enrol", outcome: "success", ip });
  // Second factor done: a new session id, marked as MFA-verified; the codes are shown once next.
  const cookie = await createUserSession(request, user, { mfa: true, recoveryCodes: codes });
  return redirect("/admin-login/recovery-codes", { headers: { "set-cookie": cookie } });
}

export default function MfaSetup() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard title="Set up two-factor authentication" subtitle="Admins need a second factor to see customer information">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
        {loaderData.needsOperatorCode ? <li>Enter the one-time enrolment code your operator gave you.</li> : null}
        <li>Scan the QR code with an authenticator app (or type the key by hand).</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <AuthenticatorEnrolment
        id="mfa-setup"
        action="/admin-login/setup"
        schema={MfaSetupSchema}
        lastResult={actionData?.result}
        qr={loaderData.qr}
        qrAlt="QR code for your authenticator app"
        secret={loaderData.secret}
        codeLabel="Authentication code"
        submitLabel="Verify and turn on"
        fieldsBefore={(fields) =>
          loaderData.needsOperatorCode ? (
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
