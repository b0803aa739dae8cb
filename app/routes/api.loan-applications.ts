/**
 * POST /api/loan-applications: a new application of the signed-in caller. A draft (partial fields
 * allowed, the product's defaults for the rest) unless status is 'submitted', which checks every
 * wizard step, sets submittedAt and queues the confirmation e-mail. 201 the application.
 * A referral partner's API key (scope applications:write) sends the business owner with it instead
 * of a userId: a draft the owner is e-mailed about and submits themselves ('submitted' from a key
 * is refused with 422); the answer is the referral (no personal details).
 */
import { z } from "zod";
import { ApiApplicationSchema, ApiCreateApplicationBodySchema } from "~/features/applications/api.schema";
import { PartnerReferralBodySchema, PartnerReferralSchema } from "~/features/partners/partner.schema";
import { createApiApplication } from "~/features/applications/application-api.server";
import { createReferral } from "~/features/partners/partner-api.server";
import { apiError, apiJson, apiRoute, apiValidationError, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  POST: endpoint({
    auth: "user",
    body: ApiCreateApplicationBodySchema,
    rateLimit: ({ user }) => ({ rule: "api", keys: [`user:${user.id}`] }),
    partner: {
      scope: "applications:write",
      kinds: ["referral"],
      body: PartnerReferralBodySchema,
      async handler({ partner, body, ip }) {
        const out = await createReferral(partner, body, ip);
        if (out.ok) return apiJson(out.value, out.status);
        return out.status === 400 ? apiValidationError(out.errors) : apiError(out.status, out.message);
      },
    },
    openapi: ({ schema, json, err, bodyErrors, jsonBody }) => ({
      operationId: "createApplication",
      tag: "Loan applications",
      summary: "Create an application (draft or final submission)",
      description:
        "Creates an application of the caller. Without status (or 'draft') it is a draft: fields may be missing (the product's defaults apply) but a field that is given must be valid. With status 'submitted' every wizard step is checked, submittedAt is set and the confirmation e-mail is queued. Money fields are numeric strings.\n\nA referral partner's API key sends a PartnerReferralRequest (the same fields without userId, plus the applicant: the business owner) and gets a PartnerReferral back: a draft attributed to the partner, whose key can then read its status, offers count and funding at /api/partner/referrals/{applicationId}. The owner is e-mailed at once: a new e-mail gets an account and a single-use link (7 days) to choose a password, an existing account a notice to sign in. The owner reviews the details in the application wizard, gives the consents and submits it. A partner cannot submit for the owner: status 'submitted' with a partner key is refused with 422 and nothing is created.",
      request: {
        body: jsonBody(
          z.union([
            schema("CreateApplicationRequest", ApiCreateApplicationBodySchema),
            schema("PartnerReferralRequest", PartnerReferralBodySchema),
          ]),
        ),
      },
      responses: {
        201: json(
          z.union([schema("Application", ApiApplicationSchema), schema("PartnerReferral", PartnerReferralSchema)]),
          "The application (money as numeric strings); for a partner key, the referral",
        ),
        422: err(
          "Idempotency-Key reused with another body; or (partner key) status 'submitted' (only the business owner submits) or an applicant e-mail that cannot be used",
        ),
        ...bodyErrors,
        403: err("userId is not the caller's own, or a cross-site request"),
        429: err("Too many requests (Retry-After)"),
      },
    }),
    async handler({ user, body }) {
      const out = await createApiApplication(user, body);
      if (out.ok) return apiJson(out.application, out.status);
      return out.status === 400 ? apiValidationError(out.errors) : apiError(out.status, out.message);
    },
  }),
});
