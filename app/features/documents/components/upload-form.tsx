/**
 * Quick Actions > Upload Documents: add a document to one of the applicant's submitted
 * applications, through the same upload service as the wizard. A multipart POST to /dashboard
 * that works without JavaScript; with it, the file goes by XMLHttpRequest with a progress bar.
 */
import { Form } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ErrorList } from "~/ui/forms";
import { ErrorSummary } from "~/ui/error-summary";
import { DOCUMENT_AREAS } from "~/content/document-types";
import { useIsPending } from "~/ui/misc";
import { dashboardUploadAction, dashboardUploadAnchor, dashboardUploadTarget, useDashboardUpload } from "./dashboard-upload";
import { UploadProgressBar } from "./upload-progress";
import { useUploadMessage } from "./upload-message";
import { useT } from "~/ui/i18n";

/** The quick form's id in `?form=`; its file input is `#upload-file`. */
export const QUICK_UPLOAD_FORM = "quick";

export function UploadDocumentsForm({
  applications,
  error,
}: {
  applications: Array<{ id: number; reference: string }>;
  error?: string | null;
}) {
  const action = dashboardUploadAction(QUICK_UPLOAD_FORM);
  const hydrated = useHydrated();
  const { onSubmit, upload, error: shown } = useDashboardUpload(QUICK_UPLOAD_FORM, error);
  const pending = useIsPending({ formAction: action }) || Boolean(upload);
  const { t } = useT("dashboard");
  const { t: tApply } = useT("apply");
  const uploadMessage = useUploadMessage();
  if (!applications.length) {
    return <p className="text-sm text-slate-700">{t("documents.submitFirst")}</p>;
  }
  return (
    <Form
      id={dashboardUploadAnchor(QUICK_UPLOAD_FORM)}
      method="post"
      action={dashboardUploadTarget(QUICK_UPLOAD_FORM)}
      encType="multipart/form-data"
      className="scroll-mt-4 space-y-3"
      aria-labelledby="upload-heading"
      onSubmit={hydrated ? onSubmit : undefined}
    >
      {/* The server refused the file (a page posted without JavaScript): the summary here, where the page opens. */}
      <ErrorSummary className="!mb-0" items={error ? [{ href: "#upload-file", message: uploadMessage(error) }] : []} />
      <input type="hidden" name="intent" value="upload" />
      <div>
        <label htmlFor="upload-application" className="label">
          {t("documents.applicationLabel")}
        </label>
        <select id="upload-application" name="applicationId" className="input mt-1" required>
          {applications.map((a) => (
            <option key={a.id} value={a.id}>
              {a.reference}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="upload-type" className="label">
          {t("documents.documentType")}
        </label>
        <select id="upload-type" name="documentType" className="input mt-1" required>
          {DOCUMENT_AREAS.map((d) => (
            <option key={d.type} value={d.type}>
              {tApply(`documents.labels.${d.type}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="upload-file" className="label">
          {t("documents.file")}
        </label>
        <input
          id="upload-file"
          name="file"
          type="file"
          required
          aria-describedby={shown ? "upload-file-hint upload-error" : "upload-file-hint"}
          aria-invalid={shown ? true : undefined}
          className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-900"
        />
        <p id="upload-file-hint" className="mt-1 text-xs text-slate-700">
          {t("documents.fileHint")} {tApply("documents.quota")}
        </p>
        <ErrorList id="upload-error" errors={shown ? [uploadMessage(shown)] : null} />
      </div>
      {upload ? <UploadProgressBar upload={upload} /> : null}
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? t("documents.uploading") : t("documents.uploadDocument")}
      </button>
    </Form>
  );
}
