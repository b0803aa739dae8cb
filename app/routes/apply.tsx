/**
 * The application wizard's layout: progress bar with 'Step N of 7', Exit Application (to /), and
 * the current step below. Each step route declares `handle.step`. Entering the wizard tracks the
 * marketing 'initiate checkout' event (once per visit of the wizard, not per step).
 */
import type { MetaFunction } from "@remix-run/node";
import { Outlet, useMatches } from "@remix-run/react";
import { useEffect } from "react";
import { AppHeader } from "~/ui/app-header";
import { errorPageTitle, RouteErrorCard } from "~/ui/route-error";
import { flushDraft, WizardProgress } from "~/features/applications/wizard/wizard-ui";
import { site } from "~/content/site";
import { WIZARD_STEPS } from "~/content/constants";
import { stepTitle, WIZARD_STEP_LIST } from "~/features/applications/wizard/wizard-steps";
import { trackEvent } from "~/platform/observability/analytics";
import { useOptionalUser } from "~/ui/use-user";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";

/** Each step its own title ("Step 3 of 7: Business Address | Lendwise"): the tab and a screen
 *  reader say where the applicant is after every step, with JavaScript or without. */
export const meta: MetaFunction = ({ error, location, matches }) => {
  // The step from the address: Remix calls this before the step's own match is listed.
  const slug = location.pathname.split("/")[2];
  const found = WIZARD_STEP_LIST.find((s) => s.slug === slug);
  const step = found?.step;
  const lang = languageOfMatches(matches);
  const w = resourcesFor(lang).wizard;
  const description = { name: "description", content: fill(w.metaDescription, { site: site.name }) };
  if (!error && found && lang !== "en") {
    return [
      { title: `${fill(w.progressText, { step: found.step, total: WIZARD_STEPS, title: w.titles[found.slug] })} | ${site.name}` },
      description,
    ];
  }
  return error
    ? [{ title: errorPageTitle(error) }]
    : [
        { title: step ? `Step ${step} of ${WIZARD_STEPS}: ${stepTitle(step)} | ${site.name}` : `Apply for a Business Loan | ${site.name}` },
        description,
      ];
};

export type WizardHandle = { step: number };

export default function ApplyLayout() {
  const matches = useMatches();
  const step = matches.map((m) => (m.handle as WizardHandle | undefined)?.step).find((s): s is number => typeof s === "number") ?? 1;

  const user = useOptionalUser();
  useEffect(() => {
    trackEvent("InitiateCheckout", { content_name: "business loan application" });
  }, []);

  return (
    <div className="min-h-screen bg-slate-50">
      <WizardHeader signIn={!user && step < 7} />
      {/* data-step: the step drawn (tests wait for it, not for the address, which changes first). */}
      <main id="main" tabIndex={-1} data-step={WIZARD_STEP_LIST[step - 1]?.slug} className="focus:outline-none mx-auto max-w-3xl px-4 py-8">
        <WizardProgress step={step} />
        <div className="card">
          <Outlet />
        </div>
      </main>
    </div>
  );
}

function WizardHeader({ signIn }: { signIn: boolean }) {
  // Signing in from here comes back to the wizard (the draft follows the account).
  const links = [
    ...(signIn ? [{ to: "/login?redirectTo=/apply", label: "Sign in", onClick: flushDraft }] : []),
    { to: "/", label: "Exit Application", onClick: flushDraft },
  ];
  return <AppHeader width="3xl" links={links} logout={false} />;
}

/** A failure in a step (e.g. the database unreachable while loading the draft) shows here, under
 *  the wizard's header; what was saved stays saved. */
export function ErrorBoundary() {
  const user = useOptionalUser();
  return (
    <div className="min-h-screen bg-slate-50">
      <WizardHeader signIn={!user} />
      <main id="main" tabIndex={-1} className="focus:outline-none mx-auto max-w-3xl px-4 py-8">
        <RouteErrorCard back={{ to: "/apply", label: "Back to your application" }} />
      </main>
    </div>
  );
}
