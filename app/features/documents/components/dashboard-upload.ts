/**
 * The dashboard's upload forms with JavaScript: the chosen file goes by XMLHttpRequest to
 * /dashboard/upload (routes/dashboard_.upload.ts, the same upload as the page's own action), so the
 * form shows a bar of how much is sent; then the dashboard's loaders run again (the new document in
 * "Your Documents", a request closed). Without JavaScript the form posts to /dashboard as it is.
 */
import { useState, type FormEvent } from "react";
import { UPLOAD_PROGRESS } from "~/content/document-types";
import { TOASTS, toastText } from "~/content/messages";
import { emitToast } from "~/ui/toast-bus";
import { finishUpload, sendUpload, useReloadThenFinish, useUpload } from "./upload-progress";

/** The dashboard's action for a form (`?form=` names the form, so its own card shows the error). */
export const dashboardUploadAction = (formId: string) => `/dashboard?form=${formId}`;
/** The form's element id: the page posted without JavaScript comes back scrolled to it (the action's fragment). */
export const dashboardUploadAnchor = (formId: string) => `${formId}-upload`;
/** The form's `action`: its action and, after `#`, the form itself. */
export const dashboardUploadTarget = (formId: string) => `${dashboardUploadAction(formId)}#${dashboardUploadAnchor(formId)}`;
const UPLOAD_ROUTE = "/dashboard/upload";

/** The form's submit handler (with JavaScript), its running upload and its last refusal. */
export function useDashboardUpload(formId: string, serverError: string | null | undefined) {
  const key = `dashboard-${formId}`;
  const upload = useUpload(key);
  const reloadThenFinish = useReloadThenFinish(key);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (upload) return;
    const form = e.currentTarget;
    // A card has two file inputs (camera and file picker): send the one that holds a file.
    const sent = new FormData();
    let file: File | null = null;
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string") sent.append(name, value);
      else if (!file && value.size > 0) file = value;
    }
    if (!file) {
      setError(UPLOAD_PROGRESS.noFile);
      return;
    }
    sent.append("file", file);
    setError(null);
    const { status, answer } = await sendUpload(key, `${UPLOAD_ROUTE}?form=${formId}`, sent, file);
    if (answer?.redirectTo) {
      finishUpload(key);
      window.location.assign(answer.redirectTo);
      return;
    }
    if (answer?.toast) emitToast(answer.toast);
    if (status >= 200 && status < 300 && answer?.ok) {
      form.reset();
      reloadThenFinish();
      return;
    }
    finishUpload(key);
    setError(answer?.upload?.error ?? (status === 0 ? UPLOAD_PROGRESS.connectionLost : toastText(TOASTS.uploadFailed)));
  }

  return { onSubmit, upload, error: error ?? serverError ?? null };
}
