/**
 * The texts only the server has: every Spanish namespace (a Spanish page brings its own texts to
 * the browser, root.tsx `PageTexts`), and in both languages the namespaces no page shows (the
 * e-mails' `mail`). In the browser build a `.server` module is empty, so none of this is in the
 * client bundle.
 */
import type { Resources } from "./en";
import { mail as enMail } from "./en/mail";
import { es } from "./es";
import { mail as esMail } from "./es/mail";

export const serverTexts: { en: Pick<Resources, "mail">; es: Resources } = {
  en: { mail: enMail },
  es: { ...es, mail: esMail },
};
