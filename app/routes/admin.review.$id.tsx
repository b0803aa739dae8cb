/**
 * /admin/review/:id(?doc=:documentId): one application in the review workspace, beside the queue:
 * the few facts a reviewer checks against, its documents viewed inline (the authorised preview
 * route), accept and reject at hand, and the audit trail with repeated views folded. The forms
 * post here and land back on the same document. No such application or document: 404.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/accounts/session/session.server";
import { adminReviewApplication } from "~/features/back-office/review-workspace.server";
import { handleBackOfficeForm } from "~/features/back-office/back-office-form.server";
import { AdminStatusBadge } from "~/features/back-office/components/admin-status-badge";
import { AuditTrail } from "~/features/back-office/components/audit-trail";
import { ReviewDecisionForms, reviewStateText } from "~/features/back-office/components/review-decision-forms";
import { DOCUMENT_TYPE_LABELS } from "~/content/document-types";
import { purposeLabel } from "~/content/loan-options";
import { site } from "~/content/site";
import { getClientIp } from "~/platform/http/request.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { formatDateTime, formatUsd } from "~/ui/format";
import { DocumentPicker, DocumentViewer } from "~/ui/review-workspace";
import { useActionToast } from "~/ui/toast-bus";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.application.reference ?? "Application"} | Review workspace | Admin | ${site.name}` },
];

function applicationIdParam(raw: string | undefined) {
  if (!raw || !/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw data(null, { status: 404 });
  return Number(raw);
}

const workspaceHref = (id: number, documentId: number | null) => `/admin/review/${id}${documentId ? `?doc=${documentId}` : ""}`;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = applicationIdParam(params.id);
  const view = await adminReviewApplication(admin.id, id, new URL(request.url).searchParams.get("doc"), getClientIp(request, context));
  if (!view) throw data(null, { status: 404 });
  return view;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = applicationIdParam(params.id);
  const formData = await request.formData();
  if (formData.get("intent") !== "review-document") throw data(null, { status: 400 });
  const out = await handleBackOfficeForm(admin.id, id, "review-document", formData, { ip: getClientIp(request, context) });
  if (!out.ok && out.status === 404) throw data(null, { status: 404 });
  if (!out.ok) return data({ errors: out.errors, toast: null }, { status: 400 });
  // Back to the same document (the id was checked against this application by the workflow).
  return redirectWithToast(`${workspaceHref(id, Number(formData.get("documentId")))}#document-viewer`, out.toast);
}

export default function AdminReviewApplication() {
  const { application: a, documentId, reviews, auditTrail } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  useActionToast(reply?.toast);
  const documents = a.documents.map((d) => ({ ...d, label: DOCUMENT_TYPE_LABELS[d.documentType] }));
  const shown = documents.find((d) => d.id === documentId) ?? null;
  const facts: Array<[string, string]> = [
    ["Applicant", `${a.applicant.firstName} ${a.applicant.lastName}`],
    ["Amount requested", formatUsd(a.amount)],
    ["Purpose", purposeLabel(a.purpose)],
    ["Submitted", formatDateTime(a.submittedAt)],
    ["Last updated", formatDateTime(a.updatedAt)],
  ];
  return (
    <article aria-labelledby="review-application-h" className="space-y-4" data-testid="review-application">
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="review-application-h" className="flex flex-wrap items-center gap-3 text-lg font-semibold">
          <span className="font-mono">{a.reference}</span>
          <AdminStatusBadge status={a.status} context="dialog" />
        </h3>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="review-facts">
          {facts.map(([k, v]) => (
            <div key={k}>
              <dt className="font-medium text-slate-700">{k}</dt>
              <dd className="tabular-nums text-slate-900">{v}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm">
          <Link to={`/admin/applications/${a.id}`} className="link">
            All details, status and notes of {a.reference}
          </Link>
        </p>
      </div>
      <section aria-labelledby="review-documents-h" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="review-documents-h" className="text-lg font-semibold">
          Documents ({documents.length})
        </h3>
        <DocumentPicker documents={documents} currentId={documentId} hrefFor={(doc) => workspaceHref(a.id, doc)} />
        {shown ? (
          <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
            <DocumentViewer
              document={shown}
              previewHref={`/documents/${shown.id}/preview`}
              downloadHref={`/documents/${shown.id}/download`}
            />
            <ReviewDecisionForms
              key={`${shown.id}-${reviewStateText(reviews[String(shown.id)] ?? null)}`}
              action={workspaceHref(a.id, shown.id)}
              documentId={shown.id}
              fileName={shown.fileName}
              review={reviews[String(shown.id)] ?? null}
              errors={reply?.errors ?? null}
            />
          </div>
        ) : null}
      </section>
      <section aria-labelledby="review-audit-h" className="rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="review-audit-h" className="mb-3 text-lg font-semibold">
          Audit trail
        </h3>
        <AuditTrail items={auditTrail} documents={a.documents} reference={a.reference} />
      </section>
    </article>
  );
}
