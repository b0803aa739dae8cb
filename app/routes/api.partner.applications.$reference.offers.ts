/**
 * POST /api/partner/applications/{applicationId}/offers: a firm offer of the key's lender, priced by
 * the same money module as the workspace's (APR per Regulation Z); the applicant is e-mailed and sees
 * it with its disclosure. 201 with the offer's id.
 */
import { LenderApiActionAnswerSchema, LenderApiParamsSchema, LenderApiPathSchema } from "~/features/lenders/lender-api.schema";
import { ApiFirmOfferBodySchema } from "~/features/lenders/lender.schema";
import { lenderApiAnswer, lenderApiFirmOffer } from "~/features/lenders/lender-api.server";
import { LENDER_ACTION_MSG } from "~/features/lenders/lender-actions.server";
import { apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  POST: endpoint({
    auth: "partner",
    partner: { scope: "offers:write", kinds: ["lender"] },
    params: LenderApiParamsSchema,
    notFoundMessage: LENDER_ACTION_MSG.notFound,
    body: ApiFirmOfferBodySchema,
    openapi: ({ schema, json, err, bodyErrors, jsonBody }) => ({
      operationId: "createPartnerFirmOffer",
      tag: "Partner API",
      summary: "Make a firm offer",
      description:
        "A firm offer on an application shared with your lender, in dollars, percent and days (as the lender workspace's form). It is priced by the marketplace's money module (payment, finance charge, APR) and the applicant is e-mailed. Refused (409) once the applicant accepted an offer, after your lender declined, or when the application is closed.",
      request: { params: LenderApiPathSchema, body: jsonBody(schema("PartnerFirmOfferRequest", ApiFirmOfferBodySchema)) },
      responses: {
        201: json(schema("PartnerActionAnswer", LenderApiActionAnswerSchema), "Done (the message the workspace shows)"),
        ...bodyErrors,
        404: err(`${LENDER_ACTION_MSG.notFound} (also when it is not shared with your lender)`),
        409: err([LENDER_ACTION_MSG.closed, LENDER_ACTION_MSG.declined, LENDER_ACTION_MSG.applicationClosed].join("; or ")),
      },
    }),
    handler: ({ partner, params, body, ip }) =>
      lenderApiAnswer(partner, ip, (actor) => lenderApiFirmOffer(actor, params.reference, body), 201),
  }),
});
