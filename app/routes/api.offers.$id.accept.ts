/**
 * POST /api/offers/{id}/accept: the owner accepts an offer with the signer's name (their own first
 * and last name, as on the account), the read confirmation and the SHA-256 of the disclosure text
 * read. 200 (also for a repeat of the same offer: alreadyAccepted), 400 a name that is not the
 * account holder's, 409 another offer already accepted / withdrawn / expired / changed.
 */
import { AcceptOfferBodySchema, ApiAcceptResultSchema, OfferIdParamsSchema } from "~/features/marketplace/offers.schema";
import { acceptOffer } from "~/features/marketplace/offer-acceptance.server";
import { apiError, apiJson, apiRoute, apiValidationError, endpoint } from "~/platform/api/api-route.server";
import { MARKET_MSG } from "~/content/messages";

export const { loader, action, endpoints } = apiRoute({
  POST: endpoint({
    auth: "user",
    params: OfferIdParamsSchema,
    notFoundMessage: MARKET_MSG.offerNotFound,
    body: AcceptOfferBodySchema,
    rateLimit: ({ user }) => ({ rule: "api", keys: [`user:${user.id}`] }),
    openapi: ({ schema, json, err, bodyErrors, jsonBody }) => ({
      operationId: "acceptOffer",
      tag: "Offers",
      summary: "Accept an offer",
      description:
        "The owner signs with their full name as it appears on their account (case, repeated spaces and accents do not matter; another name is refused with 400 and errors.signerName), confirms reading the disclosure and sends the SHA-256 of the disclosure text read. Final and idempotent: repeating it for the same offer answers 200 with alreadyAccepted; the other offers are withdrawn and the application becomes offer-accepted.",
      request: { body: jsonBody(schema("AcceptOfferRequest", AcceptOfferBodySchema)) },
      responses: {
        200: json(schema("AcceptResult", ApiAcceptResultSchema), "Accepted (or already accepted)"),
        ...bodyErrors,
        404: err(MARKET_MSG.offerNotFound),
        409: err(
          `${MARKET_MSG.anotherOfferAccepted} / ${MARKET_MSG.offerWithdrawn} / ${MARKET_MSG.offerExpired} / ${MARKET_MSG.disclosureChanged}`,
        ),
      },
    }),
    async handler({ user, params, body, ip }) {
      const out = await acceptOffer(user, params.id, { signerName: body.signerName, disclosureSha256: body.disclosureSha256, ip });
      if (!out.ok && out.field) return apiValidationError({ [out.field]: [out.message] });
      if (!out.ok) return apiError(out.status, out.message);
      return apiJson({ applicationId: out.reference, offerId: out.offerId, status: "offer-accepted", alreadyAccepted: out.already });
    },
  }),
});
