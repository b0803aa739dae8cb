/** POST /api/partner/webhooks/deliveries/{id}/replay: sends a delivered or failed event again. */
import { WebhookDeliverySchema } from "~/features/partners/webhooks.schema";
import { replayDelivery, WEBHOOK_MSG } from "~/features/partners/webhooks.server";
import { ApiIdParamsSchema } from "~/features/applications/api.schema";
import { apiError, apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  POST: endpoint({
    auth: "partner",
    partner: { scope: "webhooks:manage", kinds: ["lender", "referral"] },
    params: ApiIdParamsSchema,
    notFoundMessage: WEBHOOK_MSG.deliveryNotFound,
    openapi: ({ schema, json, err }) => ({
      operationId: "replayWebhookDelivery",
      tag: "Partner webhooks",
      summary: "Replay a webhook delivery",
      description:
        "Queues the event again for the same endpoint as a new delivery, with the same webhook-id (a receiver that deduplicates by webhook-id treats it as the same event).",
      responses: {
        202: json(schema("WebhookDelivery", WebhookDeliverySchema), "The new delivery (pending)"),
        404: err(`${WEBHOOK_MSG.deliveryNotFound} (or not yours)`),
        409: err(`${WEBHOOK_MSG.stillPending}; or ${WEBHOOK_MSG.endpointDisabled}`),
      },
    }),
    async handler({ partner, params, ip }) {
      const out = await replayDelivery(partner.partnerId, params.id, { keyId: partner.keyId }, ip);
      return out.ok ? apiJson(out.delivery, 202) : apiError(out.status, out.message);
    },
  }),
});
