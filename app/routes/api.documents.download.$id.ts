/** GET /api/documents/download/:id: the document as an attachment; 401 JSON when signed out, 404 JSON when not yours. */
import { DocumentIdParamsSchema } from "~/schemas/documents.schema";
import { apiError, apiRoute, endpoint } from "~/server/api-route.server";
import { documentFileResponse } from "~/server/document-response.server";
import { openDocument } from "~/services/document-serve.server";
import { toastText } from "~/utils/messages";

export const { loader, action } = apiRoute({
  GET: endpoint({
    auth: "user",
    params: DocumentIdParamsSchema,
    async handler({ user, params, ip }) {
      const opened = await openDocument(user, params.id, { disposition: "attachment", ip });
      return opened.ok ? documentFileResponse(opened, "attachment") : apiError(opened.status, toastText(opened.toast));
    },
  }),
});
