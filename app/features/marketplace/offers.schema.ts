/**
 * The marketplace's inputs (pure): accepting an offer (the page's form and the API's JSON body),
 * the comparison's sort, the admin's manual offer, withdraw and lender forms.
 */
import { z } from "zod";
import { MARKET_MSG } from "~/content/messages";
import { LOAN_PURPOSE_VALUES } from "~/content/loan-options";
import { US_STATES } from "~/content/us-states";
import { LENDER_STATUSES, OFFER_SOURCES, OFFER_STATUSES } from "~/content/enums";
import { NOTE_RATE_FLOOR_BPS, NOTE_RATE_MAX_BPS } from "~/features/marketplace/domain/catalogue-rules";
import { prepaymentPolicyReadable } from "~/features/marketplace/domain/prepayment-fees";

export const SIGNER_NAME_MAX = 200;

const signerName = z
  .string({ required_error: MARKET_MSG.signerNameRequired })
  .trim()
  .min(2, MARKET_MSG.signerNameRequired)
  .max(SIGNER_NAME_MAX, MARKET_MSG.signerNameRequired)
  .transform((v) => v.replace(/\s+/g, " "));
const disclosureSha256 = z.string().regex(/^[0-9a-f]{64}$/, MARKET_MSG.disclosureChanged);

/**
 * The disclosure page's acceptance form (a checkbox sends "on"). Its first submit (the button, or
 * Enter in the name field) is `review`: the page answers with what is being signed; only the
 * review's own button sends `accept`.
 */
export const AcceptOfferFormSchema = z.object({
  intent: z.enum(["review", "accept"]).catch("review"),
  signerName,
  confirmRead: z.literal("on", { errorMap: () => ({ message: MARKET_MSG.mustConfirmDisclosure }) }),
  disclosureSha256,
});

/** POST /api/offers/{id}/accept: the same fields as JSON. */
export const AcceptOfferBodySchema = z
  .object({
    signerName,
    confirmRead: z.literal(true, { errorMap: () => ({ message: MARKET_MSG.mustConfirmDisclosure }) }),
    disclosureSha256,
  })
  .strict();

export const OfferIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const ReferenceParamsSchema = z.object({
  reference: z
    .string()
    .trim()
    .regex(/^APP-[A-Za-z0-9]{6,16}$/),
});

const cents = (max: number) =>
  z.coerce
    .number()
    .min(0)
    .max(max)
    .transform((d) => Math.round(d * 100));

/**
 * A number the form requires: blank is "required", not 0; "$1,000" and "12 %" are read
 * as numbers; anything else is refused with the field's name.
 */
function requiredNumber(label: string, o: { min: number; max: number; int?: boolean; positive?: boolean }) {
  const msg = `${label} is required`;
  let n = z.number({ required_error: msg, invalid_type_error: `${label} must be a number` }).finite(`${label} must be a number`);
  if (o.int) n = n.int(`${label} must be a whole number`);
  n = o.positive ? n.gt(0, `${label} must be more than 0`) : n.min(o.min, `${label} must be at least ${o.min}`);
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null) return undefined;
      if (typeof v !== "string") return v;
      const t = v.trim().replace(/[$,%\s]/g, "");
      return t === "" ? undefined : Number(t);
    },
    n.max(o.max, `${label} must be at most ${o.max}`),
  );
}
/** Dollars as typed, stored in cents; required and positive. */
const requiredMoney = (label: string, max: number) =>
  requiredNumber(label, { min: 0, max, positive: true }).transform((d) => Math.round(d * 100));
/** Percent a year as typed, stored in basis points; required and at least the pricing floor. */
export const requiredRate = (label: string) =>
  requiredNumber(label, { min: 0, max: NOTE_RATE_MAX_BPS / 100 })
    .refine((p) => p * 100 >= NOTE_RATE_FLOOR_BPS, `${label} must be at least ${NOTE_RATE_FLOOR_BPS / 100}% a year (the pricing floor)`)
    .transform((p) => Math.round(p * 100));

