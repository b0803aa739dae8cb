/** Flash toasts through a small signed cookie: set by an action, shown once by the root loader. */
import type { SubmissionResult } from "@conform-to/react";
import { createCookieSessionStorage, data, redirect } from "@remix-run/node";
import { cookieSecure, getEnv } from "~/platform/env.server";
import { combineHeaders } from "./http.server";
import { toastText, type ToastMessage } from "~/content/messages";

const KEY = "toast";

type ToastFlash = { toast: ToastMessage & { id: string } };
let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, ToastFlash>> | undefined;
function toastStorage() {
  const env = getEnv();
  storage ??= createCookieSessionStorage<Record<string, never>, ToastFlash>({
    cookie: {
      name: "lw_toast",
      sameSite: "lax",
      path: "/",
      httpOnly: true,
      secrets: [env.SESSION_SECRET],
      secure: cookieSecure(),
    },
  });
  return storage;
}

export type Toast = ToastMessage & { id: string };

export async function createToastHeaders(toast: ToastMessage) {
  const session = await toastStorage().getSession();
  session.flash(KEY, { ...toast, id: crypto.randomUUID() });
  return new Headers({ "set-cookie": await toastStorage().commitSession(session) });
}

/** A toast as the client shows it (the id makes the same message show again). */
export const withToastId = (toast: ToastMessage): Toast => ({ ...toast, id: crypto.randomUUID() });

type Replyable = {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>;
};

/** The answer of a form action that failed: `{ result, toast }` with the toast shown at once on the
 *  page and its text as the form's error (or, with `fieldErrors`, the errors of those fields). */
export function toastReply(
  submission: Replyable,
  toast: ToastMessage,
  {
    status,
    headers,
    hideFields,
    fieldErrors,
  }: { status: number; headers?: HeadersInit; hideFields?: string[]; fieldErrors?: Record<string, string[]> },
) {
  const result = fieldErrors
    ? submission.reply({ fieldErrors, hideFields })
    : submission.reply({ formErrors: [toastText(toast)], hideFields });
  return data({ result, toast: withToastId(toast) }, { status, headers });
}

/** Redirects to `url` and shows `toast` on the page it lands on. */
export async function redirectWithToast(url: string, toast: ToastMessage, init?: ResponseInit) {
  return redirect(url, { ...init, headers: combineHeaders(init?.headers, await createToastHeaders(toast)) });
}

export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage().getSession(request.headers.get("cookie"));
  const raw = session.get(KEY) as Toast | undefined;
  if (!raw) return { toast: null, headers: null };
  return { toast: raw, headers: new Headers({ "set-cookie": await toastStorage().destroySession(session) }) };
}
