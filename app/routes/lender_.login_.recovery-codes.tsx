/** /lender/login/recovery-codes: the recovery codes made at enrolment, shown once. */
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RecoveryCodesCard } from "~/features/accounts/components/second-factor-cards";
import { site } from "~/content/site";
import { LENDER_SECOND_FACTOR, recoveryCodesOnce } from "~/features/accounts/mfa/second-factor-pages.server";
import { requireLender } from "~/features/accounts/session/session.server";

export const meta: MetaFunction = () => [{ title: `Recovery Codes | Lender | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireLender(request);
  return recoveryCodesOnce(request, LENDER_SECOND_FACTOR);
}

export default function LenderRecoveryCodes() {
  const { codes } = useLoaderData<typeof loader>();
  return <RecoveryCodesCard codes={codes} home="/lender" continueLabel="Continue to the lender workspace" />;
}
