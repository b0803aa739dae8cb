/**
 * GET /api/loan-applications/status/{applicationId} (the route's $reference): needs only the reference; answers exactly
 * applicationId, status, amount, purpose, submittedAt. 404 unknown, 429 throttled, 503 lookup failed.
 */
import { ApiApplicationStatusSchema, ApiStatusParamsSchema, ApiStatusPathSchema } from "~/schemas/api.schema";
import { lookupApplicationStatus } from "~/services/status-lookup.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/server/api-route.server";
import { MSG } from "~/utils/messages";

export const { loader, action, endpoints } = apiRoute({
  GET: endpoint({
    auth: "none",
    params: ApiStatusParamsSchema,
    notFoundMessage: MSG.statusNotFound,
    openapi: ({ schema, json, err }) => ({
      operationId: "applicationStatus",
      request: { params: ApiStatusPathSchema },
      tag: "Loan applications",
      summary: "Look up an application's status by its reference",
      description:
        "Needs only the reference (any letter case). Answers exactly applicationId, status, amount, purpose and submittedAt. Drafts are not found. Throttled per client.",
      responses: {
        200: json(schema("ApplicationStatus", ApiApplicationStatusSchema), "The status"),
        404: err(MSG.statusNotFound),
        429: err("Too many lookups (Retry-After)"),
        503: err(MSG.statusUnavailable),
      },
    }),
    async handler({ params, ip }) {
      const out = await lookupApplicationStatus(params.reference, ip);
      if (out.kind === "found") {
        // docs/product.md names the reference `applicationId` in the answer.
        const { reference, ...rest } = out.application;
        return apiJson(ApiApplicationStatusSchema.parse({ applicationId: reference, ...rest }));
      }
      return apiError(out.status, out.message, undefined, out.kind === "throttled" ? out.headers : undefined);
    },
  }),
});
