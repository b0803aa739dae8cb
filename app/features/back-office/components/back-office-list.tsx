/**
 * The back office's pieces of the applications list: the queues (saved filters with
 * counts), the assignee and queue selects of the search form, the waiting time of a row, and the
 * CSV export link of the current filter. Plain links and GET forms: they work without JavaScript.
 */
import { Link } from "@remix-run/react";
import { adminListSearch, type AdminListParams } from "~/features/back-office/admin.schema";
import {
  ASSIGNEE_FILTER_LABELS,
  ASSIGNEE_FILTERS,
  QUEUE_FILTER_LABELS,
  QUEUE_FILTERS,
  REFERRAL_FILTER_LABELS,
  REFERRAL_FILTERS,
} from "~/features/back-office/back-office.schema";

export type RowExtras = Record<number, { assignee: { id: number; name: string } | null; waitingSince: string | null }>;
export type QueueLinkView = { key: string; label: string; href: string; count: number; active: boolean };

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** "3 days", "5 hours", "less than an hour". */
export function waitedFor(sinceIso: string, now = Date.now()): string {
  const ms = Math.max(0, now - new Date(sinceIso).getTime());
  if (ms >= DAY) {
    const d = Math.floor(ms / DAY);
    return `${d} day${d === 1 ? "" : "s"}`;
  }
  if (ms >= HOUR) {
    const h = Math.floor(ms / HOUR);
    return `${h} hour${h === 1 ? "" : "s"}`;
  }
  return "less than an hour";
}

export function WaitingSince({ since }: { since: string | null }) {
  if (!since) return null;
  return (
    <span className="mt-1 block text-xs font-medium text-amber-900" data-testid="waiting-since" suppressHydrationWarning>
      {`Waiting on applicant for ${waitedFor(since)}`}
    </span>
  );
}

export function QueueLinks({ queues }: { queues: QueueLinkView[] }) {
  return (
    <nav aria-label="Queues" data-testid="queues">
      <ul className="flex flex-wrap gap-2">
        {queues.map((q) => (
          <li key={q.key}>
            <Link
              to={q.href}
              preventScrollReset
              aria-current={q.active ? "page" : undefined}
              className={`inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium ${
                q.active ? "border-blue-700 bg-blue-700 text-white" : "border-slate-300 bg-white text-slate-900 hover:bg-slate-50"
              }`}
              data-testid={`queue-${q.key}`}
            >
              {q.label}
              <span className={`rounded-full px-2 text-xs ${q.active ? "bg-white text-blue-800" : "bg-slate-100 text-slate-900"}`}>
                {q.count}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The assignee and queue selects, inside the list's GET search form. */
export function BackOfficeFilterFields({ params }: { params: AdminListParams }) {
  return (
    <>
      <div>
        <label htmlFor="admin-assigned-filter" className="label">
          Assigned to
        </label>
        <select id="admin-assigned-filter" name="assigned" defaultValue={params.assigned} className="input mt-1">
          {ASSIGNEE_FILTERS.map((a) => (
            <option key={a} value={a}>
              {ASSIGNEE_FILTER_LABELS[a]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="admin-queue-filter" className="label">
          Queue
        </label>
        <select id="admin-queue-filter" name="queue" defaultValue={params.queue} className="input mt-1">
          {QUEUE_FILTERS.map((q) => (
            <option key={q} value={q}>
              {QUEUE_FILTER_LABELS[q]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="admin-referred-filter" className="label">
          Source
        </label>
        <select id="admin-referred-filter" name="referred" defaultValue={params.referred} className="input mt-1">
          {REFERRAL_FILTERS.map((r) => (
            <option key={r} value={r}>
              {REFERRAL_FILTER_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** A plain link (a file download, not a client-side navigation). */
export function ExportCsvLink({ params }: { params: AdminListParams }) {
  return (
    <a href={`/admin/export.csv${adminListSearch({ ...params, page: 1 })}`} className="btn-outline" download data-testid="export-csv">
      Export CSV
    </a>
  );
}
