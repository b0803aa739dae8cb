/** /lender/login/verify: a lender user's second factor, checked as an admin's is (throttled, locking). */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { SecondFactorVerifyCard } from "~/features/accounts/components/second-factor-cards";
import { site } from "~/content/site";
import { LENDER_SECOND_FACTOR, requireEnrolledForVerify, verifySecondFactorForm } from "~/features/accounts/mfa/second-factor-pages.server";
import { requireLenderAwaitingMfa } from "~/features/accounts/session/session.server";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = () => [{ title: `Two-Factor Authentication | Lender | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireLenderAwaitingMfa(request);
  return requireEnrolledForVerify(user.id, LENDER_SECOND_FACTOR);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireLenderAwaitingMfa(request);
  return verifySecondFactorForm(request, context, user, LENDER_SECOND_FACTOR);
}

export default function LenderMfaVerify() {
  const actionData = useActionData<typeof action>();
  return <SecondFactorVerifyCard id="lender-mfa-verify" action="/lender/login/verify" lastResult={actionData?.result} />;
}
