import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { calculatorFromQuery, LoanCalculator } from "~/features/marketplace/components/calculator-form";
import { site } from "~/content/site";
import { loadPublicClaims } from "~/features/marketplace/public-claims.server";
import { publicPageHandle } from "~/platform/http/cache";

/** Its figures come from its query: only the page without a query is kept by the render cache. */
export const handle = { ...publicPageHandle, renderCache: { query: "none" } } as const;

export const meta: MetaFunction = () => [
  { title: `Business Loan Calculator | ${site.name}` },
  {
    name: "description",
    content: "Estimate the monthly payment, total payment and total interest of a business loan by amount, APR and term.",
  },
];

/** The figures are rendered from the query (?amount=&apr=&term=), so a result URL can be shared. */
export async function loader({ request }: LoaderFunctionArgs) {
  // The range of rates is the active catalogue's (public-claims.server.ts), never a fixed figure.
  const { texts } = await loadPublicClaims();
  return { ...calculatorFromQuery(new URL(request.url).searchParams), rateRange: texts.rateRange, example: texts.example };
}

const RATE_FACTORS = ["Business credit score", "Time in business", "Annual revenue", "Industry type", "Loan amount and term"];

export default function LoanCalculatorPage() {
  const { values, input, rateRange, example } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Business Loan Calculator</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        See what a business loan could cost each month. Enter an amount, an interest rate and a term.
      </p>
      <div className="mt-8">
        <LoanCalculator initialValues={values} initialInput={input} />
      </div>
      <section className="card mt-6" aria-labelledby="rate-factors-heading">
        <h2 id="rate-factors-heading" className="text-xl font-semibold text-slate-900">
          What affects your rate?
        </h2>
        <p className="mt-2 text-slate-700" data-testid="calculator-rates">
          {rateRange ? `Rates from the lenders on our platform today range from ${rateRange}. ${example} ` : ""}Your rate depends on:
        </p>
        <ul className="mt-3 grid list-disc gap-1 pl-5 text-slate-800 sm:grid-cols-2">
          {RATE_FACTORS.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        <p className="mt-4 rounded-md bg-slate-50 p-3 text-sm text-slate-700" data-testid="calculator-note">
          Results are estimates only and are not an offer of credit. Your actual rate, payment and terms depend on your application and the
          lender&apos;s offer.
        </p>
      </section>
    </div>
  );
}
