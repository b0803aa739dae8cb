/** GET /api/documents/download/:id: the document as an attachment; 401 JSON when signed out, 404 JSON when not yours. */
import { apiRoute } from "~/platform/api/api-route.server";
import { documentEndpoint } from "~/features/documents/document-response.server";

export const { loader, action, endpoints } = apiRoute({ GET: documentEndpoint("attachment") });
