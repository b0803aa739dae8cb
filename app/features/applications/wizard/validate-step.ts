/**
 * Conform's client-side validation of a wizard step (zod and @conform-to/zod). The steps load this
 * after hydration (useStepValidation in wizard-ui.tsx) so that the page becomes interactive without
 * evaluating the schema library first; the server's validation stays the authority either way.
 */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";

const passThrough = z.object({}).passthrough();
/** Conform's onValidate for a step: Back skips validation, anything else uses the step's schema. */
export function validateStep(schema: z.ZodTypeAny) {
  return ({ formData }: { formData: FormData }) =>
    parseWithZod(formData, { schema: ["back", "save", "exit"].includes(String(formData.get("intent"))) ? passThrough : schema });
}
