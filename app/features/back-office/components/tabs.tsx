import { Link, useLocation } from "@remix-run/react";

/** The tabs of the admin panel, as links (each tab is its own URL). */
export function AdminTabs() {
  const { pathname } = useLocation();
  const onDocuments = pathname.startsWith("/admin/documents");
  const onLenders = pathname.startsWith("/admin/lenders");
  const onPartners = pathname.startsWith("/admin/partners");
  const onReview = pathname.startsWith("/admin/review");
  const tabs = [
    { to: "/admin", label: "Loan Applications", current: !onDocuments && !onLenders && !onPartners && !onReview },
    { to: "/admin/review", label: "Review workspace", current: onReview },
    { to: "/admin/documents", label: "Documents", current: onDocuments },
    { to: "/admin/lenders", label: "Lenders", current: onLenders },
    { to: "/admin/partners", label: "API partners", current: onPartners },
  ];
  return (
    <nav aria-label="Admin sections" className="border-b border-slate-300">
      <ul className="-mb-px flex flex-wrap gap-x-2">
        {tabs.map((t) => (
          <li key={t.to}>
            <Link
              to={t.to}
              aria-current={t.current ? "page" : undefined}
              className={`inline-block border-b-2 px-4 py-2 text-sm font-semibold ${
                t.current ? "border-blue-700 text-blue-800" : "border-transparent text-slate-700 hover:text-slate-900"
              }`}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
