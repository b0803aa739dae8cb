/**
 * A modal dialog for a nested route (native <dialog>: focus is held inside, Esc and the backdrop
 * close it). Closing goes to `closeHref`; focus then returns to what opened it (the row's link to
 * this page, found again if the list was re-rendered). After an action inside, focus stays in the
 * dialog: on the section the answer's fragment names (#notes), or else on the dialog's title bar.
 */
import { Link, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

export function RouteDialog({
  labelledBy,
  closeHref,
  title,
  children,
}: {
  labelledBy: string;
  closeHref: string;
  title: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const close = () => navigate(closeHref, { preventScrollReset: true });
  const location = useLocation();
  const navigation = useNavigation();

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const path = window.location.pathname;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      // The route changed: put focus back on the row's link to this page (the list may have been
      // drawn again since it opened), or on what opened the dialog if it still exists.
      setTimeout(() => {
        const rowLink = [...document.querySelectorAll<HTMLAnchorElement>("a[href]")].find((a) => {
          const href = a.getAttribute("href") ?? "";
          return href === path || href.startsWith(`${path}?`) || href.startsWith(`${path}#`);
        });
        const target = rowLink ?? (opener?.isConnected ? opener : null);
        target?.focus();
      }, 0);
    };
  }, []);

  // An action answered and the page is at rest: if focus fell out of the dialog (the form that had
  // it was drawn again), bring it back inside, to the section acted on when the address names one.
  useEffect(() => {
    const dialog = ref.current;
    if (navigation.state !== "idle" || !dialog?.open) return;
    if (document.activeElement && dialog.contains(document.activeElement)) return;
    const id = location.hash ? decodeURIComponent(location.hash.slice(1)) : "";
    const section = id ? dialog.querySelector<HTMLElement>(`[id="${CSS.escape(id)}"]`) : null;
    (section ?? dialog.querySelector<HTMLElement>("[data-dialog-top]"))?.focus();
  }, [navigation.state, location.key, location.hash]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-modal="true"
      data-testid="details-dialog"
      className="w-[calc(100vw-1rem)] max-w-3xl rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      <div
        data-dialog-top
        tabIndex={-1}
        className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-slate-200 bg-white px-6 py-4 focus:outline-none"
      >
        {title}
        <Link to={closeHref} preventScrollReset className="btn-ghost px-3 py-1" aria-label="Close details">
          Close
        </Link>
      </div>
      <div className="max-h-[75vh] overflow-y-auto px-6 py-4">{children}</div>
    </dialog>
  );
}
