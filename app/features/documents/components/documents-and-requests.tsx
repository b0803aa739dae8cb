/**
 * The applicant's side of the back office: documents our team asked for (with an
 * upload form per open request, posting to the dashboard's own upload action) and each uploaded
 * document's state: "Accepted", "Needs replacing: <reason>" or "In review". Never who reviewed.
 */
import { Form } from "@remix-run/react";
import { ALLOWED_KINDS, acceptFor, CAMERA_ACCEPT, CAMERA_AREAS, type DocumentType } from "~/content/document-types";
import { fill, resources } from "~/content/locales";
import { useT } from "~/ui/i18n";
import { useFormat } from "~/ui/locale-format";
import { useUploadMessage } from "./upload-message";
import { useHydrated } from "remix-utils/use-hydrated";
import { ErrorList } from "~/ui/forms";
import { useIsPending } from "~/ui/misc";
import { dashboardUploadAction, dashboardUploadAnchor, dashboardUploadTarget, useDashboardUpload } from "./dashboard-upload";
import { ErrorSummary } from "~/ui/error-summary";
import { UploadProgressBar } from "./upload-progress";

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

type StateKey = "accepted" | "replaced" | "needsReplacing" | "inReview";
const englishState = (key: StateKey, values?: Record<string, string>) => fill(resources.en.dashboard.documents[key], values);

/** A document's state in the page's words (`words`: "dashboard.documents", English by default); the reviewer's reason as it was typed. */
export function documentStateText(d: Pick<DocumentState, "state" | "reason">, replaced = false, words = englishState) {
  if (d.state === "rejected" && replaced) return words("replaced");
  return d.state === "accepted"
    ? words("accepted")
    : d.state === "rejected"
      ? words("needsReplacing", { reason: d.reason ?? "" })
      : words("inReview");
}

type T = (key: string, values?: Record<string, string | number>) => string;

/** The document tiles' words (the wizard's: labels, purposes, who can open them) and the dashboard's. */
function useDocumentWords() {
  const { t } = useT("dashboard");
  const { t: tApply } = useT("apply");
  return { t: t as unknown as T, tApply: tApply as unknown as T };
}

/** A rejected document is no longer to be replaced once a newer one of the same type is on the application. */
export function isReplaced(d: Pick<DocumentState, "id" | "applicationId" | "documentType" | "state">, docs: readonly DocumentState[]) {
  return (
    d.state === "rejected" && docs.some((x) => x.applicationId === d.applicationId && x.documentType === d.documentType && x.id > d.id)
  );
}

/**
 * One card per requested document still needed: what it is, why it is needed and who can open it,
 * and its own upload form (a "Take a photo" input for an ID or SSN card on phones, beside "Choose a
 * file"). A plain multipart POST to the dashboard without JavaScript; with it, the file goes by
 * XMLHttpRequest with a progress bar (dashboard-upload.ts).
 */
function RequestedDocumentCard({ request, type, serverError }: { request: Request; type: DocumentType; serverError?: string | null }) {
  const base = requestFormId(request.id, type);
  const action = dashboardUploadAction(base);
  const hydrated = useHydrated();
  const { onSubmit, upload, error } = useDashboardUpload(base, serverError);
  const { t, tApply } = useDocumentWords();
  const uploadMessage = useUploadMessage();
  const pending = useIsPending({ formAction: action }) || Boolean(upload);
  const describedBy = error ? `${base}-why ${base}-error` : `${base}-why`;
  const label = tApply(`documents.labels.${type}`);
  const inputClass =
    "mt-1 block w-full min-w-0 text-sm text-slate-800 file:mb-1 file:mr-3 file:rounded-md file:border-0 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-slate-900";
  return (
    <li
      className="rounded-md border border-amber-300 bg-white p-3 text-slate-900"
      data-testid="requested-document"
      data-document-type={type}
      // A toast never lies over an upload card (app/ui/toaster.tsx).
      data-toast-avoid=""
    >
      <h4 id={`${base}-title`} className="font-semibold">
        {label}
      </h4>
      <div id={`${base}-why`} className="mt-1 space-y-1 text-sm text-slate-700">
        <p>{tApply(`documents.purposes.${type}`)}</p>
        <p>{tApply("documents.access")}</p>
        {type === "ssn" ? <p className="font-medium text-slate-900">{tApply("documents.protection")}</p> : null}
      </div>
      <Form
        id={dashboardUploadAnchor(base)}
        method="post"
        action={dashboardUploadTarget(base)}
        encType="multipart/form-data"
        className="mt-3 scroll-mt-4 space-y-3"
        aria-labelledby={`${base}-title`}
        onSubmit={hydrated ? onSubmit : undefined}
      >
        {/* The server refused the file (a page posted without JavaScript): the summary here, where the page opens. */}
        <ErrorSummary className="!mb-0" items={serverError ? [{ href: `#${base}-file`, message: uploadMessage(serverError) }] : []} />
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="applicationId" value={request.applicationId} />
        <input type="hidden" name="documentType" value={type} />
        {CAMERA_AREAS.includes(type) ? (
          <div>
            <label htmlFor={`${base}-camera`} className="label">
              {tApply("documents.takePhoto")}
              <span className="sr-only">{tApply("documents.ofLabel", { label })}</span>
            </label>
            <input
              id={`${base}-camera`}
              name="file"
              type="file"
              accept={CAMERA_ACCEPT}
              capture="environment"
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              className={inputClass}
            />
          </div>
        ) : null}
        <div>
          <label htmlFor={`${base}-file`} className="label">
            {tApply("documents.chooseFile")}
            <span className="sr-only">{tApply("documents.forLabel", { label })}</span>
          </label>
          <input
            id={`${base}-file`}
            name="file"
            type="file"
            accept={acceptFor(ALLOWED_KINDS[type])}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            className={inputClass}
          />
        </div>
        <ErrorList id={`${base}-error`} errors={error ? [uploadMessage(error)] : null} />
        {upload ? <UploadProgressBar upload={upload} /> : null}
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={pending}>
          {pending ? t("documents.uploading") : t("documents.upload")}
          <span className="sr-only"> {label}</span>
        </button>
      </Form>
    </li>
  );
}

