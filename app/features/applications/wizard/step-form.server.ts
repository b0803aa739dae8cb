/**
 * What a wizard step's loader and action need from zod, Conform's zod adapter and the step schemas,
 * behind a `.server` module: Remix's browser build replaces this file with an empty module, so the
 * step's page does not load (or evaluate) zod before it hydrates (Lighthouse's blocking
 * time). A route module's static imports all reach its browser bundle with the classic compiler,
 * even those only its loader and action use; the page itself loads the schema after hydration
 * (useStepValidation in app/features/applications/wizard/wizard-ui.tsx).
 */
export { parseWithZod } from "~/platform/http/parse-form";
export { LoanStepSchema, pickRaw, saveIntent, stepPath } from "~/features/applications/wizard/wizard.schema";
