/** /loan-application shows the same wizard as /apply, at the applicant's current step. */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { currentStepPath, withCalculatorAmount } from "~/features/applications/wizard/draft.server";

export async function loader({ request }: LoaderFunctionArgs) {
  throw redirect(withCalculatorAmount(await currentStepPath(request), request));
}
