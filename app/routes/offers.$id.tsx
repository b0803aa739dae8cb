/**
 * /offers/:id: one offer's disclosure in the standard commercial financing layout, a
 * plain-language explanation, and (for its owner, while open) the acceptance form: full name
 * typed as a signature (the account holder's own name) plus "I have read the disclosure". The
 * form's first submit, or Enter in the name field, shows a review of what is being signed; only
 * the review's "Accept and sign" accepts. Accepting is final and idempotent.
 * The owner, or an admin (read only), may open it; anyone else gets a 404.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MarketShell } from "~/features/marketplace/components/offer-ui";
import { site } from "~/content/site";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { getLanguage } from "~/platform/http/language.server";
import { useT } from "~/ui/i18n";
import { useFormat } from "~/ui/locale-format";
import { useMessage } from "~/ui/use-message";
import { AcceptOfferFormSchema, OfferIdParamsSchema } from "~/features/marketplace/offers.schema";
import { acceptOffer, reviewSignature } from "~/features/marketplace/offer-acceptance.server";
import { formatAmount, formatBps, formatCents } from "~/ui/format";
import { paymentScheduleRows } from "~/features/marketplace/domain/offer-money";
import { getOfferDisclosureForViewer } from "~/features/marketplace/marketplace.server";
import { APPLICANT_TOASTS } from "~/content/messages";
import { offersPath } from "~/features/marketplace/domain/offer-matching";
import { getClientIp } from "~/platform/http/request.server";
import { requireUser } from "~/features/accounts/session/session.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { ErrorSummary, replySummary } from "~/ui/error-summary";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const { meta } = resourcesFor(languageOfMatches(matches)).offers;
  return [
    { title: fill(meta.offerTitle, { lender: data?.offer.lenderName ?? meta.offerTitleFallback, site: site.name }) },
    { name: "description", content: meta.offerDescription },
  ];
};

function offerId(params: Record<string, string | undefined>) {
  const parsed = OfferIdParamsSchema.safeParse(params);
  if (!parsed.success || !/^\d{1,10}$/.test(params.id ?? "")) throw data(null, { status: 404 });
  return parsed.data.id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const view = await getOfferDisclosureForViewer(
    user,
    offerId(params),
    { ip: getClientIp(request, context), via: "page" },
    await getLanguage(request),
  );
  if (!view) throw data(null, { status: 404 });
  return view;
}

type ActionData = {
  errors?: Partial<Record<"signerName" | "confirmRead" | "form", string>>;
  /** The review step: the signature as typed, to be signed by "Accept and sign". */
  review?: { signerName: string };
  /** What a refused form had in it, put back so the applicant corrects it rather than types it again. */
  values?: { signerName: string; confirmRead: boolean };
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = offerId(params);
  const language = await getLanguage(request);
  const view = await getOfferDisclosureForViewer(user, id, null, language);
  if (!view || !view.isOwner) throw data(null, { status: 404 });
  const form = Object.fromEntries(await request.formData());
  const values = {
    signerName: typeof form.signerName === "string" ? form.signerName.slice(0, 200) : "",
    confirmRead: form.confirmRead === "on",
  };
  const parsed = AcceptOfferFormSchema.safeParse(form);
  if (!parsed.success) {
    const f = parsed.error.flatten().fieldErrors;
    const errors: ActionData["errors"] = { signerName: f.signerName?.[0], confirmRead: f.confirmRead?.[0], form: f.disclosureSha256?.[0] };
    return data<ActionData>({ errors, values }, { status: 400 });
  }
  const { intent, ...signed } = parsed.data;
  const out =
    intent === "review"
      ? reviewSignature(user, view, signed.signerName)
      : await acceptOffer(user, id, { ...signed, ip: getClientIp(request, context), language });
  if (out === null) return data<ActionData>({ review: { signerName: signed.signerName } });
  if (!out.ok) return data<ActionData>({ errors: { [out.field ?? "form"]: out.message }, values }, { status: out.status });
  // To the offers page's "You accepted" note (a fragment of its own: the browser would otherwise
  // keep this form's #accept across the redirect).
  return redirectWithToast(
    `${offersPath(out.reference)}#accepted`,
    out.already ? APPLICANT_TOASTS.alreadyAccepted : APPLICANT_TOASTS.offerAccepted,
  );
}

