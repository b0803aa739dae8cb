/** The optional demographic questions' form: each answer one of its options, or none. */
import { z } from "zod";
import { DEMOGRAPHIC_KEYS, DEMOGRAPHIC_QUESTIONS, type DemographicKey } from "~/content/demographics";

const answer = (values: readonly string[]) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z.string().refine((v) => v === "" || values.includes(v), "Choose one of the answers"),
  );

export const DemographicsSchema = z.object(
  Object.fromEntries(DEMOGRAPHIC_KEYS.map((k) => [k, answer(DEMOGRAPHIC_QUESTIONS[k].options.map((o) => o.value))])) as Record<
    DemographicKey,
    ReturnType<typeof answer>
  >,
);
