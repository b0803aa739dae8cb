/**
 * GET /admin/export.csv?q=&status=&assigned=&queue=: the applications list's current filter as a
 * CSV file, streamed (see ~/features/back-office/csv-export.server). Admins only; audited with the filter (the search by its kind only).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { recordAdminRead } from "~/features/back-office/admin-list-audit.server";
import { parseAdminListParams } from "~/features/back-office/admin.schema";
import { csvExportStream } from "~/features/back-office/csv-export.server";
import { getClientIp } from "~/platform/http/request.server";
import { requireAdmin } from "~/features/accounts/session/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const params = parseAdminListParams(new URL(request.url).searchParams);
  await recordAdminRead(admin.id, getClientIp(request, context), "page", {
    kind: "export",
    filter: { search: params.q, status: params.status, assigned: params.assigned, queue: params.queue },
  });
  const day = new Date().toISOString().slice(0, 10);
  const waitForDrain = (context as { waitForDrain?: () => Promise<void> }).waitForDrain;
  return new Response(csvExportStream(params, admin.id, { waitForDrain }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="applications-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
