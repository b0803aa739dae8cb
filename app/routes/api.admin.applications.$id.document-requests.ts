/**
 * GET  /api/admin/applications/{id}/document-requests: the application's document requests.
 * POST /api/admin/applications/{id}/document-requests { documentTypes, message }: ask the
 *      applicant for documents (e-mailed); 201 the request. Admins only; 404 unknown or a draft.
 */
import { getDocumentRequest, listDocumentRequests } from "~/features/documents/document-requests.server";
import { isSubmittedApplication } from "~/features/applications/applications.server";
import { recordAdminRead } from "~/features/back-office/admin-list-audit.server";
import { ApiIdParamsSchema } from "~/features/applications/api.schema";
import {
  ApiDocumentRequestBodySchema,
  ApiDocumentRequestListSchema,
  ApiDocumentRequestSchema,
  BACK_OFFICE_MSG,
} from "~/features/back-office/back-office.schema";
import { BackOfficeNotFoundError, requestDocuments } from "~/features/back-office/back-office.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  GET: endpoint({
    auth: "admin",
    params: ApiIdParamsSchema,
    notFoundMessage: BACK_OFFICE_MSG.applicationNotFound,
    openapi: ({ schema, json, err }) => ({
      operationId: "adminListDocumentRequests",
      tag: "Back office",
      summary: "List an application's document requests",
      description: "Newest first, open and fulfilled, each with its document types and the uploads that fulfilled them.",
      responses: {
        200: json(schema("DocumentRequestList", ApiDocumentRequestListSchema), "The requests"),
        404: err("No such application (or a draft)"),
      },
    }),
    async handler({ user, params, ip }) {
      if (!(await isSubmittedApplication(params.id))) return apiError(404, BACK_OFFICE_MSG.applicationNotFound);
      await recordAdminRead(user.id, ip, "api", { kind: "application", part: "document_requests", applicationId: params.id });
      return apiJson(await listDocumentRequests([params.id]));
    },
  }),
  POST: endpoint({
    auth: "admin",
    params: ApiIdParamsSchema,
    notFoundMessage: BACK_OFFICE_MSG.applicationNotFound,
    body: ApiDocumentRequestBodySchema,
    openapi: ({ schema, json, err, bodyErrors, jsonBody }) => ({
      operationId: "adminCreateDocumentRequest",
      tag: "Back office",
      summary: "Ask the applicant for documents",
      description:
        "Opens a request for one or more document types with a message; the applicant is e-mailed and sees it on the dashboard. An upload of a requested type fulfils it; the request closes when every type is fulfilled.",
      request: { body: jsonBody(schema("DocumentRequestRequest", ApiDocumentRequestBodySchema)) },
      responses: {
        201: json(schema("DocumentRequest", ApiDocumentRequestSchema), "The new request"),
        ...bodyErrors,
        404: err("No such application (or a draft)"),
      },
    }),
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
