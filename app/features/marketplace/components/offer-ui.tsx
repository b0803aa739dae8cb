/** The applicant's marketplace UI: page shell, comparison table and cards, sort form, notice. */
import { Form, Link } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { AppShell } from "~/ui/app-header";
import { formatBps, formatCents } from "~/ui/format";
import { useT } from "~/ui/i18n";
import { OFFER_SORTS, type OfferSort } from "~/features/marketplace/domain/offer-matching";
import { NOTICE_CONTACT } from "~/features/marketplace/domain/action-notices";

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
const NUM = "tabular-nums";

/** The applicant's marketplace pages: the signed-in top bar (back to the dashboard) and the page. */
export function MarketShell({ children }: { children: ReactNode }) {
  return <AppShell header={{ links: [{ to: "/dashboard", label: "Dashboard" }] }}>{children}</AppShell>;
}

/** "Same day", "1 business day", "3 business days" in the page's language. */
function useDays() {
  const { t } = useT("offers");
  return (n: number) => (n === 0 ? t("offer.sameDay") : t("offer.businessDays", { count: n }));
}

/** What stating more would unlock (the matching's English words), in the page's language. */
export function useUnlockText() {
  const { t, i18n } = useT("offers");
  const en = i18n.getResourceBundle("en", "offers") as { unlock?: Record<string, string> } | undefined;
  return (text: string) => {
    const key = Object.entries(en?.unlock ?? {}).find(([, v]) => v === text)?.[0];
    return key ? t(`unlock.${key}`) : text;
  };
}

function BestTag({ show, label }: { show: boolean; label: string }) {
  return show ? (
    <span className="ml-1 inline-block rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-900" data-testid="best-tag">
      {label}
    </span>
  ) : null;
}

/** A firm offer is labelled as one from its lender; every other offer is pre-qualified. */
export function OfferKind({ o }: { o: Pick<OfferSummary, "source" | "lenderName"> }) {
  const { t } = useT("offers");
  return o.source === "lender" ? (
    <span className="block text-xs font-semibold text-green-900" data-testid="offer-kind">
      {t("offer.firmOffer", { lender: o.lenderName })}
    </span>
  ) : (
    <span className="block text-xs font-normal text-slate-700" data-testid="offer-kind">
      {t("offer.preQualified")}
    </span>
  );
}

function StateTag({ state }: { state: string }) {
  const { t } = useT("offers");
  if (state === "offered") return null;
  const text = state === "accepted" || state === "withdrawn" || state === "expired" ? t(`offer.state.${state}`) : state;
  const look = state === "accepted" ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-900";
  return (
    <span className={`ml-2 rounded px-1.5 py-0.5 text-xs font-semibold ${look}`} data-testid="offer-state">
      {text}
    </span>
  );
}

/**
 * The one action of an offer (choose it, see the signed one, or nothing) and, while it can still be
 * chosen or once it was signed, the link to its summary; a withdrawn or expired offer has neither.
 */
function OfferAction(props: { o: OfferSummary; choosable: boolean; block?: boolean }) {
  const { t } = useT("offers");
  const live = props.choosable || props.o.state === "accepted";
  return (
    <>
      <OfferChoice {...props} />
      {live ? (
        <Link
          to={`/offers/${props.o.id}/summary`}
          className={`text-sm text-blue-800 underline ${props.block ? "mt-2 block" : "ml-3"}`}
          data-testid="offer-summary-link"
        >
          {t("offer.summaryLink")}
          <span className="sr-only">{t("offer.ofLender", { lender: props.o.lenderName })}</span>
        </Link>
      ) : null}
    </>
  );
}

function OfferChoice({ o, choosable, block }: { o: OfferSummary; choosable: boolean; block?: boolean }) {
  const { t } = useT("offers");
  if (choosable)
    return (
      <Link
        to={`/offers/${o.id}`}
        className={block ? "btn-primary mt-3 w-full" : "font-semibold text-blue-800 underline"}
        data-testid="choose-offer"
      >
        {t("offer.choose")}
        <span className="sr-only">{t("offer.fromLender", { lender: o.lenderName })}</span>
      </Link>
    );
  if (o.state === "accepted")
    return (
      <Link to={`/offers/${o.id}`} className={block ? "btn-outline mt-3 w-full" : "font-semibold text-blue-800 underline"}>
        {t("offer.viewDisclosure")}
        <span className="sr-only">{t("offer.ofLender", { lender: o.lenderName })}</span>
      </Link>
    );
  return (
    <span className={`text-sm text-slate-700 ${block ? "mt-3 block" : ""}`} data-testid="offer-unavailable">
      {t("offer.unavailable")}
    </span>
  );
}

