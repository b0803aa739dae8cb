/**
 * POST /api/offers/{id}/accept: the owner accepts an offer with the signer's name, the read
 * confirmation and the SHA-256 of the disclosure text read. 200 (also for a repeat of the same
 * offer: alreadyAccepted), 409 another offer already accepted / withdrawn / expired / changed.
 */
import { AcceptOfferBodySchema, OfferIdParamsSchema } from "~/schemas/offers.schema";
import { acceptOffer } from "~/services/marketplace.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/server/api-route.server";
import { MARKET_MSG } from "~/utils/messages";

export const { loader, action } = apiRoute({
  POST: endpoint({
    auth: "user",
    params: OfferIdParamsSchema,
    notFoundMessage: MARKET_MSG.offerNotFound,
    body: AcceptOfferBodySchema,
    rateLimit: ({ user }) => ({ rule: "api", keys: [`user:${user.id}`] }),
    async handler({ user, params, body, ip }) {
      const out = await acceptOffer(user, params.id, { signerName: body.signerName, disclosureSha256: body.disclosureSha256, ip });
      if (!out.ok) return apiError(out.status, out.message);
      return apiJson({ applicationId: out.reference, offerId: out.offerId, status: "offer-accepted", alreadyAccepted: out.already });
    },
  }),
});
