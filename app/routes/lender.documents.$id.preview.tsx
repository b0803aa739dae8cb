/** GET /lender/documents/:id/preview: a document of an application shared with the lender user's lender, inline; audited. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { lenderDocumentPage } from "~/features/lenders/lender-document.server";

export const loader = (args: LoaderFunctionArgs) => lenderDocumentPage(args, "inline");
