/**
 * /api/partner/webhooks: a partner's webhook endpoints. GET lists them (never the secret); POST
 * registers one (https on a public host; the events its kind of partner can receive) and answers
 * its signing secret, the only time it is shown.
 */
import { CreatedWebhookEndpointSchema, WebhookEndpointBodySchema, WebhookEndpointListSchema } from "~/features/partners/webhooks.schema";
import { partnerEndpoints, registerEndpoint } from "~/features/partners/webhooks.server";
import { apiError, apiJson, apiRoute, apiValidationError, endpoint } from "~/platform/api/api-route.server";

const kinds = ["lender", "referral"] as const;

export const { loader, action, endpoints } = apiRoute({
  GET: endpoint({
    auth: "partner",
    partner: { scope: "webhooks:manage", kinds },
    openapi: ({ schema, json }) => ({
      operationId: "listWebhookEndpoints",
      tag: "Partner webhooks",
      summary: "List your webhook endpoints",
      description: "Your endpoints, newest first, with the events each receives and whether it is active. Secrets are never shown again.",
      responses: { 200: json(schema("WebhookEndpointList", WebhookEndpointListSchema), "The endpoints") },
    }),
    async handler({ partner }) {
      return apiJson({ endpoints: await partnerEndpoints(partner.partnerId) });
    },
  }),
  POST: endpoint({
    auth: "partner",
    partner: { scope: "webhooks:manage", kinds },
    body: WebhookEndpointBodySchema,
    openapi: ({ schema, json, jsonBody, bodyErrors }) => ({
      operationId: "createWebhookEndpoint",
      tag: "Partner webhooks",
      summary: "Register a webhook endpoint",
      description:
        "Registers an https URL for the chosen events (lender partners: application.matched, application.offer_accepted, application.documents_uploaded, application.withdrawn; referral partners: application.status_changed, application.offers_ready, application.funded). The host must resolve only to public addresses. The answer carries the signing secret (whsec_...) once: verify every delivery with it (Standard Webhooks).",
      request: { body: jsonBody(schema("WebhookEndpointBody", WebhookEndpointBodySchema)) },
      responses: {
        201: json(schema("CreatedWebhookEndpoint", CreatedWebhookEndpointSchema), "The endpoint, with its secret (shown only now)"),
        ...bodyErrors,
        400: {
          ...bodyErrors[400],
          description: "Invalid body, a URL that is not https on a public host, or an event your kind of partner cannot receive",
        },
      },
    }),
    async handler({ partner, body, ip }) {
      const out = await registerEndpoint({ id: partner.partnerId, kind: partner.kind }, body, { keyId: partner.keyId }, ip);
      if (!out.ok) return out.status === 400 ? apiValidationError(out.errors) : apiError(out.status, out.message);
      return apiJson({ ...out.endpoint, secret: out.secret }, 201);
    },
  }),
});
