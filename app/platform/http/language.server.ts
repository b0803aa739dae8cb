/**
 * Which language a request is answered in (issue 30, docs/i18n.md), in this order: the `lng` query
 * (`?lng=es`: each language's indexable URL), the `lng` cookie (set by /language, the switch), the
 * signed-in account's stored language (users.language), then Accept-Language, then English.
 * remix-i18next's detector runs the first steps; `negotiateLanguage` (the `accepts` negotiation
 * Express uses) answers the header for it and for the render cache's key, so both agree.
 */
import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "~/content/locales";
import { negotiateLanguage } from "~/platform/http/negotiate-language.server";
export { anonymousLanguage, negotiateLanguage, queryLanguage } from "~/platform/http/negotiate-language.server";
import { getAccountLanguage } from "~/features/accounts/index.server";

/** The language switch's cookie: one year, readable by no script, sent on same-site navigations. */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
  secure: process.env.NODE_ENV === "production",
});

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "custom"],
    async findLocale(request) {
      return (await getAccountLanguage(request)) ?? negotiateLanguage(request.headers.get("accept-language"));
    },
  },
});

/** The request's language (see the module's header). */
export async function getLanguage(request: Request): Promise<Language> {
  const found = await i18nServer.getLocale(request);
  return isLanguage(found) ? found : DEFAULT_LANGUAGE;
}
