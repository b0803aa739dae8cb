/**
 * POST /api/partner/applications/{applicationId}/funded { amount, fundedOn }: the key's lender sent
 * the money (lifecycle: lender verifying -> funded); the applicant is told.
 */
import { LenderApiActionAnswerSchema, LenderApiParamsSchema, LenderApiPathSchema } from "~/features/lenders/lender-api.schema";
import { ApiMarkFundedBodySchema } from "~/features/lenders/lender.schema";
import { lenderApiAnswer, lenderApiMarkFunded } from "~/features/lenders/lender-api.server";
import { LENDER_ACTION_MSG } from "~/features/lenders/lender-actions.server";
import { apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  POST: endpoint({
    auth: "partner",
    partner: { scope: "offers:write", kinds: ["lender"] },
    params: LenderApiParamsSchema,
    notFoundMessage: LENDER_ACTION_MSG.notFound,
    body: ApiMarkFundedBodySchema,
    openapi: ({ schema, json, err, bodyErrors, jsonBody }) => ({
      operationId: "markPartnerApplicationFunded",
      tag: "Partner API",
      summary: "Mark funded",
      description:
        "After verifying: the amount sent (US dollars) and the funding date (YYYY-MM-DD, today or earlier); the applicant is told. 409 before acceptance of your lender's offer, or from another stage.",
      request: { params: LenderApiPathSchema, body: jsonBody(schema("PartnerFundedRequest", ApiMarkFundedBodySchema)) },
      responses: {
        200: json(schema("PartnerActionAnswer", LenderApiActionAnswerSchema), "Done (the message the workspace shows)"),
        ...bodyErrors,
        404: err(`${LENDER_ACTION_MSG.notFound} (also when it is not shared with your lender)`),
        409: err([LENDER_ACTION_MSG.notAccepted].join("; or ")),
      },
    }),
    handler: ({ partner, params, body, ip }) =>
      lenderApiAnswer(partner, ip, (actor) =>
        lenderApiMarkFunded(actor, params.reference, { amountCents: body.amount, date: body.fundedOn }),
      ),
  }),
});
