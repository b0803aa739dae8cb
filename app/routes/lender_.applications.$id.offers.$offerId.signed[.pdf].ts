/**
 * /lender/applications/:id/offers/:offerId/signed.pdf: the signed offer summary of the lender's own
 * accepted offer, the copy the financer keeps (10 CCR 920(a), 23 NYCRR 600.18(a)); audited. Not
 * shared, another lender's offer, or an offer not accepted: 404.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { pdfResponse } from "~/features/marketplace/offer-summary-files.server";
import { z } from "zod";
import { requireLender } from "~/features/accounts/session/session.server";
import { lenderSignedSummary } from "~/features/lenders/lender-workspace.server";
import { readerTimeZone } from "~/features/mail";
import { getClientIp } from "~/platform/http/request.server";

const Params = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number),
  offerId: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number),
});

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, lenderId } = await requireLender(request);
  const p = Params.safeParse(params);
  if (!p.success) throw data(null, { status: 404 });
  const file = await lenderSignedSummary(
    { userId: user.id, lenderId, ip: getClientIp(request, context) },
    p.data.id,
    p.data.offerId,
    readerTimeZone(user),
  );
  if (!file) throw data(null, { status: 404 });
  return pdfResponse(file);
}
