/**
 * The lender workspace's document routes: the same decrypting, audited document serve as
 * the applicant's and admin's routes, for a lender user whose lender the document's application is
 * shared with. Anyone else (another lender's user included) gets the same 404 page as a missing document.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseDocumentId } from "~/features/documents";
import { openDocument, type Disposition } from "~/features/documents/index.server";
import { applicationSharedWith } from "~/features/lenders/lender-workspace.server";
import { getClientIp } from "~/platform/http/request.server";
import { documentErrorPage, documentFileResponse } from "~/features/documents/index.server";
import { requireLender } from "~/features/accounts/index.server";

export async function lenderDocumentPage({ request, params, context }: LoaderFunctionArgs, disposition: Disposition): Promise<Response> {
  const { user, lenderId } = await requireLender(request);
  const opened = await openDocument(user, parseDocumentId(params.id), {
    disposition,
    ip: getClientIp(request, context),
    lenderMayRead: (applicationId) => applicationSharedWith(lenderId, applicationId),
  });
  return opened.ok ? documentFileResponse(opened, disposition) : documentErrorPage(opened.status, opened.toast, user);
}
