import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, i18nextOptions, isLanguage, registerResources, type PageResources } from "~/content/locales";

/**
 * Back or Forward pressed before the page could listen (a slow phone, just after a reload): to a
 * step the app had pushed itself, Chromium moves within the document, so the address changes and
 * the page does not, and hydrating the old page at the new address fails. Such a page is loaded
 * afresh at its address instead, once per address (sessionStorage), so a path the server and the
 * browser spell differently can never loop. A move after this script ran but before the router
 * listens is caught by a popstate listener of its own.
 */
function addressMovedBeforeHydration(): boolean {
  const rendered = document.documentElement.dataset.path;
  if (rendered === undefined) return false;
  const here = window.location.pathname + window.location.search;
  const same = (a: string, b: string) => {
    try {
      return decodeURI(a) === decodeURI(b);
    } catch {
      return a === b;
    }
  };
  if (same(rendered, here)) return false;
  try {
    if (sessionStorage.getItem("lw-reloaded-for") === window.location.href) return false;
    sessionStorage.setItem("lw-reloaded-for", window.location.href);
  } catch {
    return false; // storage refused: hydrate rather than risk a loop
  }
  return true;
}

if (addressMovedBeforeHydration()) {
  window.location.reload();
} else {
  // The same move between here and the moment Remix's router listens (it then sets __remixRouter).
  const early = () => {
    window.removeEventListener("popstate", early);
    if (!(window as { __remixRouter?: unknown }).__remixRouter) window.location.reload();
  };
  window.addEventListener("popstate", early);
  // The page's language is the one the server rendered (<html lang>). English is bundled; another
  // language's texts came with the page (root.tsx, PageTexts).
  const lang = document.documentElement.lang;
  const texts = document.getElementById("lw-texts")?.textContent;
  if (texts && isLanguage(lang)) registerResources(lang, JSON.parse(texts) as PageResources);
  void i18next.use(initReactI18next).init(i18nextOptions(isLanguage(lang) ? lang : DEFAULT_LANGUAGE));
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}
