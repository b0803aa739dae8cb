/**
 * GET /api/loan-applications/{applicationId}/offers (the route's $reference): the application's offers (owner or admin),
 * with the acceptance and, when no lender could offer, the notice's principal reasons. 404 otherwise.
 */
import { ApiApplicationRefParamsSchema } from "~/schemas/offers.schema";
import { getOffersForViewer } from "~/services/marketplace.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/server/api-route.server";
import { MSG } from "~/utils/messages";

export const { loader, action } = apiRoute({
  GET: endpoint({
    auth: "user",
    params: ApiApplicationRefParamsSchema,
    notFoundMessage: MSG.statusNotFound,
    rateLimit: ({ user }) => ({ rule: "api", keys: [`user:${user.id}`] }),
    async handler({ user, params }) {
      const view = await getOffersForViewer(user, params.reference);
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
