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
