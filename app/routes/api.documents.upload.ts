/**
 * POST /api/documents/upload (multipart: file, applicationId = database id, documentType).
 * 201 { id, applicationId, documentType, fileName, fileSize, uploadedAt }; errors { message }:
 * 400 bad form, 401 signed out, 404 application not found or not yours, 413 too large (or the
 * application is full), 415 type not accepted for the area, 429 too many uploads. The guard runs
 * before the body is read; the body is streamed by the upload workflow (no JSON `body` here).
 */
import { apiError, apiJson, apiRoute, endpoint } from "~/server/api-route.server";
import { apiUploadDestination, uploadDocument } from "~/services/document-upload.server";

export const { loader, action } = apiRoute({
  POST: endpoint({
    auth: "user",
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
