/**
 * POST /api/partner/applications/{applicationId}/verifying: the applicant accepted the key's
 * lender's offer and the lender starts verifying (lifecycle: offer accepted -> lender verifying). Body: {}.
 */
import { LenderApiActionAnswerSchema, LenderApiParamsSchema, LenderApiPathSchema } from "~/features/lenders/lender-api.schema";
import { ApiEmptyBodySchema } from "~/features/lenders/lender.schema";
import { lenderApiAnswer, lenderApiMarkVerifying } from "~/features/lenders/lender-api.server";
import { LENDER_ACTION_MSG } from "~/features/lenders/lender-actions.server";
import { apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  POST: endpoint({
    auth: "partner",
    partner: { scope: "offers:write", kinds: ["lender"] },
    params: LenderApiParamsSchema,
    notFoundMessage: LENDER_ACTION_MSG.notFound,
    body: ApiEmptyBodySchema,
    openapi: ({ schema, json, err, bodyErrors, jsonBody }) => ({
      operationId: "markPartnerApplicationVerifying",
      tag: "Partner API",
      summary: "Mark verifying",
      description:
        "Once the applicant accepted your lender's offer: your lender is verifying (the applicant is told). Send `{}` as the body. 409 before acceptance of your lender's offer, or from another stage.",
      request: { params: LenderApiPathSchema, body: jsonBody(schema("PartnerEmptyRequest", ApiEmptyBodySchema)) },
      responses: {
        200: json(schema("PartnerActionAnswer", LenderApiActionAnswerSchema), "Done (the message the workspace shows)"),
        ...bodyErrors,
        404: err(`${LENDER_ACTION_MSG.notFound} (also when it is not shared with your lender)`),
        409: err([LENDER_ACTION_MSG.notAccepted].join("; or ")),
      },
    }),
    handler: ({ partner, params, ip }) => lenderApiAnswer(partner, ip, (actor) => lenderApiMarkVerifying(actor, params.reference)),
  }),
});
