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
import { Link, useLoaderData } from "@remix-run/react";
import type { LoanProduct } from "~/content/products";
import { site } from "~/content/site";
import {
  claimApr,
  claimDollars,
  type CatalogueClaims,
  type ClaimTexts,
  type RepresentativeExample,
} from "~/features/marketplace/domain/public-claims";

type ProductData = { product: LoanProduct; claims: CatalogueClaims; texts: ClaimTexts };

/** The page's benefit lines: the catalogue's claims first, then the product's own copy. */
export function productBenefits(product: LoanProduct, texts: ClaimTexts): string[] {
  return [texts.amounts ? `Borrow ${texts.amounts}` : null, texts.funding, texts.prepayment, ...product.benefits].filter((b): b is string =>
    Boolean(b),
  );
}

export const productMeta: MetaFunction<() => ProductData> = ({ data }) =>
  data
    ? [{ title: data.product.title }, { name: "description", content: data.product.metaDescription }]
    : [{ title: `404 Page Not Found | ${site.name}` }];

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
  return (
    <aside className="card lg:sticky lg:top-28" aria-labelledby="apply-card-heading" data-testid="apply-card">
      <h2 id="apply-card-heading" className="text-lg font-semibold text-slate-900">
        Ready to get started?
      </h2>
      {texts.rateFrom ? (
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-700">Rates from</dt>
            <dd className="font-semibold text-slate-900">{texts.rateFrom}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-700">Terms</dt>
            <dd className="text-right font-semibold text-slate-900">{texts.terms}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-700">Amounts</dt>
            <dd className="text-right font-semibold text-slate-900">{texts.amounts}</dd>
          </div>
        </dl>
      ) : null}
      <Link to="/loan-application" className="btn-primary mt-5 w-full">
        Apply Now
      </Link>
      <p className="mt-2 text-center text-xs text-slate-700">Checking your rate does not affect your credit score.</p>
      <div className="mt-5 border-t border-slate-200 pt-4 text-sm">
        <h3 className="font-semibold text-slate-900">Talk to a loan specialist</h3>
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
          <li className="text-slate-700">{site.hours}</li>
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
  return (
    <aside aria-labelledby="hero-example" className="rounded-2xl border border-blue-100 bg-white p-6 shadow-lg shadow-blue-900/5">
      <h2 id="hero-example" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        Representative example
      </h2>
      <p className="mt-3 text-slate-700">
        Borrow <span className="font-semibold text-slate-900">{claimDollars(example.amountCents)}</span> over {example.termMonths} months at{" "}
        {claimApr(example.aprBps)}:
      </p>
      <p className="mt-2 text-4xl font-extrabold tracking-tight text-blue-900 [font-variant-numeric:tabular-nums]">
        {claimDollars(example.paymentCents)}
        <span className="text-base font-semibold text-slate-600"> / month</span>
      </p>
      <p className="mt-4 text-sm text-slate-700" data-testid="claim-example">
        {sentence}
      </p>
      <p className="mt-2 text-xs text-slate-600">
        From a lender on our platform today, not an offer. Your rate depends on your application.
      </p>
      <Link to="/loan-calculator" className="link mt-3 inline-block text-sm font-semibold">
        Try your own numbers
      </Link>
    </aside>
  );
}

