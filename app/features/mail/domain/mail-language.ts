/**
 * The language an e-mail is written in (issue 30): the reader's account language (users.language,
 * "en" or "es"; null or anything else: English). Decided when the e-mail is queued: the outbox
 * stores the rendered subject and parts, so a row says the same thing however late it is sent.
 */
import type { Language } from "~/content/locales";

/** The language stored on any account record (a record without one, or no account: English). */
export function readerLanguage(account?: object | null): Language {
  const stored = account && "language" in account ? account.language : null;
  return stored === "es" ? "es" : "en";
}
