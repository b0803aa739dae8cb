/**
 * One upload area of step 5: its files (name, size, Remove) and an upload form. Without
 * JavaScript the forms are plain multipart POSTs; with it they are fetcher forms (no page change),
 * and every upload button waits while another upload runs, so the first upload alone creates the
 * account and the draft application.
 */
import { useFetcher, useFetchers } from "@remix-run/react";
import { ErrorList } from "~/components/forms";
import { formatFileSize, type DocumentType } from "~/content/documents";
import type { ToastMessage } from "~/utils/messages";
import { useActionToast } from "~/utils/toast-bus";

export const DOCUMENTS_ACTION = "/apply/documents";

export type UploadedFile = { id: number; fileName: string; fileSize: number };
export type UploadAnswer = { upload?: { area: string; message: string } | null; toast?: (ToastMessage & { id: string }) | null };

export function DocumentArea({
  type,
  label,
  hint,
  accept,
  files,
  serverError,
}: {
  type: DocumentType;
  label: string;
  hint: string;
  accept: string;
  files: UploadedFile[];
  serverError?: string | null;
}) {
  const uploader = useFetcher<UploadAnswer>({ key: `upload-${type}` });
  const busyAnywhere = useFetchers().some((f) => f.state !== "idle" && f.key.startsWith("upload-"));
  const uploading = uploader.state !== "idle";
  useActionToast(uploader.data?.toast);
  const error = (uploader.state === "idle" ? uploader.data?.upload?.message : null) ?? serverError ?? null;
  const titleId = `area-${type}-title`;
  const errorId = `area-${type}-error`;
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-300 p-4" data-area={type}>
      <h3 id={titleId} className="font-semibold text-slate-900">
        {label}
      </h3>
      <p className="mt-1 text-sm text-slate-700" id={`area-${type}-hint`}>
        {hint}
      </p>
      {files.length ? (
        <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200" aria-label={`Uploaded ${label}`}>
          {files.map((f) => (
            <FileRow key={f.id} file={f} />
          ))}
        </ul>
      ) : null}
      <uploader.Form method="post" encType="multipart/form-data" action={`${DOCUMENTS_ACTION}?area=${type}`} className="mt-3 flex flex-wrap items-end gap-3" preventScrollReset>
        <input type="hidden" name="documentType" value={type} />
        <div className="min-w-0 flex-1">
          <label htmlFor={`file-${type}`} className="label">
            Choose a file
            <span className="sr-only"> for {label}</span>
          </label>
          <input
            id={`file-${type}`}
            type="file"
            name="file"
            accept={accept}
            required
            aria-describedby={[`area-${type}-hint`, error ? errorId : null].filter(Boolean).join(" ")}
            aria-invalid={error ? true : undefined}
            className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-900 hover:file:bg-slate-200"
          />
        </div>
        <button type="submit" className="btn-outline" disabled={busyAnywhere}>
          {uploading ? "Uploading..." : "Upload"}
          <span className="sr-only"> {label}</span>
        </button>
      </uploader.Form>
      <ErrorList id={errorId} errors={error ? [error] : null} />
    </section>
  );
}

function FileRow({ file }: { file: UploadedFile }) {
  const remover = useFetcher({ key: `remove-${file.id}` });
  const removing = remover.state !== "idle";
  return (
    <li className="flex items-center justify-between gap-3 px-3 py-2 text-sm" data-file-name={file.fileName}>
      <span className="min-w-0 break-all text-slate-900">
        {file.fileName} <span className="whitespace-nowrap text-slate-700">({formatFileSize(file.fileSize)})</span>
      </span>
      <remover.Form method="post" action={DOCUMENTS_ACTION} preventScrollReset>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="documentId" value={file.id} />
        <button type="submit" className="btn-ghost px-2 py-1 text-red-700" disabled={removing}>
          {removing ? "Removing..." : "Remove"}
          <span className="sr-only"> {file.fileName}</span>
        </button>
      </remover.Form>
    </li>
  );
}
