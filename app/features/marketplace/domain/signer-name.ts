/**
 * The typed signature on an offer's acceptance: it must be the account's own first and last name.
 * Case, repeated or surrounding spaces, accents and the way a keyboard writes an apostrophe or a
 * hyphen are forgiven ("  maria   GONZÁLEZ" signs for Maria Gonzalez, and "O’Connor", as a phone
 * keyboard types it, for O'Connor); anything else ("M Gonzales", another person's name) is refused.
 */

/**
 * A name as compared: accents stripped (NFD, combining marks removed), every apostrophe-like mark
 * (’ ‘ ʼ ′ ` ´) written ', every dash (‐ ‑ ‒ – — −) written -, lower case, single spaces.
 */
export function normalizeName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[\u2018\u2019\u02BC\u2032\u0060\u00B4]/g, "'")
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether `typed` is the account holder's full name (first name, then last name). */
export function signerNameMatches(typed: string, account: { firstName: string; lastName: string }): boolean {
  const expected = normalizeName(`${account.firstName} ${account.lastName}`);
  return expected !== "" && normalizeName(typed) === expected;
}
