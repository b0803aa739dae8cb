/** The sign-in pages' answer (/login and /admin-login): the form, the sign-in service, a redirect or the form again. */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { LoginSchema } from "~/features/accounts/auth.schema";
import { signIn } from "~/features/accounts/sign-in.server";
import { TOASTS } from "~/content/messages";
import { getClientIp } from "~/platform/http/request.server";
import { createUserSession, safeRedirect } from "~/features/accounts/session/session.server";
import { redirectWithToast, toastReply } from "~/platform/http/toast.server";

export async function handleLogin(request: Request, context: AppLoadContext, mode: "user" | "admin" | "lender") {
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), toast: null }, { status: 400 });
  }
  const result = await signIn(submission.value, {
    ip: getClientIp(request, context),
    via: mode === "admin" ? "admin-page" : mode === "lender" ? "lender-page" : "page",
    form: request,
  });
  if (!result.ok) {
    if (result.reason === "throttled") {
      return data(
        { result: submission.reply({ formErrors: [result.message], hideFields: ["password"] }), toast: null },
        { status: 429, headers: result.headers },
      );
    }
    const notAdmin = result.reason === "not-admin";
    const t = notAdmin ? TOASTS.accessDenied : TOASTS.loginFailed;
    const status = notAdmin ? 403 : 401;
    return toastReply(submission, t, { status, hideFields: ["password"] });
  }
  const cookie = await createUserSession(request, result.user);
  // The password is only the first factor: no admin (or lender) page answers before the second.
  const mfaPages = result.user.role === "lender" ? "/lender/login" : "/admin-login";
  if (result.secondFactor === "verify") return redirect(`${mfaPages}/verify`, { headers: { "set-cookie": cookie } });
  if (result.secondFactor === "setup") return redirect(`${mfaPages}/setup`, { headers: { "set-cookie": cookie } });
  return redirectWithToast(safeRedirect(submission.value.redirectTo, "/dashboard"), TOASTS.loginSuccess, {
    headers: { "set-cookie": cookie },
  });
}
