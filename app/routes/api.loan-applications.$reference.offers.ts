/**
 * GET /api/loan-applications/{applicationId}/offers (the route's $reference): the application's offers (owner or admin),
 * with the acceptance and, when no lender could offer, the notice's principal reasons. 404 otherwise.
 */
import { ApiApplicationRefParamsSchema, ApiOfferListSchema, ApiApplicationRefPathSchema } from "~/features/marketplace/offers.schema";
import { getOffersForViewer } from "~/features/marketplace/marketplace.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";
import { MSG } from "~/content/messages";

export const { loader, action, endpoints } = apiRoute({
  GET: endpoint({
    auth: "user",
    params: ApiApplicationRefParamsSchema,
    notFoundMessage: MSG.statusNotFound,
    rateLimit: ({ user }) => ({ rule: "api", keys: [`user:${user.id}`] }),
    openapi: ({ schema, json, err }) => ({
      operationId: "listOffers",
      request: { params: ApiApplicationRefPathSchema },
      tag: "Offers",
      summary: "List an application's lender offers",
      description:
        "The owner's (or, for an admin, any) submitted application's offers with their stored figures, the acceptance if any, and when no lender could offer the notice's principal reasons. Another user's application is a 404.",
      responses: { 200: json(schema("OfferList", ApiOfferListSchema), "The offers"), 404: err(MSG.statusNotFound) },
    }),
    async handler({ user, params, ip }) {
      const view = await getOffersForViewer(user, params.reference, { ip, via: "api" });
      if (!view) return apiError(404, MSG.statusNotFound);
      return apiJson({
        applicationId: view.application.reference,
        status: view.application.status,
        offers: view.offers,
        acceptance: view.acceptance,
        principalReasons: view.offers.length ? [] : view.principalReasons,
        unlock: view.unlock,
      });
    },
  }),
});
