/**
 * /lender/applications/:id: one application shared with the lender user's lender: the
 * figures it prices on, the documents (preview and download, each read audited), its own offers,
 * decline and requests, and the actions (plain POST forms). Not shared, or no such application: 404.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  DeclineForm,
  DocumentRequestForm,
  FirmOfferForm,
  InstantOfferActions,
  lenderReplySummary,
  MarkFundedForm,
  MarkVerifyingForm,
} from "~/features/lenders/components/lender-action-forms";
import { site } from "~/content/site";
import { ApplicationIdParamsSchema } from "~/features/lenders/lender.schema";
import { handleLenderAction } from "~/features/lenders/lender-action-form.server";
import { requireLender } from "~/features/accounts/session/session.server";
import { lenderApplicationView, type LenderApplicationPage } from "~/features/lenders/lender-workspace.server";
import { formatBps, formatCents, formatDateTime, formatUsd } from "~/ui/format";
import { LENDER_EVIDENCE } from "~/content/offer-summary-rules";
import { lenderStageLabel } from "~/features/lenders/domain/lender-stage";
import { getClientIp } from "~/platform/http/request.server";
import { ErrorSummary } from "~/ui/error-summary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.application.reference ?? "Application"} | Lender | ${site.name}` },
];

function applicationId(params: Record<string, string | undefined>) {
  const parsed = ApplicationIdParamsSchema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data.id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, lenderId } = await requireLender(request);
  const view = await lenderApplicationView({ userId: user.id, lenderId, ip: getClientIp(request, context) }, applicationId(params));
  if (!view) throw data(null, { status: 404 });
  return view;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, lenderId } = await requireLender(request);
  const id = applicationId(params);
  return handleLenderAction({ userId: user.id, lenderId, ip: getClientIp(request, context) }, id, await request.formData());
}

const NOT_ANSWERED = "Not answered";

export default function LenderApplication() {
  const v = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const a = v.application;
  const figures: Array<[string, string]> = [
    ["Amount requested", formatUsd(a.amount)],
    ["Purpose", a.purposeLabel],
    ["Business owner", a.ownerName],
    ["Location", `${a.city}, ${a.state} ${a.zipCode}`],
    ["Annual income", formatUsd(a.annualIncome)],
    ["Housing", a.livingSituation],
    ["Monthly housing payment", formatUsd(a.monthlyPayment)],
    ["Business name", a.businessName ?? NOT_ANSWERED],
    ["EIN", a.ein ?? NOT_ANSWERED],
    ["Industry", a.industry ?? NOT_ANSWERED],
    ["Time in business", a.timeInBusiness ?? NOT_ANSWERED],
    ["Average monthly revenue", a.monthlyRevenue != null ? formatUsd(a.monthlyRevenue) : NOT_ANSWERED],
    ["Credit score (self-reported)", a.creditScoreRange ?? NOT_ANSWERED],
    ["Industry code (NAICS)", a.naicsCode ?? NOT_ANSWERED],
    ["People working for the business", a.numberOfWorkers ?? NOT_ANSWERED],
    ["Submitted", formatDateTime(a.submittedAt)],
  ];
  const open = !v.decline && !v.closedToOffers;
  // The applicant accepted THIS lender's offer: the loan's life is the lender's to move (verify, fund, or decline after review).
  const accepted = v.offers.find((o) => o.id === v.acceptedOfferId) ?? null;
  const reviewing = accepted != null && (v.stage === "accepted" || v.stage === "verifying");
  const showVerifying = accepted != null && v.stage === "accepted";
  const showFunded = accepted != null && v.stage === "verifying";
  // A refused move whose form is not on the page (e.g. "mark funded" before acceptance): its message here.
  const orphan =
    reply?.message && ((reply.intent === "mark-verifying" && !showVerifying) || (reply.intent === "mark-funded" && !showFunded))
      ? reply.message
      : null;
  // A refused action (without JavaScript the page comes back at the top): the summary links to each field.
  const summary = lenderReplySummary(reply, orphan ? "lender-action-refused" : null);
  return (
    <>
      <ErrorSummary items={summary} />
      <p>
        <Link to="/lender" className="text-sm text-blue-800 underline">
          Back to the queue
        </Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">
          Application <span className="font-mono">{a.reference}</span>
        </h1>
        <span className="rounded bg-slate-200 px-2 py-1 text-sm font-semibold text-slate-900" data-testid="lender-stage">
          {lenderStageLabel(v.stage)}
        </span>
      </div>
      {orphan ? (
        <p
          id="lender-action-refused"
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          data-testid="lender-action-refused"
        >
          {orphan}
        </p>
      ) : null}
      <section className="card" aria-labelledby="figures-h">
        <h2 id="figures-h" className="text-xl font-semibold">
          Application figures
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2" data-testid="lender-figures">
          {figures.map(([k, val]) => (
            <div key={k}>
              <dt className="text-sm text-slate-700">{k}</dt>
              <dd className="font-medium">{val}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card" aria-labelledby="docs-h">
        <h2 id="docs-h" className="text-xl font-semibold">
          Documents
        </h2>
        {v.documents.length ? (
          <ul className="mt-3 divide-y divide-slate-200" data-testid="lender-documents">
            {v.documents.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{d.label}</span> <span className="break-all text-sm text-slate-700">{d.fileName}</span>
                </span>
                <span className="flex gap-3 text-sm">
                  <a href={`/lender/documents/${d.id}/preview`} className="text-blue-800 underline" target="_blank" rel="noreferrer">
                    Preview<span className="sr-only"> {d.fileName}</span>
                  </a>
                  <a href={`/lender/documents/${d.id}/download`} className="text-blue-800 underline">
                    Download<span className="sr-only"> {d.fileName}</span>
                  </a>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-slate-700">No documents uploaded.</p>
        )}
        {v.requests.length ? (
          <>
            <h3 className="mt-4 font-semibold">Your requests</h3>
            <ul className="mt-1 list-disc pl-6 text-sm" data-testid="lender-requests">
              {v.requests.map((r) => (
                <li key={r.id}>
                  {r.message} ({r.status === "open" ? "open" : "fulfilled"})
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <section className="card" aria-labelledby="offers-h">
        <h2 id="offers-h" className="text-xl font-semibold">
          Your offers
        </h2>
        {v.offers.length ? (
          <ul className="mt-3 space-y-3" data-testid="lender-offers">
            {v.offers.map((o) => (
              <li key={o.id} id={`offer-${o.id}`} className="rounded border border-slate-200 p-3" data-offer-id={o.id}>
                <p className="font-semibold">
                  {o.firm ? "Firm offer" : "Instant offer (pre-qualified)"} · {o.productName}
                  <span className="ml-2 text-sm font-normal">
                    {o.state === "offered" ? (o.confirmed ? "confirmed" : "open") : o.state}
                    {v.acceptedOfferId === o.id ? ", accepted by the applicant" : ""}
                  </span>
                </p>
                <p className="text-sm text-slate-700">
                  {formatCents(o.amountCents)} over {o.termMonths} months at {formatBps(o.noteRateBps)} note rate; fee{" "}
                  {formatCents(o.feeCents)}; estimated APR {formatBps(o.estimatedAprBps)}; {formatCents(o.paymentCents)} monthly
                </p>
                <SummaryEvidenceLine e={v.summaryEvidence.find((x) => x.offerId === o.id)} applicationId={a.id} />
                {!o.firm && o.state === "offered" && open ? <InstantOfferActions offerId={o.id} reply={reply} /> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-slate-700">None.</p>
        )}
      </section>
      {v.decline ? (
        <section className="card border-red-300" aria-labelledby="declined-h" data-testid="lender-decline">
          <h2 id="declined-h" className="text-xl font-semibold">
            You declined this application
          </h2>
          <ul className="mt-2 list-disc pl-6">
            {v.decline.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {open ? <FirmOfferForm reply={reply} amount={a.amount} prepayment="No prepayment penalty" /> : null}
      {showVerifying ? <MarkVerifyingForm reply={reply} /> : null}
      {accepted && showFunded ? <MarkFundedForm reply={reply} amount={(accepted.amountCents / 100).toFixed(2)} today={v.today} /> : null}
      {!v.decline ? <DocumentRequestForm reply={reply} /> : null}
      {!v.decline && (!accepted || reviewing) ? <DeclineForm reply={reply} afterReview={reviewing} /> : null}
    </>
  );
}

/** The evidence kept for the lender: when the offer's summary was presented, and its signature. */
function SummaryEvidenceLine({ e, applicationId }: { e?: LenderApplicationPage["summaryEvidence"][number]; applicationId: number }) {
  if (!e) return null;
  const first = e.presentations[0];
  const last = e.presentations.at(-1);
  return (
    <div className="mt-2 text-sm text-slate-700" data-testid="summary-evidence">
      <p>
        {first && last
          ? LENDER_EVIDENCE.presented(e.presentations.length, formatDateTime(first.at), formatDateTime(last.at))
          : LENDER_EVIDENCE.notPresented}
      </p>
      {e.signed ? (
        // The text's SHA-256 is 64 characters without a space: it may break anywhere on a phone.
        <p className="[overflow-wrap:anywhere]">
          {LENDER_EVIDENCE.signed(e.signed.signerName, formatDateTime(e.signed.at), e.signed.textSha256)}{" "}
          <a
            href={`/lender/applications/${applicationId}/offers/${e.offerId}/signed.pdf`}
            className="font-semibold text-blue-800 underline"
            download
            data-testid="lender-signed-summary"
          >
            {LENDER_EVIDENCE.download}
          </a>
        </p>
      ) : null}
    </div>
  );
}
