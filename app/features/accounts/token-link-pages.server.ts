/**
 * The pages opened from an e-mailed single-use link that ask for a new password: /reset-password,
 * /undo-email-change, /lender/invite and /referral/claim. Opening the link changes nothing (mail
 * scanners open links); the form's POST (token + new password, and an enrolled admin's second
 * factor where asked) is parsed and throttled here once, then each page's service uses the token.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext, type TypedResponse } from "@remix-run/node";
import { ResetPasswordSchema } from "~/features/accounts/account.schema";
import { LENDER_MSG } from "~/features/lenders";
import { inspectUndoToken, undoEmailChange } from "~/features/accounts/email-change.server";
import { acceptLenderInvite, inspectLenderInvite } from "~/features/lenders/index.server";
import { inspectResetToken, resetPassword } from "~/features/accounts/password-reset.server";
import { claimReferral, inspectReferralClaim } from "~/features/accounts/referral-claim.server";
import { throttle } from "~/platform/security/throttle.server";
import { ACCOUNT_MSG, ACCOUNT_TOASTS, MSG, type ToastMessage } from "~/content/messages";
import { withPasswordPolicy } from "~/features/accounts/password/password-policy.server";
import { getClientIp } from "~/platform/http/request.server";
import { createUserSession, destroySession } from "~/features/accounts/session/session.server";
import { redirectWithToast } from "~/platform/http/toast.server";

/** Every token page's form has this shape (UndoEmailChangeSchema is the same schema). */
const TokenPasswordSchema = withPasswordPolicy(ResetPasswordSchema);
type TokenPasswordValue = { token: string; password: string; confirmPassword: string; code?: string };

/** A refusal: the form again with these errors. */
type Refusal = { status: number; formErrors?: string[]; fieldErrors?: Record<string, string[]>; headers?: HeadersInit };

const tokenFromUrl = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/** Parse (passwords and code never echoed back), throttle per IP, then let the page use the token. */
async function tokenPasswordForm(
  request: Request,
  context: AppLoadContext,
  complete: (value: TokenPasswordValue, ip: string) => Promise<Refusal | TypedResponse<never>>,
) {
  const submission = parseWithZod(await request.formData(), { schema: TokenPasswordSchema });
  const hide = { hideFields: ["password", "confirmPassword", "code"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide) }, { status: 400 });
  const ip = getClientIp(request, context);
  const limited = await throttle("accountLink", [`ip:${ip}`]);
  if (limited)
    return data({ result: submission.reply({ ...hide, formErrors: [limited.message] }) }, { status: 429, headers: limited.headers });
  const outcome = await complete(submission.value as TokenPasswordValue, ip);
  if (outcome instanceof Response) return outcome;
  const { status, headers, ...errors } = outcome;
  return data({ result: submission.reply({ ...hide, ...errors }) }, { status, headers });
}

/** Every session of the account is gone on the server; this browser's cookie is cleared too. */
async function signedOutTo(request: Request, role: string, toast: ToastMessage) {
  return redirectWithToast(role === "admin" ? "/admin-login" : "/login", toast, {
    headers: { "set-cookie": await destroySession(request) },
  });
}

export async function resetPasswordPage(request: Request) {
  const token = tokenFromUrl(request);
  const info = token ? await inspectResetToken(token) : null;
  return { token: info ? token : "", valid: Boolean(info), needsSecondFactor: info?.needsSecondFactor ?? false };
}

/** /reset-password: sets the password and ends every session of the user. */
export async function resetPasswordForm(request: Request, context: AppLoadContext) {
  return tokenPasswordForm(request, context, async ({ token, password, code }, ip) => {
    const outcome = await resetPassword({ token, password, secondFactor: code }, ip);
    if (outcome.ok) return signedOutTo(request, outcome.role, ACCOUNT_TOASTS.passwordReset);
    if (outcome.reason === "throttled") return { status: 429, formErrors: [outcome.message], headers: outcome.headers };
    if (outcome.reason === "secondFactor") {
      const message = !code ? ACCOUNT_MSG.resetSecondFactorRequired : outcome.locked ? MSG.mfaLocked : ACCOUNT_MSG.resetSecondFactorInvalid;
      return { status: 400, fieldErrors: { code: [message] } };
    }
    return { status: 400, formErrors: [ACCOUNT_MSG.resetInvalid] };
  });
}

export async function undoEmailChangePage(request: Request) {
  const token = tokenFromUrl(request);
  const info = token ? await inspectUndoToken(token) : null;
  return { token: info ? token : "", email: info?.email ?? null, needsSecondFactor: info?.needsSecondFactor ?? false };
}

/** /undo-email-change: puts the address back and ends every session and pending link. */
export async function undoEmailChangeForm(request: Request, context: AppLoadContext) {
  return tokenPasswordForm(request, context, async ({ token, password, code }, ip) => {
    const outcome = await undoEmailChange({ token, password, secondFactor: code }, ip);
    if (outcome.ok) return signedOutTo(request, outcome.role, ACCOUNT_TOASTS.emailChangeUndone);
    if (outcome.reason === "secondFactor") {
      return { status: 400, fieldErrors: { code: [code ? ACCOUNT_MSG.resetSecondFactorInvalid : ACCOUNT_MSG.resetSecondFactorRequired] } };
    }
    if (outcome.reason === "taken") return { status: 409, formErrors: [ACCOUNT_MSG.undoTaken] };
    return { status: 400, formErrors: [ACCOUNT_MSG.undoInvalid] };
  });
}

export async function lenderInvitePage(request: Request) {
  const token = tokenFromUrl(request);
  const info = token ? await inspectLenderInvite(token) : null;
  return { token: info ? token : "", invite: info };
}

/** /lender/invite: sets the password, signs in up to it; the second factor is enrolled next, before any workspace page. */
export async function lenderInviteForm(request: Request, context: AppLoadContext) {
  return tokenPasswordForm(request, context, async ({ token, password }, ip) => {
    const outcome = await acceptLenderInvite(token, password, ip);
    if (!outcome.ok) return { status: 400, formErrors: [LENDER_MSG.inviteInvalid] };
    const cookie = await createUserSession(request, outcome.user);
    return redirect("/lender/login/setup", { headers: { "set-cookie": cookie } });
  });
}

export async function referralClaimPage(request: Request) {
  const token = tokenFromUrl(request);
  const info = token ? await inspectReferralClaim(token) : null;
  return { token: info ? token : "", email: info?.email ?? null };
}

/** /referral/claim: sets the password, proves the address, signs in and opens the referred application in the wizard. */
export async function referralClaimForm(request: Request, context: AppLoadContext) {
  return tokenPasswordForm(request, context, async ({ token, password }, ip) => {
    const outcome = await claimReferral(token, password, ip);
    if (!outcome.ok) return { status: 400, formErrors: [ACCOUNT_MSG.referralClaimInvalid] };
    const cookie = await createUserSession(request, outcome.user);
    return redirectWithToast("/apply", ACCOUNT_TOASTS.referralClaimed, { headers: { "set-cookie": cookie } });
  });
}
