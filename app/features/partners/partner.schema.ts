/**
 * The partner API's bodies and answers, and the admin's partner forms. A referral is the
 * body of POST /api/loan-applications (without userId) plus the applicant it is for.
 */
import { z } from "zod";
import { ApiCreateApplicationBodySchema, ApiStatusParamsSchema, ApiStatusPathSchema } from "~/features/applications";
import { PARTNER_KINDS, PARTNER_SCOPES } from "~/content/enums";
import { emailField, firstNameField, lastNameField } from "~/features/accounts";

const isoDateTime = z.string().datetime({ offset: true }).describe("ISO 8601 date-time (UTC)");

export const PartnerReferralBodySchema = ApiCreateApplicationBodySchema.omit({ userId: true, shareWithLenders: true })
  .extend({
    status: z
      .enum(["draft", "submitted"], { errorMap: () => ({ message: "status must be 'draft' or 'submitted'" }) })
      .optional()
      .describe(
        "Leave it out or send 'draft': the application stays a draft until the business owner submits it. 'submitted' is refused with 422: only the owner gives the consents and submits.",
      ),
    applicant: z
      .object({ email: emailField, firstName: firstNameField, lastName: lastNameField })
      .strict()
      .describe(
        "The business owner the application is for. A new e-mail gets an account and an e-mail with a single-use link (7 days) to choose a password and open the application; an existing applicant's account gets the application and an e-mail asking them to sign in to it. Either way the owner reviews the application, gives the consents and submits it.",
      ),
  })
  .strict();
export type PartnerReferralBody = z.infer<typeof PartnerReferralBodySchema>;

/** What a referral partner sees of its referral: no personal details, no documents. */
export const PartnerReferralSchema = z
  .object({
    applicationId: z.string().describe("The APP- reference"),
    status: z
      .string()
      .describe(
        "'draft' until the business owner submits it; then submitted, pending, under-review, approved, rejected, offer-accepted or withdrawn",
      ),
    amount: z.number(),
    purpose: z.string(),
    offersCount: z.number().int().describe("Offers lenders made on the application that are open or accepted"),
    funding: z
      .object({
        amountCents: z.number().int().describe("The amount the lender sent, in cents"),
        fundedOn: z.string().describe("The day the lender sent it (YYYY-MM-DD)"),
      })
      .strict()
      .nullable()
      .describe("Set once the loan is funded; null before"),
    submittedAt: isoDateTime.nullable().describe("When the business owner submitted it; null while it is a draft"),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .strict();
export type PartnerReferral = z.infer<typeof PartnerReferralSchema>;

export const PartnerReferralParamsSchema = ApiStatusParamsSchema;
export const PartnerReferralPathSchema = ApiStatusPathSchema;

// ---------------------------------------------------------------------------------------------
// Admin forms (/admin/partners)

export const CreatePartnerFormSchema = z
  .object({
    name: z.string({ required_error: "Enter the partner's name" }).trim().min(2, "Enter the partner's name").max(120),
    kind: z.enum(PARTNER_KINDS, { errorMap: () => ({ message: "Choose lender or referral" }) }),
    lenderId: z.preprocess((v) => (v === "" || v == null ? undefined : v), z.coerce.number().int().positive().optional()),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "lender" && !v.lenderId)
      ctx.addIssue({ code: "custom", path: ["lenderId"], message: "Choose the lender this partner acts for" });
  });

/** Overlap choices for a rotation, in hours (0: the old key stops at once). */
export const ROTATION_OVERLAP_HOURS = [0, 1, 24, 72, 168] as const;

export const CreateKeyFormSchema = z.object({
  label: z.string().trim().max(100).default(""),
  scopes: z
    .array(z.enum(PARTNER_SCOPES, { errorMap: () => ({ message: "Unknown scope" }) }))
    .min(1, "Choose at least one scope")
    .transform((s) => [...new Set(s)]),
  expiresInDays: z.preprocess((v) => (v === "" || v == null ? undefined : v), z.coerce.number().int().min(1).max(730).optional()),
  rateLimitPerMinute: z.coerce.number().int().min(1, "At least 1 request a minute").max(10_000).default(120),
});

export const RotateKeyFormSchema = z.object({
  keyId: z.coerce.number().int().positive(),
  overlapHours: z.coerce
    .number()
    .int()
    .refine((h) => (ROTATION_OVERLAP_HOURS as readonly number[]).includes(h), "Choose an overlap"),
});

/** The scopes a lender partner's key can use (referrals are a referral partner's). */
export const LENDER_KEY_SCOPES = PARTNER_SCOPES.filter((s) => s !== "applications:write");

/** /lender/keys: a new key of one of the lender's partners. */
export const LenderCreateKeyFormSchema = CreateKeyFormSchema.extend({ partnerId: z.coerce.number().int().positive() });

export const RevokeKeyFormSchema = z.object({ keyId: z.coerce.number().int().positive() });
