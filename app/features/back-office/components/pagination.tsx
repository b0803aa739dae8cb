import { Link } from "@remix-run/react";
import { formatNumber } from "~/ui/format";

/** 'Previous' / 'Next' links that keep the current filters, and where we are in the list. */
export function Pagination({
  page,
  pageCount,
  total,
  pageSize,
  noun,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  noun: string;
  hrefFor: (page: number) => string;
}) {
  const from = total === 0 ? 0 : Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  const disabled = "btn-outline pointer-events-none opacity-60";
  return (
    <nav aria-label={`${noun} pages`} className="flex flex-wrap items-center justify-between gap-3 pt-4">
      <p className="text-sm text-slate-700" data-testid="pagination-summary">
        {total === 0 ? `0 ${noun}` : `Showing ${formatNumber(from)}-${formatNumber(to)} of ${formatNumber(total)} ${noun}`}
        {pageCount > 1 ? ` (page ${formatNumber(page)} of ${formatNumber(pageCount)})` : ""}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefFor(Math.min(page - 1, pageCount))} className="btn-outline" rel="prev" preventScrollReset>
            Previous
          </Link>
        ) : (
          <span className={disabled} aria-disabled="true">
            Previous
          </span>
        )}
        {page < pageCount ? (
          <Link to={hrefFor(page + 1)} className="btn-outline" rel="next" preventScrollReset>
            Next
          </Link>
        ) : (
          <span className={disabled} aria-disabled="true">
            Next
          </span>
        )}
      </div>
    </nav>
  );
}
