/** /admin/lenders/:id: edit a lender and its product; pause or resume it. Admins only; audit-logged. */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { LenderForm, type LenderFormDefaults } from "~/features/marketplace/components/lender-form";
import { site } from "~/content/site";
import { getLender } from "~/features/marketplace/lenders.server";
import { parseLenderForm } from "~/features/marketplace/offers.schema";
import {
  countOutstandingOffers,
  previewSample,
  setLenderStatus,
  storedSample,
  updateLenderWithProduct,
} from "~/features/marketplace/lender-catalogue.server";
import { inviteSummary, LenderUsersSection } from "~/features/lenders/components/lender-users-section";
import { ErrorSummary, replySummary } from "~/ui/error-summary";
import { inviteFromAdminPage } from "~/features/lenders/lender-invite-form.server";
import { usersOfLender } from "~/features/lenders/lender-invitations.server";
import { MARKET_MSG } from "~/content/messages";
import { getClientIp } from "~/platform/http/request.server";
import { requireAdmin } from "~/features/accounts/session/session.server";
import { redirectWithToast } from "~/platform/http/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.lender.name ?? "Lender"} | Admin | ${site.name}` }];

function idParam(raw: string | undefined) {
  const id = Number(raw);
  if (!raw || !/^\d{1,10}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  return id;
}

const dollars = (c: number) => String(c / 100);
const pct = (bps: number) => String(bps / 100);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const l = await getLender(idParam(params.id));
  if (!l) throw data(null, { status: 404 });
  const p = l.products[0];
  const base = p ? p.rateTiers.filter((t) => t.minCreditScore == null) : [];
  const best = base.length ? base.reduce((a, b) => (b.noteRateBps < a.noteRateBps ? b : a)) : null;
  const std = base.length ? base.reduce((a, b) => (b.noteRateBps > a.noteRateBps ? b : a)) : null;
  const defaults: LenderFormDefaults = {
    name: l.name,
    nmlsId: l.nmlsId,
    website: l.website,
    productName: p?.name ?? "",
    states: p?.states.join(" ") ?? "",
    purposes: p?.purposes ?? [],
    minAmount: p ? dollars(p.minAmountCents) : "",
    maxAmount: p ? dollars(p.maxAmountCents) : "",
    termsMonths: p?.termsMonths.join(" ") ?? "",
    defaultTermMonths: p ? String(p.defaultTermMonths) : "",
    noteRate: std ? pct(std.noteRateBps) : "",
    bestNoteRate: best ? pct(best.noteRateBps) : "",
    bestIncomeMultiple: best ? String(best.minIncomeToAmountBps / 10_000) : "0",
    originationFee: p ? pct(p.originationFeeBps) : "",
    minAnnualIncome: p ? dollars(p.minAnnualIncomeCents) : "",
    prepayment: p?.prepayment ?? "",
    collateral: p?.collateral ?? "",
    avoidableFees: p?.avoidableFees ?? "",
    fundingDays: p ? String(p.fundingDays) : "",
  };
  const users = (await usersOfLender(l.id)).map((u) => ({
    id: u.id,
    email: u.email,
    name: `${u.firstName} ${u.lastName}`,
    state: u.disabledAt ? "Disabled" : u.mfaEnabledAt ? "Active" : "Invited",
  }));
  const outstanding = await countOutstandingOffers(l.id);
  return {
    lender: { id: l.id, name: l.name, status: l.status, note: l.note, productCount: l.products.length },
    defaults,
    users,
    outstanding,
    sample: p ? storedSample(p) : null,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  const form = await request.formData();
  const ip = getClientIp(request, context);
  const intent = form.get("intent");
  if (intent === "invite") return inviteFromAdminPage(admin.id, id, form, ip);
  if (intent === "pause" || intent === "resume") {
    const out = await setLenderStatus(admin.id, id, intent === "pause" ? "paused" : "active", ip, {
      withdrawOffers: form.get("withdrawOffers") === "on",
    });
    if (!out.ok && out.status === 404) throw data(null, { status: 404 });
    if (!out.ok) return data({ errors: {}, defaults: null, message: out.message, sample: null }, { status: out.status });
    return redirectWithToast(`/admin/lenders/${id}`, {
      title: intent === "pause" ? "Lender paused" : "Lender resumed",
      description: out.withdrawn
        ? `${out.withdrawn} outstanding offer${out.withdrawn === 1 ? "" : "s"} withdrawn; the applicants were e-mailed.`
        : undefined,
    });
  }
  const { parsed, defaults } = parseLenderForm(form);
  if (!parsed.success)
    return data(
      { errors: parsed.error.flatten().fieldErrors as Record<string, string[]>, defaults, message: null, sample: null },
      { status: 400 },
    );
  // The sample offer these values would make, without saving (works without JavaScript).
  if (form.get("intent") === "preview") return data({ errors: {}, defaults, message: null, sample: previewSample(parsed.data) });
  const out = await updateLenderWithProduct(admin.id, id, parsed.data, ip);
  if (!out.ok) return data({ errors: {}, defaults, message: out.message, sample: null }, { status: 409 });
  return redirectWithToast(`/admin/lenders/${id}`, { title: MARKET_MSG.lenderSaved });
}

export default function EditLender() {
  const { lender, defaults, users, outstanding, sample } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const a = actionData && "defaults" in actionData ? actionData : undefined;
  const invite = actionData && "invite" in actionData ? actionData.invite : undefined;
  // The form of this page that was refused: its errors at the top, each a link to its field.
  const summary = [...replySummary(a?.errors, (name) => `lf-${name}`), ...inviteSummary(invite)];
  return (
    <section className="card space-y-4" aria-labelledby="edit-h">
      <ErrorSummary items={summary} />
      <p>
        <Link to="/admin/lenders" className="text-sm text-blue-800 underline">
          Back to lenders
        </Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="edit-h" className="text-2xl font-bold">
          {lender.name} <span className="text-base font-normal">({lender.status === "active" ? "Active" : "Paused"})</span>
        </h2>
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value={lender.status === "active" ? "pause" : "resume"} />
          {lender.status === "active" && outstanding > 0 ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="withdrawOffers" defaultChecked />
              Also withdraw its {outstanding} outstanding offer{outstanding === 1 ? "" : "s"} (not yet accepted); the applicants are
              e-mailed
            </label>
          ) : null}
          <button type="submit" className={lender.status === "active" ? "btn-danger" : "btn-primary"}>
            {lender.status === "active" ? "Pause lender" : "Resume lender"}
          </button>
        </Form>
      </div>
      {lender.note ? <p className="text-sm text-slate-700">{lender.note}</p> : null}
      {lender.productCount > 1 ? <p className="text-sm text-slate-700">This form edits the lender&apos;s first product.</p> : null}
      <p className="text-sm text-slate-700">
        A paused lender gets no new applications. Offers it already made stay open unless you withdraw them when pausing; accepted offers
        are never touched.
      </p>
      {a?.message ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          {a.message}
        </p>
      ) : null}
      <LenderForm d={a?.defaults ?? defaults} errors={a?.errors} sample={a ? a.sample : sample} submitLabel="Save lender" />
      <LenderUsersSection users={users} invite={invite} />
    </section>
  );
}
