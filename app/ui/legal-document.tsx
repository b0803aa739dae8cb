/** A legal page: title, last-updated date, a table of contents and numbered sections. */
import type { LegalSection } from "~/content/legal";
import { site } from "~/content/site";
import { useT } from "~/ui/i18n";

/** The legal pages, by their key in the "legal" namespace. */
export type LegalDoc = "terms" | "privacy" | "security";

/**
 * `sections` gives the order and ids; the words are the "legal" namespace's (English: app/content's).
 * In another language the page is the translation, under a note that the English text governs.
 */
export function LegalDocument({ doc, sections }: { doc: LegalDoc; sections: readonly LegalSection[] }) {
  const { t, i18n } = useT("legal");
  const { t: tc } = useT("common");
  const translated = i18n.language !== "en";
  return (
    <article className="mx-auto max-w-3xl px-4 py-12" lang={i18n.language}>
      {translated ? (
        <p
          lang={i18n.language}
          className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-slate-800"
          data-testid="english-governs"
        >
          {tc("legal.englishGoverns")}
        </p>
      ) : null}
      <h1 className="text-3xl font-bold text-slate-900">{t(`${doc}.heading`)}</h1>
      <p className="mt-2 text-sm text-slate-700" data-testid="legal-updated">
        {t("lastUpdated", { date: t("date") })}
      </p>
      <p className="mt-6 text-slate-700">{t(`${doc}.intro`, { site: site.name })}</p>
      <nav aria-labelledby="toc-heading" className="mt-8 rounded-lg border border-slate-200 bg-slate-50 p-5">
        <h2 id="toc-heading" className="font-semibold text-slate-900">
          {t("contents")}
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="link">
                {t(`${doc}.sections.${s.id}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="mt-10 scroll-mt-28" data-testid="legal-section">
          <h2 id={`${s.id}-heading`} className="text-xl font-semibold text-slate-900">
            {i + 1}. {t(`${doc}.sections.${s.id}.title`)}
          </h2>
          {s.paragraphs.map((p, j) => (
            <p key={p} className="mt-3 leading-relaxed text-slate-700">
              {t(`${doc}.sections.${s.id}.paragraphs.${j}`)}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
