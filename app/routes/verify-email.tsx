/**
 * /verify-email?token=... (issue 13). Opening the link shows a confirm button (a GET changes
 * nothing, so mail scanners cannot use the link up); its POST verifies the address, or switches
 * the account to a new one. POST intent=resend (dashboard banner) sends a new link, throttled.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { site } from "~/content/site";
import { findUsableToken } from "~/services/account-views.server";
import { VerifyEmailSchema } from "~/schemas/account.schema";
import { resendVerification, verifyEmailToken } from "~/services/email-verification.server";
import { throttle } from "~/services/throttle.server";
import { ACCOUNT_MSG, ACCOUNT_TOASTS, resendThrottledToast } from "~/utils/messages";
import { useIsPending } from "~/utils/misc";
import { getClientIp } from "~/utils/request.server";
import { getUserId, requireUser } from "~/server/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export { retryAfterHeaders as headers } from "~/utils/headers";

export const meta: MetaFunction = () => [{ title: `Confirm E-mail | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const row = token ? await findUsableToken(token, "verify-email") : null;
  return { token: row ? token : "", email: row?.email ?? null };
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
  const limited = await throttle("accountLink", [`ip:${ip}`]);
  if (limited) return data({ error: limited.message }, { status: 429, headers: limited.headers });
  const outcome = parsed.success ? await verifyEmailToken(parsed.data.token, ip) : { ok: false as const, reason: "invalid" as const };
  if (!outcome.ok)
    return data({ error: outcome.reason === "taken" ? ACCOUNT_MSG.verifyEmailTaken : ACCOUNT_MSG.verifyInvalid }, { status: 400 });
  const signedIn = Boolean(await getUserId(request));
  return redirectWithToast(
    signedIn ? "/dashboard" : "/login",
    outcome.changed ? ACCOUNT_TOASTS.emailChanged : ACCOUNT_TOASTS.emailVerified,
  );
}

export default function VerifyEmail() {
  const { token, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ formAction: "/verify-email" });
  if (actionData?.error || !token) {
    return (
      <AuthCard title="Confirm your e-mail address" subtitle="This link cannot be used">
        <p role="alert" className="text-sm text-red-800" data-testid="verify-invalid">
          {actionData?.error ?? ACCOUNT_MSG.verifyInvalid}
        </p>
        <Link to="/dashboard" className="btn-primary mt-4 w-full">
          Go to your dashboard
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your e-mail address" subtitle={ACCOUNT_MSG.verifyPrompt}>
      <p className="text-center font-medium text-slate-900" data-testid="verify-email-address">
        {email}
      </p>
      <Form method="post" action="/verify-email" className="mt-4">
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? "Confirming..." : "Confirm e-mail address"}
        </button>
      </Form>
    </AuthCard>
  );
}
