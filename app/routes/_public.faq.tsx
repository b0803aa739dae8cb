import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FaqAccordion } from "~/ui/faq-accordion";
import { faqResourceLinks, faqs } from "~/content/faq";
import { site } from "~/content/site";
import { publicClaimsOrNone } from "~/features/marketplace/public-claims.server";
import { claimAnswers } from "~/features/marketplace/domain/public-claims";

export { staticPageHandle as handle } from "~/platform/http/cache";

export const meta: MetaFunction = () => [
  { title: `Frequently Asked Questions | ${site.name}` },
  {
    name: "description",
    content: "Answers about qualifying for a business loan, rates, terms, decision times, fees, credit checks and the documents you need.",
  },
];

/**
 * The answers about rates, amounts, speed and prepayment are written from the active catalogue; the
 * FAQ still answers while the database is down (the last claims loaded, else claim-free answers).
 */
export async function loader() {
  const answers = claimAnswers((await publicClaimsOrNone())?.texts ?? null);
  return { items: faqs.map((f) => ({ ...f, answer: answers[f.id] ?? f.answer })) };
}

export default function FaqPage() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Frequently Asked Questions</h1>
      <p className="mt-2 max-w-2xl text-slate-700">Everything you need to know about applying for a business loan with {site.name}.</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <FaqAccordion items={items} />
        </div>
        <div className="space-y-6">
          <aside className="card" aria-labelledby="faq-side-heading">
            <h2 id="faq-side-heading" className="text-lg font-semibold text-slate-900">
              Still have questions?
            </h2>
            <p className="mt-2 text-sm text-slate-700">
              Call{" "}
              <a href={site.supportPhoneHref} className="link">
                {site.supportPhone}
              </a>{" "}
              or e-mail{" "}
              <a href={`mailto:${site.supportEmail}`} className="link">
                {site.supportEmail}
              </a>
              , {site.hours}.
            </p>
            <div className="mt-4 flex flex-col gap-2">
              <Link to="/loan-application" className="btn-primary w-full">
                Apply Now
              </Link>
              <Link to="/loan-calculator" className="btn-outline w-full">
                Use Calculator
              </Link>
            </div>
          </aside>
          <nav className="card" aria-labelledby="faq-resources-heading">
            <h2 id="faq-resources-heading" className="text-lg font-semibold text-slate-900">
              Helpful Resources
            </h2>
            <ul className="mt-3 space-y-2">
              {faqResourceLinks.map((l) => (
                <li key={l.href}>
                  <Link to={l.href} className="link">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}
