/** GET /api/documents/preview/:id: the document inline; 401 JSON when signed out, 404 JSON when not yours. */
import { apiRoute } from "~/platform/api/api-route.server";
import { documentEndpoint } from "~/features/documents/document-response.server";

export const { loader, action, endpoints } = apiRoute({ GET: documentEndpoint("inline") });
