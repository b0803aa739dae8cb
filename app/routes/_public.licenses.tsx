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
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { useT } from "~/ui/i18n";

export const meta: MetaFunction = ({ matches }) => {
  const r = resourcesFor(languageOfMatches(matches)).public.licenses;
  return [{ title: fill(r.title, { site: site.name }) }, { name: "description", content: fill(r.description, { site: site.name }) }];
};

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
  const { t } = useT("public");
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t("licenses.heading")}</h1>
      <section aria-labelledby="operator-heading" className="mt-8">
        <h2 id="operator-heading" className="text-xl font-semibold text-slate-900">
          {t("licenses.whoRuns", { site: site.name })}
        </h2>
        <p className="mt-3 text-slate-700" data-testid="licenses-entity">
          {t("licenses.operatedBy", { site: site.name, name: entity.name, address: entity.address })}
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
            t("licenses.noLoans", { site: site.name })
          )}
        </p>
      </section>
      <section aria-labelledby="lenders-heading" className="mt-10">
        <h2 id="lenders-heading" className="text-xl font-semibold text-slate-900">
          {t("licenses.lendersHeading")}
        </h2>
        <p className="mt-3 text-slate-700">{t("licenses.lendersIntro")}</p>
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
                <span className="text-slate-700">{t("licenses.noNmls")}</span>
              )}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
