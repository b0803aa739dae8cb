/**
 * "There is a problem": the one summary of a failed form, shown at the top of the page so a page
 * reloaded without JavaScript shows what went wrong where the reader already is, each error a
 * link to its field (`#field-id`). Without JavaScript the browser focuses it (`autofocus`) and so
 * scrolls it into view; with JavaScript it takes focus when a new server answer brings errors.
 *
 * Feed it `{ href, message }` items; `conformSummary(form, fields)` builds them from a Conform form
 * (the server's last answer), `replySummary(errors, idOf)` from a plain `{ field: [messages] }`.
 */
import { useEffect, useRef } from "react";
import { useT } from "~/ui/i18n";
import { useMessage } from "~/ui/use-message";
import type { AnyFieldMeta } from "./forms";

export type SummaryItem = { href: string; message: string };

export function ErrorSummary({
  items,
  title,
  id = "error-summary",
  className = "",
}: {
  items: SummaryItem[];
  title?: string;
  id?: string;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const message = useMessage();
  const { t } = useT("common");
  const signature = items.map((i) => i.href + i.message).join("|");
  // A new set of errors (a new server answer) takes focus, as the reload does without JavaScript.
  useEffect(() => {
    if (signature) box.current?.focus();
  }, [signature]);
  if (!items.length) return null;
  const headingId = `${id}-title`;
  return (
    <div
      ref={box}
      id={id}
      role="alert"
      aria-labelledby={headingId}
      tabIndex={-1}
      // Without JavaScript the page opens focused (and scrolled) on the summary.
      autoFocus
      data-testid="error-summary"
      className={`mb-6 scroll-mt-4 rounded-md border-2 border-red-700 bg-white p-4 text-sm text-slate-900 focus:outline focus:outline-4 focus:outline-offset-2 focus:outline-red-300 ${className}`}
    >
      <h2 id={headingId} className="text-lg font-bold text-red-800">
        {title ?? t("thereIsAProblem")}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {items.map((i) => (
          <li key={i.href + i.message}>
            <a href={i.href} className="font-semibold text-red-800 underline underline-offset-2">
              {message(i.message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

type ConformFormLike = { id: string; errorId: string; errors?: string[] | null };

/**
 * The errors of a Conform form once the server has answered (`lastResult` given and not a success):
 * each field's current messages (so a field fixed as the applicant types leaves the list), then the
 * form's own error, linked to its message.
 */
export function conformSummary(
  lastResult: { status?: string; error?: Record<string, string[] | null> | null } | null | undefined,
  form: ConformFormLike,
  fields: Record<string, AnyFieldMeta | undefined>,
  ids: Record<string, string> = {},
): SummaryItem[] {
  if (!lastResult || lastResult.status === "success" || !lastResult.error) return [];
  const items: SummaryItem[] = [];
  // Conform's `fields` is a proxy (it lists no keys): walk the names the answer has errors for.
  for (const name of Object.keys(lastResult.error)) {
    if (!name) continue;
    const meta = fields[name];
    const messages = meta ? meta.errors : lastResult.error[name];
    for (const message of messages?.filter(Boolean) ?? [])
      items.push({ href: `#${ids[name] ?? meta?.id ?? `${form.id}-${name}`}`, message });
  }
  for (const message of form.errors?.filter(Boolean) ?? []) items.push({ href: `#${form.errorId}`, message });
  return items;
}

/** Items from a plain reply: `{ field: [messages] }`, with the id each field's input has. */
export function replySummary(
  errors: Record<string, string[] | string | null | undefined> | null | undefined,
  idOf: (name: string) => string,
): SummaryItem[] {
  if (!errors) return [];
  return Object.entries(errors).flatMap(([name, list]) =>
    (Array.isArray(list) ? list : list ? [list] : []).filter(Boolean).map((message) => ({ href: `#${idOf(name)}`, message })),
  );
}
