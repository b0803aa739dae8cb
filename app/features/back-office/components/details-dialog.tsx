/**
 * A modal dialog for a nested route (native <dialog>: focus is held inside, Esc and the backdrop
 * close it). Closing goes to `closeHref`; focus then returns to what opened it.
 */
import { Link, useNavigate } from "@remix-run/react";
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

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      // The route changed: put focus back where it was (e.g. the row's link), if it still exists.
      if (opener?.isConnected) setTimeout(() => opener.focus(), 0);
    };
  }, []);

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
      <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-slate-200 bg-white px-6 py-4">
        {title}
        <Link to={closeHref} preventScrollReset className="btn-ghost px-3 py-1" aria-label="Close details">
          Close
        </Link>
      </div>
      <div className="max-h-[75vh] overflow-y-auto px-6 py-4">{children}</div>
    </dialog>
  );
}
