/**
 * POST /api/admin/documents/{id}/review { decision, reason?, reasonText?, requestReplacement?,
 * message? }: accept or reject a document (a rejection needs a reason; 'other' needs reasonText),
 * optionally asking the applicant for a replacement. 200 the review. Admins only.
 */
import { listReviews } from "~/features/documents/document-reviews.server";
import { ApiIdParamsSchema } from "~/features/applications/api.schema";
import { ApiDocumentReviewBodySchema, ApiDocumentReviewSchema, BACK_OFFICE_MSG } from "~/features/back-office/back-office.schema";
import { BackOfficeNotFoundError, reviewDocument } from "~/features/back-office/back-office.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  POST: endpoint({
    auth: "admin",
    params: ApiIdParamsSchema,
    notFoundMessage: BACK_OFFICE_MSG.documentNotFound,
    body: ApiDocumentReviewBodySchema,
    openapi: ({ schema, json, err, bodyErrors, jsonBody }) => ({
      operationId: "adminReviewDocument",
      tag: "Back office",
      summary: "Accept or reject a document",
      description:
        "A rejection needs a reason (unreadable, expired, wrong-type, does-not-match, other with reasonText). With requestReplacement a replacement request for the same document type is opened in the same transaction. The applicant sees the decision and reason, never the reviewer.",
      request: { body: jsonBody(schema("DocumentReviewRequest", ApiDocumentReviewBodySchema)) },
      responses: {
        200: json(schema("DocumentReview", ApiDocumentReviewSchema), "The review"),
        ...bodyErrors,
        404: err("No such document (or one of a draft)"),
      },
    }),
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
