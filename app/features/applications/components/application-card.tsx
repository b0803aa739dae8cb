/** One of the applicant's applications: reference, amount, purpose, and where the loan is. */
import type { ReactNode } from "react";
import { LifecycleTimeline } from "~/features/applications/components/lifecycle-timeline";
import { purposeLabel } from "~/content/loan-options";
import type { UserApplication } from "~/features/applications/application-queries.server";
import type { LifecycleView } from "~/features/marketplace/index.server";
import { formatDate, formatUsd } from "~/ui/format";

export function ApplicationCard({ app, children }: { app: UserApplication & { lifecycle: LifecycleView }; children?: ReactNode }) {
  return (
    <article className="rounded-md border border-slate-200 p-4" data-testid="dashboard-application" data-reference={app.reference}>
      <div>
        <h3 className="font-mono text-base font-semibold">{app.reference}</h3>
        <p className="mt-1 text-sm text-slate-700">
          {formatUsd(app.amount)} · {purposeLabel(app.purpose)} · Submitted {formatDate(app.submittedAt)}
        </p>
      </div>
      <div className="mt-3">
        <LifecycleTimeline view={app.lifecycle} reference={app.reference} offersLink headingLevel="h4" />
      </div>
      {children}
    </article>
  );
}
