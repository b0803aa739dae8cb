/** Helpers of the language tests (issue 30): what a reader sees, and the English a Spanish page must not show. */
import { resources } from "~/content/locales";
import { squash, type Html } from "./html";

/** What a reader sees: the body's text without scripts and styles, and the document's title; proper names (lenders) left out. */
export function visibleText($: Html) {
  $("script, style, noscript, [data-testid=partner-lender]").remove();
  return squash(`${$("title").text()} ${$("body").text()}`);
}

/** Every English string of the translated namespaces (app/content's words) that Spanish writes otherwise. */
export function englishSentences(namespaces: Array<keyof typeof resources.en>): string[] {
  const out: string[] = [];
  const walk = (en: unknown, es: unknown) => {
    if (typeof en === "string") {
      // Placeholders split a sentence: each fixed part long enough to be a phrase is checked.
      for (const part of en.split(/\{\{\w+\}\}/)) if (part.trim().length >= 12 && en !== es) out.push(part.trim());
      return;
    }
    for (const k of Object.keys(en as object)) walk((en as Record<string, unknown>)[k], (es as Record<string, unknown>)[k]);
  };
  for (const ns of namespaces) walk(resources.en[ns], resources.es[ns]);
  return out;
}
