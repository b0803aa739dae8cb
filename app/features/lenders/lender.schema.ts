/**
 * The lender workspace's forms: an admin's invitation of a lender user, and the lender's
 * actions on an application (firm offer, decline, request documents, confirm or withdraw an instant
 * offer). Pure: used by the actions, the pages and the tests.
 */
import { z } from "zod";
import { DECLINE_REASON_CODES, MAX_DECLINE_REASONS } from "~/content/decline-reasons";
import { DocumentRequestFields } from "~/features/back-office";
import { emailField, firstNameField, lastNameField } from "~/features/accounts";
import { prepaymentPolicyReadable, requiredRate } from "~/features/marketplace";
import { MARKET_MSG } from "~/content/messages";

export const LENDER_MSG = {
  reasonsRequired: "Choose at least one reason",
  tooManyReasons: `Choose at most ${MAX_DECLINE_REASONS} principal reasons`,
  amount: "Enter an amount between $1,000 and $10,000,000",
  term: "Enter a term between 1 and 360 months",
  fee: "Enter an origination fee of $0 or more, less than the amount",
  prepayment: "Describe the prepayment terms (up to 300 characters)",
  validity: "Enter a validity between 1 and 90 days",
  withdrawReason: "Please give a reason",
  fundedAmount: "Enter the amount sent in USD (more than $0, cents at most)",
  fundedOn: "Enter the funding date as YYYY-MM-DD (today or earlier)",
  inviteInvalid: "This invitation link is invalid, expired or already used. Ask your administrator for a new one.",
  inviteEmailTaken: "That e-mail address already has an account. Use another address.",
} as const;

/** /admin/lenders/:id: invite a user of this lender. */
export const LenderInviteSchema = z.object({
  intent: z.literal("invite"),
  email: emailField,
  firstName: firstNameField,
  lastName: lastNameField,
});

/** A number as typed: a blank field is refused with `message`, never read as 0. */
const num = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number({ invalid_type_error: message, required_error: message }).min(min, message).max(max, message),
  );

/** A firm offer's fields, in dollars, percent and days as typed (the form) or sent (the partner API). */
const firmOfferFields = {
  amount: num(1_000, 10_000_000, LENDER_MSG.amount).transform((d) => Math.round(d * 100)),
  termMonths: num(1, 360, LENDER_MSG.term).pipe(z.number().int(LENDER_MSG.term)),
  // The catalogue's rule: required, and no rate under the pricing floor (a 0 % offer is a mistake).
  noteRate: requiredRate("Note rate"),
  originationFee: num(0, 10_000_000, LENDER_MSG.fee).transform((d) => Math.round(d * 100)),
  prepayment: z
    .string({ required_error: LENDER_MSG.prepayment })
    .trim()
    .min(1, LENDER_MSG.prepayment)
    .max(300, LENDER_MSG.prepayment)
    // The state summaries state a prepayment fee's amount, so the words must say it in a form they read.
    .refine(prepaymentPolicyReadable, MARKET_MSG.prepaymentPolicyUnreadable),
  validityDays: num(1, 90, LENDER_MSG.validity).pipe(z.number().int(LENDER_MSG.validity)),
};
const feeUnderAmount = <T extends { originationFee: number; amount: number }>(s: z.ZodType<T, z.ZodTypeDef, unknown>) =>
  s.refine((v) => v.originationFee < v.amount, { path: ["originationFee"], message: LENDER_MSG.fee });

/** A firm offer, in dollars, percent and days as typed; priced by the money module in cents and basis points. */
export const FirmOfferSchema = feeUnderAmount(z.object({ intent: z.literal("firm-offer"), ...firmOfferFields }));
export type FirmOfferInput = Omit<z.infer<typeof FirmOfferSchema>, "intent">;

/** A decline: one to four reason codes from the shared list. */
export const LenderDeclineSchema = z.object({
  intent: z.literal("decline"),
  reasons: z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === "string" && v ? [v] : []),
    z
      .array(z.enum(DECLINE_REASON_CODES, { errorMap: () => ({ message: LENDER_MSG.reasonsRequired }) }))
      .min(1, LENDER_MSG.reasonsRequired)
      .max(MAX_DECLINE_REASONS, LENDER_MSG.tooManyReasons)
      .transform((v) => [...new Set(v)]),
  ),
});

