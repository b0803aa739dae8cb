/** /apply opens the wizard at the applicant's current step (step 1 for a new application). */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { currentStepPath, withCalculatorAmount } from "~/features/applications/wizard/draft.server";

export async function loader({ request }: LoaderFunctionArgs) {
  throw redirect(withCalculatorAmount(await currentStepPath(request), request));
}
