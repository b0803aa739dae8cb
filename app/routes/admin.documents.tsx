/** /admin/documents: every document of submitted applications, newest first, 25 a page. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { DocumentsTable } from "~/features/back-office/components/documents-table";
import { Pagination } from "~/features/back-office/components/pagination";
import { site } from "~/content/site";
import { listDocumentsForAdmin } from "~/features/back-office/admin-queries.server";
import { ADMIN_PAGE_SIZE, DocumentListParamsSchema } from "~/features/back-office/admin.schema";
import { recordAdminRead } from "~/features/back-office/admin-list-audit.server";
import { getClientIp } from "~/platform/http/request.server";
import { requireAdmin } from "~/features/accounts/session/session.server";

export const meta: MetaFunction = () => [{ title: `Documents | Admin | ${site.name}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const { page } = DocumentListParamsSchema.parse({ page: new URL(request.url).searchParams.get("page") ?? undefined });
  const list = await listDocumentsForAdmin({ page });
  await recordAdminRead(admin.id, getClientIp(request, context), "page", { kind: "list", view: "documents", page });
  return { list };
}

export default function DocumentsTab() {
  const { list } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/documents";
  return (
    <section aria-labelledby="documents-heading" className="space-y-4">
      <h2 id="documents-heading" className="text-xl font-semibold">
        Documents
      </h2>
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {loading ? "Loading documents..." : ""}
      </p>
      <DocumentsTable rows={list.rows} loading={loading} />
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        total={list.total}
        pageSize={ADMIN_PAGE_SIZE}
        noun="documents"
        hrefFor={(page) => `/admin/documents${page > 1 ? `?page=${page}` : ""}`}
      />
    </section>
  );
}
