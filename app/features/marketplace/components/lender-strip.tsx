import { useT } from "~/ui/i18n";

/**
 * The landing's partner-lender strip: the names of the lenders of the active catalogue, each as a
 * simple word mark (a monogram tile and the name in text). Nothing when the catalogue is empty.
 */
export function LenderStrip({ names }: { names: string[] }) {
  const { t } = useT("landing");
  if (!names.length) return null;
  return (
    <section aria-labelledby="lenders-heading" className="border-t border-slate-200 bg-surface" data-testid="lender-strip">
      <div className="mx-auto max-w-6xl px-4 py-8">
        <h2 id="lenders-heading" className="text-center text-eyebrow uppercase text-muted">
          {t("lendersHeading")}
        </h2>
        <ul className="mt-5 flex flex-wrap items-center justify-center gap-x-8 gap-y-4">
          {names.map((name) => (
            <li key={name} className="flex items-center gap-2 text-base font-semibold text-ink" data-testid="partner-lender">
              <span
                aria-hidden="true"
                className="flex h-8 w-8 items-center justify-center rounded-md bg-brand-700 text-sm font-bold text-white"
              >
                {name.trim().charAt(0).toUpperCase()}
              </span>
              {name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
