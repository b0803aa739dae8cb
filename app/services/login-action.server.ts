/** The shared server side of /login and /admin-login: validate, throttle, check, sign in. */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { isEnrolled } from "~/services/mfa.server";
import { recordAudit } from "~/models/audit.server";
import { LoginSchema } from "~/schemas/auth";
import { authenticateForm } from "~/services/auth.server";
import { throttleSignIn } from "~/services/throttle.server";
import { TOASTS } from "~/utils/messages";
import { getClientIp } from "~/utils/request.server";
import { createUserSession, safeRedirect } from "~/server/session.server";
import { redirectWithToast, toastReply } from "~/utils/toast.server";

export async function handleLogin(request: Request, context: AppLoadContext, mode: "user" | "admin") {
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), toast: null }, { status: 400 });
  }
  const ip = getClientIp(request, context);
  const limited = await throttleSignIn({ email: submission.value.email, ip });
  if (limited) {
    return data({ result: submission.reply({ formErrors: [limited.message], hideFields: ["password"] }), toast: null }, { status: 429, headers: limited.headers });
  }
  const user = await authenticateForm(request, ip);
  if (!user) {
    return toastReply(submission, TOASTS.loginFailed, { status: 401, hideFields: ["password"] });
  }
  if (mode === "admin" && user.role !== "admin") {
    await recordAudit({ actorUserId: user.id, action: "auth.admin_login", outcome: "denied", ip });
    return toastReply(submission, TOASTS.accessDenied, { status: 403, hideFields: ["password"] });
  }
  const cookie = await createUserSession(request, user);
  if (user.role === "admin") {
    // The password is only the first factor: no admin page answers before the second.
    return redirect(isEnrolled(user) ? "/admin-login/verify" : "/admin-login/setup", { headers: { "set-cookie": cookie } });
  }
  return redirectWithToast(safeRedirect(submission.value.redirectTo, "/dashboard"), TOASTS.loginSuccess, {
    headers: { "set-cookie": cookie },
  });
}
