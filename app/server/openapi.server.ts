/**
 * The OpenAPI 3.1 document of the JSON API (GET /api/openapi.json), generated from the same zod
 * schemas the routes parse with (~/schemas/api.schema and the forms' schemas they are built from), and
 * the endpoint catalogue the human page (/api-docs) lists.
 */
import { extendZodWithOpenApi, OpenApiGeneratorV31, OpenAPIRegistry, type ResponseConfig, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { site } from "~/content/site";
import {
  ApiAdminDocumentListSchema,
  ApiAdminListQueryDoc,
  ApiApplicationListSchema,
  ApiApplicationSchema,
  ApiApplicationStatusSchema,
  ApiCreateApplicationBodySchema,
  ApiDocumentListQueryDoc,
  ApiDocumentSchema,
  ApiErrorSchema,
  ApiIdParamsSchema,
  ApiLoginBodySchema,
  ApiMessageSchema,
  ApiRegisterBodySchema,
  ApiStatusChangeBodySchema,
  ApiStatusPathSchema,
  ApiUpdateApplicationBodySchema,
  ApiUserSchema,
  ApiValidationErrorSchema,
} from "~/schemas/api.schema";
import { ApiUploadFieldsSchema } from "~/schemas/documents.schema";
import {
  ApiDocumentRequestBodySchema,
  ApiDocumentRequestListSchema,
  ApiDocumentRequestSchema,
  ApiDocumentReviewBodySchema,
  ApiDocumentReviewSchema,
  ApiNoteBodySchema,
  ApiNoteListSchema,
  ApiNoteSchema,
} from "~/schemas/back-office.schema";
import { API_BODY_LIMIT_BYTES } from "./api-route.server";
import { MARKET_MSG, MSG, TOASTS } from "~/utils/messages";
import {
  AcceptOfferBodySchema,
  ApiAcceptResultSchema,
  ApiApplicationRefPathSchema,
  ApiOfferDisclosureSchema,
  ApiOfferListSchema,
  ApiOfferSchema,
  OfferIdParamsSchema,
} from "~/schemas/offers.schema";
import { MAX_UPLOAD_BYTES, UPLOAD_QUOTA_TEXT } from "~/utils/constants";
import { SESSION_COOKIE_NAME } from "./session.server";

extendZodWithOpenApi(z);

export type ApiAuth = "none" | "user" | "admin";
export type ApiEndpointSummary = { method: string; path: string; auth: ApiAuth; summary: string; description: string; tag: string };

const AUTH_TEXT: Record<ApiAuth, string> = {
  none: "No sign-in needed.",
  user: "Signed in (any role): 401 when signed out.",
  admin: "Signed in as an admin: 401 when signed out, 403 for any other role.",
};

function buildRegistry() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "sessionCookie", {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE_NAME(),
    description: "The session cookie set by POST /api/auth/login or /api/auth/register (HttpOnly, SameSite=Lax). Same session as the pages.",
  });

  const Error = registry.register("Error", ApiErrorSchema);
  const ValidationError = registry.register("ValidationError", ApiValidationErrorSchema);
  const Message = registry.register("Message", ApiMessageSchema);
  const User = registry.register("User", ApiUserSchema);
  const Application = registry.register("Application", ApiApplicationSchema);
  const ApplicationList = registry.register("ApplicationList", ApiApplicationListSchema);
  const ApplicationStatus = registry.register("ApplicationStatus", ApiApplicationStatusSchema);
  const Document = registry.register("Document", ApiDocumentSchema);
  const AdminDocumentList = registry.register("AdminDocumentList", ApiAdminDocumentListSchema);
  const LoginRequest = registry.register("LoginRequest", ApiLoginBodySchema);
  const RegisterRequest = registry.register("RegisterRequest", ApiRegisterBodySchema);
  const CreateApplicationRequest = registry.register("CreateApplicationRequest", ApiCreateApplicationBodySchema);
  const UpdateApplicationRequest = registry.register("UpdateApplicationRequest", ApiUpdateApplicationBodySchema);
  const StatusChangeRequest = registry.register("StatusChangeRequest", ApiStatusChangeBodySchema);
  const UploadRequest = ApiUploadFieldsSchema.extend({
    file: z.string().openapi({ type: "string", format: "binary", description: `The file, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB; its type is checked by content` }),
  });
  const Binary = z.string().openapi({ type: "string", format: "binary" });

  const json = (schema: z.ZodTypeAny, description: string): ResponseConfig => ({ description, content: { "application/json": { schema } } });
  const err = (description: string) => json(Error, description);
  const pageHeaders = z.object({
    "X-Total-Count": z.string().openapi({ description: "Rows in all pages" }),
    "X-Page": z.string().openapi({ description: "This page (1-based)" }),
    "X-Page-Count": z.string().openapi({ description: "Pages in all" }),
  });
  const jsonBody = (schema: z.ZodTypeAny) => ({
    required: true,
    description: `JSON (Content-Type: application/json), at most ${API_BODY_LIMIT_BYTES / 1024} KB. Unknown fields are refused.`,
    content: { "application/json": { schema } },
  });
  const bodyErrors = {
    400: json(z.union([ValidationError, Error]), "Validation failed (with errors per field), or malformed JSON ({ message } only)"),
    413: err(`Body over ${API_BODY_LIMIT_BYTES / 1024} KB`),
    415: err("Content-Type is not application/json"),
  };
  const common = { 500: err("Unexpected failure (no details)"), 503: err("The database is temporarily unavailable (Retry-After)") };
  const crossSite: Record<string, ResponseConfig> = { 403: err("Cross-site request refused (Origin of another site)") };
  const authErrors = (auth: ApiAuth): Record<string, ResponseConfig> =>
    auth === "none"
      ? {}
      : auth === "user"
        ? { 401: err("Not signed in") }
        : { 401: err("Not signed in"), 403: err("Signed in, but not an admin") };

  const summaries: ApiEndpointSummary[] = [];
  const define = (auth: ApiAuth, tag: string, route: RouteConfig & { summary: string; description: string }) => {
    const state = route.method !== "get";
    route.tags = [tag];
    route.description = `${route.description}\n\n${AUTH_TEXT[auth]}${state ? " Browsers must send a same-origin Origin (cross-site: 403)." : ""}`;
    if (auth !== "none") route.security = [{ sessionCookie: [] }];
    (route as RouteConfig & { "x-auth": ApiAuth })["x-auth"] = auth;
    route.responses = { ...authErrors(auth), ...(state ? crossSite : {}), ...common, ...route.responses };
    if (auth === "admin" && state) {
      route.responses[403] = err("Signed in but not an admin, or a cross-site request");
    }
    registry.registerPath(route);
    summaries.push({ method: route.method.toUpperCase(), path: route.path, auth, summary: route.summary, description: route.description.split("\n\n")[0]!, tag });
  };

  // ---- auth
  define("none", "Auth", {
    method: "post",
    path: "/api/auth/register",
    operationId: "register",
    summary: "Create an applicant account and sign in",
    description: "Registers with role 'user' (the only role open to registration) and sets the session cookie.",
    request: { body: jsonBody(RegisterRequest) },
    responses: {
      201: { ...json(User, "The new user; the session cookie is set"), headers: z.object({ "Set-Cookie": z.string() }) },
      ...bodyErrors,
      403: err("A role other than 'user', or a cross-site request"),
      409: err("A user with this email already exists (the message contains 'already exists')"),
      429: err("Too many sign-ups from this client (Retry-After)"),
    },
  });
  define("none", "Auth", {
    method: "post",
    path: "/api/auth/login",
    operationId: "login",
    summary: "Sign in with e-mail and password",
    description:
      "Checks the credentials and sets a new session cookie. Admins also send `code` (their second factor); without it the answer is 401 with `mfaRequired: true`.",
    request: { body: jsonBody(LoginRequest) },
    responses: {
      200: { ...json(User, "The user; the session cookie is set"), headers: z.object({ "Set-Cookie": z.string() }) },
      ...bodyErrors,
      401: json(
        ApiErrorSchema.extend({ mfaRequired: z.boolean().optional().describe("An admin must send the second factor in `code`") }),
        "Invalid email or password, or an admin's second factor missing or wrong",
      ),
      403: err("An admin who has not enrolled in two-factor authentication yet"),
      429: err("Too many sign-in attempts for this client or account (Retry-After)"),
    },
  });
  define("none", "Auth", {
    method: "post",
    path: "/api/auth/logout",
    operationId: "logout",
    summary: "Sign out",
    description: "Ends the session on the server and expires the cookie. No body.",
    responses: { 200: json(Message, "Logged out") },
  });

  // ---- applications
  define("user", "Loan applications", {
    method: "post",
    path: "/api/loan-applications",
    operationId: "createApplication",
    summary: "Create an application (draft or final submission)",
    description:
      "Creates an application of the caller. Without status (or 'draft') it is a draft: fields may be missing (the spec's defaults apply) but a field that is given must be valid. With status 'submitted' every wizard step is checked, submittedAt is set and the confirmation e-mail is queued. Money fields are numeric strings.",
    request: { body: jsonBody(CreateApplicationRequest) },
    responses: {
      201: json(Application, "The application (money as numeric strings)"),
      ...bodyErrors,
      403: err("userId is not the caller's own, or a cross-site request"),
      429: err("Too many requests (Retry-After)"),
    },
  });
  define("user", "Loan applications", {
    method: "patch",
    path: "/api/loan-applications/db/{id}",
    operationId: "updateApplication",
    summary: "Update or submit a draft application",
    description:
      "Updates the caller's own draft (an admin: any) with the given fields; status 'submitted' submits it (every step checked, confirmation e-mail). A non-admin may only set 'submitted'. An admin may set the review statuses of a submitted application (a rejection needs note). Fields of a submitted application no longer change (409).",
    request: { params: ApiIdParamsSchema, body: jsonBody(UpdateApplicationRequest) },
    responses: {
      200: json(Application, "The application"),
      ...bodyErrors,
      403: err("A status only admins may set, a userId that is not the caller's, or a cross-site request"),
      404: err("No such application, or not the caller's"),
      409: err("Already submitted (fields fixed), or not submitted yet (review statuses)"),
      429: err("Too many requests (Retry-After)"),
    },
  });
  define("none", "Loan applications", {
    method: "get",
    path: "/api/loan-applications/status/{applicationId}",
    operationId: "applicationStatus",
    summary: "Look up an application's status by its reference",
    description: "Needs only the reference (any letter case). Answers exactly applicationId, status, amount, purpose and submittedAt. Drafts are not found. Throttled per client.",
    request: { params: ApiStatusPathSchema },
    responses: {
      200: json(ApplicationStatus, "The status"),
      404: err(MSG.statusNotFound),
      429: err("Too many lookups (Retry-After)"),
      503: err(MSG.statusUnavailable),
    },
  });

  // ---- documents (routes of the document pipeline)
  define("user", "Documents", {
    method: "post",
    path: "/api/documents/upload",
    operationId: "uploadDocument",
    summary: "Upload a document to an application",
    description: `Multipart form: file, applicationId (the database id) and documentType. Owner or admin only. The file is checked by its content and stored encrypted. Quotas: ${UPLOAD_QUOTA_TEXT}`,
    request: { body: { required: true, content: { "multipart/form-data": { schema: UploadRequest } } } },
    responses: {
      201: json(Document, "The stored document"),
      400: err("Missing file, application id or document type"),
      404: err("No such application, or not the caller's"),
      413: err(`${TOASTS.fileTooLarge.title} - ${TOASTS.fileTooLarge.description}; or the application's quota is full: "${MSG.uploadFilesCapReached}" / "${MSG.uploadBytesCapReached}"`),
      415: err("File type not accepted for this document type"),
      429: err(`${MSG.uploadRateLimited} (per-account upload rate; see Retry-After)`),
    },
  });
  for (const [op, path, disposition] of [
    ["previewDocument", "/api/documents/preview/{id}", "inline"],
    ["downloadDocument", "/api/documents/download/{id}", "attachment (with the stored file name)"],
  ] as const) {
    define("user", "Documents", {
      method: "get",
      path,
      operationId: op,
      summary: op === "previewDocument" ? "Open a document" : "Download a document",
      description: `The file's bytes with its stored content type, Content-Disposition ${disposition}. Owner or admin only.`,
      request: { params: ApiIdParamsSchema },
      responses: {
        200: { description: "The file", content: { "*/*": { schema: Binary } } },
        404: err("No such document, not the caller's, or the file is no longer available"),
      },
    });
  }

  // ---- admin
  define("admin", "Admin", {
    method: "get",
    path: "/api/admin/applications",
    operationId: "adminListApplications",
    summary: "List submitted applications",
    description: "The admin panel's list: search (reference or purpose), status filter, sort by submission date, 25 per page. The body is the array; the page headers tell the totals.",
    request: { query: ApiAdminListQueryDoc },
    responses: { 200: { ...json(ApplicationList, "One page of applications"), headers: pageHeaders } },
  });
  define("admin", "Admin", {
    method: "get",
    path: "/api/admin/documents",
    operationId: "adminListDocuments",
    summary: "List documents of submitted applications",
    description: "Newest first, 25 per page. The body is the array; the page headers tell the totals.",
    request: { query: ApiDocumentListQueryDoc },
    responses: { 200: { ...json(AdminDocumentList, "One page of documents"), headers: pageHeaders } },
  });
  define("admin", "Admin", {
    method: "patch",
    path: "/api/admin/applications/{id}/status",
    operationId: "adminChangeStatus",
    summary: "Change an application's status",
    description: "Sets submitted, under-review, approved or rejected (a rejection needs its reason in note). Records the change in the audit trail and e-mails the applicant.",
    request: { params: ApiIdParamsSchema, body: jsonBody(StatusChangeRequest) },
    responses: {
      200: json(Application, "The application"),
      ...bodyErrors,
      404: err("No such application (or a draft)"),
    },
  });

  // ---- marketplace (issue 12): offers, disclosures, acceptance
  registry.register("Offer", ApiOfferSchema);
  const OfferList = registry.register("OfferList", ApiOfferListSchema);
  const OfferDisclosure = registry.register("OfferDisclosure", ApiOfferDisclosureSchema);
  const AcceptOfferRequest = registry.register("AcceptOfferRequest", AcceptOfferBodySchema);
  const AcceptResult = registry.register("AcceptResult", ApiAcceptResultSchema);
  define("user", "Offers", {
    method: "get",
    path: "/api/loan-applications/{applicationId}/offers",
    operationId: "listOffers",
    summary: "List an application's lender offers",
    description: "The owner's (or, for an admin, any) submitted application's offers with their stored figures, the acceptance if any, and when no lender could offer the notice's principal reasons. Another user's application is a 404.",
    request: { params: ApiApplicationRefPathSchema },
    responses: { 200: json(OfferList, "The offers"), 404: err(MSG.statusNotFound) },
  });
  define("user", "Offers", {
    method: "get",
    path: "/api/offers/{id}",
    operationId: "getOfferDisclosure",
    summary: "Read one offer's disclosure",
    description: "The standard commercial financing disclosure of one offer (funding provided, estimated APR, finance charge, total payments, payment, term, prepayment), its exact text and that text's SHA-256. Owner or admin; otherwise 404.",
    request: { params: OfferIdParamsSchema },
    responses: { 200: json(OfferDisclosure, "The disclosure"), 404: err(MARKET_MSG.offerNotFound) },
  });
  define("user", "Offers", {
    method: "post",
    path: "/api/offers/{id}/accept",
    operationId: "acceptOffer",
    summary: "Accept an offer",
    description: "The owner signs with their full name, confirms reading the disclosure and sends the SHA-256 of the disclosure text read. Final and idempotent: repeating it for the same offer answers 200 with alreadyAccepted; the other offers are withdrawn and the application becomes offer-accepted.",
    request: { params: OfferIdParamsSchema, body: jsonBody(AcceptOfferRequest) },
    responses: {
      200: json(AcceptResult, "Accepted (or already accepted)"),
      ...bodyErrors,
      404: err(MARKET_MSG.offerNotFound),
      409: err(`${MARKET_MSG.anotherOfferAccepted} / ${MARKET_MSG.offerWithdrawn} / ${MARKET_MSG.offerExpired} / ${MARKET_MSG.disclosureChanged}`),
    },
  });

  // ---- back office (issue 17)
  const DocumentRequest = registry.register("DocumentRequest", ApiDocumentRequestSchema);
  const DocumentRequestList = registry.register("DocumentRequestList", ApiDocumentRequestListSchema);
  const DocumentReview = registry.register("DocumentReview", ApiDocumentReviewSchema);
  const Note = registry.register("Note", ApiNoteSchema);
  const NoteList = registry.register("NoteList", ApiNoteListSchema);
  define("admin", "Back office", {
    method: "get",
    path: "/api/admin/applications/{id}/document-requests",
    operationId: "adminListDocumentRequests",
    summary: "List an application's document requests",
    description: "Newest first, open and fulfilled, each with its document types and the uploads that fulfilled them.",
    request: { params: ApiIdParamsSchema },
    responses: { 200: json(DocumentRequestList, "The requests"), 404: err("No such application (or a draft)") },
  });
  define("admin", "Back office", {
    method: "post",
    path: "/api/admin/applications/{id}/document-requests",
    operationId: "adminCreateDocumentRequest",
    summary: "Ask the applicant for documents",
    description: "Opens a request for one or more document types with a message; the applicant is e-mailed and sees it on the dashboard. An upload of a requested type fulfils it; the request closes when every type is fulfilled.",
    request: { params: ApiIdParamsSchema, body: jsonBody(registry.register("DocumentRequestRequest", ApiDocumentRequestBodySchema)) },
    responses: { 201: json(DocumentRequest, "The new request"), ...bodyErrors, 404: err("No such application (or a draft)") },
  });
  define("admin", "Back office", {
    method: "post",
    path: "/api/admin/documents/{id}/review",
    operationId: "adminReviewDocument",
    summary: "Accept or reject a document",
    description: "A rejection needs a reason (unreadable, expired, wrong-type, does-not-match, other with reasonText). With requestReplacement a replacement request for the same document type is opened in the same transaction. The applicant sees the decision and reason, never the reviewer.",
    request: { params: ApiIdParamsSchema, body: jsonBody(registry.register("DocumentReviewRequest", ApiDocumentReviewBodySchema)) },
    responses: { 200: json(DocumentReview, "The review"), ...bodyErrors, 404: err("No such document (or one of a draft)") },
  });
  define("admin", "Back office", {
    method: "get",
    path: "/api/admin/applications/{id}/notes",
    operationId: "adminListNotes",
    summary: "List an application's internal notes",
    description: "Oldest first, with author and time. Internal notes are visible to admins only.",
    request: { params: ApiIdParamsSchema },
    responses: { 200: json(NoteList, "The notes"), 404: err("No such application (or a draft)") },
  });
  define("admin", "Back office", {
    method: "post",
    path: "/api/admin/applications/{id}/notes",
    operationId: "adminAddNote",
    summary: "Add an internal note",
    description: "Appends a note (notes are append-only: there is no update or delete). Never shown to the applicant nor e-mailed.",
    request: { params: ApiIdParamsSchema, body: jsonBody(registry.register("NoteRequest", ApiNoteBodySchema)) },
    responses: { 201: json(Note, "The new note"), ...bodyErrors, 404: err("No such application (or a draft)") },
  });

  return { registry, summaries };
}

let cached: { document: object; summaries: ApiEndpointSummary[] } | undefined;

function build() {
  if (cached) return cached;
  const { registry, summaries } = buildRegistry();
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: `${site.name} API`,
      version: "1.0.0",
      description:
        "The JSON API of the loan marketplace (the spec's section 7). Cookie sessions shared with the pages. Errors are JSON { message } (validation: also errors per field). State-changing calls from browsers must carry a same-origin Origin; clients without Origin (curl, servers) must send JSON bodies.",
    },
    servers: [{ url: "/" }],
  });
  cached = { document, summaries };
  return cached;
}

export function openApiDocument(): object {
  return build().document;
}

/** Method, path, auth and description of every endpoint, for the human page. */
export function apiEndpointSummaries(): ApiEndpointSummary[] {
  return build().summaries;
}
