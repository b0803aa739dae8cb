/**
 * /lender/invite?token=...: a partner lender's invited user sets a password. Opening the
 * link changes nothing; the POST uses it once (single-use, 72 hours), then the user enrols a
 * second factor at /lender/login/setup before any workspace page answers.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { TokenPasswordForm, UnusableLinkCard } from "~/features/accounts/components/token-password-form";
import { site } from "~/content/site";
import { LENDER_MSG } from "~/features/lenders/lender.schema";
import { lenderInviteForm, lenderInvitePage } from "~/features/accounts/token-link-pages.server";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = () => [{ title: `Lender Invitation | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return lenderInvitePage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return lenderInviteForm(request, context);
}

export default function LenderInvite() {
  const { token, invite } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!invite && !actionData) {
    return <UnusableLinkCard title="Lender invitation" message={LENDER_MSG.inviteInvalid} testId="invite-invalid" />;
  }
  return (
    <AuthCard
      title="Lender invitation"
      subtitle={invite ? `Set a password for ${invite.email} (${invite.lenderName})` : "Set a password for your lender account"}
    >
      <TokenPasswordForm
        id="lender-invite"
        action="/lender/invite"
        token={token}
        lastResult={actionData?.result}
        secondFactorHint={null}
        pendingLabel="Saving..."
        submitLabel="Set password and continue"
      />
    </AuthCard>
  );
}
