/**
 * How the app shows money, numbers and dates: one module, the same on the server and in the
 * browser (en-US; times in US Eastern, the support team's hours, so both renders match), plus the
 * input masks for what applicants type (phone, ZIP, money).
 */

// ---------------------------------------------------------------------------------------------
// Money and numbers
// ---------------------------------------------------------------------------------------------

/**
 * Each formatter is made on its first use, not when the module loads: the browser's first Intl
 * object costs tens of milliseconds of ICU set-up, and a page that formats no date (most hydrate
 * with none) should not pay for the date formatters while its scripts load.
 */
export function lazy<T extends { format: (value: never) => string }>(make: () => T) {
  let made: T | undefined;
  return { format: (value: Parameters<T["format"]>[0]) => (made ??= make()).format(value as never) };
}

/**
 * US-style numbers without ICU: "1,234.5" and "$1,234.50", written by hand for the two locales the
 * site speaks (en-US and es-US format these alike). The browser's first Intl object costs about
 * 27 ms of ICU set-up on a slow machine (110 ms at Lighthouse's 4x slowdown) and most hydrating pages
 * format only money; this gives exactly Intl.NumberFormat's output (format.test.ts checks it against
 * Intl over many values, halves included), and hands anything unusual (exponents, NaN) to Intl.
 * Rounding is Intl's: half away from zero on the number's shortest decimal form (1.005 -> 1.01).
 */
function groupedDecimal(n: number, minFraction: number, maxFraction: number): { sign: string; body: string } | null {
  if (!Number.isFinite(n)) return null;
  const text = String(Math.abs(n));
  if (text.includes("e")) return null;
  const dot = text.indexOf(".");
  let digits = dot < 0 ? text : text.slice(0, dot) + text.slice(dot + 1);
  let intLength = dot < 0 ? text.length : dot;
  const fractionLength = digits.length - intLength;
  if (fractionLength > maxFraction) {
    const up = digits.charCodeAt(intLength + maxFraction) >= 53; // the first dropped digit is 5 or more
    digits = digits.slice(0, intLength + maxFraction);
    if (up) {
      let i = digits.length - 1;
      let carried = "";
      while (i >= 0 && digits[i] === "9") {
        carried += "0";
        i--;
      }
      digits = i < 0 ? "1" + carried : digits.slice(0, i) + String(Number(digits[i]) + 1) + carried;
      if (i < 0) intLength++;
    }
  }
  let int = digits.slice(0, intLength).replace(/^0+(?=\d)/, "") || "0";
  let fraction = digits.slice(intLength);
  while (fraction.length > minFraction && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  fraction = fraction.padEnd(minFraction, "0");
  int = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const sign = n < 0 || Object.is(n, -0) ? "-" : "";
  return { sign, body: fraction ? `${int}.${fraction}` : int };
}

/** A formatter with Intl.NumberFormat's output for en-US and es-US, ICU only as a fallback. */
export function usNumberFormat(locale: string, style: "decimal" | "usd", digits?: number) {
  const options: Intl.NumberFormatOptions =
    style === "usd" ? { style: "currency", currency: "USD", minimumFractionDigits: digits, maximumFractionDigits: digits } : {};
  const intl = lazy(() => new Intl.NumberFormat(locale, options));
  const [min, max] = style === "usd" ? [digits ?? 2, digits ?? 2] : [0, 3];
  return {
    format(n: number): string {
      const parts = groupedDecimal(n, min, max);
      if (!parts) return intl.format(n);
      return style === "usd" ? `${parts.sign}$${parts.body}` : `${parts.sign}${parts.body}`;
    },
  };
}

const usd0 = usNumberFormat("en-US", "usd", 0);
const usd2 = usNumberFormat("en-US", "usd", 2);
const plain = usNumberFormat("en-US", "decimal");

/** US dollars without decimals, e.g. $25,000 (review step, admin table, e-mails); not a number: $0. */
export function formatUsd(amount: number | string): string {
  const n = typeof amount === "string" ? Number(amount) : amount;
  return usd0.format(Number.isFinite(n) ? n : 0);
}

/** US dollars with thousands separators, cents only when there are any: 25000 -> "$25,000". */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? usd0.format(amount) : usd2.format(amount);
}

/** US dollars with two decimals, e.g. 1234.5 -> "$1,234.50". Never prints "-$0.00". */
export function formatMoney2(n: number): string {
  // A value that rounds to zero cents (including -0 or a float residue like -1e-12) is zero.
  return usd2.format(Math.abs(n) < 0.005 ? 0 : n);
}

/** 1234567 -> "$12,345.67". */
export function formatCents(cents: number): string {
  return usd2.format(cents / 100);
}

/** 1234 -> "12.34%". */
export function formatBps(bps: number): string {
  return `${(bps / 100).toFixed(2)}%`;
}

