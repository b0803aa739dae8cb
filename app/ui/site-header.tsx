import { Link } from "@remix-run/react";
import { useT } from "~/ui/i18n";
import { site } from "~/content/site";
import { useOptionalUser } from "~/ui/use-user";
import { LogoutButton } from "./logout-button";

/** The brand mark (also public/favicon.svg): an L that carries a rising line. */
export function LogoMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={`${className} shrink-0`} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#1e40af" />
      <path d="M10.5 7.5v14a3 3 0 0 0 3 3h9" fill="none" stroke="#fff" strokeWidth="3.4" strokeLinecap="round" strokeLinejoin="round" />
      <path
        d="m15.5 17.5 3.5-3.5 2.5 2.5 4-4.5"
        fill="none"
        stroke="#34d399"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M22.5 12h3v3" fill="none" stroke="#34d399" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
      <LogoMark />
      <span className="tracking-tight">{site.name}</span>
    </Link>
  );
}

function AccountLinks({ stacked = false }: { stacked?: boolean }) {
  const user = useOptionalUser();
  const { t } = useT("common");
  const cls = stacked ? "flex flex-col items-start gap-2" : "flex items-center gap-2";
  if (user) {
    return (
      <div className={cls}>
        <span className="text-sm text-slate-700">{t("header.welcome", { name: user.firstName })}</span>
        <Link to={user.role === "admin" ? "/admin" : "/dashboard"} className="btn-ghost">
          {t("header.dashboard")}
        </Link>
        <LogoutButton />
      </div>
    );
  }
  return (
    <div className={cls}>
      <Link to="/login" className="btn-ghost">
        {t("header.login")}
      </Link>
      <Link to="/signup" className="btn-outline">
        {t("header.signUp")}
      </Link>
    </div>
  );
}

/**
 * The sticky top bar. On the landing page it shows the section anchors; on other public pages
 * it shows the support phone and e-mail. The mobile menu is a <details> element: no JS needed.
 */
export function SiteHeader({ variant }: { variant: "landing" | "public" }) {
  const { t } = useT("common");
  const anchors = [
    { href: "/#how-it-works", label: t("header.howItWorks") },
    { href: "/#features", label: t("header.features") },
    { href: "#support", label: t("header.support") },
  ];
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      {variant === "public" ? (
        <div className="bg-slate-900 text-xs text-slate-200">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-end gap-x-4 gap-y-1 px-4 py-1.5">
            <a href={site.supportPhoneHref} className="hover:underline">
              {t("header.call", { phone: site.supportPhone })}
            </a>
            <a href={`mailto:${site.supportEmail}`} className="hover:underline">
              {site.supportEmail}
            </a>
          </div>
        </div>
      ) : null}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-6 md:flex">
          {variant === "landing"
            ? anchors.map((a) => (
                <a key={a.label} href={a.href} className="text-sm font-medium text-slate-700 hover:text-slate-900">
                  {a.label}
                </a>
              ))
            : null}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <AccountLinks />
          <Link to="/loan-application" className="btn-primary">
            {t("header.applyNow")}
          </Link>
        </div>
        <details className="relative md:hidden">
          <summary className="btn-outline list-none" aria-label={t("header.menu")}>
            {t("header.menu")}
          </summary>
          <div className="absolute right-0 mt-2 w-64 rounded-md border border-slate-200 bg-white p-4 shadow-lg">
            {variant === "landing" ? (
              <ul className="mb-3 space-y-2">
                {anchors.map((a) => (
                  <li key={a.label}>
                    <a href={a.href} className="text-sm font-medium text-slate-800">
                      {a.label}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            <AccountLinks stacked />
            <Link to="/loan-application" className="btn-primary mt-3 w-full">
              {t("header.applyNow")}
            </Link>
          </div>
        </details>
      </div>
    </header>
  );
}
