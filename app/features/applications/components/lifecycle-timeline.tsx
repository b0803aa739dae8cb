/**
 * The loan's stage and timeline in plain words, one component for the status lookup,
 * the dashboard and the admin details, so every screen says the same thing. A "no lender match"
 * shows the reasons that decided it and what to do; nothing here offers offers or funding unless
 * the stage allows it.
 */
import { Link } from "@remix-run/react";
import type { LifecycleView } from "~/features/marketplace/index.server";
import { useT } from "~/ui/i18n";
import { useFormat } from "~/ui/locale-format";
import { offersPath } from "~/features/marketplace";

const TONE: Record<LifecycleView["tone"], string> = {
  yellow: "border-yellow-300 bg-yellow-100 text-yellow-900",
  blue: "border-blue-300 bg-blue-100 text-blue-900",
  green: "border-green-300 bg-green-100 text-green-900",
  red: "border-red-300 bg-red-100 text-red-900",
  grey: "border-slate-300 bg-slate-100 text-slate-800",
};

export function StageBadge({ view }: { view: Pick<LifecycleView, "label" | "tone" | "stage"> }) {
  return (
    <span
      className={`inline-flex rounded-full border px-2.5 py-0.5 text-sm font-semibold ${TONE[view.tone]}`}
      data-testid="stage-badge"
      data-stage={view.stage}
    >
      {view.label}
    </span>
  );
}

type Props = {
  view: LifecycleView;
  /** The application's reference: links to its offers when there are offers to choose. */
  reference?: string;
  /** Whether to link to the offers page (the owner's dashboard; not the public lookup). */
  offersLink?: boolean;
  headingLevel?: "h2" | "h3" | "h4";
};

export function LifecycleTimeline({ view, reference, offersLink, headingLevel = "h3" }: Props) {
  const H = headingLevel;
  // Its fixed words and dates in the page's language (the view's own words are the caller's).
  const { t } = useT("public");
  const { t: td } = useT("dashboard");
  const { date: formatDate } = useFormat();
  return (
    <div className="space-y-3" data-testid="lifecycle" data-stage={view.stage}>
      <p className="flex flex-wrap items-center gap-2">
        <StageBadge view={view} />
        <span className="text-slate-900" data-testid="stage-summary">
          {view.summary}
        </span>
      </p>
      <p className="text-sm text-slate-800" data-testid="stage-next">
        {view.next}
      </p>
      {view.noLenderMatch ? (
        <div className="rounded-md border border-slate-300 bg-slate-50 p-3" data-testid="no-match">
          <H className="font-semibold text-slate-900">{t("lifecycle.whyNoMatch")}</H>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-800" data-testid="no-match-reasons">
            {view.noLenderMatch.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          <H className="mt-2 font-semibold text-slate-900">{t("lifecycle.whatYouCanDo")}</H>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-800" data-testid="no-match-next">
            {view.noLenderMatch.nextSteps.map((r) => (
              <li key={r}>{r}</li>
            ))}
            <li>
              <Link to="/apply" className="text-blue-800 underline">
                {t("lifecycle.startNew")}
              </Link>
            </li>
          </ul>
        </div>
      ) : null}
      <ol
        className="flex flex-wrap gap-x-4 gap-y-2 text-sm"
        aria-label={reference ? t("lifecycle.progressOf", { reference }) : t("lifecycle.timeline")}
        data-testid="timeline"
      >
        {view.timeline.map((s, i) => (
          <li
            key={`${s.stage}-${i}`}
            data-state={s.state}
            aria-current={s.state === "current" ? "step" : undefined}
            className="flex items-start gap-2"
          >
            <span
              aria-hidden="true"
              className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border text-xs font-bold ${
                s.state === "done"
                  ? "border-green-700 bg-green-700 text-white"
                  : s.state === "current"
                    ? "border-blue-700 bg-blue-700 text-white"
                    : "border-slate-400 bg-white text-slate-700"
              }`}
            >
              {s.state === "done" ? "✓" : i + 1}
            </span>
            <span>
              <span className="block font-medium text-slate-900">{s.label}</span>
              <span className="block text-xs text-slate-700">
                {s.state === "upcoming" ? t("lifecycle.notYet") : s.at ? formatDate(s.at) : s.state === "current" ? t("lifecycle.now") : ""}
                <span className="sr-only">
                  {s.state === "current" ? t("lifecycle.currentStep") : s.state === "done" ? t("lifecycle.done") : t("lifecycle.notYetSr")}
                </span>
              </span>
            </span>
          </li>
        ))}
      </ol>
      {offersLink && reference && view.offersToChoose ? (
        <p>
          <Link to={offersPath(reference)} className="font-semibold text-blue-800 underline" data-testid="offers-link">
            {td("card.compareOffers")}
            <span className="sr-only">{td("forReference", { reference })}</span>
          </Link>
        </p>
      ) : offersLink && reference && ["offer-accepted", "lender-verifying", "funded"].includes(view.stage) ? (
        <p>
          <Link to={offersPath(reference)} className="font-semibold text-blue-800 underline" data-testid="offers-link">
            {td("card.acceptedOffer")}
            <span className="sr-only">{td("forReference", { reference })}</span>
          </Link>
        </p>
      ) : null}
    </div>
  );
}
