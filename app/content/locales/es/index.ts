/**
 * Spanish (US) texts, one file per namespace: the same keys as ../en, translated. Edit the values
 * only; keep the keys and the {{placeholders}}. Glossary and how-to: docs/i18n.md.
 * Only the server imports this directly (../server-texts.server.ts); a Spanish page's browser gets these texts
 * in the page itself, so English pages never download them.
 */
import type { PageResources } from "~/content/locales/en";
import { account } from "./account";
import { apply } from "./apply";
import { auth } from "./auth";
import { common } from "./common";
import { landing } from "./landing";
import { messages } from "./messages";
import { toasts } from "./toasts";
import { wizard } from "./wizard";
import { legal } from "./legal";
import { publicTexts } from "./public";
import { dashboard } from "./dashboard";
import { offers } from "./offers";

export const es: PageResources = {
  common,
  landing,
  auth,
  wizard,
  apply,
  messages,
  account,
  toasts,
  public: publicTexts,
  legal,
  dashboard,
  offers,
};