export default function OfferPage() {
  const v = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const nav = useNavigation();
  const errors = actionData?.errors ?? {};
  const review = actionData?.review;
  const o = v.offer;
  const open = o.state === "offered" && !v.acceptance;
  const acceptedThis = v.acceptance?.offerId === o.id;
  const acceptAction = `/offers/${o.id}#accept`;
  const { t } = useT("offers");
  const f = useFormat();
  const message = useMessage();
  // The refusals come in English (the API's words); the page shows them in its language.
  const shown = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v ? message(v) : v])) as typeof errors;
  const signButton = t("disclosure.signButton");
  const last = o.finalPaymentCents === o.paymentCents ? "" : t("disclosure.sentenceLast", { final: formatCents(o.finalPaymentCents) });
  return (
    <MarketShell>
      <p>
        <Link to={offersPath(v.reference)} className="text-sm text-blue-800 underline">
          {t("disclosure.backToOffers")}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{o.lenderName}</h1>
      <p className="text-slate-700">
        {t("disclosure.productLine", { product: o.productName, nmls: o.nmlsId })} <span className="font-mono">{v.reference}</span>
      </p>
      {acceptedThis ? (
        <p
          role="status"
          className="mt-4 rounded-md border border-green-300 bg-green-50 p-3 text-green-950"
          data-testid="offer-accepted-note"
        >
          {t("disclosure.acceptedNote", { name: v.acceptance!.signerName, date: f.dateTime(v.acceptance!.acceptedAt) })}{" "}
          {v.isOwner ? (
            <a href={`/offers/${o.id}/signed.pdf`} className="font-semibold underline" download data-testid="signed-pdf-link">
              {t("summaryPage.signedPdf")}
            </a>
          ) : null}
        </p>
      ) : o.state !== "offered" ? (
        <p role="status" className="mt-4 rounded-md border border-slate-300 bg-slate-100 p-3">
          {t(o.state === "expired" ? "msg.offerExpired" : v.acceptance ? "msg.anotherOfferAccepted" : "msg.offerWithdrawn")}
        </p>
      ) : null}
      <section className="card mt-6" aria-labelledby="disclosure-heading">
        {v.summary.header ? (
          <p className="text-center text-lg font-bold" data-testid="summary-header">
            {v.summary.header}
          </p>
        ) : null}
        <h2 id="disclosure-heading" className="text-xl font-semibold">
          {t("disclosure.heading")}
        </h2>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to={`/offers/${o.id}/summary`} className="text-blue-800 underline" data-testid="summary-page-link">
            {t("summaryPage.open")}
          </Link>
          <a href={`/offers/${o.id}/summary.pdf`} className="text-blue-800 underline" download>
            {t("summaryPage.pdf")}
          </a>
        </p>
        <p className="mt-1 text-sm text-slate-700">
          {t("disclosure.amountLine", { amount: formatCents(o.amountCents), date: f.dateTime(o.expiresAt) })}
        </p>
        {/* The key figures as cards (one column on phones, two from 640 px), each with its plain-language
            explanation folded under it; a state's prescribed form shows its descriptions unfolded. */}
        <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="disclosure-table" aria-label={t("disclosure.keyFigures")}>
          {v.disclosure.map((r, i) => (
            <li key={i} className="rounded-lg border border-slate-200 p-4" data-testid="disclosure-row">
              <h3 className="font-semibold text-slate-800" data-testid="disclosure-label">
                {r.label}
              </h3>
              <p
                className={`mt-1 tabular-nums text-slate-950 ${r.value.length > 48 ? "font-semibold" : "text-xl font-bold"}`}
                data-testid="disclosure-value"
              >
                {r.value}
              </p>
              {v.summary.header ? (
                r.explanation ? (
                  <p className="mt-2 text-sm text-slate-700">{r.explanation}</p>
                ) : null
              ) : (
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer font-medium text-blue-800 underline">
                    {t("disclosure.whatThisMeans")}
                    <span className="sr-only">: {r.label}</span>
                  </summary>
                  <p className="mt-1 text-slate-700">{r.explanation}</p>
                </details>
              )}
            </li>
          ))}
        </ul>
        <PaymentSchedule o={o} />
        {v.summary.statement ? (
          <div className="mt-4 border-t border-slate-200 pt-4" data-testid="summary-statement">
            <p>{v.summary.statement.text}</p>
            <dl className="mt-3 grid grid-cols-2 gap-4 text-sm">
              <div>
                <dt className="font-semibold">{v.summary.statement.signatureLabel}</dt>
                <dd>{v.acceptance?.offerId === o.id ? v.acceptance.signerName : t("disclosure.signedWhenAccept")}</dd>
              </div>
              <div>
                <dt className="font-semibold">{v.summary.statement.dateLabel}</dt>
                <dd>{v.acceptance?.offerId === o.id ? f.dateTime(v.acceptance.acceptedAt) : t("disclosure.dateYouAccept")}</dd>
              </div>
            </dl>
            <p className="mt-2 text-xs text-slate-600">{t("disclosure.form", { citation: v.summary.citation })}</p>
          </div>
        ) : null}
      </section>
      <section className="card mt-6" aria-labelledby="plain-heading">
        <h2 id="plain-heading" className="text-xl font-semibold">
          {t("disclosure.plainHeading")}
        </h2>
        <p className="mt-2">
          {t("disclosure.plain", {
            lender: o.lenderName,
            amount: formatCents(o.amountCents),
            fee: formatCents(o.feeCents),
            funding: formatCents(o.fundingCents),
            within: o.fundingDays === 0 ? t("disclosure.plainSameDay") : t("disclosure.plainDays", { count: o.fundingDays }),
            payment: formatCents(o.paymentCents),
            months: o.termMonths,
            total: formatCents(o.totalPaymentsCents),
            financeCharge: formatCents(o.financeChargeCents),
          })}
        </p>
      </section>
      {v.isOwner && open && !review ? (
        // Sticky at the bottom of the screen until the signing form comes into view, where it settles
        // above it; a plain link to the form without JavaScript, with it the signature field gets focus.
        <div className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] sm:mx-0 sm:rounded-lg sm:border">
          <a
            href="#accept"
            className="btn-primary w-full text-center tabular-nums"
            data-testid="accept-bar"
            onClick={(e) => {
              const field = document.getElementById("signerName");
              if (!field) return;
              e.preventDefault();
              document.getElementById("accept")?.scrollIntoView({ block: "start" });
              field.focus({ preventScroll: true });
            }}
          >
            {t("disclosure.acceptBar", {
              amount: formatAmount(o.amountCents / 100),
              lender: o.lenderName,
              payment: formatAmount(o.paymentCents / 100),
            })}
          </a>
        </div>
      ) : null}
      {v.isOwner && open ? (
        <section id="accept" className="card mt-6 scroll-mt-4" aria-labelledby="accept-heading">
          <h2 id="accept-heading" className="text-xl font-semibold">
            {t("disclosure.acceptHeading")}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t("disclosure.acceptFinal")}</p>
          {/* The forms post to #accept: the answer (the review, or what was refused) opens here, in
              view, with or without JavaScript; a refusal is summed up first, linked to its field. */}
          <ErrorSummary className="mt-4" items={replySummary(shown, (name) => (name === "form" ? "accept-error" : name))} />
          {shown.form ? (
            <p
              id="accept-error"
              role="alert"
              className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-red-900"
              data-testid="accept-error"
            >
              {shown.form}
            </p>
          ) : null}
          {review ? (
            <div className="mt-4 space-y-4" data-testid="accept-review">
              <p className="text-lg font-semibold" data-testid="accept-review-sentence">
                {t("disclosure.sentence", {
                  amount: formatCents(o.amountCents),
                  lender: o.lenderName,
                  apr: formatBps(o.estimatedAprBps),
                  count: o.paymentCount,
                  payment: formatCents(o.paymentCents),
                  last,
                })}
              </p>
              <p className="text-sm text-slate-700">
                {t("disclosure.signedAs")} <span className="font-semibold">{review.signerName}</span>
                {t("disclosure.signedAsRest", { button: signButton })}
              </p>
              <Form method="post" action={acceptAction} className="flex flex-wrap items-center gap-4">
                <input type="hidden" name="disclosureSha256" value={v.disclosureSha256} />
                <input type="hidden" name="signerName" value={review.signerName} />
                <input type="hidden" name="confirmRead" value="on" />
                <button type="submit" name="intent" value="accept" className="btn-primary" disabled={nav.state === "submitting"}>
                  {nav.state === "submitting" ? t("disclosure.signing") : signButton}
                </button>
                <Link to={`/offers/${o.id}#accept`} className="text-blue-800 underline">
                  {t("disclosure.changeSignature")}
                </Link>
              </Form>
            </div>
          ) : (
            <Form method="post" action={acceptAction} className="mt-4 space-y-4" noValidate>
              <input type="hidden" name="disclosureSha256" value={v.disclosureSha256} />
              <div>
                <label htmlFor="signerName" className="label">
                  {t("disclosure.signerLabel")}
                </label>
                <input
                  id="signerName"
                  name="signerName"
                  autoComplete="name"
                  defaultValue={actionData?.values?.signerName}
                  className="input mt-1"
                  aria-invalid={shown.signerName ? true : undefined}
                  aria-describedby={shown.signerName ? "signerName-error" : undefined}
                  required
                />
                {shown.signerName ? (
                  <p id="signerName-error" className="mt-1 text-sm text-red-800">
                    {shown.signerName}
                  </p>
                ) : null}
              </div>
              <p className="text-sm text-slate-700" data-testid="intent-to-sign">
                {t("disclosure.intentToSign")}
              </p>
              <div className="flex items-start gap-2">
                <input
                  id="confirmRead"
                  name="confirmRead"
                  type="checkbox"
                  defaultChecked={actionData?.values?.confirmRead}
                  className="mt-1 h-4 w-4"
                  aria-invalid={errors.confirmRead ? true : undefined}
                  aria-describedby={errors.confirmRead ? "confirmRead-error" : undefined}
                  required
                />
                <label htmlFor="confirmRead">{t("disclosure.confirmRead")}</label>
              </div>
              {shown.confirmRead ? (
                <p id="confirmRead-error" className="text-sm text-red-800">
                  {shown.confirmRead}
                </p>
              ) : null}
              <button type="submit" name="intent" value="review" className="btn-primary" disabled={nav.state === "submitting"}>
                {t("disclosure.reviewButton")}
              </button>
            </Form>
          )}
        </section>
      ) : null}
      {v.isOwner && !open && !acceptedThis && shown.form ? (
        <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-red-900" data-testid="accept-error">
          {shown.form}
        </p>
      ) : null}
    </MarketShell>
  );
}

