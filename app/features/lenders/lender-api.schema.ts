/**
 * The partner API's answers and paths for a lender's systems (app/features/lenders/lender-api.server.ts):
 * the lender workspace's queue and application page as JSON. The bodies of the actions are beside
 * the workspace's forms in ./lender.schema.ts (same fields, same messages).
 */
import { z } from "zod";
import { ApiStatusParamsSchema, ApiStatusPathSchema } from "~/features/applications";
import { LENDER_STAGES } from "~/features/lenders/domain/lender-stage";

const isoDateTime = z.string().datetime({ offset: true }).describe("ISO 8601 date-time (UTC)");
const STAGE_VALUES = LENDER_STAGES.map((s) => s.value) as [string, ...string[]];
const stage = z
  .enum(STAGE_VALUES)
  .describe(`Where the application stands for your lender: ${LENDER_STAGES.map((s) => `${s.value} (${s.label})`).join(", ")}`);

export const LenderApiListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(50).describe("At most this many, newest first (1-100, default 50)"),
    stage: stage.optional(),
  })
  .strict();

const dbId = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(2_147_483_647));

/** The route params: the application's reference (`$reference`), and a document's or offer's id. */
export const LenderApiParamsSchema = ApiStatusParamsSchema;
export const LenderApiPathSchema = ApiStatusPathSchema;
export const LenderApiDocumentParamsSchema = ApiStatusParamsSchema.extend({ documentId: dbId });
export const LenderApiDocumentPathSchema = ApiStatusPathSchema.extend({
  documentId: dbId.describe("The document's id (from the application's documents)"),
});
export const LenderApiOfferParamsSchema = ApiStatusParamsSchema.extend({ offerId: dbId });
export const LenderApiOfferPathSchema = ApiStatusPathSchema.extend({ offerId: dbId.describe("The id of one of your lender's offers") });

const listOffer = z
  .object({
    id: z.number().int(),
    status: z.string(),
    productName: z.string(),
    amountCents: z.number().int(),
    termMonths: z.number().int(),
    noteRateBps: z.number().int(),
    estimatedAprBps: z.number().int(),
    expiresAt: isoDateTime,
  })
  .strict();

export const LenderApiApplicationListSchema = z
  .object({
    applications: z.array(
      z
        .object({
          applicationId: z.string().describe("The APP- reference"),
          status: z.string(),
          stage,
          amount: z.number(),
          purpose: z.string(),
          state: z.string().describe("Two-letter US state of the business"),
          submittedAt: isoDateTime.nullable(),
          offers: z.array(listOffer).describe("Your lender's offers only"),
        })
        .strict(),
    ),
  })
  .strict();

const offerView = z
  .object({
    id: z.number().int(),
    lenderName: z.string(),
    nmlsId: z.string(),
    productName: z.string(),
    source: z.enum(["match", "manual", "lender"]).describe("match: an instant offer from the marketplace; lender: your firm offer"),
    state: z.enum(["offered", "accepted", "withdrawn", "expired"]),
    amountCents: z.number().int(),
    termMonths: z.number().int(),
    noteRateBps: z.number().int(),
    feeCents: z.number().int(),
    fundingCents: z.number().int(),
    estimatedAprBps: z.number().int().describe("APR (Regulation Z, appendix J) in basis points"),
    paymentCents: z.number().int(),
    finalPaymentCents: z.number().int(),
    paymentCount: z.number().int(),
    totalPaymentsCents: z.number().int(),
    financeChargeCents: z.number().int(),
    prepayment: z.string(),
    fundingDays: z.number().int(),
    expiresAt: isoDateTime,
    firm: z.boolean().describe("Made by your lender (a firm offer)"),
    confirmed: z.boolean().describe("An instant offer your lender confirmed"),
  })
  .strict();

export const LenderApiApplicationSchema = z
  .object({
    applicationId: z.string().describe("The APP- reference"),
    status: z.string(),
    amount: z.number(),
    purpose: z.string(),
    purposeLabel: z.string(),
    annualIncome: z.number(),
    livingSituation: z.string(),
    monthlyPayment: z.number(),
    businessName: z.string().nullable().describe("The optional answers lenders price on: null when the applicant did not answer"),
    ein: z.string().nullable().describe("XX-XXXXXXX"),
    industry: z.string().nullable(),
    timeInBusiness: z.string().nullable(),
    monthlyRevenue: z.number().nullable().describe("Average monthly revenue, US dollars"),
    creditScoreRange: z.string().nullable().describe("Self-reported"),
    naicsCode: z.string().nullable().describe("Section 1071: the NAICS industry code, 3 to 6 digits (null: not answered)"),
    numberOfWorkers: z
      .string()
      .nullable()
      .describe("Section 1071: how many people work for the business besides its owners, a range (null: not answered)"),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    ownerName: z.string(),
    submittedAt: isoDateTime.nullable(),
    stage,
    offers: z.array(offerView).describe("Your lender's offers only"),
    acceptedOfferId: z.number().int().nullable().describe("The applicant accepted this offer of your lender"),
    closedToOffers: z.boolean().describe("The applicant accepted an offer (yours or another lender's): no new offers"),
    decline: z
      .object({ reasons: z.array(z.string()), at: isoDateTime })
      .strict()
      .nullable()
      .describe("Your lender's decline, if any"),
    requests: z
      .array(z.object({ id: z.number().int(), message: z.string(), status: z.string(), createdAt: isoDateTime }).strict())
      .describe("Your lender's document requests"),
    summaryEvidence: z
      .array(
        z
          .object({
            offerId: z.number().int(),
            presentations: z
              .array(z.object({ at: isoDateTime, via: z.string(), spec: z.string(), textSha256: z.string() }).strict())
              .describe("Each time the offer's summary (the state's form) was shown to the applicant: page, PDF, API or e-mail"),
            signed: z
              .object({ signerName: z.string(), at: isoDateTime, textSha256: z.string() })
              .strict()
              .nullable()
              .describe("The applicant's signature of the summary, when this is the accepted offer"),
          })
          .strict(),
      )
      .describe("For each of your lender's offers: the evidence that its summary was presented before it was signed"),
    documents: z.array(
      z
        .object({
          id: z.number().int(),
          documentType: z.string(),
          label: z.string(),
          fileName: z.string(),
          fileSize: z.number().int(),
          contentType: z.string(),
          uploadedAt: isoDateTime,
          downloadPath: z.string().describe("GET it with a key holding documents:read"),
        })
        .strict(),
    ),
  })
  .strict();

export const LenderApiActionAnswerSchema = z
  .object({
    message: z.string(),
    id: z.number().int().optional().describe("The new firm offer's or document request's id"),
  })
  .strict();
