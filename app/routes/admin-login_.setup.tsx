import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FirstEnrolmentCard } from "~/features/accounts/components/second-factor-cards";
import { site } from "~/content/site";
import { ADMIN_SECOND_FACTOR, completeFirstEnrolment, firstEnrolmentPage } from "~/features/accounts/mfa/second-factor-pages.server";
import { requireAdminAwaitingMfa } from "~/features/accounts/session/session.server";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = () => [{ title: `Set Up Two-Factor Authentication | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, session } = await requireAdminAwaitingMfa(request);
  return firstEnrolmentPage(user, session, ADMIN_SECOND_FACTOR);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, session } = await requireAdminAwaitingMfa(request);
  return completeFirstEnrolment(request, context, user, session, ADMIN_SECOND_FACTOR);
}

export default function MfaSetup() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <FirstEnrolmentCard
      id="mfa-setup"
      action="/admin-login/setup"
      subtitle="Admins need a second factor to see customer information"
      {...page}
      lastResult={actionData?.result}
    />
  );
}
