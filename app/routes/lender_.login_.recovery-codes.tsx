/** /lender/login/recovery-codes (issue 27): the recovery codes made at enrolment, shown once. */
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { site } from "~/content/site";
import { openSecret } from "~/services/mfa.server";
import { commitSession, getSession, requireLender } from "~/server/session.server";

export const meta: MetaFunction = () => [{ title: `Recovery Codes | Lender | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireLender(request);
  const session = await getSession(request);
  const sealed = session.get("mfaRecoveryCodesSealed");
  const codes = sealed ? (JSON.parse(openSecret(sealed)) as string[]) : [];
  if (!codes.length) throw redirect("/lender");
  session.unset("mfaRecoveryCodesSealed");
  return data({ codes }, { headers: { "set-cookie": await commitSession(session) } });
}

export default function LenderRecoveryCodes() {
  const { codes } = useLoaderData<typeof loader>();
  return (
    <AuthCard title="Save your recovery codes" subtitle="Two-factor authentication is on">
      <p className="text-sm text-slate-700">
        Each code signs you in once if you lose your authenticator. Store them somewhere safe: they are shown only now.
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c} className="rounded bg-slate-100 px-2 py-1 text-slate-900">
            {c}
          </li>
        ))}
      </ul>
      <Link to="/lender" className="btn-primary mt-6 w-full">
        Continue to the lender workspace
      </Link>
    </AuthCard>
  );
}
