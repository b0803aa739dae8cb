/**
 * Uploads with a progress bar per file, with JavaScript. `fetch` reports no upload progress, so a
 * file goes up by XMLHttpRequest to the same action a plain form posts to, with the header
 * `UPLOAD_CLIENT_HEADER`: the action then answers JSON (`UploadJsonAnswer`) instead of a redirect,
 * and the page revalidates its loaders, as a fetcher's submission would. Without JavaScript
 * nothing here runs: the form posts as it is.
 *
 * The uploads in flight are kept in one small store, so a page can wait for all of them (the
 * wizard's Continue) and each tile or card can draw its own bar.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { UPLOAD_PROGRESS } from "~/content/document-types";
import type { ToastMessage } from "~/content/messages";
import { formatFileSize } from "~/ui/format";
import { useT } from "~/ui/i18n";

/** Sent with an upload by XMLHttpRequest: answer JSON, not a redirect. */
export const UPLOAD_CLIENT_HEADER = "X-Upload-Client";
export const UPLOAD_CLIENT_VALUE = "progress";

/** The answer to an upload sent with the header above. */
export type UploadJsonAnswer = {
  ok: boolean;
  /** The refusal, as the plain form shows it (the form or area it belongs to, and the message). */
  upload?: { area?: string; form?: string; message?: string; error?: string } | null;
  toast?: (ToastMessage & { id: string }) | null;
  /** The page's guard answered with a redirect (the session is gone): go there. */
  redirectTo?: string;
};

export type UploadState = { name: string; size: number; loaded: number; total: number; phase: "waiting" | "sending" | "saving" };

const uploads = new Map<string, UploadState>();
const listeners = new Set<() => void>();
let snapshot: ReadonlyMap<string, UploadState> = new Map();

function publish() {
  snapshot = new Map(uploads);
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => void listeners.delete(l);
}

const EMPTY: ReadonlyMap<string, UploadState> = new Map();
const getSnapshot = () => snapshot;
const getServerSnapshot = () => EMPTY;

/** The upload running under `key` (a tile or a card), or null. */
export function useUpload(key: string): UploadState | null {
  const all = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return all.get(key) ?? null;
}

/** Whether any upload whose key starts with `prefix` is running or waiting. */
export function useUploadsInFlight(prefix = ""): boolean {
  const all = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  for (const k of all.keys()) if (k.startsWith(prefix)) return true;
  return false;
}

/** Whether an upload whose key starts with `prefix` is being sent or saved (not only waiting). */
export function useUploadsRunning(prefix = ""): boolean {
  const all = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  for (const [k, u] of all) if (k.startsWith(prefix) && u.phase !== "waiting") return true;
  return false;
}

/** Marks `key` as waiting for its turn (another upload runs). */
export function markWaiting(key: string, file: File) {
  uploads.set(key, { name: file.name, size: file.size, loaded: 0, total: file.size, phase: "waiting" });
  publish();
}

/**
 * Sends `body` to `url` (POST, multipart) and reports progress under `key`. Resolves with the
 * answer's status and JSON body (a body that is not JSON: a 500 with none); a network failure
 * resolves as status 0.
 */
export function sendUpload(
  key: string,
  url: string,
  body: FormData,
  file: File,
): Promise<{ status: number; answer: UploadJsonAnswer | null }> {
  uploads.set(key, { name: file.name, size: file.size, loaded: 0, total: file.size, phase: "sending" });
  publish();
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader(UPLOAD_CLIENT_HEADER, UPLOAD_CLIENT_VALUE);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      const cur = uploads.get(key);
      if (!cur) return;
      const total = e.lengthComputable && e.total ? e.total : cur.total;
      const loaded = Math.min(e.loaded, total);
      uploads.set(key, { ...cur, loaded, total, phase: loaded >= total ? "saving" : "sending" });
      publish();
    };
    xhr.upload.onload = () => {
      const cur = uploads.get(key);
      if (cur) uploads.set(key, { ...cur, loaded: cur.total, phase: "saving" });
      publish();
    };
    const done = (status: number, text: string | null) => {
      let answer: UploadJsonAnswer | null = null;
      try {
        answer = text ? (JSON.parse(text) as UploadJsonAnswer) : null;
      } catch {
        answer = null;
      }
      resolve({ status: answer || status === 0 ? status : 500, answer });
    };
    xhr.onload = () => done(xhr.status, xhr.responseText);
    xhr.onerror = () => done(0, null);
    xhr.onabort = () => done(0, null);
    xhr.send(body);
  });
}

/** The upload under `key` is over (answered, refused or failed). */
export function finishUpload(key: string) {
  if (uploads.delete(key)) publish();
}

/**
 * After a saved upload: the page's loaders run again, and the upload under `key` stays "checking
 * and saving" until they are done (the list then shows the file). Returns the function that starts that.
 */
export function useReloadThenFinish(key: string): () => void {
  const revalidator = useRevalidator();
  const [refreshing, setRefreshing] = useState(false);
  const sawLoading = useRef(false);
  useEffect(() => {
    if (!refreshing) return;
    if (revalidator.state === "loading") sawLoading.current = true;
    else if (sawLoading.current) {
      sawLoading.current = false;
      setRefreshing(false);
      finishUpload(key);
    }
  }, [refreshing, revalidator.state, key]);
  return () => {
    setRefreshing(true);
    revalidator.revalidate();
  };
}

/** One file's bar: how much of it is sent (a percentage), then "checking and saving". */
export function UploadProgressBar({ upload, className = "" }: { upload: UploadState; className?: string }) {
  const percent = upload.total ? Math.round((upload.loaded / upload.total) * 100) : 0;
  // In the page's language (English: UPLOAD_PROGRESS's words, as the defaults).
  const { t } = useT("apply");
  const name = upload.name;
  const size = formatFileSize(upload.size);
  const text =
    upload.phase === "waiting"
      ? t("documents.progressWaiting", { name, defaultValue: UPLOAD_PROGRESS.waiting(name) })
      : upload.phase === "saving"
        ? t("documents.progressSaving", { name, defaultValue: UPLOAD_PROGRESS.saving(name) })
        : t("documents.progressSending", { name, size, percent, defaultValue: UPLOAD_PROGRESS.sending(name, size, percent) });
  return (
    <div
      className={`rounded-md border border-blue-200 bg-white p-3 text-sm ${className}`}
      data-testid="upload-progress"
      data-phase={upload.phase}
    >
      <p className="break-words text-slate-900 [overflow-wrap:anywhere]" aria-hidden="true">
        {text}
      </p>
      {/* Read out when the phase changes, not at every percent. */}
      <p className="sr-only" role="status">
        {upload.phase === "sending"
          ? t("documents.progressStarted", { name, size, defaultValue: UPLOAD_PROGRESS.started(name, size) })
          : text}
      </p>
      {/* Waiting and saving have no measure: an indeterminate bar (no value). */}
      <progress
        className="mt-2 h-2 w-full"
        aria-label={t("documents.progressLabel", { name, defaultValue: UPLOAD_PROGRESS.label(name) })}
        max={upload.phase === "sending" ? upload.total || 1 : undefined}
        value={upload.phase === "sending" ? upload.loaded : undefined}
      />
    </div>
  );
}
