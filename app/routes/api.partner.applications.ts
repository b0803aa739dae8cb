/**
 * GET /api/partner/applications: a lender partner's matched applications, everything the lender
 * workspace's queue shows (newest first, optionally one stage), each with that lender's offers
 * (never another lender's, nothing personal).
 */
import { LenderApiApplicationListSchema, LenderApiListQuerySchema } from "~/features/lenders/lender-api.schema";
import { lenderApiAnswer, listLenderApiApplications } from "~/features/lenders/lender-api.server";
import type { LenderStage } from "~/features/lenders/domain/lender-stage";
import { apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  GET: endpoint({
    auth: "partner",
    partner: { scope: "applications:read", kinds: ["lender"] },
    query: LenderApiListQuerySchema,
    openapi: ({ schema, json, bodyErrors }) => ({
      operationId: "listPartnerApplications",
      request: { query: LenderApiListQuerySchema },
      tag: "Partner API",
      summary: "List your lender's matched applications",
      description:
        "The applications shared with the lender your partner account acts for (the lender workspace's queue: matched by one of its products, or offered on), newest first, each with its stage for your lender and your lender's offers. `stage` keeps one stage.",
      responses: {
        200: json(schema("PartnerApplicationList", LenderApiApplicationListSchema), "The applications"),
        400: { ...bodyErrors[400], description: "An invalid limit or stage (errors per field)" },
      },
    }),
    handler: ({ partner, query, ip }) =>
      lenderApiAnswer(partner, ip, (actor) =>
        listLenderApiApplications(actor, (query.stage as LenderStage | undefined) ?? null, query.limit),
      ),
  }),
});
