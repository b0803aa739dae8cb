/**
 * English texts, one file per namespace (issue 30). English is the spec's words: each value is the
 * text the page showed before translation, word for word (MSG entries are read from
 * ~/content/messages, never retyped). Spanish (../es) has the same keys; a missing or extra key is a
 * compile error and locales.test.ts checks the key sets. A new namespace: add its file here and in
 * ../es/index.ts, one line each (a namespace only the server uses, like `mail`, goes in
 * ../server-texts.server.ts instead). How to edit: docs/i18n.md. Placeholders are written {{name}}.
 */
import { account } from "./account";
import { apply } from "./apply";
import { auth } from "./auth";
import { common } from "./common";
import { landing } from "./landing";
import type { mail } from "./mail";
import { messages, TRANSLATED_MESSAGE_KEYS } from "./messages";
import { toasts } from "./toasts";
import { wizard } from "./wizard";
import { legal } from "./legal";
import { publicTexts } from "./public";
import { dashboard } from "./dashboard";
import { offers } from "./offers";

export const en = {
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
export { TRANSLATED_MESSAGE_KEYS };

/** The shape every language's resources have: the same keys as English, each a string. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
/** What the pages show (in the client bundle, and in a Spanish page's texts block). */
export type PageResources = Shape<typeof en>;
/**
 * Every namespace: the pages' plus those only the server uses (e-mails: `mail`), which are kept
 * out of the browser's bundle and texts block (../server-texts.server.ts).
 */
export type Resources = PageResources & { mail: Shape<typeof mail> };
