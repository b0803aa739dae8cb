/** A legal page: title, last-updated date, a table of contents and numbered sections. */
import type { LegalSection } from "~/content/legal";
import { legalLastUpdated } from "~/content/legal";
import { useT } from "~/ui/i18n";

export function LegalDocument({ title, intro, sections }: { title: string; intro: string; sections: readonly LegalSection[] }) {
  const { t, i18n } = useT("common");
  // In another language the legal text stays the English one, which governs (said in that language).
  const translated = i18n.language !== "en";
  return (
    <article className="mx-auto max-w-3xl px-4 py-12" lang="en">
      {translated ? (
        <p
          lang={i18n.language}
          className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-slate-800"
          data-testid="english-governs"
        >
          {t("legal.englishGoverns")}
        </p>
      ) : null}
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-700" data-testid="legal-updated">
        Last updated: {legalLastUpdated}
      </p>
      <p className="mt-6 text-slate-700">{intro}</p>
      <nav aria-labelledby="toc-heading" className="mt-8 rounded-lg border border-slate-200 bg-slate-50 p-5">
        <h2 id="toc-heading" className="font-semibold text-slate-900">
          Contents
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="link">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="mt-10 scroll-mt-28" data-testid="legal-section">
          <h2 id={`${s.id}-heading`} className="text-xl font-semibold text-slate-900">
            {i + 1}. {s.title}
          </h2>
          {s.paragraphs.map((p) => (
            <p key={p} className="mt-3 leading-relaxed text-slate-700">
              {p}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
