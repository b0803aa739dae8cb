/**
 * POST /api/partner/applications/{applicationId}/offers/{offerId}/withdraw { reason }: the key's
 * lender withdraws one of its open instant offers, as the workspace's "Withdraw" does.
 */
import { LenderApiActionAnswerSchema, LenderApiOfferParamsSchema, LenderApiOfferPathSchema } from "~/features/lenders/lender-api.schema";
import { ApiWithdrawOfferBodySchema } from "~/features/lenders/lender.schema";
import { lenderApiAnswer, lenderApiWithdrawOffer } from "~/features/lenders/lender-api.server";
import { LENDER_ACTION_MSG } from "~/features/lenders/lender-actions.server";
import { apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  POST: endpoint({
    auth: "partner",
    partner: { scope: "offers:write", kinds: ["lender"] },
    params: LenderApiOfferParamsSchema,
    notFoundMessage: LENDER_ACTION_MSG.notFound,
    body: ApiWithdrawOfferBodySchema,
    openapi: ({ schema, json, err, bodyErrors, jsonBody }) => ({
      operationId: "withdrawPartnerInstantOffer",
      tag: "Partner API",
      summary: "Withdraw an instant offer",
      description: "Withdraws one of your lender's instant (pre-qualified) offers that is still open, with a reason.",
      request: { params: LenderApiOfferPathSchema, body: jsonBody(schema("PartnerWithdrawOfferRequest", ApiWithdrawOfferBodySchema)) },
      responses: {
        200: json(schema("PartnerActionAnswer", LenderApiActionAnswerSchema), "Done (the message the workspace shows)"),
        ...bodyErrors,
        404: err(
          `${LENDER_ACTION_MSG.notFound} (also when it is not shared with your lender); or ${LENDER_ACTION_MSG.offerNotFound} (not one of your lender's offers)`,
        ),
        409: err([LENDER_ACTION_MSG.offerNotInstant, LENDER_ACTION_MSG.offerNotOpen].join("; or ")),
      },
    }),
    handler: ({ partner, params, body, ip }) =>
      lenderApiAnswer(partner, ip, (actor) => lenderApiWithdrawOffer(actor, params.reference, params.offerId, body.reason)),
  }),
});
