/**
 * The Loan Applications tab: search, status filter, sort and pages (all in the URL), and the table.
 * Its child /admin/applications/:id renders the details: with JavaScript as a dialog over this
 * table, without it as a page of its own (this layout then renders only the child).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation, useMatches, useNavigation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ApplicationFilters } from "~/features/back-office/components/application-filters";
import { ApplicationsTable } from "~/features/back-office/components/applications-table";
import { Pagination } from "~/features/back-office/components/pagination";
import { ExportCsvLink, QueueLinks } from "~/features/back-office/components/back-office-list";
import { listApplicationsForAdmin } from "~/features/back-office/admin-queries.server";
import { listRowExtras } from "~/features/back-office/back-office-queries.server";
import { queueLinks } from "~/features/back-office/back-office.server";
import { ADMIN_PAGE_SIZE, adminListSearch, parseAdminListParams } from "~/features/back-office/admin.schema";
import { recordAdminRead } from "~/features/back-office/admin-list-audit.server";
import { getClientIp } from "~/platform/http/request.server";
import { requireAdmin } from "~/features/accounts/session/session.server";

const DETAILS_ROUTE_ID = "routes/admin._applications.applications.$id";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const params = parseAdminListParams(new URL(request.url).searchParams);
  const list = await listApplicationsForAdmin(params, admin.id);
  await recordAdminRead(admin.id, getClientIp(request, context), "page", {
    kind: "list",
    view: "applications",
    page: params.page,
    filter: { search: params.q, status: params.status, assigned: params.assigned, queue: params.queue },
  });
  // Back office: queues with counts, assignee and waiting time of the page's rows.
  const [queues, extras] = await Promise.all([queueLinks(admin.id, params), listRowExtras(list.rows.map((r) => r.id))]);
  return { params, list, queues, extras: Object.fromEntries(extras) };
}

export default function ApplicationsTab() {
  const { params, list, queues, extras } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const matches = useMatches();
  const navigation = useNavigation();
  const location = useLocation();
  const detailsOpen = matches.some((m) => m.id === DETAILS_ROUTE_ID);
  if (detailsOpen && !hydrated) return <Outlet />;

  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin";
  return (
    <section aria-labelledby="applications-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="applications-heading" className="text-xl font-semibold">
          Loan Applications
        </h2>
        <div className="flex flex-wrap gap-2">
          <ExportCsvLink params={params} />
          <Link
            to={`/admin${location.pathname === "/admin" ? location.search : adminListSearch(params)}`}
            className="btn-outline"
            preventScrollReset
          >
            Refresh
          </Link>
        </div>
      </div>
      <QueueLinks queues={queues} />
      <ApplicationFilters params={params} />
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {loading ? "Loading applications..." : ""}
      </p>
      <ApplicationsTable rows={list.rows} params={params} loading={loading} extras={extras} />
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        total={list.total}
        pageSize={ADMIN_PAGE_SIZE}
        noun="applications"
        hrefFor={(page) => `/admin${adminListSearch({ ...params, page })}`}
      />
      <Outlet />
    </section>
  );
}
