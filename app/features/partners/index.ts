/**
 * The public entry of this feature for code outside it (client-safe: no server module).
 * Other features and the shared folders import only from here or from index.server.ts.
 */
export { WEBHOOK_EVENT_TEXT, WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS_BY_KIND } from "./domain/webhook-events";
export { webhookEnvelopeSchema } from "./webhooks.schema";
