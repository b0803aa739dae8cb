/**
 * /lender/keys: the lender user's own lender's partner API keys (prefix, scopes, expiry, last use,
 * revoked), a new key (shown once, in this answer only), revoke, and rotate with an overlap. The
 * admin page's functions do the work (app/features/partners/lender-keys.server.ts); only the keys of
 * the lender partners of the user's own lender, anything else 404. Plain forms, no JavaScript needed.
 * A lender without a partner account is told to ask an admin.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { site } from "~/content/site";
import { PARTNER_SCOPE_TEXT } from "~/content/enums";
import { PARTNER_MSG } from "~/content/messages";
import { LENDER_KEY_SCOPES, LenderCreateKeyFormSchema, RevokeKeyFormSchema, RotateKeyFormSchema } from "~/features/partners/partner.schema";
import { KeyActions } from "~/features/partners/components/key-actions";
import { createLenderKey, lenderKeysView, revokeLenderKey, rotateLenderKey } from "~/features/partners/lender-keys.server";
import { requireLender } from "~/features/accounts/session/session.server";
import { getClientIp } from "~/platform/http/request.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { ErrorSummary, replySummary } from "~/ui/error-summary";

export const meta: MetaFunction = () => [{ title: `API keys | Lender | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { lenderId } = await requireLender(request);
  return { partners: await lenderKeysView(lenderId) };
}

type ActionAnswer = { newKey?: { key: string; prefix: string; message: string }; errors?: Record<string, string[]>; partnerId?: number };

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, lenderId } = await requireLender(request);
  const actor = { userId: user.id, lenderId, ip: getClientIp(request, context) };
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "create") {
    const parsed = LenderCreateKeyFormSchema.safeParse({
      partnerId: form.get("partnerId"),
      label: form.get("label") ?? "",
      scopes: form.getAll("scopes").map(String),
      expiresInDays: form.get("expiresInDays") ?? "",
      // The rate limit is agreed with the admins: a lender user's key gets the default, a rotated key keeps its own.
      rateLimitPerMinute: undefined,
    });
    if (!parsed.success) {
      const partnerId = Number(form.get("partnerId")) || undefined;
      return data<ActionAnswer>({ errors: parsed.error.flatten().fieldErrors as Record<string, string[]>, partnerId }, { status: 400 });
    }
    const { partnerId, ...v } = parsed.data;
    const expiresAt = v.expiresInDays ? new Date(Date.now() + v.expiresInDays * 86_400_000) : null;
    const made = await createLenderKey(actor, partnerId, { ...v, expiresAt });
    if (!made) throw data(null, { status: 404 });
    // The key exists in this answer only (never stored, never redirected through a cookie).
    return data<ActionAnswer>({ newKey: { key: made.key, prefix: made.prefix, message: PARTNER_MSG.keyCreated } });
  }
  if (intent === "revoke") {
    const parsed = RevokeKeyFormSchema.safeParse({ keyId: form.get("keyId") });
    if (!parsed.success || !(await revokeLenderKey(actor, parsed.data.keyId))) throw data(null, { status: 404 });
    return redirectWithToast("/lender/keys", { title: PARTNER_MSG.keyRevoked });
  }
  if (intent === "rotate") {
    const parsed = RotateKeyFormSchema.safeParse({ keyId: form.get("keyId"), overlapHours: form.get("overlapHours") });
    if (!parsed.success) return data<ActionAnswer>({ errors: { rotate: ["Choose an overlap"] } }, { status: 400 });
    const made = await rotateLenderKey(actor, parsed.data.keyId, new Date(Date.now() + parsed.data.overlapHours * 3_600_000));
    if (!made) throw data(null, { status: 404 });
    return data<ActionAnswer>({ newKey: { key: made.key, prefix: made.prefix, message: PARTNER_MSG.keyRotated } });
  }
  throw data(null, { status: 400 });
}

const when = (iso: string | null, none = "-") => (iso ? iso.replace("T", " ").slice(0, 16) + " UTC" : none);

export default function LenderKeys() {
  const { partners } = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  // A refused form (the page comes back at the top without JavaScript): each error links to its field.
  const summary = replySummary(a?.errors, (name) =>
    name === "rotate" ? "rotate-error" : a?.partnerId ? `new-key-${a.partnerId}-${name === "partnerId" ? "label" : name}` : "rotate-error",
  );
  return (
    <>
      <ErrorSummary items={summary} />
      <h1 className="text-3xl font-bold">API keys</h1>
      <p className="text-slate-700">
        Your lender&apos;s systems use these keys to do through the partner API what you do in this workspace (see the{" "}
        <a href="/api-docs#partner-guide" className="text-blue-800 underline">
          partner guide
        </a>
        ). Send a key as <code className="break-all">Authorization: Bearer &lt;key&gt;</code>.
      </p>
      {a?.newKey ? (
        <div role="status" className="space-y-2 rounded-md border border-amber-400 bg-amber-50 p-4" data-testid="new-key">
          <p className="font-semibold">{a.newKey.message}</p>
          <label className="label block">
            New API key
            <input readOnly value={a.newKey.key} className="input mt-1 w-full font-mono" aria-describedby="new-key-hint" />
          </label>
          <p id="new-key-hint" className="text-sm">
            Only its prefix <span className="break-all font-mono">{a.newKey.prefix}</span> stays visible here.
          </p>
        </div>
      ) : null}
      {a?.errors?.rotate ? (
        <p id="rotate-error" role="alert" className="text-sm text-red-700">
          {a.errors.rotate[0]}
        </p>
      ) : null}
      {partners.length === 0 ? (
        <p className="card" data-testid="no-partner">
          {PARTNER_MSG.lenderNoPartner}
        </p>
      ) : null}
      {partners.map((p) => (
        <section key={p.id} className="card space-y-4" aria-labelledby={`partner-${p.id}-h`}>
          <h2 id={`partner-${p.id}-h`} className="text-xl font-semibold">
            {p.name}
          </h2>
          {p.keys.length ? (
            <ul className="divide-y divide-slate-200" data-testid="lender-keys">
              {p.keys.map((k) => (
                <li key={k.id} className="space-y-2 py-3" data-key-id={k.id}>
                  <p className="break-all font-mono font-semibold">{k.prefix}</p>
                  <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-slate-700">Label</dt>
                    <dd>{k.label || "-"}</dd>
                    <dt className="text-slate-700">Scopes</dt>
                    <dd className="break-words">{k.scopes.join(", ")}</dd>
                    <dt className="text-slate-700">State</dt>
                    <dd>{k.state}</dd>
                    <dt className="text-slate-700">Expires</dt>
                    <dd>{when(k.expires, "never")}</dd>
                    <dt className="text-slate-700">Last used</dt>
                    <dd>{when(k.lastUsed, "never")}</dd>
                    <dt className="text-slate-700">Revoked</dt>
                    <dd>{when(k.revoked, "no")}</dd>
                  </dl>
                  {k.state === "active" ? (
                    <div className="flex flex-wrap items-end gap-3">
                      <KeyActions keyId={k.id} prefix={k.prefix} />
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p>No keys yet.</p>
          )}
          <CreateKeyForm partnerId={p.id} errors={a?.partnerId === p.id ? a.errors : undefined} />
        </section>
      ))}
    </>
  );
}

function CreateKeyForm({ partnerId, errors: e }: { partnerId: number; errors?: Record<string, string[]> }) {
  const id = `new-key-${partnerId}`;
  return (
    <Form method="post" className="grid max-w-xl gap-4" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="text-lg font-semibold">
        Create API key
      </h3>
      <input type="hidden" name="partnerId" value={partnerId} />
      <label className="label">
        Label
        <input id={`${id}-label`} name="label" className="input mt-1" maxLength={100} />
      </label>
      <fieldset aria-describedby={e?.scopes ? `${id}-scopes-error` : undefined}>
        <legend className="label">Scopes</legend>
        {LENDER_KEY_SCOPES.map((s, i) => (
          <label key={s} className="block text-sm">
            <input type="checkbox" name="scopes" value={s} id={i === 0 ? `${id}-scopes` : undefined} />{" "}
            <span className="font-mono">{s}</span>: {PARTNER_SCOPE_TEXT[s]}
          </label>
        ))}
        {e?.scopes ? (
          <p id={`${id}-scopes-error`} className="mt-1 text-sm text-red-700">
            {e.scopes[0]}
          </p>
        ) : null}
      </fieldset>
      <label className="label">
        Expires after (days, empty: never)
        <input
          id={`${id}-expiresInDays`}
          name="expiresInDays"
          inputMode="numeric"
          className="input mt-1"
          aria-invalid={e?.expiresInDays ? true : undefined}
          aria-describedby={e?.expiresInDays ? `${id}-expiresInDays-error` : undefined}
        />
      </label>
      <p className="text-sm text-slate-700">A new key may make 120 requests a minute; ask an administrator for more.</p>
      {e?.expiresInDays ? (
        <p id={`${id}-expiresInDays-error`} role="alert" className="text-sm text-red-700">
          {e.expiresInDays[0]}
        </p>
      ) : null}
      <div>
        <button type="submit" name="intent" value="create" className="btn-primary">
          Create key
        </button>
      </div>
    </Form>
  );
}
