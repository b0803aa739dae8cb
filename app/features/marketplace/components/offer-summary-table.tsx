/**
 * The offer summary as the state's rule lays it out: the header in bold, centred; a table whose
 * every cell is outlined, its columns at 3:3:7 (10 CCR 901(a)(8), (10); 23 NYCRR 600.5(g), (i));
 * a first-column cell that spans two rows ("Prepayment"); cells whose second and third columns
 * are combined; the statement with the "Recipient Signature" and "Date" spaces.
 */
import type { OfferSummary } from "~/features/marketplace/domain/offer-summary";
import { useT } from "~/ui/i18n";

export function OfferSummaryDocument({
  summary,
  signature,
}: {
  summary: Pick<OfferSummary, "header" | "rows" | "statement" | "citation">;
  /** Filled once signed; otherwise the spaces say when they are filled. */
  signature: { name: string; date: string } | null;
}) {
  const { t } = useT("offers");
  return (
    <article
      className="rounded-lg border border-slate-300 bg-white p-3 sm:p-6"
      aria-label={t("summaryPage.documentLabel")}
      data-testid="offer-summary"
    >
      {summary.header ? (
        <h2 className="text-center text-lg font-bold sm:text-xl" data-testid="summary-header">
          {summary.header}
        </h2>
      ) : (
        <h2 className="text-lg font-bold">{t("summaryPage.documentLabel")}</h2>
      )}
      {/* On a phone the columns take their content's width (a figure has no space, so it stays on one line; a
          sentence such as the payments' wraps); from 640 px the rule's 3:3:7. */}
      <table className="mt-4 w-full table-auto border-collapse text-[13px] sm:table-fixed sm:text-sm" data-testid="summary-table">
        <caption className="sr-only">{t("summaryPage.caption")}</caption>
        <colgroup>
          <col className="sm:w-[23%]" />
          <col className="sm:w-[23%]" />
          <col className="sm:w-[54%]" />
        </colgroup>
        <tbody>
          {summary.rows.map((r, i) => (
            <tr key={i} data-testid="summary-row">
              {r.label !== null ? (
                <th
                  scope="row"
                  rowSpan={r.labelSpan}
                  className="hyphens-auto border border-slate-500 p-1.5 text-left align-top font-semibold sm:p-2"
                  data-testid="summary-label"
                >
                  {r.label}
                </th>
              ) : null}
              <td
                colSpan={r.explanation === null ? 2 : 1}
                className={`border border-slate-500 p-1.5 align-top sm:p-2 ${r.explanation === null ? "" : "font-semibold tabular-nums"}`}
                data-testid="summary-value"
              >
                {r.value.map((line, k) => (
                  <span key={k} className="block">
                    {line}
                  </span>
                ))}
              </td>
              {r.explanation !== null ? (
                <td className="border border-slate-500 p-1.5 align-top sm:p-2" data-testid="summary-explanation">
                  {r.explanation.map((p, k) => (
                    <p key={k} className={k ? "mt-2" : undefined}>
                      {p}
                    </p>
                  ))}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {summary.statement ? (
        <div className="mt-4" data-testid="summary-statement">
          <p>{summary.statement.text}</p>
          <dl className="mt-3 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
            <div className="border-b border-slate-500 pb-1">
              <dt className="font-semibold">{summary.statement.signatureLabel}</dt>
              <dd data-testid="summary-signature">
                {signature ? t("summaryPage.signedElectronically", { name: signature.name }) : t("disclosure.signedWhenAccept")}
              </dd>
            </div>
            <div className="border-b border-slate-500 pb-1">
              <dt className="font-semibold">{summary.statement.dateLabel}</dt>
              <dd data-testid="summary-date">{signature ? signature.date : t("disclosure.dateYouAccept")}</dd>
            </div>
          </dl>
        </div>
      ) : null}
      <p className="mt-3 text-xs text-slate-600">{t("disclosure.form", { citation: summary.citation })}</p>
    </article>
  );
}
