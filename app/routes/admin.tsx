import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { StatCards } from "~/components/admin/stat-cards";
import { AdminTabs } from "~/components/admin/tabs";
import { LogoutButton } from "~/components/logout-button";
import { Logo } from "~/components/site-header";
import { site } from "~/content/site";
import { getAdminStats } from "~/services/admin-views.server";
import { requireAdmin } from "~/server/session.server";

export const meta: MetaFunction = () => [{ title: `Admin | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const stats = await getAdminStats();
  return { admin: { firstName: admin.firstName }, stats };
}

export default function AdminPanel() {
  const { admin, stats } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <Logo />
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="text-sm font-medium text-slate-800">Admin: {admin.firstName}</span>
            <Link to="/account" className="btn-ghost">
              Account settings
            </Link>
            <LogoutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">
        <h1 className="text-3xl font-bold">Admin Panel</h1>
        <StatCards stats={stats} />
        <AdminTabs />
        <Outlet />
      </main>
    </div>
  );
}
