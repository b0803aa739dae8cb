/**
 * /licenses: who runs the marketplace (legal entity and address, from configuration), its own NMLS
 * id when configured, and every active partner lender with its NMLS id linked to its record on
 * NMLS Consumer Access (#29 lift 5). Read from the live catalogue, so never cached as a public page.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listLendersWithProducts } from "~/features/marketplace/lenders.server";
import { getEnv } from "~/platform/env.server";
import { site } from "~/content/site";
import { NewTabNote } from "~/ui/new-tab";

export const meta: MetaFunction = () => [
  { title: `Licensing | ${site.name}` },
  { name: "description", content: `Who runs ${site.name}, and the NMLS ids of its partner lenders with links to NMLS Consumer Access.` },
];

export async function loader() {
  const env = getEnv();
  const lenders = await listLendersWithProducts({ status: "active" });
  return {
    entity: { name: env.LEGAL_ENTITY_NAME, address: env.LEGAL_ENTITY_ADDRESS },
    nmlsId: env.MARKETPLACE_NMLS_ID ?? null,
    lenders: lenders.filter((l) => l.products.some((p) => p.active)).map((l) => ({ id: l.id, name: l.name, nmlsId: l.nmlsId })),
  };
}

export default function LicensesPage() {
  const { entity, nmlsId, lenders } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Licensing</h1>
      <section aria-labelledby="operator-heading" className="mt-8">
        <h2 id="operator-heading" className="text-xl font-semibold text-slate-900">
          Who runs {site.name}
        </h2>
        <p className="mt-3 text-slate-700" data-testid="licenses-entity">
          {site.name} is operated by {entity.name}, {entity.address}.
        </p>
        <p className="mt-3 text-slate-700">
          {nmlsId ? (
            <>
              {entity.name} NMLS ID {nmlsId} (
              <a className="link" href={site.nmlsConsumerAccessUrl(nmlsId)} target="_blank" rel="noopener noreferrer">
                NMLS Consumer Access
                <NewTabNote />
              </a>
              ).
            </>
          ) : (
            `${site.name} does not make loans: the partner lenders below decide on applications and make every offer.`
          )}
        </p>
      </section>
      <section aria-labelledby="lenders-heading" className="mt-10">
        <h2 id="lenders-heading" className="text-xl font-semibold text-slate-900">
          Partner lenders
        </h2>
        <p className="mt-3 text-slate-700">
          Each lender that can make you an offer today, with its NMLS unique identifier. The link opens its record on NMLS Consumer Access,
          where you can check which states license it.
        </p>
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="licenses-lenders">
          {lenders.map((l) => (
            <li key={l.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
              <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{l.name}</span>
              {l.nmlsId ? (
                <a className="link" href={site.nmlsConsumerAccessUrl(l.nmlsId)} target="_blank" rel="noopener noreferrer">
                  NMLS ID {l.nmlsId}
                  <NewTabNote />
                </a>
              ) : (
                <span className="text-slate-700">NMLS ID not on file</span>
              )}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
