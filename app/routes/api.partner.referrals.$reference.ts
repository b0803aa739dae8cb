/**
 * GET /api/partner/referrals/{applicationId}: a referral partner's view of one application it sent
 * (status, amount, purpose, offers count, funding, dates; nothing personal, never documents).
 * Another partner's application: 403.
 */
import { PartnerReferralParamsSchema, PartnerReferralPathSchema, PartnerReferralSchema } from "~/features/partners/partner.schema";
import { getReferral } from "~/features/partners/partner-api.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";
import { MSG, PARTNER_MSG } from "~/content/messages";

export const { loader, action, endpoints } = apiRoute({
  GET: endpoint({
    auth: "partner",
    partner: { scope: "applications:read", kinds: ["referral"] },
    params: PartnerReferralParamsSchema,
    notFoundMessage: MSG.statusNotFound,
    openapi: ({ schema, json, err }) => ({
      operationId: "getPartnerReferral",
      request: { params: PartnerReferralPathSchema },
      tag: "Partner API",
      summary: "Read one of your referrals",
      description:
        "The status of an application your referral partner account sent (POST /api/loan-applications with your key): 'draft' until the business owner submits it, then its progress, how many offers lenders made (open or accepted) and, once funded, the amount and day. Nothing personal and no documents; another partner's referral answers 403.",
      responses: {
        200: json(schema("PartnerReferral", PartnerReferralSchema), "The referral"),
        403: err(`${PARTNER_MSG.referralNotYours}; or the key lacks the scope or is not a referral partner's`),
        404: err(MSG.statusNotFound),
      },
    }),
    async handler({ partner, params }) {
      const out = await getReferral(partner, params.reference);
      return out.ok ? apiJson(out.value) : apiError(out.status, "message" in out ? out.message : MSG.apiNotFound);
    },
  }),
});
