/**
 * "Boost your offers" on the offers page: the answers matching uses that the application left out,
 * each with its wizard rule and message (app/features/applications/fields.ts). Which one is
 * missing, and whether anything was given, the service decides. Not re-exported by index.ts: it
 * takes the rules from the applications feature, whose timeline imports this feature's entry.
 */
import { z } from "zod";
import { APPLICATION_FIELDS } from "~/features/applications";

export const BoostFormSchema = z.object({
  creditScoreRange: APPLICATION_FIELDS.creditScoreRange.rule,
  timeInBusiness: APPLICATION_FIELDS.timeInBusiness.rule,
});
export type BoostAnswers = { creditScoreRange?: string; timeInBusiness?: string };
