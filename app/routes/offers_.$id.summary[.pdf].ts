/**
 * /offers/:id/summary.pdf: the offer summary in the applicant's state's form as a PDF download.
 * The owner, or an admin (read only), may fetch it; anyone else gets a 404.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { getOfferDisclosureForViewer } from "~/features/marketplace/marketplace.server";
import { offerSummaryPdf } from "~/features/marketplace/offer-summary-pdf.server";
import { OfferIdParamsSchema } from "~/features/marketplace/offers.schema";
import { getClientIp } from "~/platform/http/request.server";
import { requireUser } from "~/features/accounts/session/session.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const parsed = OfferIdParamsSchema.safeParse(params);
  if (!parsed.success || !/^\d{1,10}$/.test(params.id ?? "")) throw data(null, { status: 404 });
  const view = await getOfferDisclosureForViewer(user, parsed.data.id, { ip: getClientIp(request, context), via: "page" });
  if (!view) throw data(null, { status: 404 });
  return new Response(Buffer.from(await offerSummaryPdf(view)), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="offer-summary-${view.reference}-${view.offer.id}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
