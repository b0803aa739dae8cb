/**
 * /lender/review/:id(?doc=:documentId): one application shared with the lender user's lender, in
 * the review workspace beside the queue: the figures it prices on and its documents viewed inline
 * (the lender's own authorised preview route). Offers, requests and declines stay on the
 * application's page, linked. Not shared, no such application, or a document not of it: 404.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireLender } from "~/features/accounts/session/session.server";
import { ApplicationIdParamsSchema } from "~/features/lenders/lender.schema";
import { lenderApplicationView } from "~/features/lenders/lender-workspace.server";
import { lenderStageLabel } from "~/features/lenders/domain/lender-stage";
import { site } from "~/content/site";
import { getClientIp } from "~/platform/http/request.server";
import { formatDateTime, formatUsd } from "~/ui/format";
import { DocumentPicker, DocumentViewer } from "~/ui/review-workspace";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.application.reference ?? "Application"} | Review workspace | Lender | ${site.name}` },
];

const workspaceHref = (id: number, documentId: number | null) => `/lender/review/${id}${documentId ? `?doc=${documentId}` : ""}`;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, lenderId } = await requireLender(request);
  const parsed = ApplicationIdParamsSchema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404 });
  const view = await lenderApplicationView({ userId: user.id, lenderId, ip: getClientIp(request, context) }, parsed.data.id);
  if (!view) throw data(null, { status: 404 });
  const docParam = new URL(request.url).searchParams.get("doc");
  const shown = docParam == null ? (view.documents[0] ?? null) : (view.documents.find((d) => String(d.id) === docParam) ?? null);
  if (docParam != null && !shown) throw data(null, { status: 404 });
  return {
    application: view.application,
    stage: view.stage,
    documents: view.documents,
    documentId: shown?.id ?? null,
    offers: view.offers.filter((o) => o.state === "offered").length,
  };
}

export default function LenderReviewApplication() {
  const { application: a, stage, documents, documentId, offers } = useLoaderData<typeof loader>();
  const shown = documents.find((d) => d.id === documentId) ?? null;
  const facts: Array<[string, string]> = [
    ["Business owner", a.ownerName],
    ["Amount requested", formatUsd(a.amount)],
    ["Purpose", a.purposeLabel],
    ["Annual income", formatUsd(a.annualIncome)],
    ["Location", `${a.city}, ${a.state} ${a.zipCode}`],
    ["Your open offers", String(offers)],
    ["Submitted", formatDateTime(a.submittedAt)],
  ];
  return (
    <article aria-labelledby="review-application-h" className="space-y-4" data-testid="review-application">
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="review-application-h" className="flex flex-wrap items-center gap-3 text-xl font-semibold">
          <span className="font-mono">{a.reference}</span>
          <span className="rounded bg-slate-200 px-2 py-1 text-sm font-semibold text-slate-900">{lenderStageLabel(stage)}</span>
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="review-facts">
          {facts.map(([k, v]) => (
            <div key={k}>
              <dt className="font-medium text-slate-700">{k}</dt>
              <dd className="tabular-nums text-slate-900">{v}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm">
          <Link to={`/lender/applications/${a.id}`} className="link">
            Make an offer, request documents or decline {a.reference}
          </Link>
        </p>
      </div>
      <section aria-labelledby="review-documents-h" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="review-documents-h" className="text-xl font-semibold">
          Documents ({documents.length})
        </h2>
        <DocumentPicker documents={documents} currentId={documentId} hrefFor={(doc) => workspaceHref(a.id, doc)} />
        {shown ? (
          <DocumentViewer
            document={shown}
            previewHref={`/lender/documents/${shown.id}/preview`}
            downloadHref={`/lender/documents/${shown.id}/download`}
            level={3}
          />
        ) : null}
      </section>
    </article>
  );
}
