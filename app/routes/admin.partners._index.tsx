/** /admin/partners: the partner API's partners (lender or referral) and a form to add one. Admins only; audit-logged. */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { site } from "~/content/site";
import { CreatePartnerFormSchema } from "~/features/partners/partner.schema";
import { listLendersWithProducts } from "~/features/marketplace/lenders.server";
import { createPartner, listPartners, PartnerNameTakenError } from "~/features/partners/partner-keys.server";
import { requireAdmin } from "~/features/accounts/session/session.server";
import { PARTNER_MSG } from "~/content/messages";
import { getClientIp } from "~/platform/http/request.server";
import { redirectWithToast } from "~/platform/http/toast.server";

export const meta: MetaFunction = () => [{ title: `Partners | Admin | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [partners, lenders] = await Promise.all([listPartners(), listLendersWithProducts()]);
  return {
    partners: partners.map((p) => ({ id: p.id, name: p.name, kind: p.kind, lenderName: p.lenderName, activeKeys: p.activeKeys })),
    lenders: lenders.map((l) => ({ id: l.id, name: l.name })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const values = {
    name: String(form.get("name") ?? ""),
    kind: String(form.get("kind") ?? ""),
    lenderId: String(form.get("lenderId") ?? ""),
  };
  const parsed = CreatePartnerFormSchema.safeParse(values);
  if (!parsed.success) return data({ errors: parsed.error.flatten().fieldErrors as Record<string, string[]>, values }, { status: 400 });
  try {
    const id = await createPartner(admin.id, { ...parsed.data, lenderId: parsed.data.lenderId ?? null }, getClientIp(request, context));
    return redirectWithToast(`/admin/partners/${id}`, { title: PARTNER_MSG.partnerSaved });
  } catch (e) {
    if (e instanceof PartnerNameTakenError) {
      const errors: Record<string, string[]> = { name: [PARTNER_MSG.partnerNameTaken] };
      return data({ errors, values }, { status: 409 });
    }
    throw e;
  }
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {errors[0]}
    </p>
  ) : null;
}

export default function AdminPartners() {
  const { partners, lenders } = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  const e = a?.errors;
  return (
    <section className="card space-y-6" aria-labelledby="partners-h">
      <h2 id="partners-h" className="text-2xl font-bold">
        API partners
      </h2>
      <p className="text-sm text-slate-700">
        Partners call the JSON API with their own keys (see the partner guide on <Link to="/api-docs">/api-docs</Link>). A lender
        partner&apos;s keys act for its lender; a referral partner sends applicants.
      </p>
      {partners.length ? (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Partners">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Partners</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-4">
                  Name
                </th>
                <th scope="col" className="py-2 pr-4">
                  Kind
                </th>
                <th scope="col" className="py-2 pr-4">
                  Lender
                </th>
                <th scope="col" className="py-2">
                  Active keys
                </th>
              </tr>
            </thead>
            <tbody>
              {partners.map((p) => (
                <tr key={p.id} className="border-b border-slate-200">
                  <td className="py-2 pr-4 [overflow-wrap:anywhere]">
                    <Link to={`/admin/partners/${p.id}`} className="text-blue-800 underline">
                      {p.name}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">{p.kind === "lender" ? "Lender" : "Referral"}</td>
                  <td className="py-2 pr-4 [overflow-wrap:anywhere]">{p.lenderName ?? "-"}</td>
                  <td className="py-2">{p.activeKeys}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>No partners yet.</p>
      )}
      <Form method="post" className="grid max-w-xl gap-4" aria-labelledby="add-partner-h" noValidate>
        <h3 id="add-partner-h" className="text-xl font-semibold">
          Add partner
        </h3>
        <label className="label">
          Partner name
          <input
            name="name"
            defaultValue={a?.values.name}
            className="input mt-1"
            required
            aria-invalid={e?.name ? true : undefined}
            aria-describedby={e?.name ? "name-error" : undefined}
          />
          <FieldError id="name-error" errors={e?.name} />
        </label>
        <fieldset>
          <legend className="label">Kind</legend>
          <label className="mr-4">
            <input type="radio" name="kind" value="referral" defaultChecked={a?.values.kind !== "lender"} /> Referral
          </label>
          <label>
            <input type="radio" name="kind" value="lender" defaultChecked={a?.values.kind === "lender"} /> Lender
          </label>
          <FieldError id="kind-error" errors={e?.kind} />
        </fieldset>
        <label className="label">
          Lender (lender partners only)
          <select
            name="lenderId"
            defaultValue={a?.values.lenderId ?? ""}
            className="input mt-1"
            aria-invalid={e?.lenderId ? true : undefined}
            aria-describedby={e?.lenderId ? "lender-error" : undefined}
          >
            <option value="">None</option>
            {lenders.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
          <FieldError id="lender-error" errors={e?.lenderId} />
        </label>
        <div>
          <button type="submit" className="btn-primary">
            Add partner
          </button>
        </div>
      </Form>
    </section>
  );
}
