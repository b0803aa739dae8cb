import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { SiteFooter } from "~/ui/site-footer";
import { SiteHeader } from "~/ui/site-header";
import { site } from "~/content/site";

export { staticPageHandle as handle } from "~/platform/http/cache";

export const meta: MetaFunction = () => [
  { title: `${site.name} | Small Business Loans from $1,000 to $50,000` },
  {
    name: "description",
    content:
      "Compare business loan offers and apply online in under 10 minutes. Unsecured loans from $1,000 to $50,000 with decisions in 24-48 hours.",
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

const features = [
  {
    title: "Fast Funding",
    // Departure from the spec's "AI-powered instant review and decisions" (docs/product.md): the
    // lenders decide, so the landing says one true thing about who does.
    text: "Matched with our partner lenders the moment you submit; the lenders decide, with funds deposited within 24 hours and same-day funding available.",
  },
  {
    title: "Secure Lending",
    text: "Your information and documents are protected with 256-bit encryption and SSL, and never shared without your consent.",
  },
  {
    title: "Competitive Rates",
    text: "Rates from 5.99% APR, no hidden fees and no prepayment penalties. Checking your rate does not affect your credit score.",
  },
];

const steps = [
  { title: "Apply Online", text: "Tell us about your business in a simple application that takes under 10 minutes." },
  {
    title: "Instant Business Review",
    text: "Your application is matched at once with our licensed partner lenders, and each lender decides whether to make you an offer.",
  },
  { title: "Get Funded", text: "Accept your offer and receive funds in your business account as soon as the same day." },
];

export default function Landing() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader variant="landing" />
      <main id="main" className="flex-1">
        <section className="bg-gradient-to-b from-blue-50 to-white">
          <div className="mx-auto max-w-6xl px-4 py-20 text-center">
            <p className="text-sm font-semibold uppercase tracking-wide text-blue-800">Small business loans from $1,000 to $50,000</p>
            <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              Get up to $20,000 for your business in minutes
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
          </div>
        </section>

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
            <p className="mt-3 text-blue-50">Apply in under 10 minutes. Most applications are processed within 24 hours.</p>
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
