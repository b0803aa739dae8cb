/**
 * Money, numbers and dates in the page's language (issue 30): the formats of app/ui/format.ts
 * through Intl in en-US or es-US ("$1,234.50" in both; "Nov 22, 2025" / "22 nov 2025"). English
 * output is exactly format.ts's. `useFormat()` gives them for the page's language.
 */
import { INTL_LOCALE, isLanguage, type Language } from "~/content/locales";
import { DATE_TIME_OPTIONS, DISPLAY_TIME_ZONE as TZ, lazy, usNumberFormat } from "~/ui/format";
import { useT } from "~/ui/i18n";

type Formats = ReturnType<typeof makeFormats>;
const byLocale = new Map<string, Formats>();

function makeFormats(locale: string) {
  // Money and numbers without ICU (format.ts, usNumberFormat); each date format made on its first
  // use (lazy). Made together, the six Intl objects cost 55 ms of a phone's hydration (218 ms at
  // Lighthouse's 4x slowdown).
  const usd0 = usNumberFormat(locale, "usd", 0);
  const usd2 = usNumberFormat(locale, "usd", 2);
  const plain = usNumberFormat(locale, "decimal");
  const date = lazy(() => new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric", timeZone: TZ }));
  const longDate = lazy(() => new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", timeZone: TZ }));
  const dateTime = lazy(() => new Intl.DateTimeFormat(locale, DATE_TIME_OPTIONS));
  const parse = (iso: string | null | undefined) => {
    if (!iso) return null;
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? null : d;
  };
  return {
    locale,
    /** Whole dollars: $25,000 (not a number: $0). */
    usd: (amount: number | string) => {
      const n = typeof amount === "string" ? Number(amount) : amount;
      return usd0.format(Number.isFinite(n) ? n : 0);
    },
    /** Two decimals, never "-$0.00". */
    money2: (n: number) => usd2.format(Math.abs(n) < 0.005 ? 0 : n),
    cents: (cents: number) => usd2.format(cents / 100),
    number: (n: number) => plain.format(n),
    /** "Nov 22, 2025" / "22 nov 2025"; an en dash when there is no date. */
    date: (iso: string | null | undefined) => {
      const d = parse(iso);
      return d ? date.format(d) : "–";
    },
    /** "Nov 22, 2025, 4:45 PM EST" / "22 nov 2025, 4:45 p.m. EST"; an en dash when there is no date (format.ts formatDateTime). */
    dateTime: (iso: string | null | undefined) => {
      const d = parse(iso);
      return d ? dateTime.format(d) : "–";
    },
    /** "November 22, 2026" / "22 de noviembre de 2026"; "" when it is not a date. */
    longDate: (iso: string | null | undefined) => {
      const d = parse(iso);
      return d ? longDate.format(d) : "";
    },
  };
}

/** The formats of a language (en-US or es-US). */
export function formatsFor(language: Language): Formats {
  const locale = INTL_LOCALE[language];
  let f = byLocale.get(locale);
  if (!f) {
    f = makeFormats(locale);
    byLocale.set(locale, f);
  }
  return f;
}

/** The formats of the page's language. */
export function useFormat(): Formats {
  const { i18n } = useT("common");
  return formatsFor(isLanguage(i18n.language) ? i18n.language : "en");
}
