/**
 * POST /api/partner/applications/{applicationId}/document-requests { documentTypes, message }: the
 * key's lender asks the applicant for documents (e-mailed, shown on the dashboard), as the workspace does.
 */
import { LenderApiActionAnswerSchema, LenderApiParamsSchema, LenderApiPathSchema } from "~/features/lenders/lender-api.schema";
import { ApiLenderDocumentRequestBodySchema } from "~/features/lenders/lender.schema";
import { lenderApiAnswer, lenderApiRequestDocuments } from "~/features/lenders/lender-api.server";
import { LENDER_ACTION_MSG } from "~/features/lenders/lender-actions.server";
import { apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  POST: endpoint({
    auth: "partner",
    partner: { scope: "offers:write", kinds: ["lender"] },
    params: LenderApiParamsSchema,
    notFoundMessage: LENDER_ACTION_MSG.notFound,
    body: ApiLenderDocumentRequestBodySchema,
    openapi: ({ schema, json, err, bodyErrors, jsonBody }) => ({
      operationId: "createPartnerDocumentRequest",
      tag: "Partner API",
      summary: "Ask the applicant for documents",
      description:
        "Opens a request for one or more document types with a message, attributed to your lender; the applicant is e-mailed and sees it on the dashboard. 201 with the request's id.",
      request: { params: LenderApiPathSchema, body: jsonBody(schema("PartnerDocumentRequestRequest", ApiLenderDocumentRequestBodySchema)) },
      responses: {
        201: json(schema("PartnerActionAnswer", LenderApiActionAnswerSchema), "Done (the message the workspace shows)"),
        ...bodyErrors,
        404: err(`${LENDER_ACTION_MSG.notFound} (also when it is not shared with your lender)`),
      },
    }),
    handler: ({ partner, params, body, ip }) =>
      lenderApiAnswer(partner, ip, (actor) => lenderApiRequestDocuments(actor, params.reference, body), 201),
  }),
});
