/**
 * The typed signature on an offer's acceptance: it must be the account's own first and last name.
 * Case, repeated or surrounding spaces and accents are forgiven ("  maria   GONZÁLEZ" signs for
 * Maria Gonzalez); anything else ("M Gonzales", another person's name) is refused.
 */

/** A name as compared: accents stripped (NFD, combining marks removed), lower case, single spaces. */
export function normalizeName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether `typed` is the account holder's full name (first name, then last name). */
export function signerNameMatches(typed: string, account: { firstName: string; lastName: string }): boolean {
  const expected = normalizeName(`${account.firstName} ${account.lastName}`);
  return expected !== "" && normalizeName(typed) === expected;
}
