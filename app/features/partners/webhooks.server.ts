/**
 * Partner webhooks: endpoints (registered by the partner through the API or by an admin), the
 * events written to the delivery outbox in the transaction of the change that causes them, the
 * delivery log and its manual replay. Delivery itself is ./webhook-delivery.server.ts.
 *
 * An endpoint's URL must be https on a public host whose every address is public
 * (~/features/partners/webhook-url.server); WEBHOOKS_ALLOW_LOCAL_URLS (development only, refused in production)
 * admits http and local addresses for a receiver on the developer's machine. The check runs at
 * registration and again before every delivery.
 *
 * Signing secrets are `whsec_` + base64 of 32 random bytes (the Standard Webhooks format), shown
 * once, stored sealed (AES-256-GCM under a key derived from the document master key).
 */
import { action, paragraph } from "~/features/mail";
import { renderMail } from "~/features/mail/index.server";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { recordAudit } from "~/platform/audit-log.server";
import { afterCommit, transaction, type Tx } from "~/platform/db/db.server";
import { enqueueEmail } from "~/platform/outbox/outbox.server";
import { getPartner } from "~/features/partners/partners.server";
import { wakeWebhookSender } from "~/features/partners/webhook-wake.server";
import type { PartnerKind } from "~/content/enums";
import { currentMasterKey, masterKeyById, type MasterKey } from "~/platform/crypto/envelope.server";
import { getEnv, publicLink } from "~/platform/env.server";
import { checkWebhookUrl, type WebhookUrlVerdict } from "~/features/partners/webhook-url.server";
import { envelope, isEventForKind, WEBHOOK_EVENTS_BY_KIND, type WebhookEventType } from "./domain/webhook-events";
import {
  adminEmails,
  applicationFacts,
  countOpenOffers,
  deleteEndpoint,
  disableEndpoint,
  enableEndpoint,
  failPendingOfEndpoint,
  getDelivery,
  getEndpoint,
  insertDeliveries,
  insertEndpoint,
  lenderPartnersWithOffers,
  listDeliveries,
  listEndpoints,
  listSealedEndpointSecrets,
  referralPartnerOf,
  replaceEndpointSecret,
  subscribedEndpoints,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from "./webhook-data.server";
import type { WebhookDeliveryView, WebhookEndpointBody, WebhookEndpointView } from "./webhooks.schema";

// ---------------------------------------------------------------------------------------------
// URL policy

export type WebhookUrlPolicy = { allowLocal: boolean };

/** The policy of this server: strict unless WEBHOOKS_ALLOW_LOCAL_URLS (never in production). */
export function webhookUrlPolicy(): WebhookUrlPolicy {
  const env = getEnv();
  return { allowLocal: env.NODE_ENV !== "production" && env.WEBHOOKS_ALLOW_LOCAL_URLS };
}

/** The URL check of registration and of every delivery, with the addresses to connect to. */
export async function checkEndpointUrl(raw: string, policy: WebhookUrlPolicy = webhookUrlPolicy()): Promise<WebhookUrlVerdict> {
  if (!policy.allowLocal) return checkWebhookUrl(raw);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "Enter a full URL starting with https://" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, reason: "The URL must use https" };
  if (url.username || url.password) return { ok: false, reason: "The URL must not contain a user name or password" };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return { ok: true, url, addresses: [host] };
  try {
    const answers = await dnsLookup(host, { all: true, verbatim: true });
    return answers.length
      ? { ok: true, url, addresses: answers.map((a) => a.address) }
      : { ok: false, reason: "The host name does not resolve" };
  } catch {
    return { ok: false, reason: "The host name does not resolve" };
  }
}

// ---------------------------------------------------------------------------------------------
// Secrets

function sealingKey(master: MasterKey) {
  return Buffer.from(hkdfSync("sha256", master.key, Buffer.alloc(0), "lendwise-webhook-secret-v1", 32));
}

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

export function sealWebhookSecret(secret: string) {
  const master = currentMasterKey();
  const iv = randomBytes(12);
  const c = createCipheriv("aes-256-gcm", sealingKey(master), iv);
  const body = Buffer.concat([c.update(secret, "utf8"), c.final()]);
  return `v1.${master.id}.${Buffer.concat([iv, c.getAuthTag(), body]).toString("base64url")}`;
}

