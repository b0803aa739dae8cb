/**
 * English texts, one file per namespace (issue 30). English is the spec's words: each value is the
 * text the page showed before translation, word for word (MSG entries are read from
 * ~/content/messages, never retyped). Spanish (../es) has the same keys; a missing or extra key is a
 * compile error and locales.test.ts checks the key sets. A new namespace: add its file here and in
 * ../es/index.ts, one line each. How to edit: docs/i18n.md. Placeholders are written {{name}}.
 */
import { auth } from "./auth";
import { common } from "./common";
import { landing } from "./landing";
import { messages, TRANSLATED_MESSAGE_KEYS } from "./messages";
import { wizard } from "./wizard";
import { legal } from "./legal";
import { publicTexts } from "./public";

export const en = {
  common,
  landing,
  auth,
  wizard,
  messages,
  public: publicTexts,
  legal,
};
export { TRANSLATED_MESSAGE_KEYS };

/** The shape every language's resources have: the same keys as English, each a string. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Resources = Shape<typeof en>;
