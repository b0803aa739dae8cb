/** GET /api/documents/preview/:id: the document inline; 401 JSON when signed out, 404 JSON when not yours. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseDocumentId } from "~/schemas/documents.schema";
import { documentResponse } from "~/services/documents.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return documentResponse(request, parseDocumentId(params.id), { disposition: "inline", format: "json", context });
}
