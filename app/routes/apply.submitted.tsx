/**
 * Step 7: Application Submitted - the reference, the offers announced ("3 offers ready, from 16.79% APR"
 * with one link to them) or what happens next when there are none, links on; the 'Lead' event.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { StepHeading } from "~/features/applications/wizard/wizard-ui";
import { purposeLabel } from "~/content/loan-options";
import { getApplicationRowById } from "~/features/applications/applicant-views.server";
import { lifecycleViewById } from "~/features/marketplace/loan-stage.server";
import { offerAnnouncements } from "~/features/marketplace/marketplace.server";
import { offersPath } from "~/features/marketplace";
import { getLanguage } from "~/platform/http/language.server";
import { LifecycleTimeline } from "~/features/applications/components/lifecycle-timeline";
import { translatedLifecycle } from "~/features/applications/components/status-lookup-ui";
import { resolveDraft } from "~/features/applications/wizard/draft.server";
import { leadParams, trackEvent } from "~/platform/observability/analytics";
import { useT } from "~/ui/i18n";
import { useFormat } from "~/ui/locale-format";

export const handle = { step: 7 };

export async function loader({ request }: LoaderFunctionArgs) {
  const { draft } = await resolveDraft(request);
  const app = draft?.submittedAt && draft.loanApplicationId ? await getApplicationRowById(draft.loanApplicationId) : null;
  if (!app) throw redirect("/apply");
  // What comes next depends on the matching (offers ready, or no lender match).
  const [lifecycle, announcements] = await Promise.all([
    lifecycleViewById(app.id, await getLanguage(request)),
    offerAnnouncements([app.id]),
  ]);
  // "3 offers ready, from 16.79% APR", from the offers that can be chosen now (none: not said).
  const a = announcements.get(app.id);
  const announcement = a ? { text: a.text, count: a.count, apr: (a.lowestAprBps / 100).toFixed(2) } : null;
  return { reference: app.reference, amount: Number(app.amount), purpose: app.purpose, lifecycle, announcement };
}

export default function SubmittedStep() {
  const { reference, amount, purpose, lifecycle, announcement } = useLoaderData<typeof loader>();
  const noMatch = lifecycle?.noLenderMatch ?? null;
  const { t, i18n } = useT("apply");
  const { t: tw } = useT("wizard");
  const { t: tPublic } = useT("public");
  const fmt = useFormat();
  // The loan's stage in the page's words, as the status lookup and the dashboard word it (English: as the server wrote it).
  const timeline =
    lifecycle && i18n.language !== "en"
      ? translatedLifecycle(
          lifecycle,
          tPublic as unknown as (key: string, values?: Record<string, string | number>) => string,
          fmt.cents,
          fmt.longDate,
        )
      : lifecycle;
  useEffect(() => {
    // Once per application, not again on a reload of this page.
    const key = `lead-tracked:${reference}`;
    try {
      if (window.sessionStorage.getItem(key)) return;
      window.sessionStorage.setItem(key, "1");
    } catch {
      // Storage blocked: track anyway.
    }
    trackEvent("Lead", leadParams(amount));
  }, [reference, amount]);
  return (
    <div className="text-center">
      <div
        aria-hidden="true"
        className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800"
      >
        ✓
      </div>
      <StepHeading step={7} heading={t("submitted.heading")} />
      <div className="mx-auto max-w-md rounded-lg border border-slate-200 bg-slate-50 p-4">
        <p className="text-sm font-medium text-slate-700">{t("submitted.reference")}</p>
        <p className="mt-1 font-mono text-2xl font-bold tracking-wide text-slate-900" data-testid="reference">
          {reference}
        </p>
        <p className="mt-2 text-sm text-slate-700">
          {t("submitted.amountFor", { amount: fmt.usd(amount), purpose: tw(`purposes.${purpose}.label`, purposeLabel(purpose)) })}
        </p>
      </div>
      {announcement ? (
        <div className="mx-auto mt-6 max-w-md rounded-lg border-2 border-blue-700 bg-blue-50 p-4" data-testid="offers-announcement">
          <p className="text-lg font-bold text-blue-950">
            {t("submitted.offersReady", { count: announcement.count, apr: announcement.apr, defaultValue: announcement.text })}
          </p>
          <Link to={offersPath(reference)} className="btn-primary mt-3 w-full" data-testid="see-offers">
            {t("submitted.seeOffers")}
          </Link>
        </div>
      ) : noMatch ? null : (
        <p className="mx-auto mt-6 max-w-md rounded-lg border border-slate-200 bg-white p-4 text-slate-800" data-testid="no-offers-yet">
          {t("submitted.noOffersYet")}
        </p>
      )}
      {lifecycle ? (
        <div className="mx-auto mt-6 max-w-md text-left">
          <LifecycleTimeline view={timeline ?? lifecycle} headingLevel="h3" />
        </div>
      ) : null}
      <ul className="mx-auto mt-6 max-w-md space-y-2 text-left text-slate-800">
        <li>{noMatch ? t("submitted.emailConfirmationReasons") : t("submitted.emailConfirmation")}</li>
        {/* No processing or updates to promise when no lender matched. */}
        {noMatch ? null : <li>{t("submitted.processed")}</li>}
        {noMatch ? null : <li>{t("submitted.updates")}</li>}
      </ul>
      <p className="mt-4 text-sm text-slate-700">{t("submitted.keepReference")}</p>
      {reference ? (
        <p className="mt-2 text-sm text-slate-700">
          {t("submitted.optional")}{" "}
          <Link to={`/dashboard/applications/${reference}/about-owners`} className="link" data-testid="about-owners-link">
            {t("submitted.aboutOwners")}
          </Link>
          {t("submitted.aboutOwnersAfter")}
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/dashboard" className={announcement ? "btn-outline" : "btn-primary"}>
          {t("submitted.dashboard")}
        </Link>
        <Link to="/" className="btn-outline">
          {t("submitted.home")}
        </Link>
      </div>
    </div>
  );
}
