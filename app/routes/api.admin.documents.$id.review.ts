/**
 * POST /api/admin/documents/{id}/review { decision, reason?, reasonText?, requestReplacement?,
 * message? }: accept or reject a document (a rejection needs a reason; 'other' needs reasonText),
 * optionally asking the applicant for a replacement. 200 the review. Admins only.
 */
import { listReviews } from "~/services/admin-views.server";
import { ApiIdParamsSchema } from "~/schemas/api.schema";
import { ApiDocumentReviewBodySchema, BACK_OFFICE_MSG } from "~/schemas/back-office.schema";
import { BackOfficeNotFoundError, reviewDocument } from "~/services/back-office.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/server/api-route.server";

export const { loader, action } = apiRoute({
  POST: endpoint({
    auth: "admin",
    params: ApiIdParamsSchema,
    notFoundMessage: BACK_OFFICE_MSG.documentNotFound,
    body: ApiDocumentReviewBodySchema,
    async handler({ user, params, body, ip }) {
      try {
        const { requestId } = await reviewDocument(user.id, params.id, body, { ip });
        const review = (await listReviews([params.id], { withReviewer: false })).get(params.id)!;
        return apiJson({ documentId: params.id, ...review, replacementRequestId: requestId });
      } catch (e) {
        if (e instanceof BackOfficeNotFoundError) return apiError(404, BACK_OFFICE_MSG.documentNotFound);
        throw e;
      }
    },
  }),
});
