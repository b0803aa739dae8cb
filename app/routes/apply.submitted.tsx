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
import { LifecycleTimeline } from "~/features/applications/components/lifecycle-timeline";
import { resolveDraft } from "~/features/applications/wizard/draft.server";
import { leadParams, trackEvent } from "~/platform/observability/analytics";
import { formatUsd } from "~/ui/format";

export const handle = { step: 7 };

export async function loader({ request }: LoaderFunctionArgs) {
  const { draft } = await resolveDraft(request);
  const app = draft?.submittedAt && draft.loanApplicationId ? await getApplicationRowById(draft.loanApplicationId) : null;
  if (!app) throw redirect("/apply");
  // What comes next depends on the matching (offers ready, or no lender match).
  const [lifecycle, announcements] = await Promise.all([lifecycleViewById(app.id), offerAnnouncements([app.id])]);
  // "3 offers ready, from 16.79% APR", from the offers that can be chosen now (none: not said).
  const announcement = announcements.get(app.id)?.text ?? null;
  return { reference: app.reference, amount: Number(app.amount), purpose: app.purpose, lifecycle, announcement };
}

export default function SubmittedStep() {
  const { reference, amount, purpose, lifecycle, announcement } = useLoaderData<typeof loader>();
  const noMatch = lifecycle?.noLenderMatch ?? null;
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
      <StepHeading step={7} heading="Thank you! Your application has been received." />
      <div className="mx-auto max-w-md rounded-lg border border-slate-200 bg-slate-50 p-4">
        <p className="text-sm font-medium text-slate-700">Your application reference number</p>
        <p className="mt-1 font-mono text-2xl font-bold tracking-wide text-slate-900" data-testid="reference">
          {reference}
        </p>
        <p className="mt-2 text-sm text-slate-700">
          {formatUsd(amount)} for {purposeLabel(purpose)}
        </p>
      </div>
      {announcement ? (
        <div className="mx-auto mt-6 max-w-md rounded-lg border-2 border-blue-700 bg-blue-50 p-4" data-testid="offers-announcement">
          <p className="text-lg font-bold text-blue-950">{announcement}</p>
          <Link to={offersPath(reference)} className="btn-primary mt-3 w-full" data-testid="see-offers">
            See your offers
          </Link>
        </div>
      ) : noMatch ? null : (
        <p className="mx-auto mt-6 max-w-md rounded-lg border border-slate-200 bg-white p-4 text-slate-800" data-testid="no-offers-yet">
          No offers yet: our partner lenders are still looking at your application. We will e-mail you as soon as one makes an offer, and it
          will be on your dashboard.
        </p>
      )}
      {lifecycle ? (
        <div className="mx-auto mt-6 max-w-md text-left">
          <LifecycleTimeline view={lifecycle} headingLevel="h3" />
        </div>
      ) : null}
      <ul className="mx-auto mt-6 max-w-md space-y-2 text-left text-slate-800">
        <li>You will receive an email confirmation within a few minutes{noMatch ? ", with these reasons" : ""}.</li>
        {/* No processing or updates to promise when no lender matched. */}
        {noMatch ? null : <li>Most applications are processed within 24 hours.</li>}
        {noMatch ? null : <li>We will send you updates by email.</li>}
      </ul>
      <p className="mt-4 text-sm text-slate-700">
        Keep your reference number: you can use it to check your application status at any time.
      </p>
      {reference ? (
        <p className="mt-2 text-sm text-slate-700">
          Optional:{" "}
          <Link to={`/dashboard/applications/${reference}/about-owners`} className="link" data-testid="about-owners-link">
            answer questions about the business&apos;s owners
          </Link>
          , kept apart from your application; no lender sees them.
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/dashboard" className={announcement ? "btn-outline" : "btn-primary"}>
          Go to Dashboard
        </Link>
        <Link to="/" className="btn-outline">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
