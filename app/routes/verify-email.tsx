/**
 * /verify-email?token=.... Opening the link shows a confirm button (a GET changes
 * nothing, so mail scanners cannot use the link up); its POST verifies the address. A change-of-
 * e-mail link (sent to the new address) works only in the account's own signed-in session: signed
 * out, the page sends the visitor to sign in and back; another account is refused. POST
 * intent=resend (dashboard banner) sends a new link, throttled.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { site } from "~/content/site";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { useT } from "~/ui/i18n";
import { useMessage } from "~/ui/use-message";
import { findUsableToken, tokenPurpose } from "~/features/accounts/account-tokens.server";
import { VerifyEmailSchema } from "~/features/accounts/account.schema";
import { confirmEmailChange, inspectChangeToken } from "~/features/accounts/email-change.server";
import { resendVerification, verifyEmailToken } from "~/features/accounts/email-verification.server";
import { throttle } from "~/platform/security/throttle.server";
import { ACCOUNT_MSG, ACCOUNT_TOASTS, resendThrottledToast } from "~/content/messages";
import { useIsPending } from "~/ui/misc";
import { getClientIp } from "~/platform/http/request.server";
import { getUserId, requireUser } from "~/features/accounts/session/session.server";
import { redirectWithToast } from "~/platform/http/toast.server";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = ({ matches }) => [
  { title: fill(resourcesFor(languageOfMatches(matches)).account.verify.pageTitle, { site: site.name }) },
];

type View = { change: boolean; token: string; email: string | null; error: string | null };

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const purpose = token ? await tokenPurpose(token) : null;
  if (purpose === "change-email") {
    const change = await inspectChangeToken(token);
    if (!change) return data<View>({ change: true, token: "", email: null, error: ACCOUNT_MSG.changeInvalid }, { status: 400 });
    // Only the account's own session finishes the change (signed out: sign in, then back here).
    const user = await requireUser(request);
    if (user.id !== change.userId)
      return data<View>({ change: true, token: "", email: null, error: ACCOUNT_MSG.changeOtherAccount }, { status: 403 });
    return data<View>({ change: true, token, email: change.email, error: null });
  }
  const row = purpose === "verify-email" ? await findUsableToken(token, "verify-email") : null;
  return data<View>({ change: false, token: row ? token : "", email: row?.email ?? null, error: null });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const ip = getClientIp(request, context);
  if (form.get("intent") === "resend") {
    const user = await requireUser(request);
    const limited = await throttle("verifyResend", [`acct:${user.id}`]);
    if (limited) return redirectWithToast("/dashboard", resendThrottledToast(limited.message), { headers: limited.headers });
    await resendVerification(user.id, ip);
    return redirectWithToast("/dashboard", ACCOUNT_TOASTS.verificationSent);
  }
  const parsed = VerifyEmailSchema.safeParse(Object.fromEntries(form));
  const change = parsed.success && (await tokenPurpose(parsed.data.token)) === "change-email";
  const user = change ? await requireUser(request) : null;
  const limited = await throttle("accountLink", [`ip:${ip}`]);
  if (limited) return data({ error: limited.message }, { status: 429, headers: limited.headers });
  if (parsed.success && user) {
    const outcome = await confirmEmailChange(parsed.data.token, user.id, ip);
    if (outcome.ok) return redirectWithToast("/account", ACCOUNT_TOASTS.emailChanged);
    const [error, status] =
      outcome.reason === "other-account"
        ? [ACCOUNT_MSG.changeOtherAccount, 403]
        : outcome.reason === "taken"
          ? [ACCOUNT_MSG.verifyEmailTaken, 409]
          : [ACCOUNT_MSG.changeInvalid, 400];
    return data({ error }, { status });
  }
  const outcome = parsed.success ? await verifyEmailToken(parsed.data.token, ip) : { ok: false as const };
  if (!outcome.ok) return data({ error: ACCOUNT_MSG.verifyInvalid }, { status: 400 });
  const signedIn = Boolean(await getUserId(request));
  return redirectWithToast(signedIn ? "/dashboard" : "/login", ACCOUNT_TOASTS.emailVerified);
}

export default function VerifyEmail() {
  const { change, token, email, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ formAction: "/verify-email" });
  const { t } = useT("account");
  const message = useMessage();
  if (actionData?.error || !token) {
    return (
      <AuthCard title={t("verify.title")} subtitle={t("tokenForm.unusable")}>
        <p role="alert" className="text-sm text-red-800" data-testid="verify-invalid">
          {message(actionData?.error ?? error ?? ACCOUNT_MSG.verifyInvalid)}
        </p>
        <Link to={change ? "/account" : "/dashboard"} className="btn-primary mt-4 w-full">
          {change ? t("verify.toAccount") : t("verify.toDashboard")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("verify.title")} subtitle={message(change ? ACCOUNT_MSG.changePrompt : ACCOUNT_MSG.verifyPrompt)}>
      <p className="text-center font-medium text-slate-900" data-testid="verify-email-address">
        {email}
      </p>
      <Form method="post" action="/verify-email" className="mt-4">
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? t("verify.confirming") : t("verify.confirm")}
        </button>
      </Form>
    </AuthCard>
  );
}
