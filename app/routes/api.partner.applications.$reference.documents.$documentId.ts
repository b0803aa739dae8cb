/**
 * GET /api/partner/applications/{applicationId}/documents/{documentId}: one of the application's
 * documents, decrypted, as the lender workspace's download (audited the same way, naming the key).
 * Not this application's document, or an application not shared with the key's lender: 404.
 */
import { LenderApiDocumentParamsSchema, LenderApiDocumentPathSchema } from "~/features/lenders/lender-api.schema";
import { downloadLenderApiDocument, lenderKeyActor } from "~/features/lenders/lender-api.server";
import { documentFileResponse } from "~/features/documents/index.server";
import { toastText, TOASTS } from "~/content/messages";
import { apiError, apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  GET: endpoint({
    auth: "partner",
    partner: { scope: "documents:read", kinds: ["lender"] },
    params: LenderApiDocumentParamsSchema,
    notFoundMessage: toastText(TOASTS.fileNotFound),
    openapi: ({ err, binary }) => ({
      operationId: "downloadPartnerApplicationDocument",
      request: { params: LenderApiDocumentPathSchema },
      tag: "Partner API",
      summary: "Download a document of one of your lender's applications",
      description:
        "The file's bytes with its stored content type and Content-Disposition attachment (the stored file name). Each download is audited.",
      responses: {
        200: { description: "The file", content: { "*/*": { schema: binary() } } },
        404: err("No such document on this application, or the application is not shared with your lender"),
      },
    }),
    async handler({ partner, params, ip }) {
      const actor = lenderKeyActor(partner, ip);
      const opened = actor
        ? await downloadLenderApiDocument(actor, params.reference, params.documentId)
        : ({ ok: false, status: 404, toast: TOASTS.fileNotFound } as const);
      return opened.ok ? documentFileResponse(opened, "attachment") : apiError(opened.status, toastText(opened.toast));
    },
  }),
});
