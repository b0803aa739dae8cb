/**
 * /lender/login/setup: a lender user enrols an authenticator (TOTP) after setting the
 * password from the invitation; the admin MFA code does the work. No operator code: the
 * single-use invitation link already proved the address.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FirstEnrolmentCard } from "~/features/accounts/components/second-factor-cards";
import { site } from "~/content/site";
import { LENDER_SECOND_FACTOR, completeFirstEnrolment, firstEnrolmentPage } from "~/features/accounts/mfa/second-factor-pages.server";
import { requireLenderAwaitingMfa } from "~/features/accounts/session/session.server";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = () => [{ title: `Set Up Two-Factor Authentication | Lender | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, session } = await requireLenderAwaitingMfa(request);
  return firstEnrolmentPage(user, session, LENDER_SECOND_FACTOR);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, session } = await requireLenderAwaitingMfa(request);
  return completeFirstEnrolment(request, context, user, session, LENDER_SECOND_FACTOR);
}

export default function LenderMfaSetup() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <FirstEnrolmentCard
      id="lender-mfa-setup"
      action="/lender/login/setup"
      subtitle="Lender users need a second factor to see applications"
      {...page}
      lastResult={actionData?.result}
    />
  );
}
