/**
 * Section 1071 (Regulation B subpart B, 12 CFR 1002.107(a)(18)-(19)) demographic questions about a
 * small business's principal owners: each optional, each with "I do not wish to provide this
 * information". The answers are stored apart from the application (db owner_demographics) and no
 * underwriting view reads them. The value '' means "not answered".
 */
export const DECLINED = "declined";
export const DECLINE_LABEL = "I do not wish to provide this information";

export const DEMOGRAPHIC_QUESTIONS = {
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
} as const;

export type DemographicKey = keyof typeof DEMOGRAPHIC_QUESTIONS;
export const DEMOGRAPHIC_KEYS = Object.keys(DEMOGRAPHIC_QUESTIONS) as DemographicKey[];
export type DemographicAnswers = Record<DemographicKey, string>;

/** The page's introduction: why it is asked, that it is optional, and who can see it. */
export const DEMOGRAPHICS_INTRO =
  "Federal law asks lenders to collect this information about small businesses' owners to help make sure that all applicants are treated fairly. Answering is optional: you may choose not to answer any question, and your answers, or choosing not to answer, have no effect on your application. Your answers are kept apart from your application: no lender and no one who reviews applications can see them.";

/** The answer to a form whose value is not one of the choices shown (nothing is saved). */
export const DEMOGRAPHICS_INVALID = "Choose one of the answers shown for each question, or leave it unanswered.";
