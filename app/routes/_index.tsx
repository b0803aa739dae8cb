import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listPartnerLenderNames } from "~/features/marketplace/lenders.server";
import { LenderStrip } from "~/features/marketplace/components/lender-strip";
import { HeroIllustration } from "~/ui/hero-illustration";
import { SiteFooter } from "~/ui/site-footer";
import { SiteHeader } from "~/ui/site-header";
import { site } from "~/content/site";
import { loadPublicClaims } from "~/features/marketplace/public-claims.server";
import type { ClaimTexts } from "~/features/marketplace/domain/public-claims";
import type { TFunction } from "i18next";
import { useT } from "~/ui/i18n";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";

export { staticPageHandle as handle } from "~/platform/http/cache";

/**
 * Every rate, amount, speed and prepayment claim of this page comes from the active catalogue, and
 * so does the partner-lender strip (the page stays script-free and cached; a catalogue change drops it).
 */
export async function loader() {
  const [{ texts }, lenders] = await Promise.all([loadPublicClaims(), listPartnerLenderNames()]);
  return { texts, lenders };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const lang = languageOfMatches(matches);
  if (lang !== "en") {
    // The catalogue's claims are written in English (public-claims.ts): the Spanish page makes none.
    const l = resourcesFor(lang).landing;
    return [{ title: fill(l.title, { site: site.name }) }, { name: "description", content: l.description }];
  }
  return [
    { title: `${site.name} | Small Business Loans${data?.texts.amounts ? ` from ${data.texts.amounts}` : ""}` },
    {
      name: "description",
      content: `Compare business loan offers from licensed lenders and apply online in under 10 minutes.${
        data?.texts.rateFrom ? ` Rates from ${data.texts.rateFrom}. ${data.texts.example}` : ""
      }`,
    },
  ];
};

/** The trust strip: each line is something the product does (SECURITY.md and docs/product.md). */
const TRUST = ["encrypted", "lendersDecide", "noFee", "yourData"] as const;

/** No catalogue claim (the Spanish page: the claims' sentences are English, public-claims.ts). */
const NO_CLAIMS: ClaimTexts = {
  rateFrom: null,
  rateRange: null,
  example: null,
  amounts: null,
  terms: null,
  funding: null,
  prepayment: null,
};

/** The feature cards; the speed, rate and prepayment sentences are the catalogue's (null: no product backs one). */
const featuresOf = (c: ClaimTexts, t: TFunction) => [
  {
    title: t("fastFunding"),
    text: c.funding ? `${c.funding}. ${t("eachOfferFunds")}` : t("eachOfferFunds"),
  },
  {
    title: t("secureLending"),
    text: t("secureText"),
  },
  {
    title: t("competitiveRates"),
    text: [
      c.rateFrom ? `Rates from ${c.rateFrom}. ${c.example}` : null,
      t("noHiddenFees"),
      c.prepayment ? `${c.prepayment}.` : null,
      t("creditScore"),
    ]
      .filter(Boolean)
      .join(" "),
  },
];

const stepsOf = (c: ClaimTexts, t: TFunction) => [
  { title: t("applyOnline"), text: t("applyOnlineText") },
  { title: t("review"), text: t("reviewText") },
  {
    title: t("getFunded"),
    text: c.funding ? `Accept the offer you choose. ${c.funding}.` : t("getFundedText"),
  },
];

export default function Landing() {
  const loaded = useLoaderData<typeof loader>();
  const { t, i18n } = useT("landing");
  const texts = i18n.language === "en" ? loaded.texts : NO_CLAIMS;
  const lenders = loaded.lenders;
  const features = featuresOf(texts, t);
  const steps = stepsOf(texts, t);
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader variant="landing" />
      <main id="main" tabIndex={-1} className="focus:outline-none flex-1">
        <section className="bg-gradient-to-b from-blue-50 to-white">
          <div className="mx-auto max-w-6xl px-4 py-20 text-center">
            <p className="text-sm font-semibold uppercase tracking-wide text-blue-800">
              {texts.amounts ? t("eyebrowFrom", { amounts: texts.amounts }) : t("eyebrow")}
            </p>
            <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{t("heading")}</h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700">{t("intro", { site: site.name })}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link to="/apply" className="btn-primary px-6 py-3 text-base">
                {t("applyNow")}
              </Link>
              <Link to="/loan-calculator" className="btn-outline px-6 py-3 text-base">
                {t("calculate")}
              </Link>
            </div>
            <p className="mt-4 text-sm text-slate-600">{t("creditScore")}</p>
            <HeroIllustration className="mx-auto mt-10 h-auto w-full max-w-md" />
          </div>
        </section>
        <LenderStrip names={lenders} />

        {/* Trust strip: only what the product does. */}
        <section aria-labelledby="trust-heading" className="border-y border-slate-200 bg-white">
          <h2 id="trust-heading" className="sr-only">
            {t("trustHeading")}
          </h2>
          <ul className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm sm:grid-cols-2 lg:grid-cols-4">
            {TRUST.map((k) => (
              <li key={k} className="flex gap-3">
                <svg viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden="true" fill="currentColor">
                  <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
                </svg>
                <span>
                  <span className="block font-semibold text-slate-900">{t(`trust.${k}.title`)}</span>
                  <span className="text-slate-700">{t(`trust.${k}.text`)}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>

        <section id="features" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16" aria-labelledby="features-heading">
          <h2 id="features-heading" className="text-center text-3xl font-bold">
            {t("whyHeading", { site: site.name })}
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {features.map((f) => (
              <div key={f.title} className="card">
                <h3 className="text-xl font-semibold">{f.title}</h3>
                <p className="mt-2 text-slate-700">{f.text}</p>
              </div>
            ))}
          </div>
        </section>

        <section id="how-it-works" className="scroll-mt-20 bg-slate-50" aria-labelledby="how-heading">
          <div className="mx-auto max-w-6xl px-4 py-16">
            <h2 id="how-heading" className="text-center text-3xl font-bold">
              {t("howItWorks")}
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-center text-slate-700" data-testid="who-decides">
              {t("whoDecides", { site: site.name })}
            </p>
            <ol className="mt-10 grid gap-6 md:grid-cols-3">
              {steps.map((s, i) => (
                <li key={s.title} className="card">
                  <span
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-blue-700 font-bold text-white"
                    aria-hidden="true"
                  >
                    {i + 1}
                  </span>
                  <h3 className="mt-4 text-xl font-semibold">
                    <span className="sr-only">{t("step", { n: i + 1 })}</span>
                    {s.title}
                  </h3>
                  <p className="mt-2 text-slate-700">{s.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="bg-blue-800 text-white" aria-labelledby="cta-heading">
          <div className="mx-auto max-w-4xl px-4 py-16 text-center">
            <h2 id="cta-heading" className="text-3xl font-bold">
              {t("ctaHeading")}
            </h2>
            <p className="mt-3 text-blue-50">{t("ctaText")}</p>
            <Link to="/apply" className="btn mt-8 bg-white px-6 py-3 text-base text-blue-800 hover:bg-blue-50">
              {t("ctaButton")}
            </Link>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