/** Admin: a manual offer, in dollars and percent as typed; stored in cents and basis points. */
export const ManualOfferSchema = z.object({
  intent: z.literal("manual-offer"),
  productId: z.coerce.number().int().min(1),
  amount: cents(10_000_000).refine((c) => c >= 100, "Amount must be at least $1"),
  termMonths: z.coerce.number().int().min(1).max(360),
  noteRate: requiredRate("Interest rate"),
  fee: cents(10_000_000),
});

export const WithdrawOfferSchema = z.object({
  intent: z.literal("withdraw-offer"),
  offerId: z.coerce.number().int().min(1),
  reason: z.string().trim().min(1, "Please give a reason").max(200),
});

/** Empty, or an absolute http:// or https:// URL with a host. */
function isWebAddressOrEmpty(value: string) {
  if (value === "") return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

const STATE_CODES = US_STATES.map((s) => s.code) as [string, ...string[]];
const list = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : []),
    z.array(item).min(1, "Choose at least one"),
  );

/** Admin: a lender and its (first) product, as the create/edit form sends them. */
export const LenderFormSchema = z
  .object({
    name: z.string().trim().min(2, "Name is required").max(120),
    nmlsId: z
      .string()
      .trim()
      .min(1, "NMLS id is required")
      .regex(/^(\d{1,12})?$/, "NMLS id: digits only"),
    // Only http(s) addresses: a `javascript:` or `data:` URL would run wherever the address is made a link.
    website: z
      .string()
      .trim()
      .max(200, MARKET_MSG.lenderWebsiteInvalid)
      .default("")
      .refine(isWebAddressOrEmpty, MARKET_MSG.lenderWebsiteInvalid),
    productName: z.string().trim().min(2, "Product name is required").max(120),
    states: list(z.string().trim().toUpperCase().pipe(z.enum(STATE_CODES))),
    purposes: list(z.enum(LOAN_PURPOSE_VALUES)),
    minAmount: requiredMoney("Minimum amount", 10_000_000),
    maxAmount: requiredMoney("Maximum amount", 10_000_000),
    termsMonths: list(z.coerce.number().int().min(1).max(360)),
    defaultTermMonths: requiredNumber("Default term", { min: 1, max: 360, int: true }),
    noteRate: requiredRate("Standard interest rate"),
    bestNoteRate: requiredRate("Best interest rate"),
    bestIncomeMultiple: requiredNumber("Income multiple", { min: 0, max: 100 }).transform((x) => Math.round(x * 10_000)),
    originationFee: requiredNumber("Origination fee", { min: 0, max: 50 }).transform((p) => Math.round(p * 100)),
    minAnnualIncome: requiredNumber("Minimum annual income", { min: 0, max: 1_000_000_000 }).transform((d) => Math.round(d * 100)),
    prepayment: z
      .string()
      .trim()
      .min(3, "Prepayment policy is required")
      .max(300)
      .refine(prepaymentPolicyReadable, MARKET_MSG.prepaymentPolicyUnreadable),
    collateral: z.string().trim().min(3, MARKET_MSG.collateralRequired).max(300),
    avoidableFees: z.string().trim().min(3, MARKET_MSG.avoidableFeesRequired).max(300),
    fundingDays: requiredNumber("Time to fund", { min: 0, max: 365, int: true }),
  })
  .superRefine((v, ctx) => {
    if (v.minAmount > v.maxAmount) ctx.addIssue({ code: "custom", path: ["maxAmount"], message: "Maximum must be at least the minimum" });
    if (!v.termsMonths.includes(v.defaultTermMonths))
      ctx.addIssue({ code: "custom", path: ["defaultTermMonths"], message: "The default term must be one of the terms" });
    if (v.bestNoteRate > v.noteRate)
      ctx.addIssue({ code: "custom", path: ["bestNoteRate"], message: "The best rate must not exceed the standard rate" });
  });
export type LenderFormInput = z.infer<typeof LenderFormSchema>;

