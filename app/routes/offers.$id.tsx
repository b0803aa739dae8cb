/**
 * /offers/:id: one offer's disclosure in the standard commercial financing layout, a
 * plain-language explanation, and (for its owner, while open) the acceptance form: full name
 * typed as a signature (the account holder's own name) plus "I have read the disclosure". The
 * form's first submit, or Enter in the name field, shows a review of what is being signed; only
 * the review's "Accept and sign" accepts. Accepting is final and idempotent.
 * The owner, or an admin (read only), may open it; anyone else gets a 404.
 */
import { INTENT_TO_SIGN } from "~/content/consents";
import { OFFER_SUMMARY_PAGE } from "~/content/offer-summary-rules";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MarketShell } from "~/features/marketplace/components/offer-ui";
import { APPLICANT_PAGE_DESCRIPTIONS, site } from "~/content/site";
import { AcceptOfferFormSchema, OfferIdParamsSchema } from "~/features/marketplace/offers.schema";
import { acceptOffer, reviewSignature } from "~/features/marketplace/offer-acceptance.server";
import { acceptanceSentence, acceptBarText, REVIEW_BUTTON, SIGN_BUTTON } from "~/features/marketplace/signing";
import { paymentScheduleRows } from "~/features/marketplace/domain/offer-money";
import { getOfferDisclosureForViewer } from "~/features/marketplace/marketplace.server";
import { MARKET_MSG } from "~/content/messages";
import { formatCents, formatDateTime } from "~/ui/format";
import { offersPath } from "~/features/marketplace/domain/offer-matching";
import { getClientIp } from "~/platform/http/request.server";
import { requireUser } from "~/features/accounts/session/session.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { ErrorSummary, replySummary } from "~/ui/error-summary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Offer from ${data?.offer.lenderName ?? "a lender"} | ${site.name}` },
  { name: "description", content: APPLICANT_PAGE_DESCRIPTIONS.offer },
];

function offerId(params: Record<string, string | undefined>) {
  const parsed = OfferIdParamsSchema.safeParse(params);
  if (!parsed.success || !/^\d{1,10}$/.test(params.id ?? "")) throw data(null, { status: 404 });
  return parsed.data.id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const view = await getOfferDisclosureForViewer(user, offerId(params), { ip: getClientIp(request, context), via: "page" });
  if (!view) throw data(null, { status: 404 });
  return view;
}

type ActionData = {
  errors?: Partial<Record<"signerName" | "confirmRead" | "form", string>>;
  /** The review step: the signature as typed, to be signed by "Accept and sign". */
  review?: { signerName: string };
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = offerId(params);
  const view = await getOfferDisclosureForViewer(user, id, null);
  if (!view || !view.isOwner) throw data(null, { status: 404 });
  const parsed = AcceptOfferFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const f = parsed.error.flatten().fieldErrors;
    const errors: ActionData["errors"] = { signerName: f.signerName?.[0], confirmRead: f.confirmRead?.[0], form: f.disclosureSha256?.[0] };
    return data<ActionData>({ errors }, { status: 400 });
  }
  const { intent, ...signed } = parsed.data;
  const out =
    intent === "review"
      ? reviewSignature(user, view, signed.signerName)
      : await acceptOffer(user, id, { ...signed, ip: getClientIp(request, context) });
  if (out === null) return data<ActionData>({ review: { signerName: signed.signerName } });
  if (!out.ok) return data<ActionData>({ errors: { [out.field ?? "form"]: out.message } }, { status: out.status });
  // To the offers page's "You accepted" note (a fragment of its own: the browser would otherwise
  // keep this form's #accept across the redirect).
  return redirectWithToast(`${offersPath(out.reference)}#accepted`, {
    title: out.already ? "Already accepted" : "Offer Accepted",
    description: out.already ? MARKET_MSG.alreadyAccepted : MARKET_MSG.offerAccepted,
  });
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
  return (
    <MarketShell>
      <p>
        <Link to={offersPath(v.reference)} className="text-sm text-blue-800 underline">
          Back to all offers
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{o.lenderName}</h1>
      <p className="text-slate-700">
        {o.productName} · NMLS {o.nmlsId} · application <span className="font-mono">{v.reference}</span>
      </p>
      {acceptedThis ? (
        <p
          role="status"
          className="mt-4 rounded-md border border-green-300 bg-green-50 p-3 text-green-950"
          data-testid="offer-accepted-note"
        >
          You accepted this offer. Signed by {v.acceptance!.signerName} on {formatDateTime(v.acceptance!.acceptedAt)}.{" "}
          {v.isOwner ? (
            <a href={`/offers/${o.id}/signed.pdf`} className="font-semibold underline" download data-testid="signed-pdf-link">
              {OFFER_SUMMARY_PAGE.signedPdf}
            </a>
          ) : null}
        </p>
      ) : o.state !== "offered" ? (
        <p role="status" className="mt-4 rounded-md border border-slate-300 bg-slate-100 p-3">
          {o.state === "expired" ? MARKET_MSG.offerExpired : v.acceptance ? MARKET_MSG.anotherOfferAccepted : MARKET_MSG.offerWithdrawn}
        </p>
      ) : null}
      <section className="card mt-6" aria-labelledby="disclosure-heading">
        {v.summary.header ? (
          <p className="text-center text-lg font-bold" data-testid="summary-header">
            {v.summary.header}
          </p>
        ) : null}
        <h2 id="disclosure-heading" className="text-xl font-semibold">
          Commercial financing disclosure
        </h2>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to={`/offers/${o.id}/summary`} className="text-blue-800 underline" data-testid="summary-page-link">
            {OFFER_SUMMARY_PAGE.open}
          </Link>
          <a href={`/offers/${o.id}/summary.pdf`} className="text-blue-800 underline" download>
            {OFFER_SUMMARY_PAGE.pdf}
          </a>
        </p>
        <p className="mt-1 text-sm text-slate-700">
          Amount of the loan {formatCents(o.amountCents)}. Offer valid until {formatDateTime(o.expiresAt)}.
        </p>
        {/* The key figures as cards (one column on phones, two from 640 px), each with its plain-language
            explanation folded under it; a state's prescribed form shows its descriptions unfolded. */}
        <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="disclosure-table" aria-label="Key figures">
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
                    What this means<span className="sr-only">: {r.label}</span>
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
                <dd>{v.acceptance?.offerId === o.id ? v.acceptance.signerName : "Signed electronically when you accept"}</dd>
              </div>
              <div>
                <dt className="font-semibold">{v.summary.statement.dateLabel}</dt>
                <dd>{v.acceptance?.offerId === o.id ? formatDateTime(v.acceptance.acceptedAt) : "The date you accept"}</dd>
              </div>
            </dl>
            <p className="mt-2 text-xs text-slate-600">Form: {v.summary.citation}</p>
          </div>
        ) : null}
      </section>
      <section className="card mt-6" aria-labelledby="plain-heading">
        <h2 id="plain-heading" className="text-xl font-semibold">
          In plain language
        </h2>
        <p className="mt-2">
          If you accept, {o.lenderName} lends your business {formatCents(o.amountCents)}. It keeps {formatCents(o.feeCents)} as its
          origination fee, so {formatCents(o.fundingCents)} reaches your account, usually within{" "}
          {o.fundingDays === 0 ? "the same day" : `${o.fundingDays} business day${o.fundingDays === 1 ? "" : "s"}`}. You then pay{" "}
          {formatCents(o.paymentCents)} every month for {o.termMonths} months, {formatCents(o.totalPaymentsCents)} in all. The difference,{" "}
          {formatCents(o.financeChargeCents)}, is what this financing costs you. Because the fee comes off the money you receive, the
          estimated APR is higher than the interest rate.
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
            {acceptBarText(o)}
          </a>
        </div>
      ) : null}
      {v.isOwner && open ? (
        <section id="accept" className="card mt-6 scroll-mt-4" aria-labelledby="accept-heading">
          <h2 id="accept-heading" className="text-xl font-semibold">
            Accept this offer
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Accepting is final: the other offers are withdrawn and the lender contacts you to finalise funding.
          </p>
          {/* The forms post to #accept: the answer (the review, or what was refused) opens here, in
              view, with or without JavaScript; a refusal is summed up first, linked to its field. */}
          <ErrorSummary className="mt-4" items={replySummary(errors, (name) => (name === "form" ? "accept-error" : name))} />
          {errors.form ? (
            <p
              id="accept-error"
              role="alert"
              className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-red-900"
              data-testid="accept-error"
            >
              {errors.form}
            </p>
          ) : null}
          {review ? (
            <div className="mt-4 space-y-4" data-testid="accept-review">
              <p className="text-lg font-semibold" data-testid="accept-review-sentence">
                {acceptanceSentence(o)}
              </p>
              <p className="text-sm text-slate-700">
                Signed as <span className="font-semibold">{review.signerName}</span>. By pressing {SIGN_BUTTON} you sign this offer
                electronically; the disclosure above is stored with your signature.
              </p>
              <Form method="post" action={acceptAction} className="flex flex-wrap items-center gap-4">
                <input type="hidden" name="disclosureSha256" value={v.disclosureSha256} />
                <input type="hidden" name="signerName" value={review.signerName} />
                <input type="hidden" name="confirmRead" value="on" />
                <button type="submit" name="intent" value="accept" className="btn-primary" disabled={nav.state === "submitting"}>
                  {nav.state === "submitting" ? "Signing..." : SIGN_BUTTON}
                </button>
                <Link to={`/offers/${o.id}#accept`} className="text-blue-800 underline">
                  Change the signature
                </Link>
              </Form>
            </div>
          ) : (
            <Form method="post" action={acceptAction} className="mt-4 space-y-4" noValidate>
              <input type="hidden" name="disclosureSha256" value={v.disclosureSha256} />
              <div>
                <label htmlFor="signerName" className="label">
                  Your full name (signature)
                </label>
                <input
                  id="signerName"
                  name="signerName"
                  autoComplete="name"
                  className="input mt-1"
                  aria-invalid={errors.signerName ? true : undefined}
                  aria-describedby={errors.signerName ? "signerName-error" : undefined}
                  required
                />
                {errors.signerName ? (
                  <p id="signerName-error" className="mt-1 text-sm text-red-800">
                    {errors.signerName}
                  </p>
                ) : null}
              </div>
              <p className="text-sm text-slate-700" data-testid="intent-to-sign">
                {INTENT_TO_SIGN}
              </p>
              <div className="flex items-start gap-2">
                <input
                  id="confirmRead"
                  name="confirmRead"
                  type="checkbox"
                  className="mt-1 h-4 w-4"
                  aria-invalid={errors.confirmRead ? true : undefined}
                  aria-describedby={errors.confirmRead ? "confirmRead-error" : undefined}
                  required
                />
                <label htmlFor="confirmRead">I have read the disclosure</label>
              </div>
              {errors.confirmRead ? (
                <p id="confirmRead-error" className="text-sm text-red-800">
                  {errors.confirmRead}
                </p>
              ) : null}
              <button type="submit" name="intent" value="review" className="btn-primary" disabled={nav.state === "submitting"}>
                {REVIEW_BUTTON}
              </button>
            </Form>
          )}
        </section>
      ) : null}
      {v.isOwner && !open && !acceptedThis && errors.form ? (
        <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-red-900" data-testid="accept-error">
          {errors.form}
        </p>
      ) : null}
    </MarketShell>
  );
}

/** Every payment, folded: number, amount, the interest in it and the balance left after it. */
function PaymentSchedule({ o }: { o: { amountCents: number; noteRateBps: number; termMonths: number } }) {
  const rows = paymentScheduleRows(o.amountCents, o.noteRateBps, o.termMonths);
  return (
    <details className="mt-4 rounded-lg border border-slate-200 p-4" data-testid="payment-schedule">
      <summary className="cursor-pointer font-semibold">Payment schedule: all {rows.length} monthly payments</summary>
      <table className="mt-3 w-full border-collapse text-right text-sm tabular-nums">
        <caption className="sr-only">Payment schedule</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-1 pr-2 text-left">
              #
            </th>
            <th scope="col" className="py-1 pr-2">
              Payment
            </th>
            <th scope="col" className="py-1 pr-2">
              Interest
            </th>
            <th scope="col" className="py-1">
              Balance after
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
