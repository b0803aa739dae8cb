/**
 * Section 1071 (Regulation B subpart B, 12 CFR 1002.107(a)(18)-(19)) demographic questions about a
 * small business's principal owners: each optional, each with "I do not wish to provide this
 * information". The answers are stored apart from the application (db owner_demographics) and no
 * underwriting view reads them. The value '' means "not answered".
 */
export const DECLINED = "declined";
export const DECLINE_LABEL = "I do not wish to provide this information";

const YES_NO = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
  { value: DECLINED, label: DECLINE_LABEL },
] as const;

/**
 * The questions. The three ownership statuses are the business's (12 CFR 1002.107(a)(18)); their
 * hints give the rule's definitions in plain words: 1002.102(m) and (l), at
 * https://lexbuild.dev/ecfr/title-12/chapter-X/part-1002/section-1002.102 (women-owned, 1002.102(s),
 * follows the same two tests: more than half of the ownership or control, and of the profits or losses).
 */
export const DEMOGRAPHIC_QUESTIONS: Record<
  "ethnicity" | "race" | "sex" | "minorityOwned" | "womenOwned" | "lgbtqiOwned",
  { legend: string; hint?: string; options: ReadonlyArray<{ value: string; label: string }> }
> = {
  ethnicity: {
    legend: "Ethnicity of the principal owner",
    options: [
      { value: "hispanic-or-latino", label: "Hispanic or Latino" },
      { value: "not-hispanic-or-latino", label: "Not Hispanic or Latino" },
      { value: DECLINED, label: DECLINE_LABEL },
    ],
  },
  race: {
    legend: "Race of the principal owner",
    options: [
      { value: "american-indian-or-alaska-native", label: "American Indian or Alaska Native" },
      { value: "asian", label: "Asian" },
      { value: "black-or-african-american", label: "Black or African American" },
      { value: "native-hawaiian-or-other-pacific-islander", label: "Native Hawaiian or Other Pacific Islander" },
      { value: "white", label: "White" },
      { value: DECLINED, label: DECLINE_LABEL },
    ],
  },
  sex: {
    legend: "Sex or gender of the principal owner",
    options: [
      { value: "female", label: "Female" },
      { value: "male", label: "Male" },
      { value: "another", label: "Another sex or gender" },
      { value: DECLINED, label: DECLINE_LABEL },
    ],
  },
  minorityOwned: {
    legend: "Is the business minority-owned?",
    hint: "Yes when American Indian or Alaska Native, Asian, Black or African American, Native Hawaiian or Other Pacific Islander, or Hispanic or Latino people hold more than half of its ownership or control, and more than half of its net profits or losses go to them.",
    options: YES_NO,
  },
  womenOwned: {
    legend: "Is the business women-owned?",
    hint: "Yes when women hold more than half of its ownership or control, and more than half of its net profits or losses go to them.",
    options: YES_NO,
  },
  lgbtqiOwned: {
    legend: "Is the business LGBTQI+-owned?",
    hint: "Yes when people who identify as lesbian, gay, bisexual, transgender, queer, or intersex hold more than half of its ownership or control, and more than half of its net profits or losses go to them.",
    options: YES_NO,
  },
};

export type DemographicKey = keyof typeof DEMOGRAPHIC_QUESTIONS;
export const DEMOGRAPHIC_KEYS = Object.keys(DEMOGRAPHIC_QUESTIONS) as DemographicKey[];
export type DemographicAnswers = Record<DemographicKey, string>;
/** No question answered. */
export const NO_DEMOGRAPHIC_ANSWERS = Object.fromEntries(DEMOGRAPHIC_KEYS.map((k) => [k, ""])) as DemographicAnswers;

/** The page's introduction: why it is asked, that it is optional, and who can see it. */
export const DEMOGRAPHICS_INTRO =
  "Federal law asks lenders to collect this information about small businesses' owners to help make sure that all applicants are treated fairly. Answering is optional: you may choose not to answer any question, and your answers, or choosing not to answer, have no effect on your application. Your answers are kept apart from your application: no lender and no one who reviews applications can see them.";

/** The answer to a form whose value is not one of the choices shown (nothing is saved). */
export const DEMOGRAPHICS_INVALID = "Choose one of the answers shown for each question, or leave it unanswered.";
