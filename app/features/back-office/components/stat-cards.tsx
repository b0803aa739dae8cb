import type { AdminStats } from "~/features/back-office/admin-queries.server";
import { formatNumber } from "~/ui/format";

/** The admin panel's three stat cards. */
export function StatCards({ stats }: { stats: AdminStats }) {
  const cards = [
    { label: "Total Applications", value: stats.totalApplications, testId: "stat-total-applications" },
    { label: "Pending Review", value: stats.pendingReview, testId: "stat-pending-review" },
    { label: "Total Documents", value: stats.totalDocuments, testId: "stat-total-documents" },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {cards.map((c) => (
        <div key={c.label} className="card p-5">
          <dt className="text-sm font-medium text-slate-700">{c.label}</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900" data-testid={c.testId}>
            {formatNumber(c.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
