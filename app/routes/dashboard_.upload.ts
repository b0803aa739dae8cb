/**
 * POST /dashboard/upload?form=<id>: one file of a dashboard upload form sent by XMLHttpRequest
 * (with JavaScript, for its progress bar), answered as JSON: the same upload as the dashboard's own
 * action (`uploadDashboardFile`), for the signed-in applicant's own submitted applications only.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/features/accounts/session/session.server";
import { dashboardFormId, guardedUpload, uploadDashboardFile, uploadJson } from "~/features/documents/page-uploads.server";
import { getClientIp } from "~/platform/http/request.server";

export async function action({ request, context }: ActionFunctionArgs) {
  return guardedUpload(async () => {
    const user = await requireUser(request);
    const form = dashboardFormId(new URL(request.url).searchParams.get("form"));
    const out = await uploadDashboardFile(request, user, getClientIp(request, context));
    if (!out.ok) return uploadJson({ ok: false, upload: { form, error: out.message }, toast: out.toast }, out);
    return uploadJson({ ok: true, toast: out.toast });
  });
}

export const loader = () => new Response(null, { status: 405, headers: { allow: "POST" } });
