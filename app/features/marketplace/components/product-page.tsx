/**
 * The one page component behind the six loan product routes. Each route module is three lines:
 *   export const loader = productLoader("working-capital-loans");   (public-claims.server.ts)
 *   export const meta = productMeta;
 *   export { ProductPage as default } from "~/features/marketplace/components/product-page";
 * The copy lives in app/content/products.ts; every rate, amount, term, speed and prepayment claim
 * comes from the active catalogue through the loader (`texts`), and is left out when no active
 * product backs it.
 */
import type { MetaFunction } from "@remix-run/node";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { Link, useLoaderData } from "@remix-run/react";
import type { LoanProduct } from "~/content/products";
import { site } from "~/content/site";
import {
  claimDollars,
  type CatalogueClaims,
  type ClaimTexts,
  type RepresentativeExample,
} from "~/features/marketplace/domain/public-claims";
import { useClaimTexts } from "~/features/marketplace/components/use-claim-texts";
import { useT } from "~/ui/i18n";

type ProductData = { product: LoanProduct; claims: CatalogueClaims; texts: ClaimTexts };

/** The page's benefit lines: the catalogue's claims first, then the product's own copy. */
export function productBenefits(
  product: LoanProduct,
  texts: ClaimTexts,
  words: { borrow: (amounts: string) => string; benefits: readonly string[] } = {
    borrow: (amounts) => `Borrow ${amounts}`,
    benefits: product.benefits,
  },
): string[] {
  return [texts.amounts ? words.borrow(texts.amounts) : null, texts.funding, texts.prepayment, ...words.benefits].filter((b): b is string =>
    Boolean(b),
  );
}

export const productMeta: MetaFunction<() => ProductData> = ({ data, matches }) => {
  const r = resourcesFor(languageOfMatches(matches)).public;
  if (!data) return [{ title: fill(r.product.notFoundTitle, { site: site.name }) }];
  const p = r.products[data.product.slug];
  return [{ title: p.title }, { name: "description", content: p.metaDescription }];
};

function CheckIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 h-5 w-5 shrink-0 text-green-700">
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** Apply Now plus how to reach us: the side card of every product page. */
function ApplyCard({ texts }: { texts: ClaimTexts }) {
  const { t } = useT("public");
  return (
    <aside className="card lg:sticky lg:top-28" aria-labelledby="apply-card-heading" data-testid="apply-card">
      <h2 id="apply-card-heading" className="text-lg font-semibold text-slate-900">
        {t("product.readyHeading")}
      </h2>
      {texts.rateFrom ? (
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-700">{t("product.ratesFrom")}</dt>
            <dd className="font-semibold text-slate-900">{texts.rateFrom}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-700">{t("product.terms")}</dt>
            <dd className="text-right font-semibold text-slate-900">{texts.terms}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-700">{t("product.amounts")}</dt>
            <dd className="text-right font-semibold text-slate-900">{texts.amounts}</dd>
          </div>
        </dl>
      ) : null}
      <Link to="/loan-application" className="btn-primary mt-5 w-full">
        {t("product.applyNow")}
      </Link>
      <p className="mt-2 text-center text-xs text-slate-700">{t("product.creditScore")}</p>
      <div className="mt-5 border-t border-slate-200 pt-4 text-sm">
        <h3 className="font-semibold text-slate-900">{t("product.specialist")}</h3>
        <ul className="mt-2 space-y-1">
          <li>
            <a href={site.supportPhoneHref} className="link">
              {site.supportPhone}
            </a>
          </li>
          <li>
            <a href={`mailto:${site.supportEmail}`} className="link">
              {site.supportEmail}
            </a>
          </li>
          <li className="text-slate-700">{t("hours")}</li>
        </ul>
      </div>
    </aside>
  );
}

/**
 * The hero's right side: the representative example behind "Rates from", priced by the offers' own
 * code (fee withheld, APR on the funding provided) for the product of the lowest APR at the rate
 * every qualifying applicant gets. Labelled as an example, not an offer.
 */
function HeroExample({ example, sentence }: { example: RepresentativeExample; sentence: string }) {
  const { t } = useT("public");
  const aprText = t("claims.apr", { rate: (example.aprBps / 100).toFixed(2) });
  return (
    <aside aria-labelledby="hero-example" className="rounded-2xl border border-blue-100 bg-white p-6 shadow-lg shadow-blue-900/5">
      <h2 id="hero-example" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t("product.exampleHeading")}
      </h2>
      <p className="mt-3 text-slate-700">
        {t("product.exampleBorrow")} <span className="font-semibold text-slate-900">{claimDollars(example.amountCents)}</span>{" "}
        {t("product.exampleOver", { months: example.termMonths, apr: aprText })}
      </p>
      <p className="mt-2 text-4xl font-extrabold tracking-tight text-blue-900 [font-variant-numeric:tabular-nums]">
        {claimDollars(example.paymentCents)}
        <span className="text-base font-semibold text-slate-600">{t("product.perMonth")}</span>
      </p>
      <p className="mt-4 text-sm text-slate-700" data-testid="claim-example">
        {sentence}
      </p>
      <p className="mt-2 text-xs text-slate-600">{t("product.exampleNote")}</p>
      <Link to="/loan-calculator" className="link mt-3 inline-block text-sm font-semibold">
        {t("product.tryNumbers")}
      </Link>
    </aside>
  );
}