/** 12345 -> "12,345". */
export function formatNumber(n: number): string {
  return plain.format(n);
}

const SIZE_UNITS = ["Bytes", "KB", "MB", "GB"] as const;

/** Bytes/KB/MB/GB with base 1024, up to two decimals: 0 Bytes, 512 Bytes, 1.5 KB, 10 MB. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const i = Math.max(0, Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024))));
  const value = bytes / 1024 ** i;
  return `${parseFloat(value.toFixed(2))} ${SIZE_UNITS[i]}`;
}

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

const TZ = "America/New_York";
const dateFmt = lazy(() => new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: TZ }));
const longDateFmt = lazy(() => new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: TZ }));
/** The display time zone of every date the site shows, and the date-and-time format (locale-format.ts uses both). */
export const DISPLAY_TIME_ZONE = TZ;
export const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: TZ,
  timeZoneName: "short",
};
const dateTimeFmt = lazy(() => new Intl.DateTimeFormat("en-US", DATE_TIME_OPTIONS));

const parseDate = (iso: string | null | undefined) => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** "Nov 22, 2025", or an en dash when there is no date. */
export function formatDate(iso: string | null | undefined): string {
  const d = parseDate(iso);
  return d ? dateFmt.format(d) : "–";
}

/** "Nov 22, 2025, 4:45 PM EST", or an en dash when there is no date. */
export function formatDateTime(iso: string | null | undefined): string {
  const d = parseDate(iso);
  return d ? dateTimeFmt.format(d) : "–";
}

/** "November 22, 2026" (status lookup); "" when it is not a date. */
export function formatSubmittedDate(iso: string): string {
  const d = parseDate(iso);
  return d ? longDateFmt.format(d) : "";
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "November 23, 1979" for a calendar date "1979-11-23" (no time zone involved); anything else as given. */
export function formatCalendarDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec((iso ?? "").trim());
  if (!m) return iso ?? "";
  const month = MONTHS[Number(m[2]) - 1];
  return month ? `${month} ${Number(m[3])}, ${m[1]}` : (iso ?? "");
}

// ---------------------------------------------------------------------------------------------
// What applicants type: phone, ZIP, money, and the masks that apply them
// ---------------------------------------------------------------------------------------------

/** "(555) 010-3344" for a 10-digit US number (or 11 digits starting with 1); anything else as typed. */
export function formatPhone(raw: string | null | undefined): string {
  const value = (raw ?? "").trim();
  const digits = value.replace(/\D/g, "");
  const ten = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (ten.length !== 10 || /[a-z]/i.test(value)) return value;
  return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
}

/** "12345-6789" for nine digits typed any way; five digits as they are; anything else as typed. */
export function formatZip(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  if (digits.length === 9 && /^[\d\s-]+$/.test(raw.trim())) return `${digits.slice(0, 5)}-${digits.slice(5)}`;
  return raw.trim();
}

/** An input mask applied when the field is left (with JavaScript): the plain value stays valid without it. */
export const maskOnBlur = (format: (v: string) => string) => (e: { currentTarget: HTMLInputElement }) => {
  const next = format(e.currentTarget.value);
  if (next !== e.currentTarget.value) e.currentTarget.value = next;
};

/**
 * Money as an input shows it: "25,000" for 25000, "1,250.5" while a decimal is typed.
 * Keeps the digits and at most one "." (what a user can mean); "" stays "". A value that is not
 * money-like at all (letters) is returned as typed so a refused submit shows what was sent.
 */
export function formatMoneyInput(raw: string | null | undefined): string {
  const value = (raw ?? "").trim();
  if (value === "" || /[a-z]/i.test(value) || value.startsWith("-")) return value;
  const cleaned = value.replace(/[^\d.]/g, "");
  const dot = cleaned.indexOf(".");
  const whole = (dot === -1 ? cleaned : cleaned.slice(0, dot)).replace(/^0+(?=\d)/, "");
  const fraction = dot === -1 ? "" : `.${cleaned.slice(dot + 1).replace(/\./g, "")}`;
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction}`;
}

/** The money mask as the user types (with JavaScript): reformats the field and keeps the caret
 *  after the same digit. Returns the new value (for controlled inputs). */
export function maskMoneyInput(input: HTMLInputElement): string {
  const before = input.value;
  const caret = input.selectionStart ?? before.length;
  const digitsBeforeCaret = before.slice(0, caret).replace(/[^\d.]/g, "").length;
  const next = formatMoneyInput(before);
  if (next === before) return next;
  input.value = next;
  let pos = 0;
  for (let seen = 0; pos < next.length && seen < digitsBeforeCaret; pos++) if (/[\d.]/.test(next[pos]!)) seen++;
  if (document.activeElement === input) input.setSelectionRange(pos, pos);
  return next;
}
