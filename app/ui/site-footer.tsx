import { Link, useRouteLoaderData } from "@remix-run/react";
import { useT } from "~/ui/i18n";
import type { loader as rootLoader } from "~/root";
import { NewTabNote } from "~/ui/new-tab";
import { site } from "~/content/site";

const productLinks = [
  { to: "/startup-capital-loans", label: "Startup Capital" },
  { to: "/working-capital-loans", label: "Working Capital" },
  { to: "/equipment-financing", label: "Equipment Financing" },
  { to: "/business-expansion-loans", label: "Business Expansion" },
  { to: "/small-business-funding", label: "Small Business Funding" },
  { to: "/commercial-real-estate", label: "Commercial Real Estate" },
];
const resourceLinks = [
  { to: "/loan-application", label: "Apply for a Loan" },
  { to: "/application-status", label: "Application Status" },
  { to: "/loan-calculator", label: "Loan Calculator" },
  { to: "/faq", label: "FAQ" },
];
/** Items docs/product.md lists without a target: text, not dead links. */
const plainItems = ["inventory", "emergency"] as const;
const companyItems = ["rates", "stories", "compliance"] as const;
/** The pages that say who runs the marketplace, who holds which licence, and how data is protected. */
const trustLinks = [
  { to: "/licenses", label: "Licensing" },
  { to: "/security", label: "Security" },
];

export function SiteFooter() {
  // The licence line comes from configuration (MARKETPLACE_NMLS_ID), read by the root loader.
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const nmlsId = root?.nmlsId ?? null;
  const entity = root?.legalEntity ?? null;
  const { t } = useT("common");
  // Labels in the page's language (English: the lists above, word for word).
  const label = (l: { to: string; label: string }) =>
    t(`footer.${productLinks.includes(l) ? "products" : "resourceLinks"}.${l.to}`, l.label);
  return (
    <footer className="border-t border-slate-800 bg-slate-900 text-slate-200" id="support">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="mt-2 text-sm text-slate-300">{t("footer.tagline")}</p>
          <ul className="mt-4 flex flex-wrap gap-3 text-sm" aria-label={t("footer.socialMedia")}>
            {site.social.map((s) => (
              <li key={s.label}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center rounded border border-slate-600 px-2 py-1 text-slate-200 hover:border-slate-400 hover:text-white"
                >
                  {s.label}
                  <NewTabNote />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-products">
          <h2 id="footer-products" className="font-semibold text-white">
            {t("footer.businessLoans")}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {productLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white hover:underline">
                  {label(l)}
                </Link>
              </li>
            ))}
            {plainItems.map((k) => (
              <li key={k} className="text-slate-400">
                {t(`footer.plainItems.${k}`)}
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-resources">
          <h2 id="footer-resources" className="font-semibold text-white">
            {t("footer.resources")}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {resourceLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white hover:underline">
                  {label(l)}
                </Link>
              </li>
            ))}
            {trustLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white hover:underline">
                  {label(l)}
                </Link>
              </li>
            ))}
            {companyItems.map((k) => (
              <li key={k} className="text-slate-400">
                {t(`footer.plainItems.${k}`)}
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">{t("footer.support")}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a href={site.supportPhoneHref} className="hover:text-white hover:underline">
                {site.supportPhone}
              </a>
            </li>
            <li>
              <a href={`mailto:${site.supportEmail}`} className="hover:text-white hover:underline">
                {site.supportEmail}
              </a>
            </li>
            <li className="text-slate-300">{t("footer.hours")}</li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-300 md:flex-row md:items-center md:justify-between">
          <p>
            © {site.copyrightYear} {site.name}. {t("footer.rightsReserved")}
            {entity ? (
              <span className="block" data-testid="legal-entity">
                {t("footer.operatedBy", { site: site.name, name: entity.name, address: entity.address })}
              </span>
            ) : null}
          </p>
          <div className="flex flex-wrap gap-4">
            <Link to="/terms-of-service" className="hover:text-white hover:underline">
              {t("footer.termsOfService")}
            </Link>
            <Link to="/privacy-policy" className="hover:text-white hover:underline">
              {t("footer.privacyPolicy")}
            </Link>
            {nmlsId ? (
              <span data-testid="licence-line">
                {site.name} NMLS ID {nmlsId} (
                <a href={site.nmlsConsumerAccessUrl(nmlsId)} className="underline hover:text-white">
                  NMLS Consumer Access
                </a>
                )
              </span>
            ) : null}
          </div>
        </div>
        <p className="mx-auto max-w-6xl px-4 pb-6 text-xs text-slate-300" data-testid="equal-credit-statement">
          {t("footer.equalCredit", { ns: "public" })}
        </p>
      </div>
    </footer>
  );
}