/** Tone of a row or card: the accepted one stands out, withdrawn and expired ones are greyed. */
const rowLook = (state: string) =>
  state === "accepted" ? "bg-green-50" : state === "offered" ? "bg-white" : "bg-slate-100 text-slate-700";

export function SortForm({ sort }: { sort: OfferSort }) {
  const { t } = useT("offers");
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2" aria-label={t("sort.formLabel")}>
      <div>
        <label htmlFor="offer-sort" className="label">
          {t("sort.label")}
        </label>
        <select id="offer-sort" name="sort" defaultValue={sort} className="input mt-1">
          {OFFER_SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {t(`sort.options.${s.value}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-outline">
        {t("sort.button")}
      </button>
    </Form>
  );
}

export function OfferTable({ offers, best, choosable }: { offers: OfferSummary[]; best: Best; choosable: number[] }) {
  const { t } = useT("offers");
  const days = useDays();
  const is = (k: OfferSort, id: number) => best[k].includes(id);
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full border-collapse bg-white text-left text-sm" data-testid="offer-table">
        <caption className="sr-only">{t("table.caption")}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {(["lender", "funding", "apr", "payment", "term", "financeCharge", "totalPayments", "timeToFund"] as const).map((k) => (
              <th key={k} scope="col" className="p-3">
                {t(`table.${k}`)}
              </th>
            ))}
            <th scope="col" className="p-3">
              <span className="sr-only">{t("table.action")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {offers.map((o) => (
            <tr
              key={o.id}
              className={`border-b border-slate-200 align-top ${rowLook(o.state)}`}
              data-testid="offer-row"
              data-offer-id={o.id}
              data-state={o.state}
            >
              <th scope="row" className="p-3 font-semibold">
                {o.lenderName}
                <StateTag state={o.state} />
                <OfferKind o={o} />
                <span className="block text-xs font-normal text-slate-700">
                  {t("offer.nmls", { product: o.productName, nmls: o.nmlsId })}
                </span>
              </th>
              <td className={`p-3 ${NUM}`}>{formatCents(o.fundingCents)}</td>
              <td className={`p-3 ${NUM}`}>
                {formatBps(o.estimatedAprBps)}
                <BestTag show={is("apr", o.id)} label={t("best.apr")} />
              </td>
              <td className={`p-3 ${NUM}`}>
                {formatCents(o.paymentCents)}
                <BestTag show={is("payment", o.id)} label={t("best.payment")} />
              </td>
              <td className="p-3">{t("offer.months", { months: o.termMonths })}</td>
              <td className={`p-3 ${NUM}`}>
                {formatCents(o.financeChargeCents)}
                <BestTag show={is("total", o.id)} label={t("best.total")} />
              </td>
              <td className={`p-3 ${NUM}`}>{formatCents(o.totalPaymentsCents)}</td>
              <td className="p-3">
                {days(o.fundingDays)}
                <BestTag show={is("speed", o.id)} label={t("best.speed")} />
              </td>
              <td className="p-3">
                <OfferAction o={o} choosable={choosable.includes(o.id)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OfferCards({ offers, best, choosable }: { offers: OfferSummary[]; best: Best; choosable: number[] }) {
  const { t } = useT("offers");
  const days = useDays();
  const is = (k: OfferSort, id: number) => best[k].includes(id);
  return (
    <ul className="space-y-4 md:hidden" aria-label={t("table.cardsLabel")}>
      {offers.map((o) => (
        <li key={o.id} className={`card p-4 ${rowLook(o.state)}`} data-testid="offer-card" data-offer-id={o.id} data-state={o.state}>
          <h3 className="font-semibold">
            {o.lenderName}
            <StateTag state={o.state} />
          </h3>
          <OfferKind o={o} />
          <p className="text-xs text-slate-700">{t("offer.nmls", { product: o.productName, nmls: o.nmlsId })}</p>
          <dl className={`mt-3 grid grid-cols-2 gap-2 text-sm ${NUM}`}>
            <dt className="text-slate-700">{t("table.funding")}</dt>
            <dd>{formatCents(o.fundingCents)}</dd>
            <dt className="text-slate-700">{t("table.apr")}</dt>
            <dd>
              {formatBps(o.estimatedAprBps)}
              <BestTag show={is("apr", o.id)} label={t("best.apr")} />
            </dd>
            <dt className="text-slate-700">{t("table.payment")}</dt>
            <dd>
              {formatCents(o.paymentCents)}
              <BestTag show={is("payment", o.id)} label={t("best.payment")} />
            </dd>
            <dt className="text-slate-700">{t("table.term")}</dt>
            <dd>{t("offer.months", { months: o.termMonths })}</dd>
            <dt className="text-slate-700">{t("table.financeCharge")}</dt>
            <dd>
              {formatCents(o.financeChargeCents)}
              <BestTag show={is("total", o.id)} label={t("best.total")} />
            </dd>
            <dt className="text-slate-700">{t("table.timeToFund")}</dt>
            <dd>
              {days(o.fundingDays)}
              <BestTag show={is("speed", o.id)} label={t("best.speed")} />
            </dd>
          </dl>
          <OfferAction o={o} choosable={choosable.includes(o.id)} block />
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
  /** The ECOA statement; by default the page language's (namespace offers). */
  ecoa?: string;
  /** The notice of ONE partner lender that declined after review, named. */
  lenderName?: string;
}) {
  const { t } = useT("offers");
  const unlockText = useUnlockText();
  const headingId = lenderName ? `notice-heading-${lenderName.replace(/[^A-Za-z0-9]+/g, "-")}` : "notice-heading";
  return (
    <section className="card border-red-300" aria-labelledby={headingId} data-testid="adverse-action-notice">
      <h2 id={headingId} className="text-xl font-semibold">
        {lenderName ? t("notice.headingBy", { lender: lenderName }) : t("notice.heading")}
      </h2>
      <p className="mt-2">{lenderName ? t("notice.lenderDeclined", { lender: lenderName }) : t("notice.noneOffered")}</p>
      <h3 className="mt-4 font-semibold">{t("notice.principalReasons")}</h3>
      <ul className="mt-1 list-disc pl-6" data-testid="principal-reasons">
        {reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      {unlock.length ? (
        <>
          <h3 className="mt-4 font-semibold">{t("notice.whatCouldHelp")}</h3>
          <ul className="mt-1 list-disc pl-6">
            {unlock.map((u) => (
              <li key={u}>{unlockText(u)}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="mt-4 text-sm text-slate-700">
        {t("notice.reapply")} {t("notice.rightToReasons", { contact: NOTICE_CONTACT })}
      </p>
      <p className="mt-2 text-xs text-slate-700">{ecoa === undefined ? t("notice.ecoa") : ecoa}</p>
    </section>
  );
}

/** One of the three figures: smaller on a phone, so three amounts side by side never run into each other. */
const FIGURE = "text-[15px] font-bold leading-snug text-slate-900 [overflow-wrap:anywhere] sm:text-lg";

/** The three numbers an owner weighs, in tabular figures: what arrives, what goes back, and each month. */
function KeyFigures({ o }: { o: OfferSummary }) {
  const { t } = useT("offers");
  return (
    <dl className="mt-3 grid grid-cols-3 gap-3 tabular-nums" data-testid="key-figures">
      <div>
        <dt className="text-xs font-medium text-slate-700">{t("figures.receive")}</dt>
        <dd className={FIGURE}>{formatCents(o.fundingCents)}</dd>
      </div>
      <div>
        <dt className="text-xs font-medium text-slate-700">{t("figures.repay")}</dt>
        <dd className={FIGURE}>{formatCents(o.totalPaymentsCents)}</dd>
      </div>
      <div>
        <dt className="text-xs font-medium text-slate-700">{t("figures.perMonth")}</dt>
        <dd className={FIGURE}>{formatCents(o.paymentCents)}</dd>
      </div>
    </dl>
  );
}

/** Why the best match leads: the measures it leads on among `count` choosable offers (offer-matching's bestMatch). */
export type BestMatchWhy = { leads: OfferSort[]; count: number };

type T = ReturnType<typeof useT>["t"];
/** bestMatch's one line, from its keys (English: the words offer-matching.ts writes). */
export function whyText(t: T, why: BestMatchWhy): string {
  if (why.count === 1) return t("bestMatch.onlyOne");
  const words = why.leads.map((k) => t(`bestMatch.reasons.${k}`));
  const list = words.length > 1 ? `${words.slice(0, -1).join(", ")}${t("bestMatch.and")}${words[words.length - 1]}` : (words[0] ?? "");
  return t("bestMatch.leads", { list, count: why.count });
}

/** "Best match for you": the offer to look at first, one line of why, its three numbers and the action. */
export function BestMatchCard({ offer, why }: { offer: OfferSummary; why: BestMatchWhy }) {
  const { t } = useT("offers");
  return (
    <section
      className="card border-2 border-blue-700 p-4 sm:p-6"
      aria-labelledby="best-match-heading"
      data-testid="best-match"
      data-offer-id={offer.id}
    >
      <h2 id="best-match-heading" className="text-xl font-semibold">
        {t("bestMatch.heading")}
      </h2>
      <p className="mt-1 font-semibold text-slate-900">
        {offer.lenderName} · <span className="tabular-nums">{formatBps(offer.estimatedAprBps)}</span> {t("bestMatch.estimatedApr")}
      </p>
      <OfferKind o={offer} />
      <p className="mt-2 text-sm text-slate-800" data-testid="best-match-why">
        {whyText(t, why)}
      </p>
      <KeyFigures o={offer} />
      <Link to={`/offers/${offer.id}`} className="btn-primary mt-4 w-full sm:w-auto" data-testid="choose-offer">
        {t("offer.choose")}
        <span className="sr-only">{t("offer.fromLender", { lender: offer.lenderName })}</span>
      </Link>
    </section>
  );
}

/**
 * Pick two offers to see side by side: a GET form (`?compare=a&compare=b`) that works without
 * JavaScript; with it, the other boxes are disabled once two are ticked.
 */
export function CompareForm({ offers, selected }: { offers: OfferSummary[]; selected: number[] }) {
  const { t } = useT("offers");
  const [ticked, setTicked] = useState<number[]>(selected);
  if (offers.length < 2) return null;
  return (
    <Form method="get" className="card p-4" aria-labelledby="compare-heading" data-testid="compare-form">
      <fieldset>
        <legend id="compare-heading" className="font-semibold">
          {t("compare.legend")}
        </legend>
        <p className="text-sm text-slate-700">{t("compare.hint")}</p>
        <ul className="mt-2 space-y-2">
          {offers.map((o) => {
            const id = `compare-${o.id}`;
            return (
              <li key={o.id} className="flex items-center gap-2">
                <input
                  id={id}
                  type="checkbox"
                  name="compare"
                  value={o.id}
                  defaultChecked={selected.includes(o.id)}
                  disabled={ticked.length >= 2 && !ticked.includes(o.id)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setTicked((t) => (on ? [...t, o.id] : t.filter((x) => x !== o.id)));
                  }}
                  className="h-5 w-5"
                />
                <label htmlFor={id} className="text-sm">
                  {o.lenderName} · <span className="tabular-nums">{formatBps(o.estimatedAprBps)}</span> {t("compare.apr")} ·{" "}
                  <span className="tabular-nums">{formatCents(o.paymentCents)}</span> {t("compare.aMonth")}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <button type="submit" className="btn-outline mt-3">
        {t("compare.button")}
      </button>
    </Form>
  );
}

/** Two offers side by side: narrow enough for a 375 px phone (three short columns, no sideways scroll). */
export function CompareView({ pair, choosable, closeTo }: { pair: [OfferSummary, OfferSummary]; choosable: number[]; closeTo: string }) {
  const { t } = useT("offers");
  const days = useDays();
  const rows: Array<[string, (o: OfferSummary) => string]> = [
    [t("figures.receive"), (o) => formatCents(o.fundingCents)],
    [t("figures.repay"), (o) => formatCents(o.totalPaymentsCents)],
    [t("figures.perMonth"), (o) => formatCents(o.paymentCents)],
    [t("table.apr"), (o) => formatBps(o.estimatedAprBps)],
    [t("table.term"), (o) => t("offer.months", { months: o.termMonths })],
    [t("table.financeCharge"), (o) => formatCents(o.financeChargeCents)],
    [t("table.timeToFund"), (o) => days(o.fundingDays)],
  ];
  return (
    <section className="card p-3 sm:p-6" aria-labelledby="compare-view-heading" data-testid="compare-view" tabIndex={-1} id="compare">
      <h2 id="compare-view-heading" className="text-xl font-semibold">
        {t("compare.heading")}
      </h2>
      <table className="mt-3 w-full table-fixed border-collapse text-left text-sm tabular-nums">
        <caption className="sr-only">{t("compare.caption", { first: pair[0].lenderName, second: pair[1].lenderName })}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <td className="w-[34%] p-1" />
            {pair.map((o) => (
              <th key={o.id} scope="col" className="break-words p-1 align-bottom font-semibold">
                {o.lenderName}
                <StateTag state={o.state} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label} className="border-b border-slate-200">
              <th scope="row" className="p-1 font-medium text-slate-700">
                {label}
              </th>
              {pair.map((o) => (
                <td key={o.id} className="break-words p-1">
                  {value(o)}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <td className="p-1" />
            {pair.map((o) => (
              <td key={o.id} className="p-1 align-top">
                <OfferAction o={o} choosable={choosable.includes(o.id)} />
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <p className="mt-3">
        <Link to={closeTo} className="text-sm text-blue-800 underline">
          {t("compare.showAll")}
        </Link>
      </p>
    </section>
  );
}
