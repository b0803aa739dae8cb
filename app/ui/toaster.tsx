/**
 * Toasts: one visible at a time, 5000 ms, swipe right (50 px) or close to
 * dismiss, F8 focuses the region 'Notifications (F8)', max width 420px, default/destructive.
 * The server renders the toast, so without JavaScript it is a visible role="status" message.
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from "~/content/constants";
import type { ToastMessage } from "~/content/messages";
import { subscribeToasts } from "~/ui/toast-bus";
import { useHydrated } from "remix-utils/use-hydrated";
import { useT } from "~/ui/i18n";
import { useToastText } from "~/ui/use-message";

/** useLayoutEffect in the browser; on the server (where it cannot run and React warns) useEffect. */
const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

export type ToastData = ToastMessage & { id: string };

/** What a toast must not lie over: controls, and cards marked `data-toast-avoid` (the upload tiles and cards). */
const CONTROLS =
  "a[href],button,input:not([type=hidden]),select,textarea,summary,label,[role=progressbar],[tabindex]:not([tabindex='-1']),[data-toast-avoid]";

/** How many visible controls and cards (outside the toast) a rectangle covers. */
function coveredControls(rect: DOMRect, region: HTMLElement): number {
  let n = 0;
  for (const el of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (region.contains(el)) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    if (r.right > rect.left && r.left < rect.right && r.bottom > rect.top && r.top < rect.bottom) n++;
  }
  return n;
}

export function Toaster({ toast }: { toast: ToastData | null }) {
  const [current, setCurrent] = useState<ToastData | null>(toast);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  // No place on screen where it covers nothing (a phone full of upload cards): in the page's flow
  // at the top instead, as without JavaScript; it is still announced (role="status").
  const [inline, setInline] = useState(false);
  const location = useLocation();
  const lastPath = useRef(location.pathname);
  const regionRef = useRef<HTMLDivElement>(null);
  const startX = useRef<number | null>(null);
  const [dx, setDx] = useState(0);
  const toastText = useToastText();

  useEffect(() => {
    // One toast at a time: a new toast replaces the one on screen.
    if (toast) setCurrent(toast);
  }, [toast]);

  useEffect(() => subscribeToasts((t) => setCurrent(t)), []);

  // A toast belongs to the page it was raised on: on another page, only that page's own toast
  // (from its loader) shows, so e.g. a failed password does not follow the admin to the
  // two-factor page. A form posted to the same page (whose answer raises its own toast) is not
  // another page: keying this on the path, not the location key, keeps that toast.
  useEffect(() => {
    if (lastPath.current === location.pathname) return;
    lastPath.current = location.pathname;
    setCurrent((c) => (c && toast && c.id === toast.id ? c : (toast ?? null)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

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
  // With JavaScript the toast floats: it takes the first place, from the bottom right corner up,
  // where it covers no control and no card, checked again when the page scrolls, resizes or
  // changes; where there is none, it goes into the page's flow at the top.
  useIsomorphicLayoutEffect(() => {
    if (!current || !hydrated) return;
    const region = regionRef.current;
    if (!region) return;
    let frame = 0;
    const choose = () => {
      const card = region.querySelector<HTMLElement>("[data-toast]");
      if (!card) return;
      const h = card.offsetHeight + 32;
      const w = Math.min(window.innerWidth, 420);
      // The bottom right corner first, then higher up (and the left edge), 16 px at a time.
      let free: { top: number; left: number } | null = null;
      search: for (let top = window.innerHeight - h; top >= 0; top -= 16) {
        for (const left of [window.innerWidth - w, 0]) {
          if (coveredControls(new DOMRect(left, top, w, h), region) === 0) {
            free = { top, left };
            break search;
          }
        }
      }
      setPlace(free);
      setInline(!free);
    };
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(choose);
    };
    choose();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    // The page may change under it (an upload's card leaves, the list grows): checked again too.
    const changes = new MutationObserver((records) => {
      if (records.some((r) => !region.contains(r.target))) schedule();
    });
    changes.observe(document.body, { childList: true, subtree: true });
    return () => {
      changes.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [current, hydrated]);

  const { t } = useT("toasts");
  // Kept in English (the cookie, the action's answer); shown in the page's language.
  const shown = current ? toastText(current) : null;
  const destructive = current?.variant === "destructive";
  const floating = hydrated && !inline;
  return (
    <div
      ref={regionRef}
      tabIndex={-1}
      role="region"
      aria-label={t("region")}
      data-place={floating ? "floating" : "inline"}
      // With JavaScript: floating where it covers no control (see above).
      style={floating ? (place ? { top: place.top, left: place.left } : { bottom: 0, right: 0 }) : undefined}
      className={
        floating
          ? "pointer-events-none fixed z-50 flex w-full max-w-[420px] flex-col p-4 outline-none"
          : // Without JavaScript it stays until closed: in the page's flow at the top, so it
            // covers nothing (the page is drawn with it, nothing moves later).
            "mx-auto flex w-full max-w-3xl flex-col px-4 pt-3 outline-none empty:hidden"
      }
    >
      {current && !hydrated ? (
        <input type="checkbox" id={`toast-close-${current.id}`} className="peer sr-only" aria-label={t("close")} />
      ) : null}
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
          } ${destructive ? "border-red-800 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900"}`}
        >
          <p className="text-sm font-semibold">{shown?.title}</p>
          {shown?.description ? <p className="mt-1 text-sm opacity-90">{shown.description}</p> : null}
          {hydrated ? (
            <button
              type="button"
              aria-label={t("close")}
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
              <span className="sr-only">{t("close")}</span>
            </label>
          )}
        </div>
      ) : null}
    </div>
  );
}
