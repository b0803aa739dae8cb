/**
 * /offers/:id/signed.pdf: the signed offer summary of the accepted offer, to download and keep
 * (the same file the acceptance e-mail carries). Only the applicant who signed it may fetch it;
 * anyone else (an admin too), or an offer that was not accepted, gets a 404.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { signedSummaryPdfFor, pdfResponse } from "~/features/marketplace/offer-summary-files.server";
import { OfferIdParamsSchema } from "~/features/marketplace/offers.schema";
import { getClientIp } from "~/platform/http/request.server";
import { requireUser } from "~/features/accounts/session/session.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const parsed = OfferIdParamsSchema.safeParse(params);
  if (!parsed.success || !/^\d{1,10}$/.test(params.id ?? "")) throw data(null, { status: 404 });
  const signed = await signedSummaryPdfFor(user, parsed.data.id, getClientIp(request, context));
  if (!signed) throw data(null, { status: 404 });
  return pdfResponse(signed);
}
