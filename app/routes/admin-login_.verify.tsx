import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { SecondFactorVerifyCard } from "~/features/accounts/components/second-factor-cards";
import { site } from "~/content/site";
import { ADMIN_SECOND_FACTOR, requireEnrolledForVerify, verifySecondFactorForm } from "~/features/accounts/mfa/second-factor-pages.server";
import { requireAdminAwaitingMfa } from "~/features/accounts/session/session.server";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = () => [{ title: `Two-Factor Authentication | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAdminAwaitingMfa(request);
  return requireEnrolledForVerify(user.id, ADMIN_SECOND_FACTOR);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireAdminAwaitingMfa(request);
  return verifySecondFactorForm(request, context, user, ADMIN_SECOND_FACTOR);
}

export default function MfaVerify() {
  const actionData = useActionData<typeof action>();
  return <SecondFactorVerifyCard id="mfa-verify" action="/admin-login/verify" lastResult={actionData?.result} />;
}
