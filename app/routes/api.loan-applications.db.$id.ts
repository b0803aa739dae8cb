/**
 * PATCH /api/loan-applications/db/{id}: updates the caller's own draft (an admin: any), with the
 * create payload's fields and a status. A non-admin may only submit ('submitted'); an admin may
 * also set the review statuses of a submitted application. 200 the application.
 */
import { ApiIdParamsSchema, ApiUpdateApplicationBodySchema } from "~/schemas/api.schema";
import { updateApiApplication } from "~/services/application-api.server";
import { apiError, apiJson, apiRoute, apiValidationError, endpoint } from "~/server/api-route.server";
import { MSG } from "~/utils/messages";

export const { loader, action } = apiRoute({
  PATCH: endpoint({
    auth: "user",
    params: ApiIdParamsSchema,
    notFoundMessage: MSG.statusNotFound,
    body: ApiUpdateApplicationBodySchema,
    rateLimit: ({ user }) => ({ rule: "api", keys: [`user:${user.id}`] }),
    async handler({ user, params, body, ip }) {
      const out = await updateApiApplication(user, params.id, body, { ip });
      if (out.ok) return apiJson(out.application, out.status);
      return out.status === 400 ? apiValidationError(out.errors) : apiError(out.status, out.message);
    },
  }),
});
