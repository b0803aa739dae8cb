/**
 * The 50 US states offered at wizard step 3 (docs/product.md: two-letter code and name; no District of
 * Columbia, no territories), alphabetical by name. The single source of the state list.
 */
export const US_STATES = [
  { code: "AL", name: "Alabama" },
  { code: "AK", name: "Alaska" },
  { code: "AZ", name: "Arizona" },
  { code: "AR", name: "Arkansas" },
  { code: "CA", name: "California" },
  { code: "CO", name: "Colorado" },
  { code: "CT", name: "Connecticut" },
  { code: "DE", name: "Delaware" },
  { code: "FL", name: "Florida" },
  { code: "GA", name: "Georgia" },
  { code: "HI", name: "Hawaii" },
  { code: "ID", name: "Idaho" },
  { code: "IL", name: "Illinois" },
  { code: "IN", name: "Indiana" },
  { code: "IA", name: "Iowa" },
  { code: "KS", name: "Kansas" },
  { code: "KY", name: "Kentucky" },
  { code: "LA", name: "Louisiana" },
  { code: "ME", name: "Maine" },
  { code: "MD", name: "Maryland" },
  { code: "MA", name: "Massachusetts" },
  { code: "MI", name: "Michigan" },
  { code: "MN", name: "Minnesota" },
  { code: "MS", name: "Mississippi" },
  { code: "MO", name: "Missouri" },
  { code: "MT", name: "Montana" },
  { code: "NE", name: "Nebraska" },
  { code: "NV", name: "Nevada" },
  { code: "NH", name: "New Hampshire" },
  { code: "NJ", name: "New Jersey" },
  { code: "NM", name: "New Mexico" },
  { code: "NY", name: "New York" },
  { code: "NC", name: "North Carolina" },
  { code: "ND", name: "North Dakota" },
  { code: "OH", name: "Ohio" },
  { code: "OK", name: "Oklahoma" },
  { code: "OR", name: "Oregon" },
  { code: "PA", name: "Pennsylvania" },
  { code: "RI", name: "Rhode Island" },
  { code: "SC", name: "South Carolina" },
  { code: "SD", name: "South Dakota" },
  { code: "TN", name: "Tennessee" },
  { code: "TX", name: "Texas" },
  { code: "UT", name: "Utah" },
  { code: "VT", name: "Vermont" },
  { code: "VA", name: "Virginia" },
  { code: "WA", name: "Washington" },
  { code: "WV", name: "West Virginia" },
  { code: "WI", name: "Wisconsin" },
  { code: "WY", name: "Wyoming" },
] as const satisfies readonly { code: string; name: string }[];

export type UsState = (typeof US_STATES)[number];

/** One of the 50 two-letter state codes, e.g. "NY". */
export type UsStateCode = UsState["code"];

/**
 * The codes as a non-empty tuple of literals, for `z.enum(US_STATE_CODES)` (infers `UsStateCode`).
 * Derived from US_STATES so the two cannot drift; the cast only restates the non-empty tuple shape
 * that `map` loses.
 */
export const US_STATE_CODES = US_STATES.map((s) => s.code) as unknown as readonly [UsStateCode, ...UsStateCode[]];

const NAME_BY_CODE: ReadonlyMap<string, string> = new Map(US_STATES.map((s) => [s.code, s.name]));

/** The state's name for a code (case-insensitive), or null when it is not one of the 50 states. */
export function getStateName(code: string): string | null {
  return NAME_BY_CODE.get(code.trim().toUpperCase()) ?? null;
}
