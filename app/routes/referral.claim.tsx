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
import { referralClaimForm, referralClaimPage } from "~/features/accounts/token-link-pages.server";
import { ACCOUNT_MSG } from "~/content/messages";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = () => [{ title: `Your Referred Application | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return referralClaimPage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return referralClaimForm(request, context);
}

export default function ReferralClaim() {
  const { token, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!email && !actionData) {
    return (
      <UnusableLinkCard title="Your referred application" message={ACCOUNT_MSG.referralClaimInvalid} testId="claim-invalid">
        <div className="mt-4 flex flex-col gap-3">
          <Link to="/login?redirectTo=/apply" className="btn-primary w-full">
            Sign in
          </Link>
          <Link to="/forgot-password" className="btn-outline w-full">
            Forgot password
          </Link>
        </div>
      </UnusableLinkCard>
    );
  }
  return (
    <AuthCard title="Your referred application" subtitle={email ? `Choose a password for ${email}` : "Choose a password for your account"}>
      <p className="mb-4 text-sm text-slate-700">{ACCOUNT_MSG.referralClaimPrompt}</p>
      <TokenPasswordForm
        id="referral-claim"
        action="/referral/claim"
        token={token}
        lastResult={actionData?.result}
        secondFactorHint={null}
        pendingLabel="Saving..."
        submitLabel="Set password and review the application"
      />
    </AuthCard>
  );
}
