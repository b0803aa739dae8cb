/**
 * The public entry of this feature for code outside it (client-safe: no server module).
 * Other features and the shared folders import only from here or from index.server.ts.
 */
export { action, type MailContent, paragraph } from "./domain/mail-content";
export { formatMailDateTime, readerTimeZone } from "./domain/mail-dates";
export { readerLanguage } from "./domain/mail-language";
