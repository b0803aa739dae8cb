/** GET /api/partner/webhooks/deliveries: the partner's delivery log (its own deliveries only), newest first. */
import { WebhookDeliveriesQuerySchema, WebhookDeliveryListSchema } from "~/features/partners/webhooks.schema";
import { partnerDeliveries } from "~/features/partners/webhooks.server";
import { apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  GET: endpoint({
    auth: "partner",
    partner: { scope: "webhooks:manage", kinds: ["lender", "referral"] },
    query: WebhookDeliveriesQuerySchema,
    openapi: ({ schema, json, bodyErrors }) => ({
      operationId: "listWebhookDeliveries",
      request: { query: WebhookDeliveriesQuerySchema },
      tag: "Partner webhooks",
      summary: "List your webhook deliveries",
      description:
        "Each event sent (or being sent) to one of your endpoints: its status (pending, delivered, failed), the attempts made, the last answer's HTTP status and when the next attempt is due.",
      responses: {
        200: json(schema("WebhookDeliveryList", WebhookDeliveryListSchema), "The deliveries"),
        400: { ...bodyErrors[400], description: "An invalid filter (errors per field)" },
      },
    }),
    async handler({ partner, query }) {
      return apiJson({ deliveries: await partnerDeliveries(partner.partnerId, query) });
    },
  }),
});
