/** The applicant's marketplace UI: page shell, comparison table and cards, sort form, notice. */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { AppShell } from "~/ui/app-header";
import { formatBps, formatCents } from "~/ui/format";
import { OFFER_SORTS, type OfferSort } from "~/features/marketplace/domain/offer-matching";
import { RIGHT_TO_REASONS } from "~/features/marketplace/domain/action-notices";

export type OfferSummary = {
  id: number;
  lenderName: string;
  nmlsId: string;
  productName: string;
  state: string;
  amountCents: number;
  termMonths: number;
  feeCents: number;
  fundingCents: number;
  estimatedAprBps: number;
  paymentCents: number;
  totalPaymentsCents: number;
  financeChargeCents: number;
  fundingDays: number;
  expiresAt: string;
  /** "lender": a lender's firm offer; otherwise an instant (pre-qualified) offer. */
  source?: string;
};
type Best = Record<OfferSort, number[]>;

/** The applicant's marketplace pages: the signed-in top bar (back to the dashboard) and the page. */
export function MarketShell({ children }: { children: ReactNode }) {
  return <AppShell header={{ links: [{ to: "/dashboard", label: "Dashboard" }] }}>{children}</AppShell>;
}

const days = (n: number) => (n === 0 ? "Same day" : n === 1 ? "1 business day" : `${n} business days`);

function BestTag({ show, label }: { show: boolean; label: string }) {
  return show ? (
    <span className="ml-1 inline-block rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-900" data-testid="best-tag">
      {label}
    </span>
  ) : null;
}

/** A firm offer is labelled as one from its lender; every other offer is pre-qualified. */
export function OfferKind({ o }: { o: Pick<OfferSummary, "source" | "lenderName"> }) {
  return o.source === "lender" ? (
    <span className="block text-xs font-semibold text-green-900" data-testid="offer-kind">
      Firm offer from {o.lenderName}
    </span>
  ) : (
    <span className="block text-xs font-normal text-slate-700" data-testid="offer-kind">
      Pre-qualified, subject to the lender&apos;s verification
    </span>
  );
}

function StateTag({ state }: { state: string }) {
  if (state === "offered") return null;
  const text = { accepted: "Accepted", withdrawn: "Withdrawn", expired: "Expired" }[state] ?? state;
  return <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-900">{text}</span>;
}

export function SortForm({ sort }: { sort: OfferSort }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Sort offers">
      <div>
        <label htmlFor="offer-sort" className="label">
          Sort by
        </label>
        <select id="offer-sort" name="sort" defaultValue={sort} className="input mt-1">
          {OFFER_SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-outline">
        Sort
      </button>
    </Form>
  );
}