/** Documents asked of the applicant: the back office's fields. */
export const LenderDocumentRequestSchema = DocumentRequestFields.extend({ intent: z.literal("request-documents") });

const offerId = z.coerce.number().int().min(1).max(2_147_483_647);
export const ConfirmInstantOfferSchema = z.object({ intent: z.literal("confirm-offer"), offerId });
export const WithdrawInstantOfferSchema = z.object({
  intent: z.literal("withdraw-offer"),
  offerId,
  reason: z.string().trim().min(1, LENDER_MSG.withdrawReason).max(200, LENDER_MSG.withdrawReason),
});

/** The lender's moves of the loan's life once the applicant accepted its offer (app/features/marketplace/loan-stage.server.ts). */
export const MarkVerifyingSchema = z.object({ intent: z.literal("mark-verifying") });
export const MarkFundedSchema = z.object({
  intent: z.literal("mark-funded"),
  amount: z
    .string({ required_error: LENDER_MSG.fundedAmount })
    .trim()
    .transform((v) => v.replace(/[$,\s]/g, ""))
    .pipe(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, LENDER_MSG.fundedAmount))
    .transform((v) => Math.round(Number(v) * 100))
    .pipe(z.number().int().min(1, LENDER_MSG.fundedAmount)),
  fundedOn: z
    .string({ required_error: LENDER_MSG.fundedOn })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, LENDER_MSG.fundedOn)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00.000Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getTime() <= Date.now() + 86_400_000;
    }, LENDER_MSG.fundedOn),
});

export const ApplicationIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

// ---------------------------------------------------------------------------------------------
// The partner API's bodies for the same actions (a lender's systems, with its partner API key):
// the same fields and messages as the workspace's forms, as JSON (numbers may be sent as numbers).

const described = <T extends z.ZodTypeAny>(t: T, d: string) => t.describe(d);

export const ApiFirmOfferBodySchema = feeUnderAmount(
  z
    .object({
      amount: described(firmOfferFields.amount, "Loan amount in US dollars (1,000 to 10,000,000)"),
      termMonths: described(firmOfferFields.termMonths, "Term in months (1 to 360)"),
      noteRate: described(firmOfferFields.noteRate, "Note (interest) rate in percent a year, at least the pricing floor"),
      originationFee: described(firmOfferFields.originationFee, "Origination fee in US dollars (0 or more, less than the amount)"),
      prepayment: described(firmOfferFields.prepayment, "The prepayment terms as the applicant will read them (up to 300 characters)"),
      validityDays: described(firmOfferFields.validityDays, "How many days the offer stays open (1 to 90)"),
    })
    .strict(),
);

export const ApiLenderDeclineBodySchema = z
  .object({ reasons: described(LenderDeclineSchema.shape.reasons, "One to four reason codes from the shared list (see the guide)") })
  .strict();

export const ApiLenderDocumentRequestBodySchema = DocumentRequestFields.strict();

export const ApiWithdrawOfferBodySchema = z
  .object({ reason: WithdrawInstantOfferSchema.shape.reason.describe("Why (up to 200 characters)") })
  .strict();

/** Confirm an instant offer, mark verifying: nothing to send but `{}` (a JSON body, so Idempotency-Key applies). */
export const ApiEmptyBodySchema = z.object({}).strict();

export const ApiMarkFundedBodySchema = z
  .object({
    amount: z
      .union([z.number(), z.string()], { errorMap: () => ({ message: LENDER_MSG.fundedAmount }) })
      .transform(String)
      .pipe(MarkFundedSchema.shape.amount)
      .describe("The amount sent, in US dollars (more than 0, cents at most)"),
    fundedOn: MarkFundedSchema.shape.fundedOn.describe("The funding date, YYYY-MM-DD (today or earlier)"),
  })
  .strict();
