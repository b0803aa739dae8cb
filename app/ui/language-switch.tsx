/**
 * The language switch on every page (issue 30): a plain GET form to /language, so it works without
 * JavaScript; /language sets the `lng` cookie (and saves the choice on a signed-in account) and
 * comes back to this page. A form, not a link: crawlers find each language by hreflang instead.
 */
import { useLocation } from "@remix-run/react";
import { useT } from "~/ui/i18n";

export function LanguageSwitch() {
  const { t, i18n } = useT("common");
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete("lng");
  const rest = params.toString();
  const other = t("language.switchToLang");
  return (
    <form method="get" action="/language" className="lang-switch" aria-label={t("language.label")}>
      <input type="hidden" name="lng" value={other} />
      <input type="hidden" name="redirectTo" value={rest ? `${pathname}?${rest}` : pathname} />
      <button type="submit" lang={other} className="text-xs font-medium text-blue-800 underline hover:text-blue-900">
        {t("language.switchTo")}
      </button>
      <span className="sr-only" lang={i18n.language}>
        {" "}
        ({t("language.label")})
      </span>
    </form>
  );
}
