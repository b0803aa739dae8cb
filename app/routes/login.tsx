import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { SignInForm } from "~/features/accounts/components/sign-in-form";
import { site } from "~/content/site";
import { handleLogin } from "~/features/accounts/login-action.server";
import { requireAnonymous } from "~/features/accounts/session/session.server";
import { useActionToast } from "~/ui/toast-bus";
import { useT } from "~/ui/i18n";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = ({ matches }) => [
  { title: fill(resourcesFor(languageOfMatches(matches)).auth.loginTitle, { site: site.name }) },
  { name: "description", content: resourcesFor(languageOfMatches(matches)).auth.loginDescription },
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
  const { t } = useT("auth");
  return (
    <AuthCard
      title={t("welcomeBack")}
      subtitle={t("signInToAccount")}
      footer={
        <>
          {t("noAccount")}{" "}
          <Link to="/signup" className="link">
            {t("signUpLink")}
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
