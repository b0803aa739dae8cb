/**
 * POST /api/partner/applications/{applicationId}/decline { reasons }: the key's lender declines the
 * application with reason codes from the shared list; the applicant gets a notice of action taken
 * naming the lender and its reasons. After the applicant accepted this lender's offer it is the
 * lifecycle's "declined after review".
 */
import { LenderApiActionAnswerSchema, LenderApiParamsSchema, LenderApiPathSchema } from "~/features/lenders/lender-api.schema";
import { ApiLenderDeclineBodySchema } from "~/features/lenders/lender.schema";
import { lenderApiAnswer, lenderApiDecline } from "~/features/lenders/lender-api.server";
import { LENDER_ACTION_MSG } from "~/features/lenders/lender-actions.server";
import { apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  POST: endpoint({
    auth: "partner",
    partner: { scope: "offers:write", kinds: ["lender"] },
    params: LenderApiParamsSchema,
    notFoundMessage: LENDER_ACTION_MSG.notFound,
    body: ApiLenderDeclineBodySchema,
    openapi: ({ schema, json, err, bodyErrors, jsonBody }) => ({
      operationId: "declinePartnerApplication",
      tag: "Partner API",
      summary: "Decline an application",
      description:
        "Declines with one to four reason codes from the shared list (see the guide); your lender's open offers on it are withdrawn and the applicant is sent a notice of action taken naming your lender and the reasons. Before acceptance it is a decline of the match; after the applicant accepted your lender's offer (accepted or verifying) it is the decline after review, which ends the loan.",
      request: { params: LenderApiPathSchema, body: jsonBody(schema("PartnerDeclineRequest", ApiLenderDeclineBodySchema)) },
      responses: {
        200: json(schema("PartnerActionAnswer", LenderApiActionAnswerSchema), "Done (the message the workspace shows)"),
        ...bodyErrors,
        404: err(`${LENDER_ACTION_MSG.notFound} (also when it is not shared with your lender)`),
        409: err([LENDER_ACTION_MSG.alreadyDeclined].join("; or ")),
      },
    }),
    handler: ({ partner, params, body, ip }) =>
      lenderApiAnswer(partner, ip, (actor) => lenderApiDecline(actor, params.reference, body.reasons)),
  }),
});
