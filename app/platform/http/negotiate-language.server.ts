/**
 * The pure part of choosing a request's language (app/platform/http/language.server.ts): the query
 * and Accept-Language, shared by the detector and the render cache's key so that both agree.
 */
import accepts from "accepts";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "~/content/locales";

/** Accept-Language negotiated against the site's languages (none or no match: English). */
export function negotiateLanguage(acceptLanguage: string | null | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const picked = accepts({ headers: { "accept-language": acceptLanguage } } as never).languages([...LANGUAGES]);
  return typeof picked === "string" && isLanguage(picked) ? picked : DEFAULT_LANGUAGE;
}

/** The `lng` query value when it names a language exactly ("en" or "es"), else null. */
export function queryLanguage(search: string): Language | null {
  const v = new URLSearchParams(search).get("lng");
  return isLanguage(v) ? v : null;
}

/**
 * The language of an anonymous request without a cookie (the only kind the render cache answers):
 * `?lng=` when it names a language, else Accept-Language.
 */
export function anonymousLanguage(search: string, acceptLanguage: string | null | undefined): Language {
  return queryLanguage(search) ?? negotiateLanguage(acceptLanguage);
}