/** A request card's form id (in `?form=`); its inputs are `#<id>-camera` and `#<id>-file`. */
export const requestFormId = (requestId: number, type: DocumentType) => `request-${requestId}-${type}`;

/** Each open request's needed documents, one card each. */
function RequestUpload({ request, uploadError }: { request: Request; uploadError?: UploadError }) {
  const needed = request.items.filter((i) => !i.fulfilled).map((i) => i.documentType);
  if (!needed.length) return null;
  return (
    <ul className="mt-3 space-y-3">
      {needed.map((t) => (
        <RequestedDocumentCard
          key={t}
          request={request}
          type={t}
          serverError={uploadError?.form === requestFormId(request.id, t) ? uploadError.error : null}
        />
      ))}
    </ul>
  );
}

/**
 * At the top of the dashboard while our team or a lender waits for documents: what is needed, with
 * a link to each application's requests (the cards below).
 */
export function ActionNeededBanner({
  applications,
  requests,
}: {
  applications: Array<{ id: number; reference: string }>;
  requests: Request[];
}) {
  const { t, tApply } = useDocumentWords();
  const waiting = applications.flatMap((a) => {
    const needed = requests
      .filter((r) => r.applicationId === a.id && r.status === "open")
      .flatMap((r) => r.items.filter((i) => !i.fulfilled).map((i) => tApply(`documents.labels.${i.documentType}`)));
    return needed.length ? [{ reference: a.reference, needed: [...new Set(needed)] }] : [];
  });
  if (!waiting.length) return null;
  return (
    <section
      aria-labelledby="action-needed-heading"
      className="mb-6 rounded-lg border-2 border-amber-400 bg-amber-50 p-4 text-amber-950"
      data-testid="action-needed"
    >
      <h2 id="action-needed-heading" className="text-lg font-bold">
        {t("documents.actionNeeded")}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {waiting.map((w) => (
          <li key={w.reference}>
            <a href={`#documents-${w.reference}`} className="font-semibold underline">
              {t("documents.send", { documents: w.needed.join(", "), reference: w.reference })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The dashboard's last refused upload without JavaScript: which form, and why. */
type UploadError = { form: string; error: string } | null | undefined;

export function DocumentsAndRequests({
  applications,
  requests,
  documents,
  uploadError,
}: {
  applications: Array<{ id: number; reference: string }>;
  requests: Request[];
  documents: DocumentState[];
  uploadError?: UploadError;
}) {
  const { t, tApply } = useDocumentWords();
  const f = useFormat();
  const words = (key: StateKey, values?: Record<string, string>) => t(`documents.${key}`, values);
  const shown = applications.filter(
    (a) => requests.some((r) => r.applicationId === a.id) || documents.some((d) => d.applicationId === a.id),
  );
  if (!shown.length) return null;
  return (
    <section className="card" aria-labelledby="documents-heading" data-testid="applicant-documents">
      <h2 id="documents-heading" className="text-xl font-semibold">
        {t("documents.heading")}
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
                  <p className="font-semibold">{t("documents.requested")}</p>
                  <p className="text-sm">{t("documents.requestedAt", { when: f.dateTime(r.createdAt) })}</p>
                  <ul className="mt-2 list-disc pl-5 text-sm">
                    {r.items.map((i) => (
                      <li key={i.documentType}>
                        {tApply(`documents.labels.${i.documentType}`)}: {i.fulfilled ? t("documents.received") : t("documents.stillNeeded")}
                      </li>
                    ))}
                  </ul>
                  <p className="mt-2 whitespace-pre-line text-sm">{r.message}</p>
                  <RequestUpload request={r} uploadError={uploadError} />
                </div>
              ))}
              {closed.length ? (
                <p className="mt-2 text-sm text-slate-700" data-testid="closed-requests">
                  {t("documents.completed", { count: closed.length })}
                </p>
              ) : null}
              {docs.length ? (
                <ul className="mt-3 divide-y divide-slate-200 text-sm">
                  {docs.map((d) => {
                    const replaced = isReplaced(d, docs);
                    return (
                      <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="applicant-document">
                        <span>
                          <span className="font-medium">{tApply(`documents.labels.${d.documentType}`)}</span> ·{" "}
                          <span className="break-all">{d.fileName}</span>
                        </span>
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${replaced ? STATE_STYLE["in-review"] : STATE_STYLE[d.state]}`}
                          data-testid="document-state"
                        >
                          {documentStateText(d, replaced, words)}
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
