/**
 * /referral/claim?token=...: a business owner a referral partner sent an application for chooses
 * the password of the account the referral made. Opening the link changes nothing (mail scanners
 * open links); the POST uses it once (7 days), proves the address, signs the owner in and opens
 * the referred application in the wizard, where they review it and submit it themselves.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { TokenPasswordForm, UnusableLinkCard } from "~/features/accounts/components/token-password-form";
import { site } from "~/content/site";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { useT } from "~/ui/i18n";
import { useMessage } from "~/ui/use-message";
import { referralClaimForm, referralClaimPage } from "~/features/accounts/token-link-pages.server";
import { ACCOUNT_MSG } from "~/content/messages";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = ({ matches }) => [
  { title: fill(resourcesFor(languageOfMatches(matches)).account.referral.pageTitle, { site: site.name }) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return referralClaimPage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return referralClaimForm(request, context);
}

export default function ReferralClaim() {
  const { token, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT("account");
  const message = useMessage();
  if (!email && !actionData) {
    return (
      <UnusableLinkCard title={t("referral.title")} message={message(ACCOUNT_MSG.referralClaimInvalid)} testId="claim-invalid">
        <div className="mt-4 flex flex-col gap-3">
          <Link to="/login?redirectTo=/apply" className="btn-primary w-full">
            {t("referral.signIn")}
          </Link>
          <Link to="/forgot-password" className="btn-outline w-full">
            {t("referral.forgot")}
          </Link>
        </div>
      </UnusableLinkCard>
    );
  }
  return (
    <AuthCard title={t("referral.title")} subtitle={email ? t("referral.subtitleFor", { email }) : t("referral.subtitle")}>
      <p className="mb-4 text-sm text-slate-700">{message(ACCOUNT_MSG.referralClaimPrompt)}</p>
      <TokenPasswordForm
        id="referral-claim"
        action="/referral/claim"
        token={token}
        lastResult={actionData?.result}
        secondFactorHint={null}
        pendingLabel={t("referral.saving")}
        submitLabel={t("referral.submit")}
      />
    </AuthCard>
  );
}
