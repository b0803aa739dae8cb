/**
 * PATCH /api/admin/applications/{id}/status { status, note }: the admin panel's status change
 * (one transaction with the audit-trail event and the applicant's e-mail; a rejection needs its
 * reason in note). 200 the application; 404 unknown or a draft. Admins only.
 */
import { ApiApplicationSchema, ApiIdParamsSchema, ApiStatusChangeBodySchema } from "~/features/applications/api.schema";
import { changeStatusForApi } from "~/features/applications/application-api.server";
import { apiError, apiJson, apiRoute, apiValidationError, endpoint } from "~/platform/api/api-route.server";
import { MSG } from "~/content/messages";

export const { loader, action, endpoints } = apiRoute({
  PATCH: endpoint({
    auth: "admin",
    params: ApiIdParamsSchema,
    notFoundMessage: MSG.statusNotFound,
    body: ApiStatusChangeBodySchema,
    openapi: ({ schema, json, err, bodyErrors, jsonBody }) => ({
      operationId: "adminChangeStatus",
      tag: "Admin",
      summary: "Change an application's status",
      description:
        "Sets submitted, under-review, approved or rejected (a rejection needs its reason in note). Records the change in the audit trail and e-mails the applicant.",
      request: { body: jsonBody(schema("StatusChangeRequest", ApiStatusChangeBodySchema)) },
      responses: {
        200: json(schema("Application", ApiApplicationSchema), "The application"),
        ...bodyErrors,
        404: err("No such application (or a draft)"),
      },
    }),
    async handler({ user, params, body, ip }) {
      const out = await changeStatusForApi(user, params.id, body, { ip });
      if (out.ok) return apiJson(out.application, out.status);
      return out.status === 400 ? apiValidationError(out.errors) : apiError(out.status, out.message);
    },
  }),
});
