/**
 * POST /api/loan-applications: a new application of the signed-in caller. A draft (partial fields
 * allowed, the spec's defaults for the rest) unless status is 'submitted', which checks every
 * wizard step, sets submittedAt and queues the confirmation e-mail. 201 the application.
 */
import { ApiCreateApplicationBodySchema } from "~/schemas/api.schema";
import { createApiApplication } from "~/services/application-api.server";
import { apiError, apiJson, apiRoute, apiValidationError, endpoint } from "~/server/api-route.server";

export const { loader, action } = apiRoute({
  POST: endpoint({
    auth: "user",
    body: ApiCreateApplicationBodySchema,
    rateLimit: ({ user }) => ({ rule: "api", keys: [`user:${user.id}`] }),
    async handler({ user, body }) {
      const out = await createApiApplication(user, body);
      if (out.ok) return apiJson(out.application, out.status);
      return out.status === 400 ? apiValidationError(out.errors) : apiError(out.status, out.message);
    },
  }),
});
