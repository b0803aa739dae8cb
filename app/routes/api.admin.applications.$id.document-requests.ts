/**
 * GET  /api/admin/applications/{id}/document-requests: the application's document requests.
 * POST /api/admin/applications/{id}/document-requests { documentTypes, message }: ask the
 *      applicant for documents (e-mailed); 201 the request. Admins only; 404 unknown or a draft.
 */
import { getDocumentRequest, isSubmittedApplication, listDocumentRequests } from "~/services/admin-views.server";
import { ApiIdParamsSchema } from "~/schemas/api.schema";
import { ApiDocumentRequestBodySchema, BACK_OFFICE_MSG } from "~/schemas/back-office.schema";
import { BackOfficeNotFoundError, requestDocuments } from "~/services/back-office.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/server/api-route.server";

export const { loader, action } = apiRoute({
  GET: endpoint({
    auth: "admin",
    params: ApiIdParamsSchema,
    notFoundMessage: BACK_OFFICE_MSG.applicationNotFound,
    async handler({ params }) {
      if (!(await isSubmittedApplication(params.id))) return apiError(404, BACK_OFFICE_MSG.applicationNotFound);
      return apiJson(await listDocumentRequests([params.id]));
    },
  }),
  POST: endpoint({
    auth: "admin",
    params: ApiIdParamsSchema,
    notFoundMessage: BACK_OFFICE_MSG.applicationNotFound,
    body: ApiDocumentRequestBodySchema,
    async handler({ user, params, body, ip }) {
      try {
        const { id } = await requestDocuments(user.id, params.id, body, { ip });
        return apiJson(await getDocumentRequest(id), 201);
      } catch (e) {
        if (e instanceof BackOfficeNotFoundError) return apiError(404, BACK_OFFICE_MSG.applicationNotFound);
        throw e;
      }
    },
  }),
});
