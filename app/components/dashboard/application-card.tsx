/** One of the applicant's applications: reference, amount, purpose, status, date and progress. */
import { Link } from "@remix-run/react";
import { StatusBadge } from "~/components/status-badge";
import { purposeLabel } from "~/content/loan-options";
import type { UserApplication } from "~/models/application-queries.server";
import { formatDate, formatUsd } from "~/utils/format";
import { progressSteps, type StepState } from "./progress";

const STATE_TEXT: Record<StepState, string> = {
  complete: "completed",
  current: "up next",
  upcoming: "not started",
  skipped: "not applicable",
};
const DOT: Record<StepState, string> = {
  complete: "bg-green-700 text-white border-green-700",
  current: "bg-blue-700 text-white border-blue-700",
  upcoming: "bg-white text-slate-700 border-slate-400",
  skipped: "bg-slate-100 text-slate-600 border-slate-300",
};

export function ApplicationCard({ app }: { app: UserApplication }) {
  const steps = progressSteps(app);
  return (
    <article className="rounded-md border border-slate-200 p-4" data-testid="dashboard-application" data-reference={app.reference}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-mono text-base font-semibold">{app.reference}</h3>
          <p className="mt-1 text-sm text-slate-700">
            {formatUsd(app.amount)} · {purposeLabel(app.purpose)} · Submitted {formatDate(app.submittedAt)}
          </p>
        </div>
        <StatusBadge status={app.status} />
      </div>
      <ol className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={`Progress of ${app.reference}`}>
        {steps.map((s, i) => (
          <li
            key={s.key}
            className="flex items-start gap-2 text-sm"
            aria-current={s.state === "current" ? "step" : undefined}
            data-state={s.state}
          >
            <span
              aria-hidden="true"
              className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full border text-xs font-bold ${DOT[s.state]}`}
            >
              {s.state === "complete" ? "✓" : i + 1}
            </span>
            <span>
              <span className="block font-medium text-slate-900">
                {s.label}
                {s.detail && s.key === "decision" ? `: ${s.detail}` : ""}
              </span>
              <span className="sr-only">, {STATE_TEXT[s.state]}</span>
              <span className="block text-xs text-slate-700">
                {s.at ? formatDate(s.at) : s.detail && s.key !== "decision" ? s.detail : s.state === "current" ? "Up next" : ""}
              </span>
            </span>
          </li>
        ))}
      </ol>
      <p className="mt-4">
        <Link
          to={`/dashboard/applications/${app.reference}/offers`}
          className="font-semibold text-blue-800 underline"
          data-testid="offers-link"
        >
          {app.status === "offer-accepted" ? "View your accepted offer" : "Compare lender offers"}
          <span className="sr-only"> for {app.reference}</span>
        </Link>
      </p>
    </article>
  );
}
