/**
 * The top bar of the signed-in pages (dashboard, marketplace, account, admin, wizard): the logo on
 * the left, a few links (and Logout) on the right. One component; each area passes its links.
 */
import { Link } from "@remix-run/react";
import type { MouseEventHandler, ReactNode } from "react";
import { LogoutButton } from "./logout-button";
import { Logo } from "./site-header";
import { useT } from "~/ui/i18n";

const WIDTHS = { "3xl": "max-w-3xl", "4xl": "max-w-4xl", "6xl": "max-w-6xl", "7xl": "max-w-7xl" } as const;
export type ShellWidth = keyof typeof WIDTHS;

export type HeaderLink = { to: string; label: string; onClick?: MouseEventHandler<HTMLAnchorElement> };

export function AppHeader({
  width = "6xl",
  links,
  before,
  logout = true,
  navLabel,
  collapse = false,
}: {
  width?: ShellWidth;
  links: HeaderLink[];
  /** Shown before the links (e.g. "Admin: Ada"). */
  before?: ReactNode;
  logout?: boolean;
  /** With a label the links are a named navigation landmark. */
  navLabel?: string;
  /** On a phone the links fold into a "Menu" (a <details>: it opens without JavaScript), so the bar stays one line. */
  collapse?: boolean;
}) {
  const Nav = navLabel ? "nav" : "div";
  const { t } = useT("common");
  const items = (linkClass: string, inMenu = false) => (
    <>
      {before}
      {links.map((l) => (
        <Link key={l.to} to={l.to} className={linkClass} onClick={l.onClick}>
          {t(`nav.${l.label}`, l.label)}
        </Link>
      ))}
      {logout ? <LogoutButton className={inMenu ? `${linkClass} w-full` : undefined} /> : null}
    </>
  );
  if (collapse) {
    return (
      <header className="border-b border-slate-200 bg-white">
        <div className={`mx-auto flex ${WIDTHS[width]} flex-nowrap items-center justify-between gap-x-4 px-4 py-3`}>
          <Logo />
          <Nav aria-label={navLabel} className="hidden flex-wrap items-center gap-x-2 gap-y-1 sm:flex">
            {items("btn-ghost whitespace-nowrap px-2 sm:px-4")}
          </Nav>
          <details className="relative sm:hidden" data-testid="header-menu">
            <summary className="btn-ghost cursor-pointer list-none whitespace-nowrap [&::-webkit-details-marker]:hidden">
              {t("header.menu")} <span aria-hidden="true">▾</span>
            </summary>
            <Nav
              aria-label={navLabel}
              className="absolute right-0 z-30 mt-2 flex w-56 flex-col items-stretch gap-1 rounded-md border border-slate-200 bg-white p-2 shadow-lg"
            >
              {items("btn-ghost justify-start whitespace-nowrap", true)}
            </Nav>
          </details>
        </div>
      </header>
    );
  }
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className={`mx-auto flex ${WIDTHS[width]} flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3`}>
        <Logo />
        <Nav aria-label={navLabel} className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {items("btn-ghost whitespace-nowrap px-2 sm:px-4")}
        </Nav>
      </div>
    </header>
  );
}

/** A signed-in page: the top bar and the page's main column. */
export function AppShell({
  width = "6xl",
  header,
  mainId = "main",
  children,
}: {
  width?: ShellWidth;
  header: Omit<Parameters<typeof AppHeader>[0], "width">;
  mainId?: string;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-slate-50">
      <AppHeader width={width} {...header} />
      <main id={mainId} tabIndex={-1} className={`mx-auto ${WIDTHS[width]} px-4 py-8 focus:outline-none`}>
        {children}
      </main>
    </div>
  );
}

/** Header of the signed-in account pages: back to the dashboard or admin panel. */
export function AccountHeader({ role }: { role: "user" | "admin" | "lender" }) {
  const links: HeaderLink[] =
    role === "admin"
      ? [{ to: "/admin", label: "Admin panel" }]
      : [
          { to: "/dashboard", label: "Dashboard" },
          { to: "/account/data", label: "My data" },
        ];
  return <AppHeader width="4xl" navLabel="Account" collapse links={[...links, { to: "/account", label: "Account settings" }]} />;
}
