/**
 * POST /api/documents/upload (multipart: file, applicationId = database id, documentType).
 * 201 { id, applicationId, documentType, fileName, fileSize, uploadedAt }; errors { message }:
 * 400 bad form, 401 signed out, 404 application not found or not yours, 413 too large (or the
 * application is full), 415 type not accepted for the area, 429 too many uploads. The guard runs
 * before the body is read; the body is streamed by the upload workflow (no JSON `body` here).
 */
import { ApiDocumentSchema } from "~/features/applications/api.schema";
import { ApiUploadFieldsSchema } from "~/features/documents/documents.schema";
import { apiError, apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";
import { apiUploadDestination, uploadDocument } from "~/features/documents/document-upload.server";
import { MAX_UPLOAD_BYTES, UPLOAD_QUOTA_TEXT } from "~/content/constants";
import { MSG, TOASTS } from "~/content/messages";

export const { loader, action, endpoints } = apiRoute({
  POST: endpoint({
    auth: "user",
    openapi: ({ schema, json, err, binary }) => ({
      operationId: "uploadDocument",
      tag: "Documents",
      summary: "Upload a document to an application",
      description: `Multipart form: file, applicationId (the database id) and documentType. Owner or admin only. The file is checked by its content and stored encrypted. Quotas: ${UPLOAD_QUOTA_TEXT}`,
      request: {
        body: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: ApiUploadFieldsSchema.extend({
                file: binary().openapi({
                  description: `The file, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB; its type is checked by content`,
                }),
              }),
            },
          },
        },
      },
      responses: {
        201: json(schema("Document", ApiDocumentSchema), "The stored document"),
        400: err("Missing file, application id or document type"),
        404: err("No such application, or not the caller's"),
        413: err(
          `${TOASTS.fileTooLarge.title} - ${TOASTS.fileTooLarge.description}; or the application's quota is full: "${MSG.uploadFilesCapReached}" / "${MSG.uploadBytesCapReached}"`,
        ),
        415: err("File type not accepted for this document type"),
        429: err(`${MSG.uploadRateLimited} (per-account upload rate; see Retry-After)`),
      },
    }),
    async handler({ request, user, ip }) {
      const result = await uploadDocument(request, apiUploadDestination(user), { ip });
      if (!result.ok) return apiError(result.status, result.message, undefined, result.headers);
      const doc = result.document;
      return apiJson(
        {
          id: doc.id,
          applicationId: doc.applicationId,
          documentType: doc.documentType,
          fileName: doc.fileName,
          fileSize: doc.fileSize,
          uploadedAt: doc.uploadedAt.toISOString(),
        },
        201,
      );
    },
  }),
});
