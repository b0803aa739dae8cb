import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useT } from "~/ui/i18n";
import { Logo } from "~/ui/site-header";

export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useT("auth");
  return (
    <main id="main" tabIndex={-1} className="focus:outline-none flex min-h-screen items-center justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <div className="card">
          <h1 className="text-center text-2xl font-bold text-slate-900">{title}</h1>
          <p className="mt-1 text-center text-slate-700">{subtitle}</p>
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-4 text-center text-sm text-slate-700">{footer}</div> : null}
        <p className="mt-4 text-center">
          <Link to="/" className="link text-sm">
            {t("backToHome")}
          </Link>
        </p>
      </div>
    </main>
  );
}
