/**
 * GET /api/admin/documents?page=: documents of submitted applications, newest first, 25 a page.
 * The array is the body; X-Total-Count, X-Page and X-Page-Count tell the pages. Admins only.
 */
import { listDocumentsForAdmin } from "~/features/back-office/admin-queries.server";
import { recordAdminRead } from "~/features/back-office/admin-list-audit.server";
import { ApiAdminDocumentListSchema, ApiDocumentListQueryDoc, ApiDocumentListQuerySchema } from "~/features/applications/api.schema";
import { apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  GET: endpoint({
    auth: "admin",
    query: ApiDocumentListQuerySchema,
    openapi: ({ schema, json, pageHeaders }) => ({
      operationId: "adminListDocuments",
      tag: "Admin",
      summary: "List documents of submitted applications",
      description: "Newest first, 25 per page. The body is the array; the page headers tell the totals.",
      request: { query: ApiDocumentListQueryDoc },
      responses: {
        200: { ...json(schema("AdminDocumentList", ApiAdminDocumentListSchema), "One page of documents"), headers: pageHeaders },
      },
    }),
    async handler({ query, user, ip }) {
      const page = await listDocumentsForAdmin({ page: query.page });
      await recordAdminRead(user.id, ip, "api", { kind: "list", view: "documents", page: query.page });
      const docs = page.rows.map((d) => ({
        id: d.id,
        applicationId: d.applicationDbId,
        applicationReference: d.reference,
        documentType: d.documentType,
        fileName: d.fileName,
        fileSize: d.fileSize,
        uploadedAt: d.uploadedAt,
      }));
      return apiJson(docs, 200, {
        "X-Total-Count": String(page.total),
        "X-Page": String(page.page),
        "X-Page-Count": String(page.pageCount),
      });
    },
  }),
});
