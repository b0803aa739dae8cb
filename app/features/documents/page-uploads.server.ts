/**
 * One file uploaded from a page: the wizard's step 5 (a tile, `?area=`) and the dashboard (a
 * form, `?form=`). The page's own action answers a plain form post (a redirect, or the page again
 * with the error); the upload routes beside them (apply_.documents.upload, dashboard_.upload)
 * answer the same upload sent by XMLHttpRequest, for a progress bar per file, as JSON. Both call
 * these functions, so the two answers cannot drift.
 */
import { isDocumentType, shortenFileName, wrongTypeMessage, type DocumentType } from "~/content/document-types";
import { TOASTS, toastText, uploadedToast, type ToastMessage } from "~/content/messages";
import type { PublicUser } from "~/features/accounts/index.server";
import { draftApplicationId, type WizardContext } from "~/features/applications/index.server";
import { removeDocument } from "./document-records.server";
import { dashboardUploadDestination, uploadDocument, wizardUploadDestination, type UploadRefusal } from "./document-upload.server";

export type PageUploadRefusal = { ok: false; status: number; message: string; toast: ToastMessage; headers?: Record<string, string> };
export type PageUploadDone = { ok: true; toast: ToastMessage; cookies: string[]; documentId: number };

/** A refused file of the wrong type says which types the area takes. */
export function areaRefusal(area: DocumentType | null, r: UploadRefusal): PageUploadRefusal {
  if (r.status === 415 && area)
    return {
      ok: false,
      status: r.status,
      message: wrongTypeMessage(area),
      toast: { ...TOASTS.uploadFailed, description: wrongTypeMessage(area).replace(`${TOASTS.uploadFailed.title} - `, "") },
      headers: r.headers,
    };
  return { ok: false, status: r.status, message: r.message, toast: r.toast, headers: r.headers };
}

/**
 * "Replace": the new file is committed first, then the files it replaces (ids, comma-separated)
 * are removed, so a failed upload never leaves the area empty.
 */
export async function removeReplaced(ctx: WizardContext, ids: string | undefined, keep: number[]) {
  const applicationId = await draftApplicationId(ctx);
  if (!applicationId || !ids) return;
  for (const id of ids.split(",").map(Number)) {
    if (Number.isSafeInteger(id) && !keep.includes(id)) await removeDocument(id, applicationId, { actorUserId: ctx.user?.id ?? null });
  }
}

/** Step 5, one tile's file (field `file`, optional `replace`). */
export async function uploadWizardFile(
  request: Request,
  ctx: WizardContext,
  areaParam: string | null,
  ip: string,
): Promise<PageUploadDone | (PageUploadRefusal & { area: DocumentType | null })> {
  const area = isDocumentType(areaParam) ? areaParam : null;
  const result = await uploadDocument(request, wizardUploadDestination(ctx, ip), { ip });
  if (!result.ok) return { ...areaRefusal(area, result), area };
  await removeReplaced(ctx, result.fields.replace, [result.document.id]);
  return {
    ok: true,
    toast: uploadedToast(shortenFileName(result.document.fileName, 25)),
    cookies: result.cookies,
    documentId: result.document.id,
  };
}

/** The dashboard's forms: which one posted (`?form=`), so its own card shows the error. */
export function dashboardFormId(raw: string | null): string {
  return raw && /^(quick|request-\d{1,10}-[a-z-]{2,20})$/.test(raw) ? raw : "quick";
}

/** The dashboard, one file to one of the applicant's submitted applications. */
export async function uploadDashboardFile(request: Request, user: PublicUser, ip: string): Promise<PageUploadDone | PageUploadRefusal> {
  const result = await uploadDocument(request, dashboardUploadDestination(user), { ip });
  if (!result.ok)
    return {
      ok: false,
      status: result.status,
      // Not the caller's application: the toast's words (the same as a missing one).
      message: result.reason === "not-found" ? toastText(result.toast) : result.message,
      toast: result.toast,
      headers: result.headers,
    };
  return { ok: true, toast: uploadedToast(shortenFileName(result.document.fileName, 25)), cookies: [], documentId: result.document.id };
}

/** The JSON answer of an upload route (for XMLHttpRequest): the same facts the page shows. */
export function uploadJson(
  body: { ok: boolean; upload?: Record<string, string> | null; toast?: ToastMessage | null; redirectTo?: string },
  init: { status?: number; headers?: Record<string, string>; cookies?: string[] } = {},
) {
  const headers = new Headers({ "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  for (const [k, v] of Object.entries(init.headers ?? {})) headers.set(k, v);
  for (const c of init.cookies ?? []) headers.append("set-cookie", c);
  const toast = body.toast ? { ...body.toast, id: crypto.randomUUID() } : null;
  return new Response(JSON.stringify({ ...body, toast }), { status: init.status ?? 200, headers });
}

/**
 * A guard that answered with a redirect (the session is gone, the step is not reachable): the
 * upload route tells the page where to go instead of the browser following it as XMLHttpRequest.
 */
export async function guardedUpload(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof Response && e.status >= 300 && e.status < 400 && e.headers.get("location"))
      return uploadJson({ ok: false, redirectTo: e.headers.get("location")! }, { status: 401 });
    throw e;
  }
}
