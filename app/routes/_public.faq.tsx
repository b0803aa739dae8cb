import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FaqAccordion } from "~/ui/faq-accordion";
import { faqResourceLinks, faqs } from "~/content/faq";
import { site } from "~/content/site";
import { publicClaimsOrNone } from "~/features/marketplace/public-claims.server";
import { claimAnswers } from "~/features/marketplace/domain/public-claims";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { useClaimAnswers } from "~/features/marketplace/components/use-claim-texts";
import { useT } from "~/ui/i18n";

export { staticPageHandle as handle } from "~/platform/http/cache";

export const meta: MetaFunction = ({ matches }) => {
  const r = resourcesFor(languageOfMatches(matches)).public.faq;
  return [{ title: fill(r.title, { site: site.name }) }, { name: "description", content: r.description }];
};

/**
 * The answers about rates, amounts, speed and prepayment are written from the active catalogue; the
 * FAQ still answers while the database is down (the last claims loaded, else claim-free answers).
 */
export async function loader() {
  const claims = await publicClaimsOrNone();
  const answers = claimAnswers(claims?.texts ?? null);
  return { items: faqs.map((f) => ({ ...f, answer: answers[f.id] ?? f.answer })), claims };
}

export default function FaqPage() {
  const { items: english, claims } = useLoaderData<typeof loader>();
  const { t, i18n } = useT("public");
  const answers = useClaimAnswers(claims?.claims ?? null, claims?.texts ?? null);
  // English: the loader's answers as they were; another language: each question and answer in its words.
  const items =
    i18n.language === "en"
      ? english
      : english.map((f) => ({ id: f.id, question: t(`faq.questions.${f.id}`), answer: answers[f.id] ?? t(`faq.answers.${f.id}`) }));
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t("faq.heading")}</h1>
      <p className="mt-2 max-w-2xl text-slate-700">{t("faq.intro", { site: site.name })}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <FaqAccordion items={items} />
        </div>
        <div className="space-y-6">
          <aside className="card" aria-labelledby="faq-side-heading">
            <h2 id="faq-side-heading" className="text-lg font-semibold text-slate-900">
              {t("faq.stillHeading")}
            </h2>
            <p className="mt-2 text-sm text-slate-700">
              {t("faq.call")}{" "}
              <a href={site.supportPhoneHref} className="link">
                {site.supportPhone}
              </a>{" "}
              {t("faq.orEmail")}{" "}
              <a href={`mailto:${site.supportEmail}`} className="link">
                {site.supportEmail}
              </a>
              , {t("hours")}.
            </p>
            <div className="mt-4 flex flex-col gap-2">
              <Link to="/loan-application" className="btn-primary w-full">
                {t("faq.applyNow")}
              </Link>
              <Link to="/loan-calculator" className="btn-outline w-full">
                {t("faq.useCalculator")}
              </Link>
            </div>
          </aside>
          <nav className="card" aria-labelledby="faq-resources-heading">
            <h2 id="faq-resources-heading" className="text-lg font-semibold text-slate-900">
              {t("faq.resourcesHeading")}
            </h2>
            <ul className="mt-3 space-y-2">
              {faqResourceLinks.map((l) => (
                <li key={l.href}>
                  <Link to={l.href} className="link">
                    {t(`faq.resources.${l.href}`, { defaultValue: l.label })}
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
