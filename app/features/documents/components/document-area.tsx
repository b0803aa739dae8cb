/**
 * One upload tile of step 5: its state (empty, uploading, done with a check and the
 * file names, error with the fix), its files (name, size, Remove) and a file input.
 *
 * Without JavaScript every tile's file input belongs to the step's one multipart form: Upload
 * (any tile) and Continue send every chosen file, so a chosen file is never dropped silently.
 * With JavaScript a file uploads as soon as it is chosen or dropped on the tile, after a check of
 * its size and type in the browser (nothing is sent when it would be refused), by XMLHttpRequest
 * to the step's upload route so the tile shows how much of it is sent (upload-progress.tsx); the
 * input is cleared at once, so it cannot be sent twice; every upload waits while another one
 * runs, so the first upload alone creates the account and the draft application.
 */
import { useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type DragEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  ALLOWED_KINDS,
  CAMERA_ACCEPT,
  CAMERA_AREAS,
  DOCUMENT_ACCESS,
  DOCUMENT_PROTECTION,
  DOCUMENT_PURPOSES,
  FILE_KIND_INFO,
  MULTI_FILE_AREAS,
  UPLOAD_PROGRESS,
  wrongTypeMessage,
  type DocumentType,
} from "~/content/document-types";
import { MAX_UPLOAD_BYTES } from "~/content/constants";
import { TOASTS, toastText } from "~/content/messages";
import { emitToast } from "~/ui/toast-bus";
import { useT } from "~/ui/i18n";
import { useUploadMessage } from "./upload-message";
import { ErrorSummary } from "~/ui/error-summary";
import {
  finishUpload,
  markWaiting,
  sendUpload,
  UploadProgressBar,
  useReloadThenFinish,
  useUpload,
  useUploadsRunning,
} from "./upload-progress";
import { formatFileSize } from "~/ui/format";

export const DOCUMENTS_ACTION = "/apply/documents";
/** Where a tile's file goes with JavaScript (XMLHttpRequest, JSON answer): routes/apply_.documents.upload.ts. */
export const DOCUMENTS_UPLOAD_ROUTE = "/apply/documents/upload";
/** The id of step 5's one form (file inputs, Upload, Remove, Back, Continue). */
export const DOCUMENTS_FORM_ID = "wizard-documents";

export type UploadedFile = { id: number; fileName: string; fileSize: number; contentType?: string };

export { wrongTypeMessage };

