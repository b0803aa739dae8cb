/**
 * The API's route modules, in the order the OpenAPI document and /api-docs list them. Each entry is
 * a route file's name (app/routes/<route>.ts: it gives the path) and the `endpoints` its `apiRoute`
 * exports (each with its own OpenAPI description). It lives beside the route that serves the
 * document (routes may import routes; app/server may not), which hands it to ~/server/openapi.server.
 *
 * Adding an endpoint: write the route with `apiRoute` and an `openapi` description on each
 * `endpoint()`, export `endpoints`, and add one line here. app/server/openapi.server.test.ts
 * fails when an app/routes/api.* file is missing here (or listed but gone) or an endpoint has no
 * description.
 */
import { ApiDocumentSchema, ApiIdParamsSchema } from "~/schemas/api.schema";
import { ApiUploadFieldsSchema } from "~/schemas/documents.schema";
import { MAX_UPLOAD_BYTES, UPLOAD_QUOTA_TEXT } from "~/utils/constants";
import { MSG, TOASTS } from "~/utils/messages";
import * as adminApplications from "~/routes/api.admin.applications";
import * as adminDocumentRequests from "~/routes/api.admin.applications.$id.document-requests";
import * as adminNotes from "~/routes/api.admin.applications.$id.notes";
import * as adminStatus from "~/routes/api.admin.applications.$id.status";
import * as adminDocuments from "~/routes/api.admin.documents";
import * as adminReview from "~/routes/api.admin.documents.$id.review";
import * as authLogin from "~/routes/api.auth.login";
import * as authLogout from "~/routes/api.auth.logout";
import * as authRegister from "~/routes/api.auth.register";
import * as applications from "~/routes/api.loan-applications";
import * as applicationOffers from "~/routes/api.loan-applications.$reference.offers";
import * as applicationUpdate from "~/routes/api.loan-applications.db.$id";
import * as applicationStatus from "~/routes/api.loan-applications.status.$reference";
import * as offer from "~/routes/api.offers.$id";
import * as offerAccept from "~/routes/api.offers.$id.accept";
import type { ApiEndpoints } from "~/server/api-route.server";
import type { ApiCatalogueEntry } from "~/server/openapi.server";

/** app/routes/api.* files that are not endpoints of the document. */
export const NOT_DESCRIBED: Record<string, string> = {
  "api.$": "the JSON 404 of unknown /api paths",
  "api.openapi[.json]": "the document itself",
};

/**
 * The document routes (api.documents.*) do not use `apiRoute` yet, so their descriptions wait
 * here. When a route moves to `apiRoute`: move its `openapi` below into its `endpoint({...})`,
 * export `endpoints`, and replace its entry in API_ROUTES with `{ route, endpoints: mod.endpoints }`.
 */
const documentsPending: Record<string, ApiEndpoints> = {
  "api.documents.upload": {
    POST: {
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
                  file: binary().openapi({ description: `The file, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB; its type is checked by content` }),
                }),
              },
            },
          },
        },
        responses: {
          201: json(schema("Document", ApiDocumentSchema), "The stored document"),
          400: err("Missing file, application id or document type"),
          404: err("No such application, or not the caller's"),
          413: err(`${TOASTS.fileTooLarge.title} - ${TOASTS.fileTooLarge.description}; or the application's quota is full: "${MSG.uploadFilesCapReached}" / "${MSG.uploadBytesCapReached}"`),
          415: err("File type not accepted for this document type"),
          429: err(`${MSG.uploadRateLimited} (per-account upload rate; see Retry-After)`),
        },
      }),
    },
  },
  ...Object.fromEntries(
    (
      [
        ["api.documents.preview.$id", "previewDocument", "Open a document", "inline"],
        ["api.documents.download.$id", "downloadDocument", "Download a document", "attachment (with the stored file name)"],
      ] as const
    ).map(([route, operationId, summary, disposition]): [string, ApiEndpoints] => [
      route,
      {
        GET: {
          auth: "user",
          params: ApiIdParamsSchema,
          openapi: ({ err, binary }) => ({
            operationId,
            tag: "Documents",
            summary,
            description: `The file's bytes with its stored content type, Content-Disposition ${disposition}. Owner or admin only.`,
            responses: {
              200: { description: "The file", content: { "*/*": { schema: binary() } } },
              404: err("No such document, not the caller's, or the file is no longer available"),
            },
          }),
        },
      },
    ]),
  ),
};

export const API_ROUTES: ApiCatalogueEntry[] = [
  { route: "api.auth.register", endpoints: authRegister.endpoints },
  { route: "api.auth.login", endpoints: authLogin.endpoints },
  { route: "api.auth.logout", endpoints: authLogout.endpoints },
  { route: "api.loan-applications", endpoints: applications.endpoints },
  { route: "api.loan-applications.db.$id", endpoints: applicationUpdate.endpoints },
  { route: "api.loan-applications.status.$reference", endpoints: applicationStatus.endpoints },
  { route: "api.documents.upload", endpoints: documentsPending["api.documents.upload"]! },
  { route: "api.documents.preview.$id", endpoints: documentsPending["api.documents.preview.$id"]! },
  { route: "api.documents.download.$id", endpoints: documentsPending["api.documents.download.$id"]! },
  { route: "api.admin.applications", endpoints: adminApplications.endpoints },
  { route: "api.admin.documents", endpoints: adminDocuments.endpoints },
  { route: "api.admin.applications.$id.status", endpoints: adminStatus.endpoints },
  { route: "api.loan-applications.$reference.offers", endpoints: applicationOffers.endpoints },
  { route: "api.offers.$id", endpoints: offer.endpoints },
  { route: "api.offers.$id.accept", endpoints: offerAccept.endpoints },
  { route: "api.admin.applications.$id.document-requests", endpoints: adminDocumentRequests.endpoints },
  { route: "api.admin.documents.$id.review", endpoints: adminReview.endpoints },
  { route: "api.admin.applications.$id.notes", endpoints: adminNotes.endpoints },
];
