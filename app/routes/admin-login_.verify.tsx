import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { SecondFactorVerifyCard } from "~/components/auth/second-factor-cards";
import { site } from "~/content/site";
import { ADMIN_SECOND_FACTOR, requireEnrolledForVerify, verifySecondFactorForm } from "~/server/second-factor-pages.server";
import { requireAdminAwaitingMfa } from "~/server/session.server";

export { retryAfterHeaders as headers } from "~/utils/headers";

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