/** The browser-side check before sending: size, then type by name and declared type. */
function checkFile(type: DocumentType, file: File): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return toastText(TOASTS.fileTooLarge);
  if (file.size === 0) return toastText(TOASTS.uploadFailed);
  const ext = file.name.includes(".") ? file.name.split(".").pop()!.toLowerCase() : "";
  const kinds = ALLOWED_KINDS[type];
  const byExt = kinds.some((k) => FILE_KIND_INFO[k].extensions.includes(ext));
  const byMime = kinds.some((k) => FILE_KIND_INFO[k].mime === file.type);
  if (!byExt && !(ext === "" && byMime)) return wrongTypeMessage(type);
  return null;
}

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
  const hydrated = useHydrated();
  const key = `upload-${type}`;
  const upload = useUpload(key);
  // Uploads go one at a time (the first alone creates the account and the draft application).
  const busyAnywhere = useUploadsRunning("upload-");
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // After a saved upload the step's loader runs again; the bar stays until the list shows the file.
  const reloadThenFinish = useReloadThenFinish(key);

  // A file chosen while another tile uploads waits its turn (the input stays enabled, so focus
  // is never lost to a disabled control).
  const [queued, setQueued] = useState<File | null>(null);
  useEffect(() => {
    if (queued && !busyAnywhere) {
      setQueued(null);
      void send(queued);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queued, busyAnywhere]);

  async function send(file: File) {
    if (inputRef.current) inputRef.current.value = "";
    if (busyAnywhere) {
      markWaiting(key, file);
      setQueued(file);
      return;
    }
    const problem = checkFile(type, file);
    if (problem) {
      finishUpload(key);
      setLocalError(problem);
      const toast =
        file.size > MAX_UPLOAD_BYTES
          ? TOASTS.fileTooLarge
          : { ...TOASTS.uploadFailed, description: problem.replace(`${TOASTS.uploadFailed.title} - `, "") };
      emitToast({ ...toast, id: crypto.randomUUID() });
      return;
    }
    setLocalError(null);
    const body = new FormData();
    body.set("documentType", type);
    if (replaces) body.set("replace", replaces);
    body.set("file", file);
    // XMLHttpRequest, for the bar: the upload route answers JSON (page-uploads.server.ts).
    const { status, answer } = await sendUpload(key, `${DOCUMENTS_UPLOAD_ROUTE}?area=${type}`, body, file);
    if (answer?.redirectTo) {
      finishUpload(key);
      navigate(answer.redirectTo);
      return;
    }
    if (answer?.toast) emitToast(answer.toast);
    if (status >= 200 && status < 300 && answer?.ok) {
      reloadThenFinish();
      return;
    }
    finishUpload(key);
    setLocalError(answer?.upload?.message ?? (status === 0 ? UPLOAD_PROGRESS.connectionLost : toastText(TOASTS.uploadFailed)));
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) void send(file);
  };

  // Without JavaScript the server's answer (serverError) is the only error there is.
  const { t } = useT("apply");
  const uploadMessage = useUploadMessage();
  const shownError = hydrated ? localError : (serverError ?? null);
  // The browser's own refusals and the server's come in English (the same words as the API's); shown in the page's language.
  const error =
    shownError === null ? null : shownError === UPLOAD_PROGRESS.connectionLost ? t("documents.connectionLost") : uploadMessage(shownError);
  const state = upload ? "uploading" : error ? "error" : files.length ? "done" : "empty";
  const titleId = `area-${type}-title`;
  const errorId = `area-${type}-error`;
  const inputId = `file-${type}`;
  const cameraId = `camera-${type}`;
  const camera = CAMERA_AREAS.includes(type);
  // One file per area except statements: a new file replaces the one there (after it is saved).
  const replaces = !MULTI_FILE_AREAS.includes(type) && files.length ? files.map((f) => f.id).join(",") : "";
  const onChoose = hydrated
    ? (e: React.ChangeEvent<HTMLInputElement>) => {
        const file = e.currentTarget.files?.[0];
        e.currentTarget.value = "";
        if (file) void send(file);
      }
    : undefined;
  const describedBy = [`area-${type}-hint`, `area-${type}-why`, error ? errorId : null].filter(Boolean).join(" ");
  const inputClass =
    "mt-1 block w-full min-w-0 text-sm text-slate-800 file:mb-1 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-900 hover:file:bg-slate-200";
  // The camera's file input: the browser's own control without JavaScript, a hidden one behind a button with it.
  const cameraInput = (className: string) => (
    <input
      id={cameraId}
      type="file"
      name={`file-${type}`}
      form={DOCUMENTS_FORM_ID}
      accept={CAMERA_ACCEPT}
      capture="environment"
      onChange={onChoose}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      className={className}
    />
  );
  return (
    <section
      id={`area-${type}`}
      aria-labelledby={titleId}
      data-area={type}
      data-state={state}
      // A toast never lies over an upload card (app/ui/toaster.tsx).
      data-toast-avoid=""
      onDragOver={hydrated ? (e) => (e.preventDefault(), setDragging(true)) : undefined}
      onDragLeave={hydrated ? () => setDragging(false) : undefined}
      onDrop={hydrated ? onDrop : undefined}
      className={`flex min-w-0 flex-col rounded-xl border-2 p-4 transition-colors ${
        dragging
          ? "border-blue-600 bg-blue-50"
          : state === "error"
            ? "border-red-300 bg-red-50/50"
            : state === "done"
              ? "border-green-300 bg-green-50/40"
              : "border-dashed border-slate-300 bg-white"
      }`}
    >
      {/* The server refused a file sent from this card (without JavaScript): the summary here, where the page opens. */}
      <ErrorSummary className="!mb-3" items={serverError && !hydrated ? [{ href: `#${inputId}`, message: error ?? serverError }] : []} />
      <div className="flex items-start gap-3">
        <TileIcon state={state} />
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-slate-900">
            {label}
          </h3>
          <p className="mt-0.5 text-sm text-slate-700" id={`area-${type}-hint`}>
            {hint}
          </p>
          <div id={`area-${type}-why`} className="mt-2 space-y-1 text-sm text-slate-700">
            <p>{t(`documents.purposes.${type}`, DOCUMENT_PURPOSES[type])}</p>
            <p>{t("documents.access", DOCUMENT_ACCESS)}</p>
            {type === "ssn" ? <p className="font-medium text-slate-900">{t("documents.protection", DOCUMENT_PROTECTION)}</p> : null}
          </div>
        </div>
      </div>

      {files.length ? (
        <ul
          className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white"
          aria-label={t("documents.uploaded", { label })}
        >
          {files.map((f) => (
            <FileRow key={f.id} file={f} area={type} />
          ))}
        </ul>
      ) : null}

      {upload ? <UploadProgressBar upload={upload} className="mt-3" /> : null}

      <div className="mt-3 space-y-3">
        {replaces ? <input type="hidden" name={`replace-${type}`} value={replaces} form={DOCUMENTS_FORM_ID} /> : null}
        {camera && hydrated ? (
          // With JavaScript a chosen photo uploads at once (with a progress bar), so the control can
          // be the button its label names; the input stays in the tab order, its focus ring on the button.
          <div>
            {cameraInput("peer sr-only")}
            <label
              htmlFor={cameraId}
              data-testid="camera-button"
              className="btn-outline w-full cursor-pointer gap-2 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 8h3l2-3h6l2 3h3v11H4z" strokeLinejoin="round" />
                <circle cx="12" cy="13" r="3.5" />
              </svg>
              {replaces ? t("documents.replacePhoto") : t("documents.takePhoto")}
              <span className="sr-only">{t("documents.ofLabel", { label })}</span>
            </label>
          </div>
        ) : camera ? (
          <div>
            <label htmlFor={cameraId} className="label">
              {replaces ? t("documents.replacePhoto") : t("documents.takePhoto")}
              <span className="sr-only">{t("documents.ofLabel", { label })}</span>
            </label>
            {cameraInput(inputClass)}
          </div>
        ) : null}
        <div>
          <label htmlFor={inputId} className="label">
            {replaces ? t("documents.replaceFile") : files.length ? t("documents.addAnother") : t("documents.chooseFile")}
            <span className="sr-only">{t("documents.forLabel", { label })}</span>
            {hydrated ? <span className="font-normal text-slate-600">{t("documents.orDrop")}</span> : null}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            name={`file-${type}`}
            form={DOCUMENTS_FORM_ID}
            accept={accept}
            onChange={onChoose}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            className={inputClass}
          />
        </div>
        {hydrated ? null : (
          <button
            type="submit"
            form={DOCUMENTS_FORM_ID}
            // The answer opens at this card (the fragment), where a refusal's summary is.
            formAction={`${DOCUMENTS_ACTION}?tile=${type}#area-${type}`}
            name="intent"
            value={`upload:${type}`}
            className="btn-outline mt-2"
          >
            {t("documents.upload")}
            <span className="sr-only"> {label}</span>
          </button>
        )}
      </div>
      {error ? (
        <div id={errorId} className="field-error" role="alert">
          <p>{error}</p>
          <p className="text-slate-700">{t("documents.chooseAnother", { hint })}</p>
        </div>
      ) : null}
    </section>
  );
}