export function OfferTable({ offers, best }: { offers: OfferSummary[]; best: Best }) {
  const is = (k: OfferSort, id: number) => best[k].includes(id);
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full border-collapse bg-white text-left text-sm" data-testid="offer-table">
        <caption className="sr-only">Your offers side by side</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="p-3">
              Lender
            </th>
            <th scope="col" className="p-3">
              Funding provided
            </th>
            <th scope="col" className="p-3">
              Estimated APR
            </th>
            <th scope="col" className="p-3">
              Monthly payment
            </th>
            <th scope="col" className="p-3">
              Term
            </th>
            <th scope="col" className="p-3">
              Finance charge
            </th>
            <th scope="col" className="p-3">
              Total payments
            </th>
            <th scope="col" className="p-3">
              Time to fund
            </th>
            <th scope="col" className="p-3">
              <span className="sr-only">Disclosure</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {offers.map((o) => (
            <tr key={o.id} className="border-b border-slate-200 align-top" data-testid="offer-row" data-offer-id={o.id}>
              <th scope="row" className="p-3 font-semibold">
                {o.lenderName}
                <StateTag state={o.state} />
                <OfferKind o={o} />
                <span className="block text-xs font-normal text-slate-700">
                  {o.productName} · NMLS {o.nmlsId}
                </span>
              </th>
              <td className="p-3">{formatCents(o.fundingCents)}</td>
              <td className="p-3">
                {formatBps(o.estimatedAprBps)}
                <BestTag show={is("apr", o.id)} label="Lowest APR" />
              </td>
              <td className="p-3">
                {formatCents(o.paymentCents)}
                <BestTag show={is("payment", o.id)} label="Lowest payment" />
              </td>
              <td className="p-3">{o.termMonths} months</td>
              <td className="p-3">
                {formatCents(o.financeChargeCents)}
                <BestTag show={is("total", o.id)} label="Lowest cost" />
              </td>
              <td className="p-3">{formatCents(o.totalPaymentsCents)}</td>
              <td className="p-3">
                {days(o.fundingDays)}
                <BestTag show={is("speed", o.id)} label="Fastest" />
              </td>
              <td className="p-3">
                <Link to={`/offers/${o.id}`} className="font-semibold text-blue-800 underline">
                  View disclosure<span className="sr-only"> of {o.lenderName}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OfferCards({ offers, best }: { offers: OfferSummary[]; best: Best }) {
  const is = (k: OfferSort, id: number) => best[k].includes(id);
  return (
    <ul className="space-y-4 md:hidden" aria-label="Your offers">
      {offers.map((o) => (
        <li key={o.id} className="card p-4" data-testid="offer-card" data-offer-id={o.id}>
          <h3 className="font-semibold">
            {o.lenderName}
            <StateTag state={o.state} />
          </h3>
          <OfferKind o={o} />
          <p className="text-xs text-slate-700">
            {o.productName} · NMLS {o.nmlsId}
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-700">Funding provided</dt>
            <dd>{formatCents(o.fundingCents)}</dd>
            <dt className="text-slate-700">Estimated APR</dt>
            <dd>
              {formatBps(o.estimatedAprBps)}
              <BestTag show={is("apr", o.id)} label="Lowest APR" />
            </dd>
            <dt className="text-slate-700">Monthly payment</dt>
            <dd>
              {formatCents(o.paymentCents)}
              <BestTag show={is("payment", o.id)} label="Lowest payment" />
            </dd>
            <dt className="text-slate-700">Term</dt>
            <dd>{o.termMonths} months</dd>
            <dt className="text-slate-700">Finance charge</dt>
            <dd>
              {formatCents(o.financeChargeCents)}
              <BestTag show={is("total", o.id)} label="Lowest cost" />
            </dd>
            <dt className="text-slate-700">Time to fund</dt>
            <dd>
              {days(o.fundingDays)}
              <BestTag show={is("speed", o.id)} label="Fastest" />
            </dd>
          </dl>
          <Link to={`/offers/${o.id}`} className="btn-outline mt-3 w-full">
            View disclosure<span className="sr-only"> of {o.lenderName}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function AdverseActionNotice({
  reasons,
  unlock,
  ecoa,
  lenderName,
}: {
  reasons: string[];
  unlock: string[];
  ecoa: string;
  /** The notice of ONE partner lender that declined after review, named. */
  lenderName?: string;
}) {
  const headingId = lenderName ? `notice-heading-${lenderName.replace(/[^A-Za-z0-9]+/g, "-")}` : "notice-heading";
  return (
    <section className="card border-red-300" aria-labelledby={headingId} data-testid="adverse-action-notice">
      <h2 id={headingId} className="text-xl font-semibold">
        Notice of action taken{lenderName ? ` by ${lenderName}` : ""}
      </h2>
      <p className="mt-2">
        {lenderName
          ? `${lenderName} has declined to extend credit on this application.`
          : "None of our partner lenders was able to make you an offer for this application."}
      </p>
      <h3 className="mt-4 font-semibold">Principal reason(s)</h3>
      <ul className="mt-1 list-disc pl-6" data-testid="principal-reasons">
        {reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      {unlock.length ? (
        <>
          <h3 className="mt-4 font-semibold">What could help</h3>
          <ul className="mt-1 list-disc pl-6">
            {unlock.map((u) => (
              <li key={u}>{u}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="mt-4 text-sm text-slate-700">
        You may reapply with different details, for example another amount or purpose. {RIGHT_TO_REASONS}
      </p>
      <p className="mt-2 text-xs text-slate-700">{ecoa}</p>
    </section>
  );
}
