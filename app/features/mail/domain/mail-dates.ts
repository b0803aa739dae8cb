/**
 * The one way an e-mail writes a date: Intl, en-US (or es-US for a Spanish reader), in the reader's
 * time zone, with the zone named ("November 24, 2026 at 4:11 PM EST", "24 de noviembre de 2026 a
 * las 4:11 p.m. EST"). A calendar date (a funding date typed as YYYY-MM-DD) has no time or zone
 * and is written the same way without them ("November 20, 2026", "20 de noviembre de 2026").
 */
import { fill, INTL_LOCALE, resourcesFor, type Language } from "~/content/locales";

/** The zone of a reader whose account stores none: the support team's (US Eastern). */
export const DEFAULT_MAIL_TIME_ZONE = "America/New_York";

const formats = new Map<string, Intl.DateTimeFormat>();

function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The reader's zone: the account's `timeZone` when it stores a valid IANA zone, else
 * America/New_York. Takes any account record, so a zone stored later is used without more changes.
 */
export function readerTimeZone(account?: object | null): string {
  const stored = account && "timeZone" in account ? account.timeZone : null;
  const zone = typeof stored === "string" ? stored.trim() : "";
  return zone && isTimeZone(zone) ? zone : DEFAULT_MAIL_TIME_ZONE;
}

function formatFor(timeZone: string, lang: Language = "en") {
  const key = `${lang}|${timeZone}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALE[lang], {
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    });
    formats.set(key, f);
  }
  return f;
}

const calendarFormats: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }),
  es: new Intl.DateTimeFormat("es-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }),
};

/**
 * "November 24, 2026 at 4:11 PM EST": an instant as the reader's clock shows it, the zone named.
 * Built from the parts, so the wording does not depend on the ICU version's joining pattern.
 */
export function formatMailDateTime(at: Date, timeZone: string = DEFAULT_MAIL_TIME_ZONE, lang: Language = "en"): string {
  const parts = formatFor(isTimeZone(timeZone) ? timeZone : DEFAULT_MAIL_TIME_ZONE, lang).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  if (lang === "en")
    return `${part("month")} ${part("day")}, ${part("year")} at ${part("hour")}:${part("minute")} ${part("dayPeriod")} ${part("timeZoneName")}`;
  return fill(resourcesFor(lang).mail.dateTime, {
    month: part("month"),
    day: part("day"),
    year: part("year"),
    hour: part("hour"),
    minute: part("minute"),
    dayPeriod: part("dayPeriod"),
    zone: part("timeZoneName"),
  });
}

/** "November 20, 2026" for the calendar date "2026-11-20" (no zone: it is the same day everywhere); anything else as given. */
export function formatMailCalendarDate(ymd: string, lang: Language = "en"): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd.trim());
  if (!m) return ymd;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? ymd : calendarFormats[lang].format(d);
}

/** What a test (or a reader) recognises as the e-mails' date-time format. */
export const MAIL_DATE_TIME_PATTERN =
  /\b(?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M [A-Z]{2,5}(?:[+-]\d{1,2}(?::\d{2})?)?\b/;
