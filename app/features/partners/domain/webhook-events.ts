/**
 * Partner webhooks, pure: which events each kind of partner can subscribe to, the envelope every
 * event is sent in, and the retry schedule. No I/O (the workflows are ../webhooks.server.ts and
 * ../webhook-delivery.server.ts).
 */
import type { PartnerKind } from "~/content/enums";

/** Events about applications that a lender partner's lender has offered on. */
export const LENDER_WEBHOOK_EVENTS = [
  "application.matched",
  "application.offer_accepted",
  "application.documents_uploaded",
  "application.withdrawn",
] as const;
/** Events about the applications a referral partner sent. */
export const REFERRAL_WEBHOOK_EVENTS = ["application.status_changed", "application.offers_ready", "application.funded"] as const;
export const WEBHOOK_EVENT_TYPES = [...LENDER_WEBHOOK_EVENTS, ...REFERRAL_WEBHOOK_EVENTS] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENTS_BY_KIND: Record<PartnerKind, readonly WebhookEventType[]> = {
  lender: LENDER_WEBHOOK_EVENTS,
  referral: REFERRAL_WEBHOOK_EVENTS,
};

/** What each event means, for the admin page, the partner guide and the OpenAPI document. */
export const WEBHOOK_EVENT_TEXT: Record<WebhookEventType, string> = {
  "application.matched": "Your lender's products matched a submitted application: your lender has offers on it.",
  "application.offer_accepted": "The applicant accepted your lender's offer.",
  "application.documents_uploaded": "A document was uploaded to an application your lender has an open or accepted offer on.",
  "application.withdrawn": "An application your lender offered on was withdrawn or cancelled.",
  "application.status_changed": "An application you referred moved to another stage of its life.",
  "application.offers_ready": "Offers are ready for an application you referred.",
  "application.funded": "An application you referred was funded.",
};

export const isEventForKind = (kind: PartnerKind, type: string): type is WebhookEventType =>
  (WEBHOOK_EVENTS_BY_KIND[kind] as readonly string[]).includes(type);

/** The body of every delivery (the Standard Webhooks recommended shape). */
export type WebhookEnvelope = { type: WebhookEventType; timestamp: string; data: Record<string, unknown> };

export const envelope = (type: WebhookEventType, data: Record<string, unknown>, at: Date): WebhookEnvelope => ({
  type,
  timestamp: at.toISOString(),
  data,
});

// ---------------------------------------------------------------------------------------------
// Retries

/** Deliveries are retried for at least this long after the event; then the endpoint is disabled. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3600_000;
const BASE_MS = 30_000;
const MAX_DELAY_MS = 4 * 3600_000;

/** The wait after the `attempts`-th failed attempt: 30 s, 1 min, 2 min, ... doubling, at most 4 hours, plus up to 10% jitter. */
export function webhookRetryDelayMs(attempts: number, random = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + random() * 0.1));
}

/**
 * After a failed attempt at `now`: give up when the event is older than the retry window (the
 * schedule is exhausted), else try again at the returned time.
 */
export function afterFailure(
  input: { createdAt: Date; attempts: number; now: Date },
  random = Math.random,
): { giveUp: true } | { giveUp: false; at: Date } {
  if (input.now.getTime() - input.createdAt.getTime() >= WEBHOOK_RETRY_WINDOW_MS) return { giveUp: true };
  return { giveUp: false, at: new Date(input.now.getTime() + webhookRetryDelayMs(input.attempts, random)) };
}

/** A 2xx answer is a delivery; anything else (or no answer) is retried. */
export const isDelivered = (status: number | null) => status !== null && status >= 200 && status < 300;
