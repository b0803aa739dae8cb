/**
 * The FAQ as an exclusive accordion that needs no JavaScript (the page is sent without scripts to
 * anonymous visitors): <details name="faq"> lets the browser keep one question open at a
 * time, and /faq#<id> opens that question because the id is on the answer, inside the details'
 * content: on a fragment navigation the browser opens a closed <details> around its target
 * ("ancestor details revealing"; it does not when the target is the <details> itself). The answer's
 * scroll margin leaves room for the sticky header and the question above it, so the question shows.
 *
 * A hydrated page (signed-in visitor) reaching /faq#<id> by a client-side navigation has no
 * fragment navigation, so the effect opens and shows that question.
 */
import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import type { Faq } from "~/content/faq";

const GROUP = "faq";

export function FaqAccordion({ items }: { items: readonly Faq[] }) {
  const { hash } = useLocation();

  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    const answer = id ? document.getElementById(id) : null;
    const details = answer?.closest<HTMLDetailsElement>(`details[name="${GROUP}"]`);
    if (!answer || !details || details.open) return;
    details.open = true;
    answer.scrollIntoView();
  }, [hash]);

  return (
    <div className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {items.map((faq, i) => (
        <details key={faq.id} name={GROUP} open={i === 0} className="group">
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
          <div id={faq.id} className="scroll-mt-48 px-5 pb-5 text-slate-700" data-testid="faq-answer">
            <p>{faq.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
