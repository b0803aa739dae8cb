import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { site } from "~/content/site";
import { openSecret } from "~/services/mfa.server";
import { TOASTS } from "~/utils/messages";
import { commitSession, getSession, requireAdmin } from "~/server/session.server";
import { createToastHeaders } from "~/utils/toast.server";
import { combineHeaders } from "~/utils/http.server";

export const meta: MetaFunction = () => [{ title: `Recovery Codes | ${site.name}` }];

/** Shows the recovery codes made at enrolment exactly once, then removes them from the session. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const session = await getSession(request);
  const sealed = session.get("mfaRecoveryCodesSealed");
  const codes = sealed ? (JSON.parse(openSecret(sealed)) as string[]) : [];
  if (!codes.length) throw redirect("/admin");
  session.unset("mfaRecoveryCodesSealed");
  const headers = combineHeaders({ "set-cookie": await commitSession(session) }, await createToastHeaders(TOASTS.adminLoginSuccess));
  return data({ codes }, { headers });
}

export default function RecoveryCodes() {
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
      <Link to="/admin" className="btn-primary mt-6 w-full">
        Continue to the admin panel
      </Link>
    </AuthCard>
  );
}
