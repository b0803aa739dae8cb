/** /admin/lenders/new: add a partner lender with its product. Admins only; audit-logged. */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { LenderForm } from "~/features/marketplace/components/lender-form";
import { site } from "~/content/site";
import { parseLenderForm } from "~/features/marketplace/offers.schema";
import { createLenderWithProduct, previewSample } from "~/features/marketplace/lender-catalogue.server";
import { MARKET_MSG } from "~/content/messages";
import { getClientIp } from "~/platform/http/request.server";
import { requireAdmin } from "~/features/accounts/session/session.server";
import { redirectWithToast } from "~/platform/http/toast.server";

export const meta: MetaFunction = () => [{ title: `Add lender | Admin | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const { parsed, defaults } = parseLenderForm(form);
  if (!parsed.success)
    return data(
      { errors: parsed.error.flatten().fieldErrors as Record<string, string[]>, defaults, message: null, sample: null },
      { status: 400 },
    );
  // The sample offer these values would make, without saving (works without JavaScript).
  if (form.get("intent") === "preview") return data({ errors: {}, defaults, message: null, sample: previewSample(parsed.data) });
  const out = await createLenderWithProduct(admin.id, parsed.data, getClientIp(request, context));
  if (!out.ok) return data({ errors: {}, defaults, message: out.message, sample: null }, { status: 409 });
  return redirectWithToast(`/admin/lenders/${out.id}`, { title: MARKET_MSG.lenderSaved });
}

export default function NewLender() {
  const a = useActionData<typeof action>();
  return (
    <section className="card space-y-4" aria-labelledby="new-h">
      <p>
        <Link to="/admin/lenders" className="text-sm text-blue-800 underline">
          Back to lenders
        </Link>
      </p>
      <h2 id="new-h" className="text-2xl font-bold">
        Add lender
      </h2>
      {a?.message ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          {a.message}
        </p>
      ) : null}
      <LenderForm
        d={
          a?.defaults ?? {
            termsMonths: "12 24 36",
            defaultTermMonths: "24",
            originationFee: "2",
            bestIncomeMultiple: "4",
            fundingDays: "3",
            minAnnualIncome: "0",
          }
        }
        errors={a?.errors}
        sample={a?.sample}
        submitLabel="Add lender"
      />
    </section>
  );
}
