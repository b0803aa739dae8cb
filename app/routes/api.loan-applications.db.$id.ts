/**
 * PATCH /api/loan-applications/db/{id}: updates the caller's own draft (an admin: any), with the
 * create payload's fields and a status. A non-admin may only submit ('submitted'); an admin may
 * also set the review statuses of a submitted application. 200 the application.
 */
import { ApiApplicationSchema, ApiIdParamsSchema, ApiUpdateApplicationBodySchema } from "~/features/applications/api.schema";
import { updateApiApplication } from "~/features/applications/application-api.server";
import { apiError, apiJson, apiRoute, apiValidationError, endpoint } from "~/platform/api/api-route.server";
import { MSG } from "~/content/messages";

export const { loader, action, endpoints } = apiRoute({
  PATCH: endpoint({
    auth: "user",
    params: ApiIdParamsSchema,
    notFoundMessage: MSG.statusNotFound,
    body: ApiUpdateApplicationBodySchema,
    rateLimit: ({ user }) => ({ rule: "api", keys: [`user:${user.id}`] }),
    openapi: ({ schema, json, err, bodyErrors, jsonBody }) => ({
      operationId: "updateApplication",
      tag: "Loan applications",
      summary: "Update or submit a draft application",
      description:
        "Updates the caller's own draft (an admin: any) with the given fields; status 'submitted' submits it (every step checked, confirmation e-mail). A non-admin may only set 'submitted'. An admin may set the review statuses of a submitted application (a rejection needs note). Fields of a submitted application no longer change (409).",
      request: { body: jsonBody(schema("UpdateApplicationRequest", ApiUpdateApplicationBodySchema)) },
      responses: {
        200: json(schema("Application", ApiApplicationSchema), "The application"),
        ...bodyErrors,
        403: err("A status only admins may set, a userId that is not the caller's, or a cross-site request"),
        404: err("No such application, or not the caller's"),
        409: err("Already submitted (fields fixed), or not submitted yet (review statuses)"),
        429: err("Too many requests (Retry-After)"),
      },
    }),
    async handler({ user, params, body, ip }) {
      const out = await updateApiApplication(user, params.id, body, { ip });
      if (out.ok) return apiJson(out.application, out.status);
      return out.status === 400 ? apiValidationError(out.errors) : apiError(out.status, out.message);
    },
  }),
});
