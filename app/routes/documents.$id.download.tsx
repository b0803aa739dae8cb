/**
 * GET /documents/:id/download: the decrypted document as an attachment with its stored file name,
 * for its owner or an admin; a plain link that works without JavaScript. Anyone else (also when
 * signed out) gets the same 404 page as a missing document.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseDocumentId } from "~/schemas/documents.schema";
import { documentResponse } from "~/services/documents.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return documentResponse(request, parseDocumentId(params.id), { disposition: "attachment", format: "html", context });
}
