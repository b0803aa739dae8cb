/**
 * /lender: the partner lender workspace's layout. Only a lender user who passed the
 * second factor in this session; everyone else goes to /lender/login.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AppHeader } from "~/ui/app-header";
import { errorPageTitle, RouteErrorCard } from "~/ui/route-error";
import { site } from "~/content/site";
import { requireLender } from "~/features/accounts/session/session.server";

export const meta: MetaFunction = ({ error }) => [{ title: error ? errorPageTitle(error) : `Lender workspace | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireLender(request);
  return { firstName: user.firstName };
}

function LenderShell({ firstName, children }: { firstName?: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <AppHeader
        width="6xl"
        navLabel="Lender workspace"
        before={firstName ? <span className="text-sm font-medium text-slate-800">Lender: {firstName}</span> : null}
        links={
          firstName
            ? [
                { to: "/lender", label: "Queue" },
                { to: "/lender/keys", label: "API keys" },
              ]
            : []
        }
        logout={Boolean(firstName)}
      />
      <main id="main" tabIndex={-1} className="focus:outline-none mx-auto max-w-6xl space-y-6 px-4 py-8">
        {children}
      </main>
    </div>
  );
}

export default function LenderLayout() {
  const { firstName } = useLoaderData<typeof loader>();
  return (
    <LenderShell firstName={firstName}>
      <Outlet />
    </LenderShell>
  );
}

export function ErrorBoundary() {
  const firstName = useRouteLoaderData<typeof loader>("routes/lender")?.firstName;
  return (
    <LenderShell firstName={firstName}>
      <RouteErrorCard back={firstName ? { to: "/lender", label: "Back to the queue" } : undefined} />
    </LenderShell>
  );
}
