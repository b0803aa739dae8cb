/**
 * POST /api/loan-applications: a new application of the signed-in caller. A draft (partial fields
 * allowed, the product's defaults for the rest) unless status is 'submitted', which checks every
 * wizard step, sets submittedAt and queues the confirmation e-mail. 201 the application.
 */
import { ApiApplicationSchema, ApiCreateApplicationBodySchema } from "~/schemas/api.schema";
import { createApiApplication } from "~/services/application-api.server";
import { apiError, apiJson, apiRoute, apiValidationError, endpoint } from "~/server/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  POST: endpoint({
    auth: "user",
    body: ApiCreateApplicationBodySchema,
    rateLimit: ({ user }) => ({ rule: "api", keys: [`user:${user.id}`] }),
    openapi: ({ schema, json, err, bodyErrors, jsonBody }) => ({
      operationId: "createApplication",
      tag: "Loan applications",
      summary: "Create an application (draft or final submission)",
      description:
        "Creates an application of the caller. Without status (or 'draft') it is a draft: fields may be missing (the product's defaults apply) but a field that is given must be valid. With status 'submitted' every wizard step is checked, submittedAt is set and the confirmation e-mail is queued. Money fields are numeric strings.",
      request: { body: jsonBody(schema("CreateApplicationRequest", ApiCreateApplicationBodySchema)) },
      responses: {
        201: json(schema("Application", ApiApplicationSchema), "The application (money as numeric strings)"),
        ...bodyErrors,
        403: err("userId is not the caller's own, or a cross-site request"),
        429: err("Too many requests (Retry-After)"),
      },
    }),
    async handler({ user, body }) {
      const out = await createApiApplication(user, body);
      if (out.ok) return apiJson(out.application, out.status);
      return out.status === 400 ? apiValidationError(out.errors) : apiError(out.status, out.message);
    },
  }),
});
