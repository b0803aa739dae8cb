/** GET /api/offers/{id}: one offer's disclosure (owner or admin), with the text to hash when accepting. */
import { ApiOfferDisclosureSchema, OfferIdParamsSchema } from "~/features/marketplace/offers.schema";
import { getOfferDisclosureForViewer } from "~/features/marketplace/marketplace.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";
import { MARKET_MSG } from "~/content/messages";

export const { loader, action, endpoints } = apiRoute({
  GET: endpoint({
    auth: "user",
    params: OfferIdParamsSchema,
    notFoundMessage: MARKET_MSG.offerNotFound,
    rateLimit: ({ user }) => ({ rule: "api", keys: [`user:${user.id}`] }),
    openapi: ({ schema, json, err }) => ({
      operationId: "getOfferDisclosure",
      tag: "Offers",
      summary: "Read one offer's disclosure",
      description:
        "The standard commercial financing disclosure of one offer (funding provided, estimated APR, finance charge, total payments, payment, term, prepayment), its exact text and that text's SHA-256. Owner or admin; otherwise 404.",
      responses: { 200: json(schema("OfferDisclosure", ApiOfferDisclosureSchema), "The disclosure"), 404: err(MARKET_MSG.offerNotFound) },
    }),
    async handler({ user, params, ip }) {
      const v = await getOfferDisclosureForViewer(user, params.id, { ip, via: "api" });
      if (!v) return apiError(404, MARKET_MSG.offerNotFound);
      return apiJson({
        applicationId: v.reference,
        offer: v.offer,
        disclosure: v.disclosure,
        disclosureText: v.disclosureText,
        disclosureSha256: v.disclosureSha256,
        acceptance: v.acceptance,
      });
    },
  }),
});
