import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RecoveryCodesCard } from "~/components/auth/second-factor-cards";
import { site } from "~/content/site";
import { ADMIN_SECOND_FACTOR, recoveryCodesOnce } from "~/server/second-factor-pages.server";
import { requireAdmin } from "~/server/session.server";

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
