/** The site's languages and their resources (issue 30; docs/i18n.md). */
import { en, TRANSLATED_MESSAGE_KEYS, type PageResources, type Resources } from "~/content/locales/en";
// Empty in the browser build (a .server module): the client bundle carries the pages' English only.
import { serverTexts } from "~/content/locales/server-texts.server";

export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
/** The locale money, dates and numbers are formatted in, per language. */
export const INTL_LOCALE: Record<Language, string> = { en: "en-US", es: "es-US" };
/** The namespaces pages show (the browser has these; `mail` is the server's only). */
export const NAMESPACES = Object.keys(en) as ReadonlyArray<keyof PageResources>;

/**
 * The resources this process has: on the server every language; in the browser English, plus the
 * page's language once entry.client.tsx has read it from the page (`registerResources`).
 */
const loaded: Partial<Record<Language, Resources>> = serverTexts
  ? { en: { ...en, ...serverTexts.en }, es: serverTexts.es }
  : // In the browser: the server-only namespaces are absent (nothing there reads them).
    { en: en as Resources };

/** A page's texts as the browser receives them: the namespaces pages show, nothing else. */
export function pageTexts(lng: Language): PageResources {
  const all = resourcesFor(lng);
  return Object.fromEntries(NAMESPACES.map((ns) => [ns, all[ns]])) as PageResources;
}

export function registerResources(lng: Language, texts: PageResources) {
  loaded[lng] = texts as Resources;
}
export function hasResources(lng: Language): boolean {
  return loaded[lng] !== undefined;
}
/** A language's texts (English where this process does not have them: see hasResources). */
export function resourcesFor(lng: Language): Resources {
  return loaded[lng] ?? loaded.en!;
}
/** Every language's texts: for the server and tests (in the browser only the loaded ones are real). */
export const resources: Record<Language, Resources> = {
  get en() {
    return resourcesFor("en");
  },
  get es() {
    return resourcesFor("es");
  },
};
export { TRANSLATED_MESSAGE_KEYS, type PageResources, type Resources };

/**
 * i18next's settings for a page in `lng`, the same on the server (one instance per request) and in
 * the browser (hydrating what the server drew): English and the page's language in memory.
 */
export function i18nextOptions(lng: Language) {
  return {
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: [...NAMESPACES],
    defaultNS: "common",
    resources: lng === DEFAULT_LANGUAGE ? { en: resourcesFor("en") } : { en: resourcesFor("en"), [lng]: resourcesFor(lng) },
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
