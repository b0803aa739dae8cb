/**
 * The document routes' HTTP side, for the pages (/documents/:id/preview|download) and the API
 * (/api/documents/preview|download/:id): the file itself with locked-down headers, the small HTML
 * error page of the pages, the JSON errors of the API (through apiRoute).
 */
import { ApiIdParamsSchema } from "~/features/applications";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DocumentErrorPage, type BackLink } from "~/features/documents/components/document-error-page";
import type { PublicUser } from "~/features/accounts/index.server";
import { DocumentIdParamsSchema, parseDocumentId } from "~/features/documents/documents.schema";
import { contentDisposition } from "~/features/documents/document-naming.server";
import { openDocument, type Disposition, type OpenedDocument } from "~/features/documents/document-serve.server";
import { toastText, type ToastMessage } from "~/content/messages";
import { getClientIp } from "~/platform/http/request.server";
import { DOCUMENT_ERROR_PAGE_HEADERS, DOCUMENT_FILE_HEADERS } from "~/platform/http/security-headers.server";
import { apiError, endpoint } from "~/platform/api/api-route.server";
import { getUser } from "~/features/accounts/index.server";

/** The decrypted file: its stored (sniffed) type, an RFC 6266 Content-Disposition, sandboxed. */
export function documentFileResponse(doc: Extract<OpenedDocument, { ok: true }>, disposition: Disposition): Response {
  // A Buffer is a Uint8Array; the DOM typings only miss SharedArrayBuffer-backed ones.
  return new Response(doc.body as unknown as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "Content-Type": doc.contentType,
      "Content-Length": String(doc.body.length),
      "Content-Disposition": contentDisposition(disposition, doc.fileName),
      ...DOCUMENT_FILE_HEADERS,
    },
  });
}

/** The page routes' refusal: a page with a way back (to the admin, the dashboard or home). */
export function documentErrorPage(status: number, toast: ToastMessage, user: PublicUser | null): Response {
  const back: BackLink =
    user?.role === "admin"
      ? { href: "/admin", label: "Back to admin" }
      : user?.role === "lender"
        ? { href: "/lender", label: "Back to the lender workspace" }
        : user
          ? { href: "/dashboard", label: "Back to dashboard" }
          : { href: "/", label: "Go back home" };
  const html = `<!DOCTYPE html>${renderToStaticMarkup(createElement(DocumentErrorPage, { toast, back }))}`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      ...DOCUMENT_ERROR_PAGE_HEADERS,
    },
  });
}

/** A page route's loader: the file, or (also when signed out) the error page. */
export async function documentPage({ request, params, context }: LoaderFunctionArgs, disposition: Disposition): Promise<Response> {
  const user = await getUser(request);
  const opened = await openDocument(user, parseDocumentId(params.id), { disposition, ip: getClientIp(request, context) });
  return opened.ok ? documentFileResponse(opened, disposition) : documentErrorPage(opened.status, opened.toast, user);
}

/** An API route's GET: the file, or a JSON error (401 signed out, 404 missing or not yours). */
export function documentEndpoint(disposition: Disposition) {
  const inline = disposition === "inline";
  return endpoint({
    auth: "user",
    params: DocumentIdParamsSchema,
    openapi: ({ err, binary }) => ({
      operationId: inline ? "previewDocument" : "downloadDocument",
      tag: "Documents",
      summary: inline ? "Open a document" : "Download a document",
      request: { params: ApiIdParamsSchema },
      description: `The file's bytes with its stored content type, Content-Disposition ${inline ? "inline" : "attachment (with the stored file name)"}. Owner or admin only.`,
      responses: {
        200: { description: "The file", content: { "*/*": { schema: binary() } } },
        404: err("No such document, not the caller's, or the file is no longer available"),
      },
    }),
    async handler({ user, params, ip }) {
      const opened = await openDocument(user, params.id, { disposition, ip });
      return opened.ok ? documentFileResponse(opened, disposition) : apiError(opened.status, toastText(opened.toast));
    },
  });
}
