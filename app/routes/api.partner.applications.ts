/**
 * GET /api/partner/applications: a lender partner's applications, those its lender has made an
 * offer on, newest first, each with that lender's offers (never another lender's, nothing personal).
 */
import { PartnerApplicationsQuerySchema, PartnerLenderApplicationListSchema } from "~/features/partners/partner.schema";
import { listLenderApplications } from "~/features/partners/partner-api.server";
import { apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  GET: endpoint({
    auth: "partner",
    partner: { scope: "applications:read", kinds: ["lender"] },
    query: PartnerApplicationsQuerySchema,
    openapi: ({ schema, json, bodyErrors }) => ({
      operationId: "listPartnerApplications",
      request: { query: PartnerApplicationsQuerySchema },
      tag: "Partner API",
      summary: "List the applications your lender has offered on",
      description: "Applications with at least one offer from the lender your partner account acts for, newest first, with those offers.",
      responses: {
        200: json(schema("PartnerApplicationList", PartnerLenderApplicationListSchema), "The applications"),
        400: { ...bodyErrors[400], description: "An invalid limit (errors per field)" },
      },
    }),
    async handler({ partner, query }) {
      return apiJson({ applications: await listLenderApplications(partner, query.limit) });
    },
  }),
});
