/** One of the applicant's applications: reference, amount, purpose, and where the loan is. */
import type { ReactNode } from "react";
import { LifecycleTimeline } from "~/features/applications/components/lifecycle-timeline";
import { translatedLifecycle } from "~/features/applications/components/status-lookup-ui";
import { purposeLabel } from "~/content/loan-options";
import type { UserApplication } from "~/features/applications/application-queries.server";
import type { LifecycleView } from "~/features/marketplace/index.server";
import { useT } from "~/ui/i18n";
import { useFormat } from "~/ui/locale-format";

type T = (key: string, values?: Record<string, string | number>) => string;

export function ApplicationCard({ app, children }: { app: UserApplication & { lifecycle: LifecycleView }; children?: ReactNode }) {
  const { t, i18n } = useT("dashboard");
  const { t: tWizard } = useT("wizard");
  const { t: tPublic } = useT("public");
  const f = useFormat();
  const english = i18n.language === "en";
  // The loan's stage in the page's words (English: as the server wrote it), as the status lookup shows it.
  const lifecycle = english ? app.lifecycle : translatedLifecycle(app.lifecycle, tPublic as unknown as T, f.cents, f.longDate);
  const purpose = english
    ? purposeLabel(app.purpose)
    : tWizard(`purposes.${app.purpose}.label`, { defaultValue: purposeLabel(app.purpose) });
  return (
    <article className="rounded-md border border-slate-200 p-4" data-testid="dashboard-application" data-reference={app.reference}>
      <div>
        <h3 className="font-mono text-base font-semibold">{app.reference}</h3>
        <p className="mt-1 text-sm text-slate-700">
          {f.usd(app.amount)} · {purpose} · {t("card.submitted", { date: f.date(app.submittedAt) })}
        </p>
      </div>
      <div className="mt-3">
        <LifecycleTimeline view={lifecycle} reference={app.reference} offersLink headingLevel="h4" />
      </div>
      {children}
    </article>
  );
}
