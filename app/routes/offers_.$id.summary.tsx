/**
 * /offers/:id/summary: one offer's summary in the form the applicant's state prescribes, as a page
 * of its own (the rules' "separate document"), with its PDF to keep. Each visit of its owner is
 * recorded as a presentation. The owner, or an admin (read only), may open it; anyone else gets a 404.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MarketShell } from "~/features/marketplace/components/offer-ui";
import { OfferSummaryDocument } from "~/features/marketplace/components/offer-summary-table";
import { getOfferDisclosureForViewer } from "~/features/marketplace/marketplace.server";
import { OfferIdParamsSchema } from "~/features/marketplace/offers.schema";
import { site } from "~/content/site";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { useT } from "~/ui/i18n";
import { useFormat } from "~/ui/locale-format";
import { getClientIp } from "~/platform/http/request.server";
import { getLanguage } from "~/platform/http/language.server";
import { requireUser } from "~/features/accounts/session/session.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const { meta } = resourcesFor(languageOfMatches(matches)).offers;
  return [{ title: fill(meta.summaryTitle, { lender: data?.offer.lenderName ?? meta.summaryTitleFallback, site: site.name }) }];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const parsed = OfferIdParamsSchema.safeParse(params);
  if (!parsed.success || !/^\d{1,10}$/.test(params.id ?? "")) throw data(null, { status: 404 });
  const view = await getOfferDisclosureForViewer(
    user,
    parsed.data.id,
    { ip: getClientIp(request, context), via: "page", as: "summary-page" },
    await getLanguage(request),
  );
  if (!view) throw data(null, { status: 404 });
  return view;
}

export default function OfferSummaryPage() {
  const v = useLoaderData<typeof loader>();
  const o = v.offer;
  const signed = v.acceptance?.offerId === o.id ? v.acceptance : null;
  const { t } = useT("offers");
  const f = useFormat();
  const spec = v.summary.spec;
  const intro =
    spec === "CA"
      ? t("summaryPage.introCA")
      : spec === "NY"
        ? t("summaryPage.introNY")
        : v.applicationState
          ? t("summaryPage.introState", { state: v.applicationState })
          : t("summaryPage.introDefault");
  return (
    <MarketShell>
      <p>
        <Link to={`/offers/${o.id}`} className="text-sm text-blue-800 underline">
          {t("summaryPage.back", { lender: o.lenderName })}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{t("summaryPage.heading", { lender: o.lenderName })}</h1>
      <p className="mt-1 text-sm text-slate-700">{intro}</p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a href={`/offers/${o.id}/summary.pdf`} className="text-blue-800 underline" download data-testid="summary-pdf-link">
          {t("summaryPage.pdf")}
        </a>
        {signed && v.isOwner ? (
          <a href={`/offers/${o.id}/signed.pdf`} className="text-blue-800 underline" download data-testid="signed-pdf-link">
            {t("summaryPage.signedPdf")}
          </a>
        ) : null}
      </p>
      <div className="mt-4">
        <OfferSummaryDocument
          summary={v.summary}
          signature={signed ? { name: signed.signerName, date: f.dateTime(signed.acceptedAt) } : null}
        />
      </div>
    </MarketShell>
  );
}
