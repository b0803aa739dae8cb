/**
 * /admin/applications/:id/offers: every lender's decision on the application with its reasons,
 * the offers (withdraw one), the accepted offer with its signature record, and a manual offer
 * priced by the same money module. Admins only; every change audit-logged by the service.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminStatusBadge } from "~/features/back-office/components/admin-status-badge";
import { site } from "~/content/site";
import { recordAdminRead } from "~/features/back-office/admin-list-audit.server";
import { getApplicationSummary } from "~/features/applications/applications.server";
import { ManualOfferSchema, WithdrawOfferSchema } from "~/features/marketplace/offers.schema";
import { addManualOffer, withdrawOffer } from "~/features/marketplace/offer-acceptance.server";
import { getMarketplaceForAdmin } from "~/features/marketplace/marketplace.server";
import { MARKET_MSG } from "~/content/messages";
import { formatBps, formatCents } from "~/ui/format";
import { getClientIp } from "~/platform/http/request.server";
import { requireAdmin } from "~/features/accounts/session/session.server";
import { redirectWithToast } from "~/platform/http/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Offers ${data?.application.reference ?? ""} | Admin | ${site.name}` },
];

function idParam(raw: string | undefined) {
  const id = Number(raw);
  if (!raw || !/^\d{1,10}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  return id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  const application = await getApplicationSummary(id);
  if (!application) throw data(null, { status: 404 });
  // The page shows the signer's name and client address: an admin read of the applicant's data.
  await recordAdminRead(admin.id, getClientIp(request, context), "page", { kind: "application", part: "offers", applicationId: id });
  return {
    application: { id: application.id, reference: application.reference, status: application.status, amount: Number(application.amount) },
    ...(await getMarketplaceForAdmin(id)),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  if (!(await getApplicationSummary(id))) throw data(null, { status: 404 });
  const form = Object.fromEntries(await request.formData());
  const ip = getClientIp(request, context);
  const back = `/admin/applications/${id}/offers`;
  if (form.intent === "withdraw-offer") {
    const p = WithdrawOfferSchema.safeParse(form);
    if (!p.success) return data({ error: p.error.issues[0]?.message ?? "Invalid input" }, { status: 400 });
    const offers = (await getMarketplaceForAdmin(id)).offers;
    if (!offers.some((o) => o.id === p.data.offerId)) throw data(null, { status: 404 });
    const ok = await withdrawOffer(admin.id, p.data.offerId, p.data.reason, ip);
    if (!ok) return data({ error: MARKET_MSG.offerWithdrawn }, { status: 409 });
    return redirectWithToast(back, { title: MARKET_MSG.offerWithdrawnByAdmin });
  }
  const p = ManualOfferSchema.safeParse(form);
  if (!p.success) return data({ error: p.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") }, { status: 400 });
  const out = await addManualOffer(
    admin.id,
    id,
    {
      productId: p.data.productId,
      amountCents: p.data.amount,
      termMonths: p.data.termMonths,
      noteRateBps: p.data.noteRate,
      feeCents: p.data.fee,
    },
    ip,
  );
  if (!out.ok) return data({ error: out.message }, { status: 409 });
  return redirectWithToast(back, { title: MARKET_MSG.manualOfferAdded });
}

export default function AdminOffers() {
  const { application, offers, decisions, acceptance, products } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <p>
        <Link to={`/admin/applications/${application.id}`} className="text-sm text-blue-800 underline">
          Back to the application
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-bold">Offers for {application.reference}</h2>
        <AdminStatusBadge status={application.status} />
      </div>
      {actionData && "error" in actionData ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          {actionData.error}
        </p>
      ) : null}
      {acceptance ? (
        <section className="card" aria-labelledby="acc-h" data-testid="admin-acceptance">
          <h3 id="acc-h" className="text-lg font-semibold">
            Accepted offer and signature
          </h3>
          <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">Offer</dt>
            <dd>#{acceptance.offerId}</dd>
            <dt className="font-medium">Signed by</dt>
            <dd>{acceptance.signerName}</dd>
            <dt className="font-medium">At</dt>
            <dd>{acceptance.acceptedAt}</dd>
            <dt className="font-medium">Client address</dt>
            <dd>{acceptance.clientIp ?? "unknown"}</dd>
            <dt className="font-medium">Disclosure SHA-256</dt>
            <dd className="break-all font-mono">{acceptance.disclosureSha256}</dd>
          </dl>
          <details className="mt-2">
            <summary className="cursor-pointer text-sm font-semibold">Disclosure text as signed</summary>
            <pre className="mt-2 whitespace-pre-wrap text-xs">{acceptance.disclosureText}</pre>
          </details>
        </section>
      ) : null}
      {/* relative: the screen-reader-only text in the tables is positioned; without it, it would
          escape the scroll box and widen the page on a phone. */}
      <section className="card relative overflow-x-auto" aria-labelledby="off-h" tabIndex={0}>
        <h3 id="off-h" className="text-lg font-semibold">
          Offers ({offers.length})
        </h3>
        <table className="mt-2 min-w-full text-left text-sm" data-testid="admin-offers">
          <thead>
            <tr className="border-b">
              <th className="p-2">#</th>
              <th className="p-2">Lender</th>
              <th className="p-2">State</th>
              <th className="p-2">Funding</th>
              <th className="p-2">APR</th>
              <th className="p-2">Payment</th>
              <th className="p-2">Term</th>
              <th className="p-2">Source</th>
              <th className="p-2">Action</th>
            </tr>
          </thead>
          <tbody>
            {offers.map((o) => (
              <tr key={o.id} className="border-b align-top" data-testid="admin-offer-row">
                <td className="p-2">{o.id}</td>
                <td className="p-2">{o.lenderName}</td>
                <td className="p-2" data-testid="admin-offer-state">
                  {o.state}
                </td>
                <td className="p-2">{formatCents(o.fundingCents)}</td>
                <td className="p-2">{formatBps(o.estimatedAprBps)}</td>
                <td className="p-2">{formatCents(o.paymentCents)}</td>
                <td className="p-2">{o.termMonths} mo</td>
                <td className="p-2">{o.source}</td>
                <td className="p-2">
                  {o.state === "offered" ? (
                    <Form method="post" className="flex gap-1">
                      <input type="hidden" name="intent" value="withdraw-offer" />
                      <input type="hidden" name="offerId" value={o.id} />
                      <label className="sr-only" htmlFor={`reason-${o.id}`}>
                        Reason to withdraw offer {o.id}
                      </label>
                      <input id={`reason-${o.id}`} name="reason" className="input py-1 text-sm" placeholder="Reason" required />
                      <button type="submit" className="btn-outline py-1">
                        Withdraw
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="card relative overflow-x-auto" aria-labelledby="dec-h" tabIndex={0}>
        <h3 id="dec-h" className="text-lg font-semibold">
          Lender decisions
        </h3>
        <table className="mt-2 min-w-full text-left text-sm" data-testid="admin-decisions">
          <thead>
            <tr className="border-b">
              <th className="p-2">Lender</th>
              <th className="p-2">Product</th>
              <th className="p-2">Decision</th>
              <th className="p-2">Reasons</th>
            </tr>
          </thead>
          <tbody>
            {decisions.map((d) => (
              <tr key={d.id} className="border-b align-top">
                <td className="p-2">{d.lenderName}</td>
                <td className="p-2">{d.productName}</td>
                <td className="p-2">{d.eligible ? "Eligible" : d.evaluated ? "Not eligible" : "Not evaluated"}</td>
                <td className="p-2">{[...d.reasons, ...d.unlock].join("; ") || "-"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {!acceptance ? (
        <section className="card" aria-labelledby="man-h">
          <h3 id="man-h" className="text-lg font-semibold">
            Add a manual offer
          </h3>
          <Form method="post" className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
            <input type="hidden" name="intent" value="manual-offer" />
            <label className="label sm:col-span-3">
              Lender product
              <select name="productId" className="input mt-1 min-w-0" required>
                {products.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="label">
              Amount (USD)
              <input name="amount" inputMode="decimal" defaultValue={application.amount} className="input mt-1" required />
            </label>
            <label className="label">
              Term (months)
              <input name="termMonths" inputMode="numeric" defaultValue={24} className="input mt-1" required />
            </label>
            <label className="label">
              Interest rate (% a year)
              <input name="noteRate" inputMode="decimal" defaultValue="15" className="input mt-1" required />
            </label>
            <label className="label">
              Origination fee (USD)
              <input name="fee" inputMode="decimal" defaultValue="0" className="input mt-1" required />
            </label>
            <div className="sm:col-span-3">
              <button type="submit" className="btn-primary">
                Add offer
              </button>
            </div>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
