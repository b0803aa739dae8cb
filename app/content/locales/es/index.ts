/**
 * Spanish (US) texts, one file per namespace: the same keys as ../en, translated. Edit the values
 * only; keep the keys and the {{placeholders}}. Glossary and how-to: docs/i18n.md.
 * Only the server imports this directly (../es.server.ts); a Spanish page's browser gets these texts
 * in the page itself, so English pages never download them.
 */
import type { Resources } from "~/content/locales/en";
import { auth } from "./auth";
import { common } from "./common";
import { landing } from "./landing";
import { messages } from "./messages";
import { wizard } from "./wizard";
import { legal } from "./legal";
import { publicTexts } from "./public";

export const es: Resources = {
  common,
  landing,
  auth,
  wizard,
  messages,
  public: publicTexts,
  legal,
};
