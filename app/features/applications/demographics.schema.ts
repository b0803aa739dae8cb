/** The optional demographic questions' form: each answer one of its options, or none. */
import { z } from "zod";
import { DEMOGRAPHIC_QUESTIONS } from "~/content/demographics";

const answer = (values: readonly string[]) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z.string().refine((v) => v === "" || values.includes(v), "Choose one of the answers"),
  );

export const DemographicsSchema = z.object({
  ethnicity: answer(DEMOGRAPHIC_QUESTIONS.ethnicity.options.map((o) => o.value)),
  race: answer(DEMOGRAPHIC_QUESTIONS.race.options.map((o) => o.value)),
  sex: answer(DEMOGRAPHIC_QUESTIONS.sex.options.map((o) => o.value)),
});
