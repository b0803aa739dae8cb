/**
 * Toasts (spec section 9): one visible at a time, 5000 ms, swipe right (50 px) or close to
 * dismiss, F8 focuses the region 'Notifications (F8)', max width 420px, default/destructive.
 * The server renders the toast, so without JavaScript it is a visible role="status" message.
 */
import { useEffect, useRef, useState } from "react";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from "~/utils/constants";
import type { ToastMessage } from "~/utils/messages";
import { subscribeToasts } from "~/utils/toast-bus";
import { useHydrated } from "remix-utils/use-hydrated";

export type ToastData = ToastMessage & { id: string };

export function Toaster({ toast }: { toast: ToastData | null }) {
  const [current, setCurrent] = useState<ToastData | null>(toast);
  const regionRef = useRef<HTMLDivElement>(null);
  const startX = useRef<number | null>(null);
  const [dx, setDx] = useState(0);

  useEffect(() => {
    // TOAST_LIMIT is 1: a new toast replaces the one on screen.
    if (toast) setCurrent(toast);
  }, [toast]);

  useEffect(() => subscribeToasts((t) => setCurrent(t)), []);

  useEffect(() => {
    if (!current) return;
    const t = setTimeout(() => setCurrent(null), TOAST_DURATION_MS);
    return () => clearTimeout(t);
  }, [current]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F8") {
        e.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const hydrated = useHydrated();
  const destructive = current?.variant === "destructive";
  return (
    <div
      ref={regionRef}
      tabIndex={-1}
      role="region"
      aria-label="Notifications (F8)"
      className={`pointer-events-none fixed right-0 z-50 flex w-full max-w-[420px] flex-col p-4 outline-none ${
        // With JavaScript the toast leaves after 5 s, so the usual bottom corner is fine. Without
        // it, it stays until closed: below the header, clear of the forms' buttons at the bottom.
        hydrated ? "bottom-0" : "top-24"
      }`}
    >
      {current && !hydrated ? <input type="checkbox" id={`toast-close-${current.id}`} className="peer sr-only" aria-label="Close notification" /> : null}
      {current ? (
        <div
          key={current.id}
          role="status"
          aria-live="polite"
          data-toast
          data-variant={current.variant ?? "default"}
          style={{ transform: dx ? `translateX(${dx}px)` : undefined }}
          onPointerDown={(e) => (startX.current = e.clientX)}
          onPointerMove={(e) => startX.current !== null && setDx(Math.max(0, e.clientX - startX.current))}
          onPointerUp={() => {
            if (dx > TOAST_SWIPE_THRESHOLD_PX) setCurrent(null);
            startX.current = null;
            setDx(0);
          }}
          className={`relative rounded-md border p-4 pr-10 shadow-lg peer-checked:hidden ${
            // Without JavaScript the toast stays until closed, so it lets clicks through to
            // whatever it covers (only its close control takes them).
            hydrated ? "pointer-events-auto" : "pointer-events-none"
          } ${
            destructive ? "border-red-800 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900"
          }`}
        >
          <p className="text-sm font-semibold">{current.title}</p>
          {current.description ? <p className="mt-1 text-sm opacity-90">{current.description}</p> : null}
          {hydrated ? (
          <button
            type="button"
            aria-label="Close notification"
            onClick={() => setCurrent(null)}
            className="absolute right-2 top-2 rounded px-2 text-lg leading-none opacity-80 hover:opacity-100"
          >
            ×
          </button>
          ) : (
            <label
              htmlFor={`toast-close-${current.id}`}
              className="pointer-events-auto absolute right-2 top-2 cursor-pointer rounded px-2 text-lg leading-none opacity-80 hover:opacity-100"
            >
              <span aria-hidden="true">×</span>
              <span className="sr-only">Close notification</span>
            </label>
          )}
        </div>
      ) : null}
    </div>
  );
}
