/**
 * The FAQ as an exclusive accordion: <details name="faq"> lets the browser keep one question open
 * at a time, with or without JavaScript. With JavaScript, browsers that do not know the name
 * attribute get the same behaviour from onToggle, and /faq#<id> opens that question.
 */
import { useEffect, useRef, type SyntheticEvent } from "react";
import type { Faq } from "~/content/faq";

const GROUP = "faq";

export function FaqAccordion({ items }: { items: readonly Faq[] }) {
  const listRef = useRef<HTMLDivElement>(null);

  const onToggle = (e: SyntheticEvent<HTMLDetailsElement>) => {
    const opened = e.currentTarget;
    if (!opened.open) return;
    listRef.current?.querySelectorAll<HTMLDetailsElement>(`details[name="${GROUP}"][open]`).forEach((d) => {
      if (d !== opened) d.open = false;
    });
  };

  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    const target = listRef.current?.querySelector<HTMLDetailsElement>(`details[id="${CSS.escape(id)}"]`);
    if (target) target.open = true;
  }, []);

  return (
    <div ref={listRef} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {items.map((faq, i) => (
        <details key={faq.id} id={faq.id} name={GROUP} open={i === 0} onToggle={onToggle} className="group scroll-mt-28">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
            <span>{faq.question}</span>
            <svg
              aria-hidden="true"
              focusable="false"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="h-5 w-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
            >
              <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
            </svg>
          </summary>
          <div className="px-5 pb-5 text-slate-700">
            <p>{faq.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
