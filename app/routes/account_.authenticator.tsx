/**
 * /account/authenticator (admins): move the second factor to a new authenticator app.
 * The new secret waits in the session until a code from it and the current password confirm it;
 * then it replaces the old one and new recovery codes are shown once.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccountHeader } from "~/ui/app-header";
import { RecoveryCodeList } from "~/features/accounts/components/second-factor-cards";
import { AuthenticatorEnrolment } from "~/features/accounts/components/authenticator-enrolment";
import { PasswordField } from "~/ui/forms";
import { site } from "~/content/site";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { useT } from "~/ui/i18n";
import { recordAudit } from "~/platform/audit-log.server";
import { ReenrolAuthenticatorSchema } from "~/features/accounts/account.schema";
import { MFA_INVALID_MESSAGE } from "~/features/accounts/mfa/mfa.schema";
import { checkCurrentPassword } from "~/features/accounts/account.server";
import { openSecret, reenrolAuthenticator } from "~/features/accounts/mfa/mfa.server";
import { throttle } from "~/platform/security/throttle.server";
import { ACCOUNT_MSG, ACCOUNT_TOASTS } from "~/content/messages";
import { getClientIp } from "~/platform/http/request.server";
import { pendingEnrolment } from "~/features/accounts/mfa/second-factor-pages.server";
import { commitSession, getSession, requireAdmin } from "~/features/accounts/session/session.server";
import { createToastHeaders } from "~/platform/http/toast.server";
import { combineHeaders } from "~/platform/http/http.server";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = ({ matches }) => [
  { title: fill(resourcesFor(languageOfMatches(matches)).account.authenticator.pageTitle, { site: site.name }) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  return pendingEnrolment(user, await getSession(request), {});
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const ip = getClientIp(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ReenrolAuthenticatorSchema });
  const hide = { hideFields: ["currentPassword"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide), codes: null }, { status: 400 });
  const limited = await throttle("mfa", [`acct:${user.id}`, `ip:${ip}`]);
  if (limited)
    return data(
      { result: submission.reply({ ...hide, formErrors: [limited.message] }), codes: null },
      { status: 429, headers: limited.headers },
    );
  if (!(await checkCurrentPassword(user.id, submission.value.currentPassword))) {
    return data(
      { result: submission.reply({ ...hide, fieldErrors: { currentPassword: [ACCOUNT_MSG.currentPasswordWrong] } }), codes: null },
      { status: 400 },
    );
  }
  const session = await getSession(request);
  const sealed = session.get("mfaPendingSecretSealed");
  const codes = sealed ? await reenrolAuthenticator(user.id, openSecret(sealed), submission.value.code) : null;
  if (!codes) {
    await recordAudit({ actorUserId: user.id, action: "mfa.reenrol", outcome: "failure", ip });
    return data({ result: submission.reply({ ...hide, fieldErrors: { code: [MFA_INVALID_MESSAGE] } }), codes: null }, { status: 400 });
  }
  await recordAudit({ actorUserId: user.id, action: "mfa.reenrol", targetType: "user", targetId: user.id, ip });
  session.unset("mfaPendingSecretSealed");
  const headers = combineHeaders(
    { "set-cookie": await commitSession(session) },
    await createToastHeaders(ACCOUNT_TOASTS.authenticatorReenrolled),
  );
  return data({ result: submission.reply({ resetForm: true }), codes }, { headers });
}

export default function Authenticator() {
  const { qr, secret } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT("account");
  return (
    <div className="min-h-screen bg-slate-50">
      <AccountHeader role="admin" />
      <main id="main" tabIndex={-1} className="focus:outline-none mx-auto max-w-xl space-y-6 px-4 py-8">
        <h1 className="text-3xl font-bold">{t("authenticator.heading")}</h1>
        {actionData?.codes ? (
          <section className="card" role="status">
            <p className="font-semibold">{t("authenticator.done")}</p>
            <RecoveryCodeList codes={actionData.codes} />
            <Link to="/account" className="btn-primary mt-4">
              {t("authenticator.back")}
            </Link>
          </section>
        ) : (
          <section className="card">
            <p className="text-sm text-slate-800">{t("authenticator.keepsWorking")}</p>
            <AuthenticatorEnrolment
              id="reenrol"
              action="/account/authenticator"
              schema={ReenrolAuthenticatorSchema}
              lastResult={actionData?.result}
              qr={qr}
              qrAlt={t("authenticator.qrAlt")}
              secret={secret}
              codeLabel={t("authenticator.codeLabel")}
              submitLabel={t("authenticator.submit")}
              fieldsAfter={(fields) => (
                <PasswordField
                  label={t("settings.currentPassword")}
                  meta={fields.currentPassword!}
                  inputProps={{ autoComplete: "current-password" }}
                />
              )}
            />
          </section>
        )}
      </main>
    </div>
  );
}
