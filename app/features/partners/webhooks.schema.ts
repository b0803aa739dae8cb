/**
 * Partner webhooks: the API's bodies and answers, the admin's forms, and the payload of each event
 * (declared in the OpenAPI document's `webhooks`). One schema each, used by the API route, the
 * admin page and the tests.
 */
import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_ENDPOINT_STATUSES } from "~/content/enums";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./domain/webhook-events";

const isoDateTime = z.string().datetime({ offset: true }).describe("ISO 8601 date-time (UTC)");
const eventType = z.enum(WEBHOOK_EVENT_TYPES, { errorMap: () => ({ message: "Unknown event type" }) });
const optionalEmail = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.string().trim().toLowerCase().email("Enter a valid e-mail address").max(254).optional(),
);

// ---------------------------------------------------------------------------------------------
// The API

export const WebhookEndpointBodySchema = z
  .object({
    url: z.string().trim().min(1, "Enter the endpoint's URL").max(500).describe("https URL of a public host"),
    events: z.array(eventType).min(1, "Choose at least one event").max(WEBHOOK_EVENT_TYPES.length).describe("The event types to receive"),
    description: z.string().trim().max(200).optional(),
    contactEmail: optionalEmail.describe("Told when the endpoint is disabled after its retries ran out"),
  })
  .strict();
export type WebhookEndpointBody = z.infer<typeof WebhookEndpointBodySchema>;

export const WebhookEndpointSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.string()),
    contactEmail: z.string().nullable(),
    status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
    disabledAt: isoDateTime.nullable(),
    disabledReason: z.string().nullable(),
    createdAt: isoDateTime,
  })
  .strict();
export type WebhookEndpointView = z.infer<typeof WebhookEndpointSchema>;

export const CreatedWebhookEndpointSchema = WebhookEndpointSchema.extend({
  secret: z.string().describe("The signing secret (whsec_...). Shown only in this answer: store it now."),
}).strict();
export const WebhookEndpointListSchema = z.object({ endpoints: z.array(WebhookEndpointSchema) }).strict();

export const WebhookDeliverySchema = z
  .object({
    id: z.number().int(),
    endpointId: z.number().int(),
    eventId: z.string().describe("The webhook-id header: the same on every retry and replay of the event"),
    eventType: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastResponseCode: z.number().int().nullable().describe("The HTTP status of the last attempt (null: no answer)"),
    lastError: z.string().nullable(),
    lastAttemptAt: isoDateTime.nullable(),
    nextAttemptAt: isoDateTime.nullable().describe("When the next attempt is due (null once delivered or given up)"),
    deliveredAt: isoDateTime.nullable(),
    replayOfId: z.number().int().nullable(),
    createdAt: isoDateTime,
  })
  .strict();
export type WebhookDeliveryView = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) }).strict();

export const WebhookDeliveriesQuerySchema = z
  .object({
    endpointId: z.coerce.number().int().min(1).max(2_147_483_647).optional().describe("Only this endpoint's deliveries"),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50).describe("At most this many, newest first (1-100, default 50)"),
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// Admin forms (/admin/partners/:id)

export const AdminWebhookEndpointFormSchema = z.object({
  url: z.string({ required_error: "Enter the endpoint's URL" }).trim().min(1, "Enter the endpoint's URL").max(500),
  events: z.array(eventType, { required_error: "Choose at least one event" }).min(1, "Choose at least one event"),
  description: z.string().trim().max(200).default(""),
  contactEmail: optionalEmail,
});
export const AdminWebhookEndpointIdFormSchema = z.object({ endpointId: z.coerce.number().int().positive() });
export const AdminWebhookDeliveryIdFormSchema = z.object({ deliveryId: z.coerce.number().int().positive() });

// ---------------------------------------------------------------------------------------------
// Event payloads (the `data` of each event)

const applicationId = z.string().describe("The APP- reference");
export const WEBHOOK_EVENT_DATA_SCHEMAS = {
  "application.matched": z
    .object({ applicationId, amount: z.number(), purpose: z.string(), state: z.string(), offerIds: z.array(z.number().int()) })
    .strict(),
  "application.offer_accepted": z.object({ applicationId, offerId: z.number().int() }).strict(),
  "application.documents_uploaded": z
    .object({ applicationId, documentId: z.number().int(), documentType: z.string(), uploadedAt: isoDateTime })
    .strict(),
  "application.withdrawn": z.object({ applicationId, stage: z.string() }).strict(),
  "application.status_changed": z
    .object({ applicationId, fromStage: z.string(), stage: z.string(), status: z.string().describe("The admin status") })
    .strict(),
  "application.offers_ready": z.object({ applicationId, offerCount: z.number().int() }).strict(),
  "application.funded": z
    .object({ applicationId, fundedAmountCents: z.number().int().nullable(), fundedOn: z.string().nullable().describe("YYYY-MM-DD") })
    .strict(),
} satisfies Record<WebhookEventType, z.ZodTypeAny>;

/** The whole body of one event: type, timestamp, data. */
export function webhookEnvelopeSchema(type: WebhookEventType) {
  return z
    .object({
      type: z.literal(type),
      timestamp: isoDateTime.describe("When the event happened"),
      data: WEBHOOK_EVENT_DATA_SCHEMAS[type],
    })
    .strict();
}
