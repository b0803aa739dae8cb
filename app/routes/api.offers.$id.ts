/** GET /api/offers/{id}: one offer's disclosure (owner or admin), with the text to hash when accepting. */
import { OfferIdParamsSchema } from "~/schemas/offers.schema";
import { getOfferDisclosureForViewer } from "~/services/marketplace.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/server/api-route.server";
import { MARKET_MSG } from "~/utils/messages";

export const { loader, action } = apiRoute({
  GET: endpoint({
    auth: "user",
    params: OfferIdParamsSchema,
    notFoundMessage: MARKET_MSG.offerNotFound,
    rateLimit: ({ user }) => ({ rule: "api", keys: [`user:${user.id}`] }),
    async handler({ user, params }) {
      const v = await getOfferDisclosureForViewer(user, params.id);
      if (!v) return apiError(404, MARKET_MSG.offerNotFound);
      return apiJson({ applicationId: v.reference, offer: v.offer, disclosure: v.disclosure, disclosureText: v.disclosureText, disclosureSha256: v.disclosureSha256, acceptance: v.acceptance });
    },
  }),
});
