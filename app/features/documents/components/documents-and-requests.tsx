/**
 * The applicant's side of the back office: documents our team asked for (with an
 * upload form per open request, posting to the dashboard's own upload action) and each uploaded
 * document's state: "Accepted", "Needs replacing: <reason>" or "In review". Never who reviewed.
 */
import { Form } from "@remix-run/react";
import { formatDateTime } from "~/ui/format";
import { ALLOWED_KINDS, acceptFor, DOCUMENT_TYPE_LABELS, type DocumentType } from "~/content/document-types";
import { useIsPending } from "~/ui/misc";

type Request = {
  id: number;
  applicationId: number;
  message: string;
  status: "open" | "fulfilled";
  createdAt: string;
  items: Array<{ documentType: DocumentType; fulfilled: boolean }>;
};
type DocumentState = {
  id: number;
  applicationId: number;
  documentType: DocumentType;
  fileName: string;
  uploadedAt: string;
  state: "accepted" | "rejected" | "in-review";
  reason: string | null;
};

const STATE_STYLE = {
  accepted: "bg-green-100 text-green-900",
  rejected: "bg-red-100 text-red-900",
  "in-review": "bg-slate-100 text-slate-900",
} as const;

export function documentStateText(d: Pick<DocumentState, "state" | "reason">, replaced = false) {
  if (d.state === "rejected" && replaced) return "Replaced";
  return d.state === "accepted" ? "Accepted" : d.state === "rejected" ? `Needs replacing: ${d.reason ?? ""}` : "In review";
}

/** A rejected document is no longer to be replaced once a newer one of the same type is on the application. */
export function isReplaced(d: Pick<DocumentState, "id" | "applicationId" | "documentType" | "state">, docs: readonly DocumentState[]) {
  return (
    d.state === "rejected" && docs.some((x) => x.applicationId === d.applicationId && x.documentType === d.documentType && x.id > d.id)
  );
}

function RequestUpload({ request }: { request: Request }) {
  const pending = useIsPending({ formAction: "/dashboard" });
  const needed = request.items.filter((i) => !i.fulfilled).map((i) => i.documentType);
  if (!needed.length) return null;
  const kinds = [...new Set(needed.flatMap((t) => ALLOWED_KINDS[t]))];
  const base = `request-${request.id}`;
  return (
    <Form
      method="post"
      action="/dashboard"
      encType="multipart/form-data"
      className="mt-3 grid gap-2 sm:grid-cols-[auto_1fr_auto] sm:items-end"
    >
      <input type="hidden" name="intent" value="upload" />
      <input type="hidden" name="applicationId" value={request.applicationId} />
      <div>
        <label htmlFor={`${base}-type`} className="label">
          Document
        </label>
        <select id={`${base}-type`} name="documentType" className="input mt-1" required>
          {needed.map((t) => (
            <option key={t} value={t}>
              {DOCUMENT_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${base}-file`} className="label">
          File for this request
        </label>
        <input id={`${base}-file`} name="file" type="file" required accept={acceptFor(kinds)} className="mt-1 block w-full text-sm" />
      </div>
      <button type="submit" className="btn-primary" disabled={pending}>
        {pending ? "Uploading..." : "Upload"}
      </button>
    </Form>
  );
}

export function DocumentsAndRequests({
  applications,
  requests,
  documents,
}: {
  applications: Array<{ id: number; reference: string }>;
  requests: Request[];
  documents: DocumentState[];
}) {
  const shown = applications.filter(
    (a) => requests.some((r) => r.applicationId === a.id) || documents.some((d) => d.applicationId === a.id),
  );
  if (!shown.length) return null;
  return (
    <section className="card" aria-labelledby="documents-heading" data-testid="applicant-documents">
      <h2 id="documents-heading" className="text-xl font-semibold">
        Your Documents
      </h2>
      <div className="mt-4 space-y-6">
        {shown.map((a) => {
          const open = requests.filter((r) => r.applicationId === a.id && r.status === "open");
          const closed = requests.filter((r) => r.applicationId === a.id && r.status !== "open");
          const docs = documents.filter((d) => d.applicationId === a.id);
          return (
            <div key={a.id} id={`documents-${a.reference}`} data-reference={a.reference}>
              <h3 className="font-mono font-semibold">{a.reference}</h3>
              {open.map((r) => (
                <div
                  key={r.id}
                  className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950"
                  data-testid="open-request"
                >
                  <p className="font-semibold">Documents requested</p>
                  <p className="text-sm">Requested {formatDateTime(r.createdAt)}</p>
                  <ul className="mt-2 list-disc pl-5 text-sm">
                    {r.items.map((i) => (
                      <li key={i.documentType}>
                        {DOCUMENT_TYPE_LABELS[i.documentType]}: {i.fulfilled ? "received" : "still needed"}
                      </li>
                    ))}
                  </ul>
                  <p className="mt-2 whitespace-pre-line text-sm">{r.message}</p>
                  <RequestUpload request={r} />
                </div>
              ))}
              {closed.length ? (
                <p className="mt-2 text-sm text-slate-700" data-testid="closed-requests">
                  {closed.length} request{closed.length === 1 ? "" : "s"} completed
                </p>
              ) : null}
              {docs.length ? (
                <ul className="mt-3 divide-y divide-slate-200 text-sm">
                  {docs.map((d) => {
                    const replaced = isReplaced(d, docs);
                    return (
                      <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="applicant-document">
                        <span>
                          <span className="font-medium">{DOCUMENT_TYPE_LABELS[d.documentType]}</span> ·{" "}
                          <span className="break-all">{d.fileName}</span>
                        </span>
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${replaced ? STATE_STYLE["in-review"] : STATE_STYLE[d.state]}`}
                          data-testid="document-state"
                        >
                          {documentStateText(d, replaced)}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </div>
          );
        })}
      </div>
    </section>
  );
}
