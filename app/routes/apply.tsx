/**
 * The application wizard's layout: progress bar with 'Step N of 7', Exit Application (to /), and
 * the current step below. Each step route declares `handle.step`. Entering the wizard tracks the
 * marketing 'initiate checkout' event (once per visit of the wizard, not per step).
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, Outlet, useMatches } from "@remix-run/react";
import { useEffect } from "react";
import { Logo } from "~/components/site-header";
import { flushDraft, WizardProgress } from "~/components/wizard/wizard-ui";
import { site } from "~/content/site";
import { trackEvent } from "~/utils/analytics";
import { useOptionalUser } from "~/components/use-user";

export const meta: MetaFunction = () => [
  { title: `Apply for a Business Loan | ${site.name}` },
  {
    name: "description",
    content: `Apply online for a small business loan from $1,000 to $50,000 in seven short steps. Your progress is saved as you go, and ${site.name} matches you with licensed lenders.`,
  },
];

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
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3">
          <Logo />
          <div className="flex items-center gap-1">
            {user || step >= 7 ? null : (
              // Signing in from here comes back to the wizard (the draft follows the account).
              <Link to="/login?redirectTo=/apply" className="btn-ghost whitespace-nowrap px-2 sm:px-4" onClick={flushDraft}>
                Sign in
              </Link>
            )}
            <Link to="/" className="btn-ghost whitespace-nowrap px-2 sm:px-4" onClick={flushDraft}>
              Exit Application
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 py-8">
        <WizardProgress step={step} />
        <div className="card">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
