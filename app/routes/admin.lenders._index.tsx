/** /admin/lenders: the partner lenders and their products; GET filters; pause or resume. */
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { LOAN_PURPOSES, purposeLabel } from "~/content/loan-options";
import { site } from "~/content/site";
import { US_STATES } from "~/content/us-states";
import { listLendersWithProducts } from "~/features/marketplace/lenders.server";
import { LENDER_STATUS_FILTERS, LenderListParamsSchema } from "~/features/marketplace/offers.schema";
import { formatBps, formatCents } from "~/ui/format";
import { requireAdmin } from "~/features/accounts/session/session.server";

export const meta: MetaFunction = () => [{ title: `Lenders | Admin | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const sp = new URL(request.url).searchParams;
  const params = LenderListParamsSchema.parse({
    q: sp.get("q") ?? undefined,
    status: sp.get("status") ?? undefined,
    state: sp.get("state") || undefined,
    purpose: sp.get("purpose") || undefined,
  });
  const lenders = await listLendersWithProducts(params);
  return {
    params,
    lenders: lenders.map((l) => ({
      id: l.id,
      name: l.name,
      nmlsId: l.nmlsId,
      status: l.status,
      note: l.note,
      products: l.products.map((p) => ({
        id: p.id,
        name: p.name,
        states: p.states.length > 12 ? `${p.states.length} states` : p.states.join(", "),
        purposes: p.purposes.map(purposeLabel).join(", "),
        range: `${formatCents(p.minAmountCents)} - ${formatCents(p.maxAmountCents)}`,
        terms: p.termsMonths.join("/"),
        rates: `${formatBps(Math.min(...p.rateTiers.map((t) => t.noteRateBps)))} - ${formatBps(Math.max(...p.rateTiers.map((t) => t.noteRateBps)))}`,
        fee: formatBps(p.originationFeeBps),
        fundingDays: p.fundingDays,
      })),
    })),
  };
}

export default function AdminLenders() {
  const { params, lenders } = useLoaderData<typeof loader>();
  return (
    <section className="card space-y-4" aria-labelledby="lenders-h">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="lenders-h" className="text-2xl font-bold">
          Partner lenders
        </h2>
        <Link to="/admin/lenders/new" className="btn-primary">
          Add lender
        </Link>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter lenders">
        <label className="label">
          Search
          <input name="q" defaultValue={params.q} className="input mt-1" />
        </label>
        <label className="label">
          Status
          <select name="status" defaultValue={params.status} className="input mt-1">
            {LENDER_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {s === "all" ? "All" : s === "active" ? "Active" : "Paused"}
              </option>
            ))}
          </select>
        </label>
        <label className="label">
          State
          <select name="state" defaultValue={params.state ?? ""} className="input mt-1">
            <option value="">Any</option>
            {US_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="label">
          Purpose
          <select name="purpose" defaultValue={params.purpose ?? ""} className="input mt-1">
            <option value="">Any</option>
            {LOAN_PURPOSES.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-outline">
          Filter
        </button>
      </Form>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Partner lenders">
        <table className="min-w-full text-left text-sm" data-testid="lenders-table">
          <caption className="sr-only">Partner lenders and their products</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="p-2">
                Lender
              </th>
              <th scope="col" className="p-2">
                Status
              </th>
              <th scope="col" className="p-2">
                Product
              </th>
              <th scope="col" className="p-2">
                States
              </th>
              <th scope="col" className="p-2">
                Purposes
              </th>
              <th scope="col" className="p-2">
                Amounts
              </th>
              <th scope="col" className="p-2">
                Terms (mo)
              </th>
              <th scope="col" className="p-2">
                Rates
              </th>
              <th scope="col" className="p-2">
                Fee
              </th>
              <th scope="col" className="p-2">
                Funds in
              </th>
            </tr>
          </thead>
          <tbody>
            {lenders.map((l) =>
              (l.products.length ? l.products : [null]).map((p, i) => (
                <tr key={`${l.id}-${p?.id ?? 0}`} className="border-b align-top" data-testid="lender-row">
                  {i === 0 ? (
                    <th scope="row" rowSpan={Math.max(1, l.products.length)} className="p-2 font-semibold">
                      <Link to={`/admin/lenders/${l.id}`} className="text-blue-800 underline">
                        {l.name}
                      </Link>
                      <span className="block text-xs font-normal text-slate-700">NMLS {l.nmlsId}</span>
                      {l.note ? <span className="block text-xs font-normal text-slate-700">{l.note}</span> : null}
                    </th>
                  ) : null}
                  {i === 0 ? (
                    <td rowSpan={Math.max(1, l.products.length)} className="p-2" data-testid="lender-status">
                      {l.status === "active" ? "Active" : "Paused"}
                    </td>
                  ) : null}
                  <td className="p-2">{p?.name ?? "-"}</td>
                  <td className="p-2">{p?.states}</td>
                  <td className="p-2">{p?.purposes}</td>
                  <td className="p-2">{p?.range}</td>
                  <td className="p-2">{p?.terms}</td>
                  <td className="p-2">{p?.rates}</td>
                  <td className="p-2">{p?.fee}</td>
                  <td className="p-2">{p ? `${p.fundingDays} d` : ""}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
        {!lenders.length ? <p className="mt-2 text-slate-700">No lender matches these filters.</p> : null}
      </div>
    </section>
  );
}
