import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { SignInForm } from "~/features/accounts/components/sign-in-form";
import { site } from "~/content/site";
import { demoAdminActive } from "~/features/accounts/admin-seed.server";
import { handleLogin } from "~/features/accounts/login-action.server";
import { DEMO_ADMIN } from "~/content/constants";
import { getUser } from "~/features/accounts/session/session.server";
import { redirect } from "@remix-run/node";
import { useActionToast } from "~/ui/toast-bus";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = () => [{ title: `Admin Sign In | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (user?.role === "admin") throw redirect("/admin");
  // The hint appears only while the demo admin exists with its demo password.
  const demo = (await demoAdminActive()) ? { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } : null;
  return { demo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleLogin(request, context, "admin");
}

export default function AdminLoginPage() {
  const { demo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  return (
    <AuthCard title="Admin Sign In" subtitle="Sign in to review applications and documents">
      <SignInForm id="admin-login" action="/admin-login" lastResult={actionData?.result} emailAutoComplete="username" />
      {demo ? (
        <div className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="demo-credentials">
          <p className="font-semibold">Demo credentials</p>
          <p>Email: {demo.email}</p>
          <p>Password: {demo.password}</p>
        </div>
      ) : null}
    </AuthCard>
  );
}
