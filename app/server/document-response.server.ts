/**
 * The HTTP answers of the document routes (pages and API): the file itself with locked-down
 * headers, the small HTML error page of the page routes, and the JSON error of the API.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DocumentErrorPage, type BackLink } from "~/components/document-error-page";
import type { PublicUser } from "~/models/user.server";
import { contentDisposition } from "~/services/document-naming.server";
import type { Disposition, OpenedDocument } from "~/services/document-serve.server";
import type { ToastMessage } from "~/utils/messages";

const DOCUMENT_CSP = "sandbox; default-src 'none'; frame-ancestors 'self'";
const ERROR_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** The decrypted file: its stored (sniffed) type, an RFC 6266 Content-Disposition, sandboxed. */
export function documentFileResponse(doc: Extract<OpenedDocument, { ok: true }>, disposition: Disposition): Response {
  // A Buffer is a Uint8Array; the DOM typings only miss SharedArrayBuffer-backed ones.
  return new Response(doc.body as unknown as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "Content-Type": doc.contentType,
      "Content-Length": String(doc.body.length),
      "Content-Disposition": contentDisposition(disposition, doc.fileName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
      "Content-Security-Policy": DOCUMENT_CSP,
      "Referrer-Policy": "no-referrer",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}

/** The page routes' refusal: a page with a way back (to the admin, the dashboard or home). */
export function documentErrorPage(status: number, toast: ToastMessage, user: PublicUser | null): Response {
  const back: BackLink =
    user?.role === "admin" ? { href: "/admin", label: "Back to admin" } : user ? { href: "/dashboard", label: "Back to dashboard" } : { href: "/", label: "Go back home" };
  const html = `<!DOCTYPE html>${renderToStaticMarkup(createElement(DocumentErrorPage, { toast, back }))}`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": ERROR_PAGE_CSP,
      "Referrer-Policy": "no-referrer",
    },
  });
}
