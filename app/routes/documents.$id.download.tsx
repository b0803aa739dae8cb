/**
 * GET /documents/:id/download: the decrypted document as an attachment with its stored file name,
 * for its owner or an admin; a plain link that works without JavaScript. Anyone else (also when
 * signed out) gets the same 404 page as a missing document.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentPage } from "~/features/documents/document-response.server";

export const loader = (args: LoaderFunctionArgs) => documentPage(args, "attachment");
