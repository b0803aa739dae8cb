/**
 * CSV for spreadsheets (RFC 4180 quoting) that cannot run formulas: a cell starting with =, +, -,
 * @, a tab or a carriage return is prefixed with a single quote, so Excel, LibreOffice and Google
 * Sheets show it as text (OWASP "CSV injection"). A phone number ("+1 (555) 010-7788") is left as
 * it is: made only of digits, spaces, brackets, dots and dashes, it names no function and no cell,
 * so nothing in it can run, and the admin reads the number without a stray quote. Files start with a UTF-8 byte order mark so
 * spreadsheets read accents correctly; lines end with CRLF.
 */
export const CSV_BOM = "\uFEFF";
export const CSV_EOL = "\r\n";

const FORMULA_START = /^[=+\-@\t\r]/;
/** A phone number as the forms accept it: an optional leading +, then digits and separators only. */
const PHONE_NUMBER = /^\+?[\d\s().-]+$/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let s = String(value);
  if (FORMULA_START.test(s) && !isPhoneNumber(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: Array<string | number | null | undefined>): string {
  return values.map(csvCell).join(",") + CSV_EOL;
}

function isPhoneNumber(s: string) {
  return PHONE_NUMBER.test(s) && s.replace(/\D/g, "").length >= 7 && /^\+?\d|^\+?\(/.test(s);
}
