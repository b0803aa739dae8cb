import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { calculatorFromQuery, LoanCalculator } from "~/features/marketplace/components/calculator-form";
import { site } from "~/content/site";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { useClaimTexts } from "~/features/marketplace/components/use-claim-texts";
import { useT } from "~/ui/i18n";
import { loadPublicClaims } from "~/features/marketplace/public-claims.server";
import { publicPageHandle } from "~/platform/http/cache";

/** Its figures come from its query: only the page without a query is kept by the render cache. */
export const handle = { ...publicPageHandle, renderCache: { query: "none" } } as const;

export const meta: MetaFunction = ({ matches }) => {
  const r = resourcesFor(languageOfMatches(matches)).public.calculator;
  return [{ title: fill(r.title, { site: site.name }) }, { name: "description", content: r.description }];
};

/** The figures are rendered from the query (?amount=&apr=&term=), so a result URL can be shared. */
export async function loader({ request }: LoaderFunctionArgs) {
  // The range of rates is the active catalogue's (public-claims.server.ts), never a fixed figure.
  const { claims, texts } = await loadPublicClaims();
  return { ...calculatorFromQuery(new URL(request.url).searchParams), claims, texts };
}

export default function LoanCalculatorPage() {
  const { values, input, claims, texts: english } = useLoaderData<typeof loader>();
  const { t } = useT("public");
  const { rateRange, example } = useClaimTexts(claims, english);
  const factors = Object.keys(resourcesFor("en").public.calculator.factors).map((k) => t(`calculator.factors.${k}`));
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t("calculator.heading")}</h1>
      <p className="mt-2 max-w-2xl text-slate-700">{t("calculator.intro")}</p>
      <div className="mt-8">
        <LoanCalculator initialValues={values} initialInput={input} />
      </div>
      <section className="card mt-6" aria-labelledby="rate-factors-heading">
        <h2 id="rate-factors-heading" className="text-xl font-semibold text-slate-900">
          {t("calculator.factorsHeading")}
        </h2>
        <p className="mt-2 text-slate-700" data-testid="calculator-rates">
          {rateRange ? t("calculator.ratesToday", { range: rateRange, example: example ?? "" }) : ""}
          {t("calculator.dependsOn")}
        </p>
        <ul className="mt-3 grid list-disc gap-1 pl-5 text-slate-800 sm:grid-cols-2">
          {factors.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        <p className="mt-4 rounded-md bg-slate-50 p-3 text-sm text-slate-700" data-testid="calculator-note">
          {t("calculator.note")}
        </p>
      </section>
    </div>
  );
}
