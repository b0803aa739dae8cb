/** The applications table (the columns docs/product.md lists), its empty and loading states, and row navigation. */
import { Link, useNavigate } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { purposeLabel } from "~/content/loan-options";
import type { AdminApplicationRow } from "~/features/back-office/admin-queries.server";
import { adminListSearch, type AdminListParams } from "~/features/back-office/admin.schema";
import { AdminStatusBadge } from "./admin-status-badge";
import { stageLabel } from "~/features/applications";
import { formatDate, formatUsd } from "~/ui/format";
import { RowStatusForm } from "./row-status-form";
import { WaitingSince, type RowExtras } from "./back-office-list";
import { EmptyTableRow } from "./document-links";

const INTERACTIVE = "a, button, select, input, textarea, label, option";

export function ApplicationsTable({
  rows,
  params,
  loading,
  extras,
}: {
  rows: AdminApplicationRow[];
  params: AdminListParams;
  loading: boolean;
  /** Back office: assignee and waiting time per application id. */
  extras?: RowExtras;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const search = adminListSearch(params);
  const listHref = `/admin${search}`;
  const nextSort = params.sort === "desc" ? "asc" : "desc";
  const sortHref = `/admin${adminListSearch({ ...params, sort: nextSort, page: 1 })}`;
  const th = "px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-700";
  return (
    <>
      {/* On a phone the table is wider than the screen: say so, and name the box that scrolls. */}
      <p id="applications-scroll-hint" className="mb-2 text-sm text-slate-700 md:hidden" data-testid="scroll-hint">
        <span aria-hidden="true">↔ </span>Swipe the table sideways for Status, Assigned to and Actions.
      </p>
      <div
        role="region"
        aria-label="Loan applications table"
        aria-describedby="applications-scroll-hint"
        // Focusable, so the keyboard can scroll it too.
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white focus:outline focus:outline-2 focus:outline-blue-700"
        data-scroll-box
      >
        <table className={`min-w-full divide-y divide-slate-200 text-sm ${loading ? "opacity-60" : ""}`} aria-busy={loading || undefined}>
          <caption className="sr-only">Loan applications</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={th}>
                Application ID
              </th>
              <th scope="col" className={th}>
                Amount
              </th>
              <th scope="col" className={th}>
                Purpose
              </th>
              <th scope="col" className={th}>
                Status
              </th>
              <th scope="col" className={th}>
                Assigned to
              </th>
              <th scope="col" className={th} aria-sort={params.sort === "desc" ? "descending" : "ascending"}>
                <Link
                  to={sortHref}
                  preventScrollReset
                  className="inline-flex items-center gap-1 hover:underline"
                  data-testid="sort-submitted"
                >
                  Submitted
                  <span aria-hidden="true">{params.sort === "desc" ? "↓" : "↑"}</span>
                  <span className="sr-only">{nextSort === "asc" ? ", sort oldest first" : ", sort newest first"}</span>
                </Link>
              </th>
              <th scope="col" className={th}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.length === 0 ? (
              <EmptyTableRow colSpan={7} loading={loading} loadingText="Loading applications..." emptyText="No applications found" />
            ) : (
              rows.map((r) => {
                const detailsHref = `/admin/applications/${r.id}${search}`;
                return (
                  <tr
                    key={r.id}
                    data-testid="application-row"
                    data-reference={r.reference}
                    className={hydrated ? "cursor-pointer hover:bg-slate-50" : undefined}
                    onClick={
                      hydrated
                        ? (e) => {
                            if ((e.target as HTMLElement).closest(INTERACTIVE)) return;
                            navigate(detailsHref, { preventScrollReset: true });
                          }
                        : undefined
                    }
                  >
                    <td className="whitespace-nowrap px-4 py-3 font-mono">
                      <Link to={detailsHref} preventScrollReset className="link">
                        {r.reference}
                      </Link>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">{formatUsd(r.amount)}</td>
                    <td className="px-4 py-3">{purposeLabel(r.purpose)}</td>
                    <td className="px-4 py-3">
                      <AdminStatusBadge status={r.status} />
                      <span className="mt-1 block text-xs text-slate-700" data-testid="row-stage">
                        {stageLabel(r.stage === "draft" ? "submitted" : r.stage)}
                      </span>
                      <WaitingSince since={extras?.[r.id]?.waitingSince ?? null} />
                    </td>
                    <td className="px-4 py-3" data-testid="assigned-to">
                      {extras?.[r.id]?.assignee?.name ?? <span className="text-slate-700">Unassigned</span>}
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">{formatDate(r.submittedAt)}</td>
                    <td className="px-4 py-3">
                      <RowStatusForm
                        key={`${r.id}-${r.status}`}
                        id={r.id}
                        reference={r.reference}
                        status={r.status}
                        listHref={listHref}
                        detailsHref={detailsHref}
                      />
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
