import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RecoveryCodesCard } from "~/features/accounts/components/second-factor-cards";
import { site } from "~/content/site";
import { ADMIN_SECOND_FACTOR, recoveryCodesOnce } from "~/features/accounts/mfa/second-factor-pages.server";
import { requireAdmin } from "~/features/accounts/session/session.server";

export const meta: MetaFunction = () => [{ title: `Recovery Codes | ${site.name}` }];

/** Shows the recovery codes made at enrolment exactly once, then removes them from the session. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return recoveryCodesOnce(request, ADMIN_SECOND_FACTOR);
}

export default function RecoveryCodes() {
  const { codes } = useLoaderData<typeof loader>();
  return <RecoveryCodesCard codes={codes} home="/admin" continueLabel="Continue to the admin panel" />;
}