export const LENDER_STATUS_FILTERS = ["all", ...LENDER_STATUSES] as const;
export const LenderListParamsSchema = z.object({
  q: z.string().trim().max(100).catch("").default(""),
  status: z.enum(LENDER_STATUS_FILTERS).catch("all").default("all"),
  state: z.string().trim().toUpperCase().pipe(z.enum(STATE_CODES)).optional().catch(undefined),
  purpose: z.enum(LOAN_PURPOSE_VALUES).optional().catch(undefined),
});

/** Reads the lender form (states as text, purposes as checkboxes) and keeps what was typed. */
export function parseLenderForm(form: FormData) {
  const raw: Record<string, unknown> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && k !== "purposes") raw[k] = v;
  raw.purposes = form.getAll("purposes").filter((v): v is string => typeof v === "string");
  const defaults: { [key: string]: string | string[] | undefined; purposes?: string[] } = {
    ...(raw as Record<string, string>),
    purposes: raw.purposes as string[],
  };
  return { parsed: LenderFormSchema.safeParse(raw), defaults };
}

// ---------------------------------------------------------------------------------------------
// API answers (documented in the OpenAPI document)
// ---------------------------------------------------------------------------------------------

const cents_ = (d: string) => z.number().int().describe(`${d}, in cents`);
export const ApiOfferSchema = z.object({
  id: z.number().int(),
  lenderName: z.string(),
  nmlsId: z.string(),
  productName: z.string(),
  source: z.enum(OFFER_SOURCES),
  state: z.enum([...OFFER_STATUSES, "expired"]),
  amountCents: cents_("Amount of the loan"),
  termMonths: z.number().int(),
  noteRateBps: z.number().int().describe("Interest (note) rate, basis points a year"),
  feeCents: cents_("Origination fee withheld at funding"),
  fundingCents: cents_("Funding provided: amount minus fee"),
  estimatedAprBps: z.number().int().describe("Estimated APR (Regulation Z appendix J, actuarial, on the funding provided), basis points"),
  paymentCents: cents_("Regular monthly payment"),
  finalPaymentCents: cents_("Last payment"),
  paymentCount: z.number().int(),
  totalPaymentsCents: cents_("Estimated total payment amount"),
  financeChargeCents: cents_("Finance charge: total of payments minus funding provided"),
  prepayment: z.string(),
  fundingDays: z.number().int(),
  expiresAt: z.string().describe("ISO 8601"),
});
export const ApiAcceptanceSchema = z.object({
  offerId: z.number().int(),
  signerName: z.string(),
  acceptedAt: z.string(),
  clientIp: z.string().nullable(),
  disclosureSha256: z.string(),
});
export const ApiOfferListSchema = z.object({
  applicationId: z.string(),
  status: z.string(),
  offers: z.array(ApiOfferSchema),
  acceptance: ApiAcceptanceSchema.nullable(),
  principalReasons: z.array(z.string()).describe("When no lender could offer: the notice's principal reasons"),
  unlock: z.array(z.string()).describe("What stating more data would unlock"),
});
export const ApiOfferDisclosureSchema = z.object({
  applicationId: z.string(),
  offer: ApiOfferSchema,
  disclosure: z.array(z.object({ label: z.string(), value: z.string(), explanation: z.string() })),
  disclosureText: z.string().describe("The exact text whose SHA-256 an acceptance must send"),
  disclosureSha256: z.string(),
  acceptance: ApiAcceptanceSchema.nullable(),
});
export const ApiAcceptResultSchema = z.object({
  applicationId: z.string(),
  offerId: z.number().int(),
  status: z.literal("offer-accepted"),
  alreadyAccepted: z.boolean(),
});
const applicationReference = z
  .string()
  .trim()
  .regex(/^APP-[A-Za-z0-9]{6,16}$/);
/** The route's param (`$reference`). */
export const ApiApplicationRefParamsSchema = z.object({ reference: applicationReference });
/** The same param as the API document names it (the product's /api/loan-applications/{applicationId}/offers). */
export const ApiApplicationRefPathSchema = z.object({ applicationId: applicationReference });
