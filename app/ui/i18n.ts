/**
 * `useT(namespace)`: react-i18next's useTranslation, in the page's language (the I18nextProvider of
 * entry.server.tsx and entry.client.tsx). Rendered outside them (a component test, a stub), it
 * answers in English from the same resources rather than printing the keys.
 */
import { useSearchParams } from "@remix-run/react";
import { createInstance } from "i18next";
import { useContext } from "react";
import { I18nContext, useTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE, NAMESPACES, resources, type Resources } from "~/content/locales";

let english: ReturnType<typeof createInstance> | undefined;
function englishInstance() {
  if (!english) {
    english = createInstance();
    void english.init({
      lng: DEFAULT_LANGUAGE,
      ns: [...NAMESPACES],
      defaultNS: "common",
      resources: { en: resources.en },
      initImmediate: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  }
  return english;
}

export function useT(namespace: keyof Resources) {
  const context = useContext(I18nContext) as { i18n?: unknown } | undefined;
  return useTranslation(namespace, context?.i18n ? undefined : { i18n: englishInstance() });
}

/**
 * A form's action in the language its page was opened in by address (`?lng=es` sets no cookie):
 * without JavaScript a refused form is a new page, which came back in English without it.
 */
export function useLanguageAction(action: string) {
  const [searchParams] = useSearchParams();
  const lng = searchParams.get("lng");
  return lng ? `${action}${action.includes("?") ? "&" : "?"}${new URLSearchParams({ lng })}` : action;
}
