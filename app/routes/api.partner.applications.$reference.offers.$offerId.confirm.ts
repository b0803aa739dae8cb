/**
 * POST /api/partner/applications/{applicationId}/offers/{offerId}/confirm: the key's lender confirms
 * one of its open instant (marketplace) offers, as the workspace's "Confirm" does. Body: {}.
 */
import { LenderApiActionAnswerSchema, LenderApiOfferParamsSchema, LenderApiOfferPathSchema } from "~/features/lenders/lender-api.schema";
import { ApiEmptyBodySchema } from "~/features/lenders/lender.schema";
import { lenderApiAnswer, lenderApiConfirmOffer } from "~/features/lenders/lender-api.server";
import { LENDER_ACTION_MSG } from "~/features/lenders/lender-actions.server";
import { apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  POST: endpoint({
    auth: "partner",
    partner: { scope: "offers:write", kinds: ["lender"] },
    params: LenderApiOfferParamsSchema,
    notFoundMessage: LENDER_ACTION_MSG.notFound,
    body: ApiEmptyBodySchema,
    openapi: ({ schema, json, err, bodyErrors, jsonBody }) => ({
      operationId: "confirmPartnerInstantOffer",
      tag: "Partner API",
      summary: "Confirm an instant offer",
      description: "Confirms one of your lender's instant (pre-qualified) offers that is still open. Send `{}` as the body.",
      request: { params: LenderApiOfferPathSchema, body: jsonBody(schema("PartnerEmptyRequest", ApiEmptyBodySchema)) },
      responses: {
        200: json(schema("PartnerActionAnswer", LenderApiActionAnswerSchema), "Done (the message the workspace shows)"),
        ...bodyErrors,
        404: err(
          `${LENDER_ACTION_MSG.notFound} (also when it is not shared with your lender); or ${LENDER_ACTION_MSG.offerNotFound} (not one of your lender's offers)`,
        ),
        409: err([LENDER_ACTION_MSG.offerNotInstant, LENDER_ACTION_MSG.offerNotOpen].join("; or ")),
      },
    }),
    handler: ({ partner, params, ip }) =>
      lenderApiAnswer(partner, ip, (actor) => lenderApiConfirmOffer(actor, params.reference, params.offerId)),
  }),
});
