/** Display helpers for what applicants typed (issue 16): phone numbers and calendar dates. */

/** "(555) 010-3344" for a 10-digit US number (or 11 digits starting with 1); anything else as typed. */
export function formatPhone(raw: string | null | undefined): string {
  const value = (raw ?? "").trim();
  const digits = value.replace(/\D/g, "");
  const ten = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (ten.length !== 10 || /[a-z]/i.test(value)) return value;
  return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "November 23, 1979" for a calendar date "1979-11-23" (no time zone involved); anything else as given. */
export function formatCalendarDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec((iso ?? "").trim());
  if (!m) return iso ?? "";
  const month = MONTHS[Number(m[2]) - 1];
  return month ? `${month} ${Number(m[3])}, ${m[1]}` : (iso ?? "");
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
 * Money as an input shows it (issue 16): "25,000" for 25000, "1,250.5" while a decimal is typed.
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
