/**
 * GET /api/partner/applications/{applicationId}: one application shared with the key's lender, as
 * a lender user sees it in the workspace (its figures, documents, and only this lender's offers,
 * decline and requests). Not shared, a draft or unknown: the same 404. The read is audited.
 */
import { LenderApiApplicationSchema, LenderApiParamsSchema, LenderApiPathSchema } from "~/features/lenders/lender-api.schema";
import { lenderApiAnswer, readLenderApiApplication } from "~/features/lenders/lender-api.server";
import { LENDER_ACTION_MSG } from "~/features/lenders/lender-actions.server";
import { apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  GET: endpoint({
    auth: "partner",
    partner: { scope: "applications:read", kinds: ["lender"] },
    params: LenderApiParamsSchema,
    notFoundMessage: LENDER_ACTION_MSG.notFound,
    openapi: ({ schema, json, err }) => ({
      operationId: "getPartnerApplication",
      request: { params: LenderApiPathSchema },
      tag: "Partner API",
      summary: "Read one of your lender's applications",
      description:
        "What a user of your lender sees in the lender workspace: the figures it prices on, the business owner's name and location, the documents (download each with documents:read), and your lender's own offers, decline and document requests. Never another lender's offers or reasons, never internal notes.",
      responses: {
        200: json(schema("PartnerApplication", LenderApiApplicationSchema), "The application"),
        404: err(`${LENDER_ACTION_MSG.notFound} (also when it is not shared with your lender)`),
      },
    }),
    handler: ({ partner, params, ip }) => lenderApiAnswer(partner, ip, (actor) => readLenderApiApplication(actor, params.reference)),
  }),
});
