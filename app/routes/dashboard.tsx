import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LogoutButton } from "~/components/logout-button";
import { Logo } from "~/components/site-header";
import { site } from "~/content/site";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: `Dashboard | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { user: { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone } };
}

export default function Dashboard() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Logo />
          <div className="flex items-center gap-2">
            <Link to="/" className="btn-ghost">
              Home
            </Link>
            <LogoutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-bold">Welcome, {user.firstName}</h1>
        <p className="mt-1 text-slate-700">Track your applications and manage your account.</p>
        <section className="card mt-6" aria-labelledby="apps">
          <h2 id="apps" className="text-xl font-semibold">
            Current Applications
          </h2>
          <p className="mt-2 text-slate-700">You have no applications yet.</p>
          <Link to="/apply" className="btn-primary mt-4">
            New Application
          </Link>
        </section>
      </main>
    </div>
  );
}
