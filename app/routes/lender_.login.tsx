/**
 * /lender/login: a partner lender's user signs in with e-mail and password, then the
 * second factor (/lender/login/verify, or /lender/login/setup at first). The same sign-in service,
 * throttles, lockouts and session rules as the admin sign-in; anyone but a lender user is refused.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { SignInForm } from "~/features/accounts/components/sign-in-form";
import { site } from "~/content/site";
import { handleLogin } from "~/features/accounts/login-action.server";
import { getUser } from "~/features/accounts/session/session.server";
import { useActionToast } from "~/ui/toast-bus";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = () => [{ title: `Lender Sign In | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (user?.role === "lender") throw redirect("/lender");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleLogin(request, context, "lender");
}

export default function LenderLoginPage() {
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  return (
    <AuthCard title="Lender Sign In" subtitle="Partner lenders: review the applications shared with you">
      <SignInForm id="lender-login" action="/lender/login" lastResult={actionData?.result} emailAutoComplete="username" />
    </AuthCard>
  );
}
