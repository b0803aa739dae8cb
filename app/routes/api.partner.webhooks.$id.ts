/** DELETE /api/partner/webhooks/{id}: removes one of the partner's endpoints and its delivery log. */
import { removeEndpoint, WEBHOOK_MSG } from "~/features/partners/webhooks.server";
import { ApiIdParamsSchema } from "~/features/applications/api.schema";
import { apiError, apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  DELETE: endpoint({
    auth: "partner",
    partner: { scope: "webhooks:manage", kinds: ["lender", "referral"] },
    params: ApiIdParamsSchema,
    notFoundMessage: WEBHOOK_MSG.endpointNotFound,
    openapi: ({ err, json, Message }) => ({
      operationId: "deleteWebhookEndpoint",
      tag: "Partner webhooks",
      summary: "Remove a webhook endpoint",
      description: "Removes the endpoint: no more events are sent to it, and its delivery log goes with it.",
      responses: { 200: json(Message, "Removed"), 404: err(`${WEBHOOK_MSG.endpointNotFound} (or not yours)`) },
    }),
    async handler({ partner, params, ip }) {
      const done = await removeEndpoint(partner.partnerId, params.id, { keyId: partner.keyId }, ip);
      return done ? apiJson({ message: WEBHOOK_MSG.endpointRemoved }) : apiError(404, WEBHOOK_MSG.endpointNotFound);
    },
  }),
});
