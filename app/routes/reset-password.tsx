/**
 * /reset-password?token=...: opening the link changes nothing (mail scanners open
 * links); the form's POST uses the token once, sets the password, ends every session of the user.
 * An admin with a second factor must give a TOTP or recovery code too.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { TokenPasswordForm, UnusableLinkCard } from "~/features/accounts/components/token-password-form";
import { site } from "~/content/site";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { useT } from "~/ui/i18n";
import { useMessage } from "~/ui/use-message";
import { resetPasswordForm, resetPasswordPage } from "~/features/accounts/token-link-pages.server";
import { ACCOUNT_MSG } from "~/content/messages";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = ({ matches }) => [
  { title: fill(resourcesFor(languageOfMatches(matches)).account.reset.pageTitle, { site: site.name }) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return resetPasswordPage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return resetPasswordForm(request, context);
}

export default function ResetPassword() {
  const { token, valid, needsSecondFactor } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT("account");
  const message = useMessage();
  if (!valid && !actionData) {
    return (
      <UnusableLinkCard title={t("reset.title")} message={message(ACCOUNT_MSG.resetInvalid)} testId="reset-invalid">
        <Link to="/forgot-password" className="btn-primary mt-4 w-full">
          {t("reset.askNew")}
        </Link>
      </UnusableLinkCard>
    );
  }
  return (
    <AuthCard title={t("reset.title")} subtitle={t("reset.subtitle")}>
      <TokenPasswordForm
        id="reset-password"
        action="/reset-password"
        token={token}
        lastResult={actionData?.result}
        secondFactorHint={needsSecondFactor ? t("reset.secondFactorHint") : null}
        pendingLabel={t("reset.saving")}
        submitLabel={t("reset.submit")}
      />
    </AuthCard>
  );
}
