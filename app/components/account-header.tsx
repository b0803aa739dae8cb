import { Link } from "@remix-run/react";
import { LogoutButton } from "./logout-button";
import { Logo } from "./site-header";

/** Header of the signed-in account pages (issue 13): back to the dashboard or admin panel. */
export function AccountHeader({ role }: { role: "user" | "admin" }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <Logo />
        <nav aria-label="Account" className="flex flex-wrap items-center gap-2">
          {role === "admin" ? (
            <Link to="/admin" className="btn-ghost">
              Admin panel
            </Link>
          ) : (
            <>
              <Link to="/dashboard" className="btn-ghost">
                Dashboard
              </Link>
              <Link to="/account/data" className="btn-ghost">
                My data
              </Link>
            </>
          )}
          <Link to="/account" className="btn-ghost">
            Account settings
          </Link>
          <LogoutButton />
        </nav>
      </div>
    </header>
  );
}
