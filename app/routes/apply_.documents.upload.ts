/**
 * POST /apply/documents/upload?area=<type>: one file of step 5 sent by XMLHttpRequest (with
 * JavaScript, for its progress bar), answered as JSON. The same upload as the step's own action
 * (`uploadWizardFile`); the step's guard first: a session that is gone answers where to go.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { loadStep } from "~/features/applications/wizard/draft.server";
import { guardedUpload, uploadJson, uploadWizardFile } from "~/features/documents/page-uploads.server";
import { getClientIp } from "~/platform/http/request.server";

export async function action({ request, context }: ActionFunctionArgs) {
  return guardedUpload(async () => {
    const ctx = await loadStep(request, 5);
    const area = new URL(request.url).searchParams.get("area");
    const out = await uploadWizardFile(request, ctx, area, getClientIp(request, context));
    if (!out.ok) return uploadJson({ ok: false, upload: { area: out.area ?? "", message: out.message }, toast: out.toast }, out);
    return uploadJson({ ok: true, toast: out.toast }, { cookies: out.cookies });
  });
}

export const loader = () => new Response(null, { status: 405, headers: { allow: "POST" } });
