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

export { staticPageHandle as handle } from "~/platform/http/cache";

/**
 * Every rate, amount, speed and prepayment claim of this page comes from the active catalogue, and
 * so does the partner-lender strip (the page stays script-free and cached; a catalogue change drops it).
 */
export async function loader() {
  const [{ texts }, lenders] = await Promise.all([loadPublicClaims(), listPartnerLenderNames()]);
  return { texts, lenders };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${site.name} | Small Business Loans${data?.texts.amounts ? ` from ${data.texts.amounts}` : ""}` },
  {
    name: "description",
    content: `Compare business loan offers from licensed lenders and apply online in under 10 minutes.${
      data?.texts.rateFrom ? ` Rates from ${data.texts.rateFrom}. ${data.texts.example}` : ""
    }`,
  },
];

/** The trust strip: each line is something the product does (SECURITY.md and docs/product.md). */
const TRUST = [
  {
    title: "Encrypted documents",
    text: "Files are checked by content and stored encrypted (AES-256-GCM); only you and our reviewers can open them.",
  },
  {
    title: "The lenders decide",
    text: "Each offer, and each decision to lend or not, is made by a licensed partner lender, never by us; a lender that declines tells you why by e-mail.",
  },
  { title: "No application fee", text: "Applying is free, and checking your rate does not affect your credit score." },
  { title: "Your data, your choice", text: "We never share your documents without your consent." },
];

/** The feature cards; the speed, rate and prepayment sentences are the catalogue's (null: no product backs one). */
const featuresOf = (t: ClaimTexts) => [
  {
    title: "Fast Funding",
    text: t.funding ? `${t.funding}. Each offer says when its lender funds.` : "Each offer says when its lender funds.",
  },
  {
    title: "Secure Lending",
    text: "Your information and documents are protected with 256-bit encryption and SSL, and never shared without your consent.",
  },
  {
    title: "Competitive Rates",
    text: [
      t.rateFrom ? `Rates from ${t.rateFrom}. ${t.example}` : null,
      "No hidden fees.",
      t.prepayment ? `${t.prepayment}.` : null,
      "Checking your rate does not affect your credit score.",
    ]
      .filter(Boolean)
      .join(" "),
  },
];

const stepsOf = (t: ClaimTexts) => [
  { title: "Apply Online", text: "Tell us about your business in a simple application that takes under 10 minutes." },
  { title: "Instant Business Review", text: "Our review engine and team assess your application and match you with licensed lenders." },
  {
    title: "Get Funded",
    text: t.funding ? `Accept the offer you choose. ${t.funding}.` : "Accept the offer you choose; the lender funds it as its offer says.",
  },
];

export default function Landing() {
  const { texts, lenders } = useLoaderData<typeof loader>();
  const features = featuresOf(texts);
  const steps = stepsOf(texts);
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader variant="landing" />
      <main id="main" tabIndex={-1} className="focus:outline-none flex-1">
        <section className="bg-gradient-to-b from-blue-50 to-white">
          <div className="mx-auto max-w-6xl px-4 py-20 text-center">
            <p className="text-sm font-semibold uppercase tracking-wide text-blue-800">
              Small business loans{texts.amounts ? ` from ${texts.amounts}` : ""}
            </p>
            <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              Compare business loan offers from licensed lenders
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700">
              {site.name} connects entrepreneurs and small businesses with licensed lenders. Compare offers, apply online and get a decision
              fast, with no hidden fees.
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link to="/apply" className="btn-primary px-6 py-3 text-base">
                Apply Now
              </Link>
              <Link to="/loan-calculator" className="btn-outline px-6 py-3 text-base">
                Calculate Payments
              </Link>
            </div>
            <p className="mt-4 text-sm text-slate-600">Checking your rate does not affect your credit score.</p>
            <HeroIllustration className="mx-auto mt-10 h-auto w-full max-w-md" />
          </div>
        </section>
        <LenderStrip names={lenders} />

        {/* Trust strip: only what the product does. */}
        <section aria-labelledby="trust-heading" className="border-y border-slate-200 bg-white">
          <h2 id="trust-heading" className="sr-only">
            How we handle your application
          </h2>
          <ul className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm sm:grid-cols-2 lg:grid-cols-4">
            {TRUST.map((t) => (
              <li key={t.title} className="flex gap-3">
                <svg viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden="true" fill="currentColor">
                  <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
                </svg>
                <span>
                  <span className="block font-semibold text-slate-900">{t.title}</span>
                  <span className="text-slate-700">{t.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>

        <section id="features" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16" aria-labelledby="features-heading">
          <h2 id="features-heading" className="text-center text-3xl font-bold">
            Why businesses choose {site.name}
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
              How It Works
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-center text-slate-700" data-testid="who-decides">
              The lenders decide, not {site.name}: each lender sets its own terms and makes or declines its own offer.
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
                    <span className="sr-only">Step {i + 1}: </span>
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
              Ready to grow your business?
            </h2>
            <p className="mt-3 text-blue-50">Apply in under 10 minutes. Each offer shows its lender, its APR and when it funds.</p>
            <Link to="/apply" className="btn mt-8 bg-white px-6 py-3 text-base text-blue-800 hover:bg-blue-50">
              Start Your Application
            </Link>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