export function ProductPage() {
  const { product, claims, texts: english } = useLoaderData<ProductData>();
  const { t } = useT("public");
  const texts = useClaimTexts(claims, english);
  const words = (k: string, list: readonly unknown[]) => list.map((_, i) => t(`products.${product.slug}.${k}.${i}`));
  return (
    <>
      <section className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 lg:grid-cols-[1fr_22rem]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-blue-800">{t("product.eyebrow")}</p>
            <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              {t(`products.${product.slug}.headline`)}
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-slate-700">{t(`products.${product.slug}.subheadline`)}</p>
            {texts.rateFrom ? (
              <ul className="mt-6 flex flex-wrap gap-3 text-sm" aria-label={t("product.keyFigures")}>
                <li className="rounded-full border border-blue-200 bg-white px-3 py-1 font-medium text-slate-900">
                  {t("product.ratesFromValue", { rate: texts.rateFrom })}
                </li>
                <li className="rounded-full border border-blue-200 bg-white px-3 py-1 font-medium text-slate-900">
                  {t("product.termsValue", { terms: texts.terms })}
                </li>
                <li className="rounded-full border border-blue-200 bg-white px-3 py-1 font-medium text-slate-900">{texts.amounts}</li>
              </ul>
            ) : (
              <p className="mt-6 text-slate-700" data-testid="no-active-product">
                {t("product.noActive")}
              </p>
            )}
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/loan-application" className="btn-primary px-6 py-3 text-base">
                {t("product.applyNow")}
              </Link>
              <Link to="/loan-calculator" className="btn-outline px-6 py-3 text-base">
                {t("product.estimate")}
              </Link>
            </div>
          </div>
          {claims.example && texts.example ? <HeroExample example={claims.example} sentence={texts.example} /> : null}
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-12">
        <section aria-labelledby="highlights-heading">
          <h2 id="highlights-heading" className="sr-only">
            {t("product.highlights")}
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {product.highlights.map((h, i) => (
              <li key={h.title} className="card" data-testid="product-highlight">
                <h3 className="text-lg font-semibold text-slate-900">{t(`products.${product.slug}.highlightTitles.${i}`)}</h3>
                <p className="mt-2 text-slate-700">{t(`products.${product.slug}.highlightTexts.${i}`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <div className="mt-12 grid gap-8 lg:grid-cols-3">
          <div className="space-y-10 lg:col-span-2">
            <section aria-labelledby="benefits-heading">
              <h2 id="benefits-heading" className="text-2xl font-bold text-slate-900">
                {t("product.benefits")}
              </h2>
              <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="product-benefits">
                {productBenefits(product, texts, {
                  borrow: (amounts) => t("product.borrow", { amounts }),
                  benefits: words("benefits", product.benefits),
                }).map((b) => (
                  <li key={b} className="flex gap-2 text-slate-800">
                    <CheckIcon />
                    <span>{b}</span>
                  </li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="rates-heading">
              <h2 id="rates-heading" className="text-2xl font-bold text-slate-900">
                {t("product.ratesAndTerms")}
              </h2>
              {texts.rateFrom ? (
                <dl className="mt-4 grid gap-4 sm:grid-cols-3">
                  <div className="rounded-lg bg-slate-50 p-4">
                    <dt className="text-sm text-slate-700">{t("product.ratesFrom")}</dt>
                    <dd className="mt-1 text-xl font-bold text-slate-900" data-testid="product-rate">
                      {texts.rateFrom}
                    </dd>
                  </div>
                  <div className="rounded-lg bg-slate-50 p-4">
                    <dt className="text-sm text-slate-700">{t("product.repaymentTerms")}</dt>
                    <dd className="mt-1 text-xl font-bold text-slate-900" data-testid="product-terms">
                      {texts.terms}
                    </dd>
                  </div>
                  <div className="rounded-lg bg-slate-50 p-4">
                    <dt className="text-sm text-slate-700">{t("product.loanAmounts")}</dt>
                    <dd className="mt-1 text-xl font-bold text-slate-900" data-testid="product-amounts">
                      {texts.amounts}
                    </dd>
                  </div>
                </dl>
              ) : null}
              {texts.example ? <p className="mt-3 text-sm font-medium text-slate-800">{texts.example}</p> : null}
              <p className="mt-3 text-sm text-slate-700">
                {t("product.rateDepends")}{" "}
                {claims.noPrepaymentPenalty === "all" ? t("product.noPrepayment") : t("product.prepaymentDepends")}
              </p>
            </section>

            <section aria-labelledby="list-heading">
              <h2 id="list-heading" className="text-2xl font-bold text-slate-900">
                {t(`products.${product.slug}.listHeading`)}
              </h2>
              <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="product-list">
                {words("list", product.list.items).map((item) => (
                  <li key={item} className="rounded-md border border-slate-200 px-4 py-3 text-slate-800">
                    {item}
                  </li>
                ))}
              </ul>
            </section>
          </div>
          <div>
            <ApplyCard texts={texts} />
          </div>
        </div>
      </div>

      <section className="bg-blue-800 text-white" aria-labelledby="product-cta-heading">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center">
          <h2 id="product-cta-heading" className="text-3xl font-bold">
            {t("product.ctaHeading")}
          </h2>
          <p className="mt-3 text-blue-50">{t("product.ctaText")}</p>
          <Link to="/loan-application" className="btn mt-8 bg-white px-6 py-3 text-base text-blue-800 hover:bg-blue-50">
            {t("product.applyNow")}
          </Link>
        </div>
      </section>
    </>
  );
}
