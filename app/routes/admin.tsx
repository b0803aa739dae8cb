import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { StatCards } from "~/features/back-office/components/stat-cards";
import { AdminTabs } from "~/features/back-office/components/tabs";
import { AppHeader } from "~/ui/app-header";
import { errorPageTitle, RouteErrorCard } from "~/ui/route-error";
import { site } from "~/content/site";
import { getAdminStats } from "~/features/back-office/admin-queries.server";
import { requireAdmin } from "~/features/accounts/session/session.server";

export const meta: MetaFunction = ({ error }) => [{ title: error ? errorPageTitle(error) : `Admin | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const stats = await getAdminStats();
  return { admin: { firstName: admin.firstName }, stats };
}

function AdminShell({ firstName, children }: { firstName?: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <AppHeader
        width="7xl"
        before={firstName ? <span className="text-sm font-medium text-slate-800">Admin: {firstName}</span> : null}
        links={firstName ? [{ to: "/account", label: "Account settings" }] : []}
        logout={Boolean(firstName)}
      />
      <main id="main" tabIndex={-1} className="focus:outline-none mx-auto max-w-7xl space-y-6 px-4 py-8">
        {children}
      </main>
    </div>
  );
}

export default function AdminPanel() {
  const { admin, stats } = useLoaderData<typeof loader>();
  return (
    <AdminShell firstName={admin.firstName}>
      <h1 className="text-3xl font-bold">Admin Panel</h1>
      <StatCards stats={stats} />
      <AdminTabs />
      <Outlet />
    </AdminShell>
  );
}

/** A failure in an admin page (e.g. an application that does not exist) shows here, under the
 *  admin's header and tabs. The admin's name and links only when this layout's own loader ran. */
export function ErrorBoundary() {
  const admin = useRouteLoaderData<typeof loader>("routes/admin")?.admin;
  return (
    <AdminShell firstName={admin?.firstName}>
      {admin ? <AdminTabs /> : null}
      <RouteErrorCard back={admin ? { to: "/admin", label: "Back to the admin panel" } : undefined} />
    </AdminShell>
  );
}