export function openWebhookSecret(sealed: string) {
  const m = /^v1\.([0-9a-f]{8})\.(.+)$/.exec(sealed);
  if (!m) throw new Error("Unknown webhook secret format");
  const master = masterKeyById(m[1]!);
  if (!master) throw new Error("Webhook secret sealed with a master key that is not configured");
  const raw = Buffer.from(m[2]!, "base64url");
  const d = createDecipheriv("aes-256-gcm", sealingKey(master), raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString("utf8");
}

/**
 * Reseals every endpoint secret not under the current master key (`npm run keys:rotate`): those
 * that no configured key opens are reported and left as they are.
 */
export async function resealWebhookSecrets(batchSize = 200) {
  const prefix = `v1.${currentMasterKey().id}.`;
  const out = { resealed: 0, changedMeanwhile: 0, failedEndpointIds: [] as number[] };
  let after = 0;
  for (;;) {
    const rows = await listSealedEndpointSecrets(after, batchSize);
    if (!rows.length) break;
    for (const row of rows) {
      after = row.id;
      if (row.secretSealed.startsWith(prefix)) continue;
      let next: string;
      try {
        next = sealWebhookSecret(openWebhookSecret(row.secretSealed));
      } catch {
        out.failedEndpointIds.push(row.id);
        continue;
      }
      if (await replaceEndpointSecret(row, next)) out.resealed++;
      else out.changedMeanwhile++;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Views

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toEndpointView(e: WebhookEndpointRow): WebhookEndpointView {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    contactEmail: e.contactEmail,
    status: e.status,
    disabledAt: iso(e.disabledAt),
    disabledReason: e.disabledReason,
    createdAt: e.createdAt.toISOString(),
  };
}

export function toDeliveryView(d: WebhookDeliveryRow): WebhookDeliveryView {
  return {
    id: d.id,
    endpointId: d.endpointId,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    lastResponseCode: d.lastResponseCode,
    lastError: d.lastError,
    lastAttemptAt: iso(d.lastAttemptAt),
    nextAttemptAt: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
    deliveredAt: iso(d.deliveredAt),
    replayOfId: d.replayOfId,
    createdAt: d.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Endpoints

/** Who registers or changes an endpoint: an admin, or a partner's key. */
export type WebhookActor = { adminId: number; keyId?: undefined } | { adminId?: undefined; keyId: number };

export type RegisterOutcome =
  | { ok: true; endpoint: WebhookEndpointView; secret: string }
  | { ok: false; status: 400; errors: Record<string, string[]> }
  | { ok: false; status: 404; message: string };

export const MAX_ENDPOINTS_PER_PARTNER = 10;

export async function registerEndpoint(
  partner: { id: number; kind: PartnerKind },
  input: WebhookEndpointBody,
  actor: WebhookActor,
  ip: string,
  policy: WebhookUrlPolicy = webhookUrlPolicy(),
): Promise<RegisterOutcome> {
  const events = [...new Set(input.events)];
  const wrong = events.filter((t) => !isEventForKind(partner.kind, t));
  if (wrong.length)
    return {
      ok: false,
      status: 400,
      errors: { events: [`A ${partner.kind} partner can receive only: ${WEBHOOK_EVENTS_BY_KIND[partner.kind].join(", ")}`] },
    };
  const verdict = await checkEndpointUrl(input.url, policy);
  if (!verdict.ok) return { ok: false, status: 400, errors: { url: [verdict.reason] } };
  const existing = await listEndpoints(partner.id);
  if (existing.length >= MAX_ENDPOINTS_PER_PARTNER)
    return { ok: false, status: 400, errors: { url: [`At most ${MAX_ENDPOINTS_PER_PARTNER} endpoints per partner`] } };
  const secret = newWebhookSecret();
  const id = await insertEndpoint({
    partnerId: partner.id,
    url: verdict.url.toString(),
    description: input.description ?? "",
    events,
    contactEmail: input.contactEmail ?? null,
    secretSealed: sealWebhookSecret(secret),
    createdBy: actor.adminId ?? null,
  });
  await recordAudit({
    actorUserId: actor.adminId ?? null,
    action: "webhook_endpoint.create",
    targetType: "webhook_endpoint",
    targetId: id,
    ip,
    details: `partner ${partner.id}${actor.keyId ? ` key ${actor.keyId}` : ""} events ${events.join(" ")}`,
  });
  const row = await getEndpoint(id);
  return { ok: true, endpoint: toEndpointView(row!), secret };
}

export async function partnerEndpoints(partnerId: number) {
  return (await listEndpoints(partnerId)).map(toEndpointView);
}

/** The partner's endpoint, or null (another partner's endpoint does not exist for it). */
async function ownEndpoint(partnerId: number, endpointId: number) {
  const e = await getEndpoint(endpointId);
  return e && e.partnerId === partnerId ? e : null;
}

/** Removes an endpoint and its delivery log; false when it is not the partner's. */
export async function removeEndpoint(partnerId: number, endpointId: number, actor: WebhookActor, ip: string): Promise<boolean> {
  const e = await ownEndpoint(partnerId, endpointId);
  if (!e) return false;
  await deleteEndpoint(e.id);
  await recordAudit({
    actorUserId: actor.adminId ?? null,
    action: "webhook_endpoint.delete",
    targetType: "webhook_endpoint",
    targetId: e.id,
    ip,
    details: `partner ${partnerId}${actor.keyId ? ` key ${actor.keyId}` : ""}`,
  });
  return true;
}

/** An admin turns an endpoint off (its waiting deliveries are given up) or on again. */
export async function setEndpointEnabled(adminId: number, partnerId: number, endpointId: number, enabled: boolean, ip: string) {
  const e = await ownEndpoint(partnerId, endpointId);
  if (!e) return false;
  if (enabled) await enableEndpoint(e.id);
  else
    await transaction(async (tx) => {
      await disableEndpoint(e.id, "Disabled by an admin", new Date(), tx);
      await failPendingOfEndpoint(e.id, "Endpoint disabled", null, tx);
    });
  await recordAudit({
    actorUserId: adminId,
    action: enabled ? "webhook_endpoint.enable" : "webhook_endpoint.disable",
    targetType: "webhook_endpoint",
    targetId: e.id,
    ip,
    details: `partner ${partnerId}`,
  });
  return true;
}

/**
 * After a delivery's retries ran out: the endpoint is disabled, its other waiting deliveries are
 * given up, and its contact and every admin are e-mailed, all in one transaction.
 */
export async function disableExhaustedEndpoint(tx: Tx, endpoint: WebhookEndpointRow, deliveryId: number, now: Date) {
  const done = await disableEndpoint(endpoint.id, "Deliveries kept failing for 24 hours", now, tx);
  if (!done) return false;
  await failPendingOfEndpoint(endpoint.id, "Endpoint disabled", deliveryId, tx);
  const partner = await getPartner(endpoint.partnerId, tx);
  const subject = `Webhook endpoint disabled - ${partner?.name ?? "partner"}`;
  const mail = renderMail({
    subject,
    signature: "none",
    blocks: [
      paragraph(
        `The webhook endpoint ${endpoint.url} of ${partner?.name ?? "a partner"} has been disabled: its deliveries kept failing for 24 hours (no 2xx answer).`,
      ),
      paragraph("Fix the receiver, then turn the endpoint on again and replay the failed deliveries:"),
      action("Open the partner", publicLink(`/admin/partners/${endpoint.partnerId}`)),
    ],
  });
  const to = new Map<string, number | null>();
  if (endpoint.contactEmail) to.set(endpoint.contactEmail, null);
  for (const a of await adminEmails(tx)) to.set(a.email, a.id);
  for (const [email, userId] of to) await enqueueEmail(tx, { to: email, ...mail, kind: "webhook_endpoint_disabled", userId });
  return true;
}

// ---------------------------------------------------------------------------------------------
// Delivery log and replay

export async function partnerDeliveries(
  partnerId: number,
  filter: { endpointId?: number; status?: WebhookDeliveryRow["status"]; limit: number },
): Promise<WebhookDeliveryView[]> {
  return (await listDeliveries({ partnerId, ...filter })).map(toDeliveryView);
}

export type ReplayOutcome = { ok: true; delivery: WebhookDeliveryView } | { ok: false; status: 404 | 409; message: string };

export const WEBHOOK_MSG = {
  deliveryNotFound: "Delivery not found",
  endpointNotFound: "Webhook endpoint not found",
  endpointRemoved: "Webhook endpoint removed",
  endpointDisabled: "The endpoint is disabled: turn it on again before replaying",
  stillPending: "This delivery is still being tried",
} as const;

/** Sends a delivered or given-up event again, as a new delivery with the same webhook-id. */
export async function replayDelivery(partnerId: number, deliveryId: number, actor: WebhookActor, ip: string): Promise<ReplayOutcome> {
  const d = await getDelivery(deliveryId);
  if (!d || d.partnerId !== partnerId) return { ok: false, status: 404, message: WEBHOOK_MSG.deliveryNotFound };
  if (d.status === "pending") return { ok: false, status: 409, message: WEBHOOK_MSG.stillPending };
  const e = await getEndpoint(d.endpointId);
  if (!e) return { ok: false, status: 404, message: WEBHOOK_MSG.endpointNotFound };
  if (e.status !== "active") return { ok: false, status: 409, message: WEBHOOK_MSG.endpointDisabled };
  const [id] = await transaction((tx) =>
    insertDeliveries(
      [{ endpointId: d.endpointId, partnerId, eventId: d.eventId, eventType: d.eventType, payload: d.payload, replayOfId: d.id }],
      tx,
    ),
  );
  await recordAudit({
    actorUserId: actor.adminId ?? null,
    action: "webhook_delivery.replay",
    targetType: "webhook_delivery",
    targetId: d.id,
    ip,
    details: `partner ${partnerId}${actor.keyId ? ` key ${actor.keyId}` : ""} new delivery ${id}`,
  });
  return { ok: true, delivery: toDeliveryView((await getDelivery(id!))!) };
}

// ---------------------------------------------------------------------------------------------
// Events (written in the caller's transaction)

const newEventId = () => `msg_${randomBytes(16).toString("base64url")}`;

/** Writes one event for each of the partners' endpoints subscribed to it. Returns the delivery ids. */
export async function enqueueWebhookEvent(
  tx: Tx,
  partnerIds: number[],
  type: WebhookEventType,
  data: Record<string, unknown>,
  now = new Date(),
): Promise<number[]> {
  const endpoints = await subscribedEndpoints([...new Set(partnerIds)], type, tx);
  if (!endpoints.length) return [];
  const eventId = newEventId();
  const payload = JSON.stringify(envelope(type, data, now));
  // The sender's pass every few seconds would find it; waking it once the event is committed
  // delivers in milliseconds instead.
  afterCommit(tx, wakeWebhookSender);
  return insertDeliveries(
    endpoints.map((e) => ({ endpointId: e.id, partnerId: e.partnerId, eventId, eventType: type, payload })),
    tx,
  );
}

/**
 * The events of one stage move (called by the lifecycle's applyMove in its transaction): the
 * referral partner hears of every move, offers ready and funding; lender partners hear that their
 * lender matched, that its offer was accepted, and that the application was withdrawn.
 */
export async function emitStageEvents(
  tx: Tx,
  move: { applicationId: number; from: string; to: string; move: string; status: string },
  now = new Date(),
) {
  const facts = await applicationFacts(move.applicationId, tx);
  if (!facts) return;
  const applicationId = facts.reference;
  const referral = await referralPartnerOf(move.applicationId, tx);
  if (referral !== null) {
    await enqueueWebhookEvent(
      tx,
      [referral],
      "application.status_changed",
      { applicationId, fromStage: move.from, stage: move.to, status: move.status },
      now,
    );
    if (move.to === "offers-ready" && move.from !== "offers-ready") {
      const offered = await countOpenOffers(move.applicationId, tx);
      await enqueueWebhookEvent(tx, [referral], "application.offers_ready", { applicationId, offerCount: offered }, now);
    }
    if (move.to === "funded")
      await enqueueWebhookEvent(
        tx,
        [referral],
        "application.funded",
        { applicationId, fundedAmountCents: facts.fundedCents, fundedOn: facts.fundedOn },
        now,
      );
  }
  if (move.move === "match-offers" || move.move === "offer-added") {
    for (const p of await lenderPartnersWithOffers(move.applicationId, ["offered"], tx)) {
      await enqueueWebhookEvent(
        tx,
        [p.partnerId],
        "application.matched",
        { applicationId, amount: Number(facts.amount), purpose: facts.purpose, state: facts.state, offerIds: p.offerIds },
        now,
      );
    }
  }
  if (move.move === "accept-offer") {
    for (const p of await lenderPartnersWithOffers(move.applicationId, ["accepted"], tx))
      await enqueueWebhookEvent(tx, [p.partnerId], "application.offer_accepted", { applicationId, offerId: p.offerIds[0]! }, now);
  }
  if (move.to === "withdrawn") {
    const partners = await lenderPartnersWithOffers(move.applicationId, ["offered", "accepted", "withdrawn"], tx);
    await enqueueWebhookEvent(
      tx,
      partners.map((p) => p.partnerId),
      "application.withdrawn",
      { applicationId, stage: move.to },
      now,
    );
  }
}

/** A document was uploaded (in the upload's transaction): lender partners with an open or accepted offer hear of it. */
export async function emitDocumentUploaded(
  tx: Tx,
  doc: { applicationId: number; documentId: number; documentType: string; uploadedAt: Date },
) {
  const partners = await lenderPartnersWithOffers(doc.applicationId, ["offered", "accepted"], tx);
  if (!partners.length) return;
  const facts = await applicationFacts(doc.applicationId, tx);
  if (!facts) return;
  await enqueueWebhookEvent(
    tx,
    partners.map((p) => p.partnerId),
    "application.documents_uploaded",
    {
      applicationId: facts.reference,
      documentId: doc.documentId,
      documentType: doc.documentType,
      uploadedAt: doc.uploadedAt.toISOString(),
    },
    doc.uploadedAt,
  );
}

// ---------------------------------------------------------------------------------------------
// The admin's partner page

/** A partner's endpoints and its newest deliveries, as the admin page shows them. */
export async function adminWebhookView(partnerId: number, limit = 50) {
  const [endpoints, deliveries] = await Promise.all([listEndpoints(partnerId), listDeliveries({ partnerId, limit })]);
  const urls = new Map(endpoints.map((e) => [e.id, e.url]));
  return {
    endpoints: endpoints.map(toEndpointView),
    deliveries: deliveries.map((d) => ({ ...toDeliveryView(d), endpointUrl: urls.get(d.endpointId) ?? "" })),
  };
}
