/** /apply opens the wizard at the applicant's current step (step 1 for a new application). */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { currentStepPath } from "~/services/draft.server";

export async function loader({ request }: LoaderFunctionArgs) {
  throw redirect(await currentStepPath(request));
}
