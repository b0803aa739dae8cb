/** The site's languages and their resources (issue 30; docs/i18n.md). */
import { en, TRANSLATED_MESSAGE_KEYS, type Resources } from "~/content/locales/en";
import { es } from "~/content/locales/es";

export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
/** The locale money, dates and numbers are formatted in, per language. */
export const INTL_LOCALE: Record<Language, string> = { en: "en-US", es: "es-US" };
export const NAMESPACES = ["common", "landing", "auth", "wizard", "messages"] as const;

export const resources: Record<Language, Resources> = { en, es };
export { TRANSLATED_MESSAGE_KEYS, type Resources };

/**
 * i18next's settings for a page in `lng`, the same on the server (one instance per request) and in
 * the browser (hydrating what the server drew): every resource in memory, nothing loaded later.
 */
export function i18nextOptions(lng: Language) {
  return {
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: [...NAMESPACES],
    defaultNS: "common",
    resources,
    initImmediate: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  };
}

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "es";
}

/** {{name}} placeholders filled (for meta functions, which run outside React). */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ""));
}

/** The root loader's language in a meta function's `matches` (English when absent). */
export function languageOfMatches(matches: ReadonlyArray<{ id: string; data?: unknown }>): Language {
  const data = matches.find((m) => m.id === "root")?.data as { locale?: unknown } | undefined;
  return isLanguage(data?.locale) ? data.locale : DEFAULT_LANGUAGE;
}
