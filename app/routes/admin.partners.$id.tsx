/**
 * /admin/partners/:id: one partner's API keys. Create a key (shown once, in this answer only),
 * revoke one at once, or rotate one (a new key; the old one works until the chosen overlap ends).
 * Its webhook endpoints (register one: the signing secret is shown once; turn one off or on; remove
 * one) and the delivery log with a replay button per finished delivery. Plain forms (no JavaScript
 * needed; the server's same-origin check guards every POST). Admins only; every change audit-logged.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { site } from "~/content/site";
import { PARTNER_SCOPE_TEXT, PARTNER_SCOPES } from "~/content/enums";
import { CreateKeyFormSchema, RevokeKeyFormSchema, RotateKeyFormSchema } from "~/features/partners/partner.schema";
import {
  createPartnerKey,
  displayPrefix,
  getPartner,
  keyState,
  listPartnerKeys,
  revokeKey,
  rotateKey,
} from "~/features/partners/partner-keys.server";
import { requireAdmin } from "~/features/accounts/session/session.server";
import { KeyActions } from "~/features/partners/components/key-actions";
import { WEBHOOK_EVENT_TEXT, WEBHOOK_EVENTS_BY_KIND } from "~/features/partners/domain/webhook-events";
import {
  AdminWebhookDeliveryIdFormSchema,
  AdminWebhookEndpointFormSchema,
  AdminWebhookEndpointIdFormSchema,
} from "~/features/partners/webhooks.schema";
import {
  adminWebhookView,
  registerEndpoint,
  removeEndpoint,
  replayDelivery,
  setEndpointEnabled,
} from "~/features/partners/webhooks.server";
import { PARTNER_MSG } from "~/content/messages";
import { getClientIp } from "~/platform/http/request.server";
import { redirectWithToast } from "~/platform/http/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.partner.name ?? "Partner"} | Admin | ${site.name}` }];

function idParam(raw: string | undefined) {
  const id = Number(raw);
  if (!raw || !/^\d{1,10}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  return id;
}

const when = (d: Date | null) => (d ? d.toISOString().replace("T", " ").slice(0, 16) + " UTC" : "-");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const partner = await getPartner(idParam(params.id));
  if (!partner) throw data(null, { status: 404 });
  const [keys, webhooks] = await Promise.all([listPartnerKeys(partner.id), adminWebhookView(partner.id)]);
  return {
    partner: { id: partner.id, name: partner.name, kind: partner.kind, lenderName: partner.lenderName },
    webhooks,
    keys: keys.map((k) => ({
      id: k.id,
      prefix: displayPrefix(k.publicId),
      label: k.label,
      scopes: k.scopes.join(", "),
      limit: k.rateLimitPerMinute,
      state: keyState(k),
      created: when(k.createdAt),
      expires: when(k.expiresAt),
      lastUsed: when(k.lastUsedAt),
    })),
  };
}

type ActionAnswer = {
  newKey?: { key: string; prefix: string; message: string };
  errors?: Record<string, string[]>;
  newSecret?: { url: string; secret: string };
  webhookErrors?: Record<string, string[]>;
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const partnerId = idParam(params.id);
  const ip = getClientIp(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "create") {
    const parsed = CreateKeyFormSchema.safeParse({
      label: form.get("label") ?? "",
      scopes: form.getAll("scopes").map(String),
      expiresInDays: form.get("expiresInDays") ?? "",
      rateLimitPerMinute: form.get("rateLimitPerMinute") || undefined,
    });
    if (!parsed.success)
      return data<ActionAnswer>({ errors: parsed.error.flatten().fieldErrors as Record<string, string[]> }, { status: 400 });
    const v = parsed.data;
    const expiresAt = v.expiresInDays ? new Date(Date.now() + v.expiresInDays * 86_400_000) : null;
    const made = await createPartnerKey(admin.id, partnerId, { ...v, expiresAt }, ip);
    if (!made) throw data(null, { status: 404 });
    // The key exists in this answer only (never stored, never redirected through a cookie).
    return data<ActionAnswer>({ newKey: { key: made.key, prefix: made.prefix, message: PARTNER_MSG.keyCreated } });
  }
  if (intent === "revoke") {
    const parsed = RevokeKeyFormSchema.safeParse({ keyId: form.get("keyId") });
    if (!parsed.success || !(await revokeKey(admin.id, partnerId, parsed.data.keyId, ip))) throw data(null, { status: 404 });
    return redirectWithToast(`/admin/partners/${partnerId}`, { title: PARTNER_MSG.keyRevoked });
  }
  if (intent === "rotate") {
    const parsed = RotateKeyFormSchema.safeParse({ keyId: form.get("keyId"), overlapHours: form.get("overlapHours") });
    if (!parsed.success) return data<ActionAnswer>({ errors: { rotate: ["Choose an overlap"] } }, { status: 400 });
    const until = new Date(Date.now() + parsed.data.overlapHours * 3_600_000);
    const made = await rotateKey(admin.id, partnerId, parsed.data.keyId, until, ip);
    if (!made) throw data(null, { status: 404 });
    return data<ActionAnswer>({ newKey: { key: made.key, prefix: made.prefix, message: PARTNER_MSG.keyRotated } });
  }
  if (intent === "webhook-create") {
    const partner = await getPartner(partnerId);
    if (!partner) throw data(null, { status: 404 });
    const parsed = AdminWebhookEndpointFormSchema.safeParse({
      url: form.get("url") ?? "",
      events: form.getAll("events").map(String),
      description: form.get("description") ?? "",
      contactEmail: form.get("contactEmail") ?? "",
    });
    if (!parsed.success)
      return data<ActionAnswer>({ webhookErrors: parsed.error.flatten().fieldErrors as Record<string, string[]> }, { status: 400 });
    const out = await registerEndpoint({ id: partner.id, kind: partner.kind }, parsed.data, { adminId: admin.id }, ip);
    if (!out.ok)
      return data<ActionAnswer>({ webhookErrors: out.status === 400 ? out.errors : { url: [out.message] } }, { status: out.status });
    // The secret exists in this answer only (stored sealed, never shown again).
    return data<ActionAnswer>({ newSecret: { url: out.endpoint.url, secret: out.secret } });
  }
  if (intent === "webhook-disable" || intent === "webhook-enable" || intent === "webhook-delete") {
    const parsed = AdminWebhookEndpointIdFormSchema.safeParse({ endpointId: form.get("endpointId") });
    if (!parsed.success) throw data(null, { status: 404 });
    const done =
      intent === "webhook-delete"
        ? await removeEndpoint(partnerId, parsed.data.endpointId, { adminId: admin.id }, ip)
        : await setEndpointEnabled(admin.id, partnerId, parsed.data.endpointId, intent === "webhook-enable", ip);
    if (!done) throw data(null, { status: 404 });
    const title =
      intent === "webhook-delete" ? "Endpoint removed" : intent === "webhook-enable" ? "Endpoint turned on" : "Endpoint turned off";
    return redirectWithToast(`/admin/partners/${partnerId}`, { title });
  }
  if (intent === "webhook-replay") {
    const parsed = AdminWebhookDeliveryIdFormSchema.safeParse({ deliveryId: form.get("deliveryId") });
    if (!parsed.success) throw data(null, { status: 404 });
    const out = await replayDelivery(partnerId, parsed.data.deliveryId, { adminId: admin.id }, ip);
    if (!out.ok && out.status === 404) throw data(null, { status: 404 });
    if (!out.ok) return data<ActionAnswer>({ webhookErrors: { replay: [out.message] } }, { status: 409 });
    return redirectWithToast(`/admin/partners/${partnerId}`, { title: `Delivery queued again (delivery ${out.delivery.id})` });
  }
  throw data(null, { status: 400 });
}

export default function AdminPartner() {
  const { partner, keys, webhooks } = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  const e = a?.errors;
  return (
    <section className="card space-y-6" aria-labelledby="partner-h">
      <p>
        <Link to="/admin/partners" className="text-sm text-blue-800 underline">
          Back to partners
        </Link>
      </p>
      <h2 id="partner-h" className="text-2xl font-bold">
        {partner.name}
      </h2>
      <p className="text-sm text-slate-700">
        {partner.kind === "lender" ? `Lender partner, acting for ${partner.lenderName ?? "its lender"}` : "Referral partner"}
      </p>
      {a?.newKey ? (
        <div role="status" className="space-y-2 rounded-md border border-amber-400 bg-amber-50 p-4">
          <p className="font-semibold">{a.newKey.message}</p>
          <label className="label block">
            New API key
            <input readOnly value={a.newKey.key} className="input mt-1 w-full font-mono" aria-describedby="new-key-hint" />
          </label>
          <p id="new-key-hint" className="text-sm">
            Send it as <code>Authorization: Bearer &lt;key&gt;</code>. Only its prefix {a.newKey.prefix} is kept visible here.
          </p>
        </div>
      ) : null}
      <h3 className="text-xl font-semibold">API keys</h3>
      {keys.length ? (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="API keys">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">API keys</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-3">
                  Key
                </th>
                <th scope="col" className="py-2 pr-3">
                  Label
                </th>
                <th scope="col" className="py-2 pr-3">
                  Scopes
                </th>
                <th scope="col" className="py-2 pr-3">
                  Limit / min
                </th>
                <th scope="col" className="py-2 pr-3">
                  State
                </th>
                <th scope="col" className="py-2 pr-3">
                  Expires
                </th>
                <th scope="col" className="py-2 pr-3">
                  Last used
                </th>
                <th scope="col" className="py-2">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k.id} className="border-b border-slate-200 align-top">
                  <td className="py-2 pr-3 font-mono">{k.prefix}</td>
                  <td className="py-2 pr-3">{k.label || "-"}</td>
                  <td className="py-2 pr-3">{k.scopes}</td>
                  <td className="py-2 pr-3">{k.limit}</td>
                  <td className="py-2 pr-3">{k.state}</td>
                  <td className="py-2 pr-3">{k.expires}</td>
                  <td className="py-2 pr-3">{k.lastUsed}</td>
                  <td className="space-y-2 py-2">{k.state === "active" ? <KeyActions keyId={k.id} prefix={k.prefix} compact /> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>No keys yet.</p>
      )}
      <Form method="post" className="grid max-w-xl gap-4" aria-labelledby="new-key-h">
        <h3 id="new-key-h" className="text-xl font-semibold">
          Create API key
        </h3>
        <label className="label">
          Label
          <input name="label" className="input mt-1" maxLength={100} />
        </label>
        <fieldset aria-describedby={e?.scopes ? "scopes-error" : undefined}>
          <legend className="label">Scopes</legend>
          {PARTNER_SCOPES.map((s) => (
            <label key={s} className="block">
              <input type="checkbox" name="scopes" value={s} /> {s} <span className="text-xs text-slate-700">{PARTNER_SCOPE_TEXT[s]}</span>
            </label>
          ))}
          {e?.scopes ? (
            <p id="scopes-error" className="mt-1 text-sm text-red-700">
              {e.scopes[0]}
            </p>
          ) : null}
        </fieldset>
        <label className="label">
          Expires after (days, empty: never)
          <input name="expiresInDays" inputMode="numeric" className="input mt-1" />
        </label>
        <label className="label">
          Requests per minute
          <input name="rateLimitPerMinute" inputMode="numeric" defaultValue="120" className="input mt-1" />
        </label>
        {e?.expiresInDays || e?.rateLimitPerMinute || e?.rotate ? (
          <p role="alert" className="text-sm text-red-700">
            {(e.expiresInDays ?? e.rateLimitPerMinute ?? e.rotate)![0]}
          </p>
        ) : null}
        <div>
          <button type="submit" name="intent" value="create" className="btn-primary">
            Create key
          </button>
        </div>
      </Form>
      <WebhookSection partner={partner} webhooks={webhooks} answer={a} />
    </section>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function WebhookSection({
  partner,
  webhooks,
  answer,
}: {
  partner: LoaderData["partner"];
  webhooks: LoaderData["webhooks"];
  answer?: ActionAnswer;
}) {
  const e = answer?.webhookErrors;
  const events = WEBHOOK_EVENTS_BY_KIND[partner.kind];
  return (
    <>
      <h3 id="webhooks-h" className="text-xl font-semibold">
        Webhook endpoints
      </h3>
      {answer?.newSecret ? (
        <div role="status" className="space-y-2 rounded-md border border-amber-400 bg-amber-50 p-4">
          <p className="font-semibold">Endpoint registered. Copy its signing secret now: it is not shown again.</p>
          <label className="label block">
            Signing secret for {answer.newSecret.url}
            <input readOnly value={answer.newSecret.secret} className="input mt-1 w-full font-mono" />
          </label>
        </div>
      ) : null}
      {e?.replay ? (
        <p role="alert" className="text-sm text-red-700">
          {e.replay[0]}
        </p>
      ) : null}
      {webhooks.endpoints.length ? (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Webhook endpoints">
          <table className="w-full border-collapse text-left text-sm" data-testid="webhook-endpoints">
            <caption className="sr-only">Webhook endpoints</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-3">
                  URL
                </th>
                <th scope="col" className="py-2 pr-3">
                  Events
                </th>
                <th scope="col" className="py-2 pr-3">
                  State
                </th>
                <th scope="col" className="py-2 pr-3">
                  Contact
                </th>
                <th scope="col" className="py-2">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {webhooks.endpoints.map((w) => (
                <tr key={w.id} className="border-b border-slate-200 align-top">
                  <td className="break-all py-2 pr-3 font-mono">{w.url}</td>
                  <td className="py-2 pr-3">{w.events.join(", ")}</td>
                  <td className="py-2 pr-3">
                    {w.status}
                    {w.disabledReason ? ` (${w.disabledReason})` : ""}
                  </td>
                  <td className="py-2 pr-3">{w.contactEmail ?? "-"}</td>
                  <td className="space-y-2 py-2">
                    <Form method="post">
                      <input type="hidden" name="endpointId" value={w.id} />
                      <button
                        type="submit"
                        name="intent"
                        value={w.status === "active" ? "webhook-disable" : "webhook-enable"}
                        className="btn-outline"
                        aria-label={`${w.status === "active" ? "Turn off" : "Turn on"} ${w.url}`}
                      >
                        {w.status === "active" ? "Turn off" : "Turn on"}
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="endpointId" value={w.id} />
                      <button type="submit" name="intent" value="webhook-delete" className="btn-danger" aria-label={`Remove ${w.url}`}>
                        Remove
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>No webhook endpoints yet.</p>
      )}
      <Form method="post" className="grid max-w-xl gap-4" aria-labelledby="new-webhook-h">
        <h4 id="new-webhook-h" className="text-lg font-semibold">
          Register a webhook endpoint
        </h4>
        <label className="label">
          URL (https, public host)
          <input
            name="url"
            type="url"
            required
            maxLength={500}
            className="input mt-1"
            aria-invalid={e?.url ? true : undefined}
            aria-describedby={e?.url ? "webhook-url-error" : undefined}
          />
        </label>
        {e?.url ? (
          <p id="webhook-url-error" className="text-sm text-red-700">
            {e.url[0]}
          </p>
        ) : null}
        <fieldset aria-describedby={e?.events ? "webhook-events-error" : undefined}>
          <legend className="label">Events</legend>
          {events.map((t) => (
            <label key={t} className="block">
              <input type="checkbox" name="events" value={t} /> {t} <span className="text-xs text-slate-700">{WEBHOOK_EVENT_TEXT[t]}</span>
            </label>
          ))}
          {e?.events ? (
            <p id="webhook-events-error" className="mt-1 text-sm text-red-700">
              {e.events[0]}
            </p>
          ) : null}
        </fieldset>
        <label className="label">
          Description
          <input name="description" maxLength={200} className="input mt-1" />
        </label>
        <label className="label">
          Contact e-mail (told if the endpoint is disabled)
          <input
            name="contactEmail"
            type="email"
            maxLength={254}
            className="input mt-1"
            aria-describedby={e?.contactEmail ? "webhook-contact-error" : undefined}
          />
        </label>
        {e?.contactEmail ? (
          <p id="webhook-contact-error" className="text-sm text-red-700">
            {e.contactEmail[0]}
          </p>
        ) : null}
        <div>
          <button type="submit" name="intent" value="webhook-create" className="btn-primary">
            Register endpoint
          </button>
        </div>
      </Form>
      <h3 id="deliveries-h" className="text-xl font-semibold">
        Webhook deliveries
      </h3>
      {webhooks.deliveries.length ? (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Webhook deliveries">
          <table className="w-full border-collapse text-left text-sm" data-testid="webhook-deliveries">
            <caption className="sr-only">Webhook deliveries, newest first</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-3">
                  Delivery
                </th>
                <th scope="col" className="py-2 pr-3">
                  Event
                </th>
                <th scope="col" className="py-2 pr-3">
                  Endpoint
                </th>
                <th scope="col" className="py-2 pr-3">
                  Status
                </th>
                <th scope="col" className="py-2 pr-3">
                  Attempts
                </th>
                <th scope="col" className="py-2 pr-3">
                  Last answer
                </th>
                <th scope="col" className="py-2 pr-3">
                  Next attempt
                </th>
                <th scope="col" className="py-2">
                  Replay
                </th>
              </tr>
            </thead>
            <tbody>
              {webhooks.deliveries.map((d) => (
                <tr key={d.id} className="border-b border-slate-200 align-top" data-delivery-id={d.id}>
                  <td className="py-2 pr-3">
                    {d.id}
                    {d.replayOfId ? ` (replay of ${d.replayOfId})` : ""}
                  </td>
                  <td className="py-2 pr-3">{d.eventType}</td>
                  <td className="break-all py-2 pr-3 font-mono">{d.endpointUrl}</td>
                  <td className="py-2 pr-3">{d.status}</td>
                  <td className="py-2 pr-3">{d.attempts}</td>
                  <td className="py-2 pr-3">{d.lastResponseCode ?? d.lastError ?? "-"}</td>
                  <td className="py-2 pr-3">{d.nextAttemptAt ? when(new Date(d.nextAttemptAt)) : "-"}</td>
                  <td className="py-2">
                    {d.status === "pending" ? (
                      "-"
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="deliveryId" value={d.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="webhook-replay"
                          className="btn-outline"
                          aria-label={`Replay delivery ${d.id}`}
                        >
                          Replay
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>No deliveries yet.</p>
      )}
      <p className="text-sm text-slate-700">
        Deliveries are retried with exponential backoff for 24 hours; then the endpoint is turned off and its contact and the admins are
        e-mailed.
      </p>
    </>
  );
}
