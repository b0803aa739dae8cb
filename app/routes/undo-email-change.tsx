/**
 * /undo-email-change?token=... : the link e-mailed to the address a change of e-mail left. Opening
 * it changes nothing (mail scanners open links); the form's POST, with a new password (and an
 * enrolled admin's second factor), puts the address back and ends every session and pending link.
 * It works signed out: the one who uses it may have no session left.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { TokenPasswordForm, UnusableLinkCard } from "~/features/accounts/components/token-password-form";
import { site } from "~/content/site";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { useT } from "~/ui/i18n";
import { useMessage } from "~/ui/use-message";
import { undoEmailChangeForm, undoEmailChangePage } from "~/features/accounts/token-link-pages.server";
import { ACCOUNT_MSG } from "~/content/messages";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = ({ matches }) => [
  { title: fill(resourcesFor(languageOfMatches(matches)).account.undo.pageTitle, { site: site.name }) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return undoEmailChangePage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return undoEmailChangeForm(request, context);
}

export default function UndoEmailChange() {
  const { token, email, needsSecondFactor } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT("account");
  const message = useMessage();
  if (!token && !actionData) {
    return <UnusableLinkCard title={t("undo.title")} message={message(ACCOUNT_MSG.undoInvalid)} testId="undo-invalid" />;
  }
  return (
    <AuthCard title={t("undo.title")} subtitle={message(ACCOUNT_MSG.undoPrompt)}>
      {email ? (
        <p className="mb-4 text-center font-medium text-slate-900" data-testid="undo-email-address">
          {email}
        </p>
      ) : null}
      <TokenPasswordForm
        id="undo-email-change"
        action="/undo-email-change"
        token={token}
        lastResult={actionData?.result}
        secondFactorHint={needsSecondFactor ? t("undo.secondFactorHint") : null}
        pendingLabel={t("undo.restoring")}
        submitLabel={t("undo.submit")}
      />
    </AuthCard>
  );
}
