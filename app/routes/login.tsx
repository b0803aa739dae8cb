import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { SignInForm } from "~/features/accounts/components/sign-in-form";
import { APPLICANT_PAGE_DESCRIPTIONS, site } from "~/content/site";
import { handleLogin } from "~/features/accounts/login-action.server";
import { requireAnonymous } from "~/features/accounts/session/session.server";
import { useActionToast } from "~/ui/toast-bus";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = () => [
  { title: `Sign In | ${site.name}` },
  { name: "description", content: APPLICANT_PAGE_DESCRIPTIONS.login },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleLogin(request, context, "user");
}

export default function LoginPage() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  useActionToast(actionData?.toast);
  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to your account"
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link to="/signup" className="link">
            Sign up
          </Link>
        </>
      }
    >
      <SignInForm
        id="login"
        action="/login"
        lastResult={actionData?.result}
        redirectTo={searchParams.get("redirectTo") ?? ""}
        emailAutoComplete="email"
        autoFocus
      />
    </AuthCard>
  );
}