export function ProductPage() {
  const { product, claims, texts } = useLoaderData<ProductData>();
  return (
    <>
      <section className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 lg:grid-cols-[1fr_22rem]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-blue-800">Business Loans</p>
            <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{product.headline}</h1>
            <p className="mt-4 max-w-2xl text-lg text-slate-700">{product.subheadline}</p>
            {texts.rateFrom ? (
              <ul className="mt-6 flex flex-wrap gap-3 text-sm" aria-label="Key figures">
                <li className="rounded-full border border-blue-200 bg-white px-3 py-1 font-medium text-slate-900">
                  Rates from {texts.rateFrom}
                </li>
                <li className="rounded-full border border-blue-200 bg-white px-3 py-1 font-medium text-slate-900">Terms: {texts.terms}</li>
                <li className="rounded-full border border-blue-200 bg-white px-3 py-1 font-medium text-slate-900">{texts.amounts}</li>
              </ul>
            ) : (
              <p className="mt-6 text-slate-700" data-testid="no-active-product">
                No lender on our platform offers this product right now. You can still apply: we match your application with every lender
                that fits it.
              </p>
            )}
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/loan-application" className="btn-primary px-6 py-3 text-base">
                Apply Now
              </Link>
              <Link to="/loan-calculator" className="btn-outline px-6 py-3 text-base">
                Estimate Your Payment
              </Link>
            </div>
          </div>
          {claims.example && texts.example ? <HeroExample example={claims.example} sentence={texts.example} /> : null}
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-12">
        <section aria-labelledby="highlights-heading">
          <h2 id="highlights-heading" className="sr-only">
            Highlights
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {product.highlights.map((h) => (
              <li key={h.title} className="card" data-testid="product-highlight">
                <h3 className="text-lg font-semibold text-slate-900">{h.title}</h3>
                <p className="mt-2 text-slate-700">{h.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <div className="mt-12 grid gap-8 lg:grid-cols-3">
          <div className="space-y-10 lg:col-span-2">
            <section aria-labelledby="benefits-heading">
              <h2 id="benefits-heading" className="text-2xl font-bold text-slate-900">
                Benefits
              </h2>
              <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="product-benefits">
                {productBenefits(product, texts).map((b) => (
                  <li key={b} className="flex gap-2 text-slate-800">
                    <CheckIcon />
                    <span>{b}</span>
                  </li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="rates-heading">
              <h2 id="rates-heading" className="text-2xl font-bold text-slate-900">
                Rates and Terms
              </h2>
              {texts.rateFrom ? (
                <dl className="mt-4 grid gap-4 sm:grid-cols-3">
                  <div className="rounded-lg bg-slate-50 p-4">
                    <dt className="text-sm text-slate-700">Rates from</dt>
                    <dd className="mt-1 text-xl font-bold text-slate-900" data-testid="product-rate">
                      {texts.rateFrom}
                    </dd>
                  </div>
                  <div className="rounded-lg bg-slate-50 p-4">
                    <dt className="text-sm text-slate-700">Repayment terms</dt>
                    <dd className="mt-1 text-xl font-bold text-slate-900" data-testid="product-terms">
                      {texts.terms}
                    </dd>
                  </div>
                  <div className="rounded-lg bg-slate-50 p-4">
                    <dt className="text-sm text-slate-700">Loan amounts</dt>
                    <dd className="mt-1 text-xl font-bold text-slate-900" data-testid="product-amounts">
                      {texts.amounts}
                    </dd>
                  </div>
                </dl>
              ) : null}
              {texts.example ? <p className="mt-3 text-sm font-medium text-slate-800">{texts.example}</p> : null}
              <p className="mt-3 text-sm text-slate-700">
                Your rate depends on your business credit score, time in business, annual revenue, industry type, and the loan amount and
                term. No application fee; a lender may charge an origination fee.{" "}
                {texts.prepayment === "No prepayment penalty"
                  ? "No prepayment penalty."
                  : "Whether you may repay early without a fee depends on the lender: each offer says so."}
              </p>
            </section>

            <section aria-labelledby="list-heading">
              <h2 id="list-heading" className="text-2xl font-bold text-slate-900">
                {product.list.heading}
              </h2>
              <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="product-list">
                {product.list.items.map((item) => (
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
            Apply in under 10 minutes
          </h2>
          <p className="mt-3 text-blue-50">Most applications receive a decision within 24-48 hours.</p>
          <Link to="/loan-application" className="btn mt-8 bg-white px-6 py-3 text-base text-blue-800 hover:bg-blue-50">
            Apply Now
          </Link>
        </div>
      </section>
    </>
  );
}
