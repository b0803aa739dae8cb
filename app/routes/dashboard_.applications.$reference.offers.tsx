/**
 * /dashboard/applications/:reference/offers: the application's offers side by side (table on
 * desktop, cards on a phone), sorted by a GET form, best values marked among the offers still
 * choosable; first the "Best match for you" with its three numbers, a "Choose this offer" on each
 * offer, the accepted one pinned first and the withdrawn ones greyed; a GET form
 * (`?compare=a&compare=b`) shows two offers side by side on any screen; or the notice of action
 * taken when no lender could offer. The owner, or an admin, only (anyone else: 404). Below them,
 * "Boost your offers": which missing answer would unlock or improve which named lender's offer,
 * and a plain POST form taking those answers (the owner only) that re-runs matching.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "~/platform/http/parse-form";
import { BoostOffers } from "~/features/marketplace/components/boost-offers";
import { BoostFormSchema } from "~/features/marketplace/boost.schema";
import { boostOffers } from "~/features/marketplace/offer-boost.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import {
  AdverseActionNotice,
  BestMatchCard,
  CompareForm,
  CompareView,
  MarketShell,
  OfferCards,
  OfferTable,
  SortForm,
  useUnlockText,
} from "~/features/marketplace/components/offer-ui";
import { StatusBadge } from "~/ui/status-badge";
import { SentNotices } from "~/features/marketplace/components/sent-notices";
import { LifecycleTimeline } from "~/features/applications/components/lifecycle-timeline";
import { site } from "~/content/site";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { getLanguage } from "~/platform/http/language.server";
import { useT } from "~/ui/i18n";
import { useMarketMessage } from "~/features/marketplace/components/use-market-message";
import { ReferenceParamsSchema } from "~/features/marketplace/offers.schema";
import { getOffersForViewer } from "~/features/marketplace/marketplace.server";
import { boostedToast } from "~/content/messages";
import { arrangeOffers, bestMatch, offersPath, parseCompare, parseOfferSort } from "~/features/marketplace/domain/offer-matching";
import { requireUser } from "~/features/accounts/session/session.server";
import { getClientIp } from "~/platform/http/request.server";
import { formatUsd } from "~/ui/format";
import { useFormat } from "~/ui/locale-format";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const { meta } = resourcesFor(languageOfMatches(matches)).offers;
  return [
    { title: fill(meta.offersTitle, { reference: data?.application.reference ?? "", site: site.name }) },
    { name: "description", content: meta.offersDescription },
  ];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const parsed = ReferenceParamsSchema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404 });
  const view = await getOffersForViewer(
    user,
    parsed.data.reference,
    { ip: getClientIp(request, context), via: "page" },
    await getLanguage(request),
  );
  if (!view) throw data(null, { status: 404 });
  const query = new URL(request.url).searchParams;
  const sort = parseOfferSort(query.get("sort"));
  // Badges and the best match only among the offers that can still be chosen (arrangeOffers).
  const { ordered, choosableIds, best } = arrangeOffers(view.offers, sort);
  const match = bestMatch(view.offers.filter((o) => choosableIds.includes(o.id)));
  const compare = parseCompare(query.getAll("compare"), view.offers);
  return {
    ...view,
    sort,
    offers: ordered,
    choosable: choosableIds,
    bestPick: match ? { offerId: match.offer.id, why: { leads: match.leads, count: match.count } } : null,
    compare: { pair: compare.pair, asked: compare.asked },
    best: Object.fromEntries(Object.entries(best).map(([k, v]) => [k, [...v]])) as Record<keyof typeof best, number[]>,
  };
}

/** Boost your offers: the owner's missing answers, then matching again (one transaction, one event). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = ReferenceParamsSchema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404 });
  const submission = parseWithZod(await request.formData(), { schema: BoostFormSchema });
  if (submission.status !== "success") {
    return data({ formError: null, fieldErrors: (submission.reply().error ?? {}) as Record<string, string[]> }, { status: 400 });
  }
  const outcome = await boostOffers(user.id, parsed.data.reference, submission.value);
  if (!outcome.ok && outcome.status === 404) throw data(null, { status: 404 });
  if (!outcome.ok) return data({ formError: outcome.message, fieldErrors: {} }, { status: outcome.status });
  return redirectWithToast(offersPath(parsed.data.reference), boostedToast(outcome.lenderNames));
}

export default function OffersPage() {
  const {
    application,
    offers,
    best,
    sort,
    acceptance,
    matched,
    principalReasons,
    unlock,
    lenderDeclines,
    lifecycle,
    notices,
    boost,
    choosable,
    bestPick,
    compare,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT("offers");
  const { t: tw } = useT("wizard");
  const f = useFormat();
  const message = useMarketMessage();
  const unlockText = useUnlockText();
  const formError = actionData?.formError ? message(actionData.formError) : actionData?.formError;
  const applicationLine = (
    <p className="mt-1 text-slate-700">
      {t("page.application")} <span className="font-mono">{application.reference}</span>
      {t("page.amountFor", { amount: formatUsd(application.amount), purpose: tw(`purposes.${application.purpose}.label`) })}
    </p>
  );
  const backLink = (
    <p>
      <Link to="/dashboard" className="text-sm text-blue-800 underline">
        {t("page.backToDashboard")}
      </Link>
    </p>
  );
  const boostAction = offersPath(application.reference);
  const boostSection = boost ? (
    <BoostOffers boost={boost} action={boostAction} formError={formError} fieldErrors={actionData?.fieldErrors} />
  ) : formError ? (
    <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-3 text-red-800" data-testid="boost-refused">
      {formError}
    </p>
  ) : null;
  if (lifecycle && lifecycle.stage === "no-lender-match" && offers.length === 0) {
    // Nothing to compare, accept or wait for: the reasons and what to do, in the shared words.
    return (
      <MarketShell>
        {backLink}
        <h1 className="mt-2 text-3xl font-bold">{t("page.noMatchHeading")}</h1>
        {applicationLine}
        <div className="mt-6 card">
          <LifecycleTimeline view={lifecycle} headingLevel="h2" />
        </div>
        <SentNotices notices={notices} headingLevel="h2" />
        {boostSection}
        <p className="mt-4 text-sm text-slate-700">{t("notice.ecoa")}</p>
      </MarketShell>
    );
  }
  const accepted = acceptance ? offers.find((o) => o.id === acceptance.offerId) : null;
  const match = bestPick ? offers.find((o) => o.id === bestPick.offerId) : null;
  const choosableOffers = offers.filter((o) => choosable.includes(o.id));
  return (
    <MarketShell>
      {backLink}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{t("page.heading")}</h1>
        <StatusBadge status={application.status} />
      </div>
      {applicationLine}
      {accepted ? (
        <p
          id="accepted"
          role="status"
          className="mt-4 scroll-mt-4 rounded-md border border-green-300 bg-green-50 p-3 text-green-950"
          data-testid="accepted-banner"
        >
          {t("page.accepted", { lender: accepted.lenderName, date: f.dateTime(acceptance!.acceptedAt) })}
        </p>
      ) : null}
      {compare.pair ? (
        <div className="mt-6">
          <CompareView pair={compare.pair} choosable={choosable} closeTo={offersPath(application.reference)} />
        </div>
      ) : compare.asked ? (
        <p role="alert" className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="compare-error">
          {t("page.compareError")}
        </p>
      ) : null}
      {match && bestPick ? (
        <div className="mt-6">
          <BestMatchCard offer={match} why={bestPick.why} />
        </div>
      ) : null}
      {offers.length ? (
        <section className="mt-6 space-y-4" aria-labelledby="offers-heading">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="offers-heading" className="text-xl font-semibold">
              {t("page.offersHeading", { count: offers.length })}
            </h2>
            <SortForm sort={sort} />
          </div>
          <p className="text-sm text-slate-700">{t("page.figuresNote")}</p>
          <OfferTable offers={offers} best={best} choosable={choosable} />
          <OfferCards offers={offers} best={best} choosable={choosable} />
          <CompareForm
            key={compare.pair?.map((o) => o.id).join("-") ?? "none"}
            offers={choosableOffers}
            selected={compare.pair?.map((o) => o.id) ?? []}
          />
          {unlock.length && !acceptance ? (
            <ul className="list-disc pl-6 text-sm text-slate-700">
              {unlock.map((u) => (
                <li key={u}>{unlockText(u)}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : matched ? (
        <div className="mt-6">
          <AdverseActionNotice reasons={principalReasons} unlock={unlock} />
        </div>
      ) : (
        <p className="mt-6 card">{t("page.noOffersYet")}</p>
      )}
      <SentNotices notices={notices} headingLevel="h2" />
      {lenderDeclines.map((d) => (
        <div key={d.lenderName} className="mt-6">
          <AdverseActionNotice lenderName={d.lenderName} reasons={d.reasons} unlock={[]} />
        </div>
      ))}
      {boostSection}
    </MarketShell>
  );
}
