/** GET /lender/documents/:id/download: as the preview, as an attachment. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { lenderDocumentPage } from "~/features/lenders/lender-document.server";

export const loader = (args: LoaderFunctionArgs) => lenderDocumentPage(args, "attachment");
