/**
 * The review workspace's shared pieces, for the admins' (/admin/review) and the lenders'
 * (/lender/review) workspaces: the queue beside the application (above it on phones), a document
 * viewed inline, and the keyboard shortcuts with their visible help. Everything is a plain link or
 * form; the shortcuts only add keys to them when JavaScript runs.
 */
import { Link, useNavigate } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { NewTabIcon } from "./new-tab";

export type ReviewQueueItem = {
  id: number;
  reference: string;
  applicant: string;
  /** The application's state as its reader names it (the admin status, or the lender's stage). */
  state: string;
  /** Open offers. */
  offers: number;
  sla: { sinceSubmitted: string; sinceLastAction: string; overdue: boolean };
};

type Level = 2 | 3 | 4;
function Heading({ level, id, className, children }: { level: Level; id: string; className: string; children: ReactNode }) {
  const H = `h${level}` as const;
  return (
    <H id={id} className={className}>
      {children}
    </H>
  );
}

export function ReviewWorkspaceLayout({ queue, children }: { queue: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
      <div className="min-w-0">{queue}</div>
      <div className="min-w-0 space-y-4">{children}</div>
    </div>
  );
}

export function ReviewQueue({
  rows,
  currentId,
  hrefFor,
  level = 3,
}: {
  rows: ReviewQueueItem[];
  currentId: number | null;
  hrefFor: (id: number) => string;
  level?: Level;
}) {
  const th = "px-2 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700";
  return (
    <section aria-labelledby="review-queue-h" className="rounded-lg border border-slate-200 bg-white" data-testid="review-queue">
      <Heading level={level} id="review-queue-h" className="px-3 pt-3 text-base font-semibold">
        Queue <span className="font-normal text-slate-700">({rows.length} waiting, oldest first)</span>
      </Heading>
      {rows.length === 0 ? (
        <p className="p-3 text-sm text-slate-700">Nothing is waiting for review.</p>
      ) : (
        <div className="max-h-72 overflow-auto lg:max-h-[80vh]" tabIndex={0} role="region" aria-label="Review queue">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Applications waiting for review, oldest first</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={th}>
                  Applicant
                </th>
                <th scope="col" className={th}>
                  State
                </th>
                <th scope="col" className={th}>
                  Offers
                </th>
                <th scope="col" className={th}>
                  SLA
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((r) => {
                const current = r.id === currentId;
                return (
                  <tr key={r.id} className={current ? "bg-blue-50" : undefined} data-testid="review-queue-row" data-application-id={r.id}>
                    <td className="px-2 py-2">
                      <Link
                        to={hrefFor(r.id)}
                        className="font-mono font-semibold text-blue-800 underline"
                        aria-current={current ? "page" : undefined}
                        data-queue-link
                      >
                        {r.reference}
                      </Link>
                      <span className="block break-words text-slate-800">{r.applicant}</span>
                    </td>
                    <td className="px-2 py-2">{r.state}</td>
                    <td className="px-2 py-2 tabular-nums">{r.offers}</td>
                    <td
                      className={`whitespace-nowrap px-2 py-2 tabular-nums ${r.sla.overdue ? "bg-amber-100 font-semibold text-amber-950" : ""}`}
                      data-testid="review-sla"
                      data-overdue={r.sla.overdue || undefined}
                    >
                      {r.sla.sinceSubmitted} <span className="block text-xs font-normal">idle {r.sla.sinceLastAction}</span>{" "}
                      {r.sla.overdue ? <span className="block text-xs">Overdue</span> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The workspace before an application is chosen: a link to the oldest in the queue, or nothing waiting. */
export function ReviewStart({ queue, basePath }: { queue: Array<Pick<ReviewQueueItem, "id" | "reference">>; basePath: string }) {
  const first = queue[0];
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      {first ? (
        <p>
          Choose an application from the queue, or{" "}
          <Link to={`${basePath}/${first.id}`} className="link">
            start with the oldest, {first.reference}
          </Link>
          .
        </p>
      ) : (
        <p>Nothing is waiting for review.</p>
      )}
    </div>
  );
}

export type ViewedDocument = { id: number; label: string; fileName: string; contentType: string };

/** The documents of the application as links (`?doc=`), the chosen one marked. */
export function DocumentPicker({
  documents,
  currentId,
  hrefFor,
}: {
  documents: ViewedDocument[];
  currentId: number | null;
  hrefFor: (id: number) => string;
}) {
  if (!documents.length) return <p className="text-sm text-slate-700">No documents uploaded.</p>;
  return (
    <nav aria-label="Documents">
      <ul className="flex flex-wrap gap-2" data-testid="review-documents">
        {documents.map((d) => (
          <li key={d.id}>
            <Link
              to={hrefFor(d.id)}
              className={`btn-outline px-3 py-1 text-sm ${d.id === currentId ? "ring-2 ring-blue-700" : ""}`}
              aria-current={d.id === currentId ? "page" : undefined}
            >
              {d.label}
              <span className="sr-only"> {d.fileName}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * One document inline from its authorised preview route (same origin only: the route's
 * frame-ancestors 'self'): an image as an image, anything else (PDF, Word) in a frame.
 */
export function DocumentViewer({
  document: d,
  previewHref,
  downloadHref,
  level = 4,
}: {
  document: ViewedDocument;
  previewHref: string;
  downloadHref: string;
  level?: Level;
}) {
  const title = `${d.label}: ${d.fileName}`;
  return (
    <section id="document-viewer" aria-labelledby="document-viewer-h" className="space-y-2" data-testid="document-viewer">
      <Heading level={level} id="document-viewer-h" className="break-all text-base font-semibold">
        {title}
      </Heading>
      {d.contentType.startsWith("image/") ? (
        <img src={previewHref} alt={title} className="max-h-[70vh] max-w-full rounded border border-slate-300 bg-white" />
      ) : (
        <iframe src={previewHref} title={title} className="h-[70vh] w-full rounded border border-slate-300 bg-white" />
      )}
      <p className="flex flex-wrap gap-3 text-sm">
        <a href={previewHref} target="_blank" rel="noopener noreferrer" className="link">
          Open in a new tab<span className="sr-only"> {d.fileName}</span>
          <NewTabIcon />
        </a>
        <a href={downloadHref} className="link">
          Download<span className="sr-only"> {d.fileName}</span>
        </a>
      </p>
    </section>
  );
}

const SHORTCUTS = [
  { key: "j", what: "Next application in the queue" },
  { key: "k", what: "Previous application in the queue" },
  { key: "a", what: "Accept the document shown", review: true },
  { key: "r", what: "Reject the document shown (moves to the reason)", review: true },
];

/** The visible list of the shortcuts (`review`: the accept and reject keys too). */
export function ShortcutsHelp({ review, level = 3 }: { review: boolean; level?: Level }) {
  return (
    <section
      aria-labelledby="shortcuts-h"
      className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
      data-testid="keyboard-shortcuts"
    >
      <Heading level={level} id="shortcuts-h" className="text-base font-semibold">
        Keyboard shortcuts
      </Heading>
      <p className="text-slate-700">With JavaScript on, when the cursor is not in a text field:</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {SHORTCUTS.filter((s) => review || !s.review).map((s) => (
          <div key={s.key} className="contents">
            <dt>
              <kbd className="rounded border border-slate-400 bg-slate-100 px-1.5 font-mono">{s.key}</kbd>
            </dt>
            <dd>{s.what}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || Boolean(t.closest("input, textarea, select, [contenteditable='true']")));

/**
 * The keys: j / k follow the queue's next / previous link, a presses the accept button, r moves
 * to the rejection's reason. Nothing happens while a text field, list or check box has the focus,
 * or with a modifier held.
 */
export function ReviewShortcuts() {
  const navigate = useNavigate();
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      if (e.key === "j" || e.key === "k") {
        const links = [...document.querySelectorAll<HTMLAnchorElement>("a[data-queue-link]")];
        if (!links.length) return;
        const at = links.findIndex((l) => l.getAttribute("aria-current") === "page");
        const next = at < 0 ? 0 : e.key === "j" ? Math.min(at + 1, links.length - 1) : Math.max(at - 1, 0);
        if (next === at) return;
        e.preventDefault();
        navigate(links[next]!.getAttribute("href")!);
      } else if (e.key === "a") {
        const button = document.querySelector<HTMLButtonElement>("button[data-shortcut='accept']");
        if (!button || button.disabled) return;
        e.preventDefault();
        button.click();
      } else if (e.key === "r") {
        const reason = document.querySelector<HTMLElement>("[data-shortcut='reject']");
        if (!reason) return;
        e.preventDefault();
        reason.focus();
      }
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate]);
  return null;
}