function TileIcon({ state }: { state: string }) {
  const common = "mt-0.5 h-6 w-6 shrink-0";
  if (state === "done")
    return (
      <svg
        viewBox="0 0 24 24"
        className={`${common} text-green-700`}
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
      >
        <circle cx="12" cy="12" r="10" />
        <path d="m7.5 12.5 3 3 6-6.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  if (state === "error")
    return (
      <svg viewBox="0 0 24 24" className={`${common} text-red-700`} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7v6M12 16.5v.5" strokeLinecap="round" />
      </svg>
    );
  return (
    <svg viewBox="0 0 24 24" className={`${common} text-slate-500`} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" strokeLinejoin="round" />
      <path d="M14 3v5h5M12 17v-6M9.5 13.5 12 11l2.5 2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Types a browser draws in an <img> (HEIC is not one): those get a thumbnail from the preview route. */
const DRAWABLE = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

/**
 * What was uploaded, at a glance: a small picture of an image (through the authorised preview
 * route, /documents/:id/preview, so only the owner and staff see it), a document icon otherwise.
 */
export function Thumbnail({ file }: { file: UploadedFile }) {
  if (file.contentType && DRAWABLE.has(file.contentType))
    return (
      <img
        src={`/documents/${file.id}/preview`}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        data-thumbnail="image"
        className="h-12 w-12 shrink-0 rounded border border-slate-200 object-cover"
      />
    );
  return (
    <span
      data-thumbnail={file.contentType === "application/pdf" ? "pdf" : "file"}
      className="flex h-12 w-12 shrink-0 flex-col items-center justify-center rounded border border-slate-200 bg-slate-50 text-slate-600"
      aria-hidden="true"
    >
      <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" strokeLinejoin="round" />
        <path d="M14 3v5h5" strokeLinejoin="round" />
      </svg>
      <span className="text-[10px] font-semibold">{file.contentType === "application/pdf" ? "PDF" : "DOC"}</span>
    </span>
  );
}

function FileRow({ file, area }: { file: UploadedFile; area: DocumentType }) {
  const hydrated = useHydrated();
  const remover = useFetcher({ key: `remove-${file.id}` });
  const removing = remover.state !== "idle";
  const { t } = useT("apply");
  return (
    <li className="flex items-center justify-between gap-3 px-3 py-2 text-sm" data-file-name={file.fileName}>
      <span className="flex min-w-0 items-center gap-3 text-slate-900">
        <Thumbnail file={file} />
        <span className="min-w-0 break-words [overflow-wrap:anywhere]">
          {file.fileName} <span className="whitespace-nowrap text-slate-700">({formatFileSize(file.fileSize)})</span>
        </span>
      </span>
      <button
        type={hydrated ? "button" : "submit"}
        form={hydrated ? undefined : DOCUMENTS_FORM_ID}
        name={hydrated ? undefined : "intent"}
        value={hydrated ? undefined : `remove:${file.id}`}
        formNoValidate
        className="btn-ghost shrink-0 px-2 py-1 text-red-700"
        disabled={removing}
        onClick={
          hydrated
            ? () => {
                remover.submit(
                  { intent: "remove", documentId: String(file.id) },
                  { method: "post", action: DOCUMENTS_ACTION, preventScrollReset: true },
                );
                // The button leaves with its row: focus goes to the tile's file input.
                document.getElementById(`file-${area}`)?.focus();
              }
            : undefined
        }
      >
        {removing ? t("documents.removing") : t("documents.remove")}
        <span className="sr-only"> {file.fileName}</span>
      </button>
    </li>
  );
}
