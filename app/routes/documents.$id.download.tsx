/**
 * GET /documents/:id/download: the decrypted document as an attachment with its stored file name,
 * for its owner or an admin; a plain link that works without JavaScript. Anyone else (also when
 * signed out) gets the same 404 page as a missing document.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseDocumentId } from "~/schemas/documents.schema";
import { documentErrorPage, documentFileResponse } from "~/server/document-response.server";
import { getUser } from "~/server/session.server";
import { openDocument } from "~/services/document-serve.server";
import { getClientIp } from "~/utils/request.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const opened = await openDocument(user, parseDocumentId(params.id), { disposition: "attachment", ip: getClientIp(request, context) });
  return opened.ok ? documentFileResponse(opened, "attachment") : documentErrorPage(opened.status, opened.toast, user);
}
