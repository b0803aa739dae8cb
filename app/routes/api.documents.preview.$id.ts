/** GET /api/documents/preview/:id: the document inline; 401 JSON when signed out, 404 JSON when not yours. */
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
      const opened = await openDocument(user, params.id, { disposition: "inline", ip });
      return opened.ok ? documentFileResponse(opened, "inline") : apiError(opened.status, toastText(opened.toast));
    },
  }),
});
