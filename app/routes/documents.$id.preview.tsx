/**
 * GET /documents/:id/preview: the decrypted document inline, for its owner or an admin; a plain
 * link that works without JavaScript. Anyone else (also when signed out) gets the same 404 page as
 * a missing document, so the route reveals nothing.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseDocumentId } from "~/schemas/documents.schema";
import { documentErrorPage, documentFileResponse } from "~/server/document-response.server";
import { getUser } from "~/server/session.server";
import { openDocument } from "~/services/document-serve.server";
import { getClientIp } from "~/utils/request.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const opened = await openDocument(user, parseDocumentId(params.id), { disposition: "inline", ip: getClientIp(request, context) });
  return opened.ok ? documentFileResponse(opened, "inline") : documentErrorPage(opened.status, opened.toast, user);
}