/** Every payment, folded: number, amount, the interest in it and the balance left after it. */
function PaymentSchedule({ o }: { o: { amountCents: number; noteRateBps: number; termMonths: number } }) {
  const rows = paymentScheduleRows(o.amountCents, o.noteRateBps, o.termMonths);
  const { t } = useT("offers");
  return (
    <details className="mt-4 rounded-lg border border-slate-200 p-4" data-testid="payment-schedule">
      <summary className="cursor-pointer font-semibold">{t("disclosure.scheduleSummary", { count: rows.length })}</summary>
      <table className="mt-3 w-full border-collapse text-right text-sm tabular-nums">
        <caption className="sr-only">{t("disclosure.scheduleCaption")}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-1 pr-2 text-left">
              #
            </th>
            <th scope="col" className="py-1 pr-2">
              {t("disclosure.schedulePayment")}
            </th>
            <th scope="col" className="py-1 pr-2">
              {t("disclosure.scheduleInterest")}
            </th>
            <th scope="col" className="py-1">
              {t("disclosure.scheduleBalance")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.number} className="border-b border-slate-100">
              <th scope="row" className="py-1 pr-2 text-left font-normal">
                {r.number}
              </th>
              <td className="py-1 pr-2">{formatCents(r.paymentCents)}</td>
              <td className="py-1 pr-2">{formatCents(r.interestCents)}</td>
              <td className="py-1">{formatCents(r.balanceCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
