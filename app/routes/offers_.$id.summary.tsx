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
import { OFFER_SUMMARY_PAGE } from "~/content/offer-summary-rules";
import { site } from "~/content/site";
import { formatDateTime } from "~/ui/format";
import { getClientIp } from "~/platform/http/request.server";
import { requireUser } from "~/features/accounts/session/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Offer summary: ${data?.offer.lenderName ?? "an offer"} | ${site.name}` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const parsed = OfferIdParamsSchema.safeParse(params);
  if (!parsed.success || !/^\d{1,10}$/.test(params.id ?? "")) throw data(null, { status: 404 });
  const view = await getOfferDisclosureForViewer(user, parsed.data.id, {
    ip: getClientIp(request, context),
    via: "page",
    as: "summary-page",
  });
  if (!view) throw data(null, { status: 404 });
  return view;
}

export default function OfferSummaryPage() {
  const v = useLoaderData<typeof loader>();
  const o = v.offer;
  const signed = v.acceptance?.offerId === o.id ? v.acceptance : null;
  return (
    <MarketShell>
      <p>
        <Link to={`/offers/${o.id}`} className="text-sm text-blue-800 underline">
          {OFFER_SUMMARY_PAGE.back(o.lenderName)}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{OFFER_SUMMARY_PAGE.heading(o.lenderName)}</h1>
      <p className="mt-1 text-sm text-slate-700">{OFFER_SUMMARY_PAGE.intro(v.summary.spec, v.applicationState)}</p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a href={`/offers/${o.id}/summary.pdf`} className="text-blue-800 underline" download data-testid="summary-pdf-link">
          {OFFER_SUMMARY_PAGE.pdf}
        </a>
        {signed && v.isOwner ? (
          <a href={`/offers/${o.id}/signed.pdf`} className="text-blue-800 underline" download data-testid="signed-pdf-link">
            {OFFER_SUMMARY_PAGE.signedPdf}
          </a>
        ) : null}
      </p>
      <div className="mt-4">
        <OfferSummaryDocument
          summary={v.summary}
          signature={signed ? { name: signed.signerName, date: formatDateTime(signed.acceptedAt) } : null}
        />
      </div>
    </MarketShell>
  );
}
