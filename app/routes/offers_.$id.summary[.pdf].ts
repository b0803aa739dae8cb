/**
 * /offers/:id/summary.pdf: the offer summary in the applicant's state's form as a PDF download
 * (recorded as a presentation when its owner fetches it). The owner, or an admin (read only), may
 * fetch it; anyone else gets a 404.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { offerSummaryPdfFor, pdfResponse } from "~/features/marketplace/offer-summary-files.server";
import { OfferIdParamsSchema } from "~/features/marketplace/offers.schema";
import { getClientIp } from "~/platform/http/request.server";
import { requireUser } from "~/features/accounts/session/session.server";
import { getLanguage } from "~/platform/http/language.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const parsed = OfferIdParamsSchema.safeParse(params);
  if (!parsed.success || !/^\d{1,10}$/.test(params.id ?? "")) throw data(null, { status: 404 });
  const file = await offerSummaryPdfFor(user, parsed.data.id, getClientIp(request, context), await getLanguage(request));
  if (!file) throw data(null, { status: 404 });
  return pdfResponse(file);
}
