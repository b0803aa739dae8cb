/**
 * Payloads and answers of the JSON API (/api). Built FROM the forms' schemas
 * (sign-up, login, wizard steps, admin status change): every rule and message lives there once;
 * this module only adapts shapes (numeric strings, optional fields of a draft, strict bodies) and
 * describes the answers. Pure: no server imports. The OpenAPI document is generated from these.
 */
import { z } from "zod";
import {
  APPLICATION_DEFAULTS,
  type APPLICATION_FIELDS,
  FIELD_LIST,
  FIELD_NAMES,
  fieldsOfStep,
  type ApplicationFieldValues,
  type FieldName,
  type FieldStep,
} from "~/features/applications/fields";
import { DOCUMENT_TYPES } from "~/content/document-types";
import { ADMIN_STATUSES, AdminListParamsSchema, DocumentListParamsSchema, StatusChangeSchema } from "~/features/back-office";
import { AccountFields, LoginSchema } from "~/features/accounts";
import { StatusLookupSchema } from "./status-lookup.schema";
import { AddressStepSchema, FinancesStepSchema, LoanStepSchema } from "~/features/applications/wizard/wizard.schema";
import { APPLICATION_STAGES, APPLICATION_STATUSES, ROLES } from "~/content/enums";
import { LENDER_SHARE_CONSENT } from "~/content/lender-share-consent";

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

type Unwrap<S> = S extends z.ZodEffects<infer I, infer _O, infer _In> ? Unwrap<I> : S;

/** The object under a schema's preprocess/refine/transform wrappers (its fields and their rules). */
export function baseObject<S extends z.ZodTypeAny>(schema: S): Unwrap<S> {
  return (schema instanceof z.ZodEffects ? baseObject(schema.innerType()) : schema) as Unwrap<S>;
}

/** A query schema without the list's fallbacks (.catch/.default), for documentation. */
function documentedQuery<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  const shape: z.ZodRawShape = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    let f: z.ZodTypeAny = field as z.ZodTypeAny;
    if (f instanceof z.ZodDefault) f = f.removeDefault();
    if (f instanceof z.ZodCatch) f = f.removeCatch();
    if (f instanceof z.ZodDefault) f = f.removeDefault();
    shape[key] = f.optional();
  }
  return z.object(shape);
}

/** Absent and "" both mean "not given" in an application payload. */
const notGiven = (v: unknown) => (v === "" ? undefined : v);
const optionalInput = <T extends z.ZodTypeAny>(field: T) => z.preprocess(notGiven, field.optional());

/** Plain decimal digits with up to 2 decimals: no signs, exponents, NaN or Infinity. */
const NUMERIC = /^\s*\d{1,12}(\.\d{1,2})?\s*$/;

/**
 * docs/product.md sends amounts as strings ("25000"); numbers are accepted too. The value then meets
 * the wizard's own rule for the field (`rule`); anything else gets the rule's `message`.
 */
function numberOrNumericString(rule: z.ZodTypeAny, message: string) {
  return z.union([z.number(), z.string().regex(NUMERIC).transform(Number)], { errorMap: () => ({ message }) }).pipe(rule);
}

// ---------------------------------------------------------------------------------------------
// Common answers
// ---------------------------------------------------------------------------------------------

export const ApiErrorSchema = z.object({ message: z.string().describe("What went wrong, for people") });

export const ApiValidationErrorSchema = ApiErrorSchema.extend({
  errors: z.record(z.array(z.string())).describe("Messages per field of the payload"),
  formErrors: z.array(z.string()).optional().describe("Messages about the payload as a whole"),
});

export const ApiMessageSchema = z.object({ message: z.string() });

const isoDateTime = z.string().datetime({ offset: true }).describe("ISO 8601 date-time (UTC)");
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("ISO 8601 date (YYYY-MM-DD)");
const dbId = z.number().int().positive();

// ---------------------------------------------------------------------------------------------
// Auth
// ---------------------------------------------------------------------------------------------

export const ApiLoginBodySchema = LoginSchema.omit({ redirectTo: true })
  .extend({
    code: z
      .string()
      .trim()
      .max(32)
      .optional()
      .describe("Admins only: the 6-digit code of their authenticator app (or a recovery code). Admins must enrol at /admin-login first."),
  })
  .strict();

export const ApiRegisterBodySchema = AccountFields.extend({
  dateOfBirth: AccountFields.shape.dateOfBirth.describe("ISO 8601 date (YYYY-MM-DD); at least 18 years ago"),
  role: z.string().max(32).optional().describe("Only 'user' (what the product's wizard sends). Any other role is refused with 403."),
}).strict();

export const ApiUserSchema = z.object({
  id: dbId,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().email(),
  phone: z.string(),
  dateOfBirth: isoDate.nullable(),
  role: z.enum(ROLES),
});
export type ApiUser = z.infer<typeof ApiUserSchema>;

// ---------------------------------------------------------------------------------------------
// Loan applications
// ---------------------------------------------------------------------------------------------

/**
 * The application's own fields as the API takes them, one per entry of the fields table
 * (app/features/applications/fields.ts), with its wizard rule and description. Every field may be
 * left out or sent as "" (a draft may be partial); a field that is given must meet its wizard
 * step's rule. Money is sent as a numeric string (a number is accepted too). A final submission
 * is checked again, whole, by `mergeApplicationValues`.
 */
function apiInput(f: (typeof FIELD_LIST)[number]): z.ZodTypeAny {
  // The product's default amount '0' means "not chosen yet" in a draft.
  const rule = f.zeroIsUnset ? z.preprocess((n) => (n === 0 ? undefined : n), f.rule.optional()) : f.rule;
  return optionalInput(f.kind === "money" ? numberOrNumericString(rule, f.api.typeMessage ?? `${f.name} must be a number`) : rule).describe(
    f.api.description,
  );
}
const applicationFields = Object.fromEntries(FIELD_LIST.map((f) => [f.name, apiInput(f)])) as {
  [K in FieldName]: z.ZodType<ApplicationFieldValues[K] | undefined, z.ZodTypeDef, unknown>;
};

const userIdField = z
  .union(
    [
      dbId,
      z
        .string()
        .regex(/^\d{1,10}$/)
        .transform(Number)
        .pipe(dbId),
    ],
    {
      errorMap: () => ({ message: "userId must be a user id" }),
    },
  )
  .optional()
  .describe("Optional. When sent it must be the signed-in caller's own id (403 otherwise).");

/** The consent to share with partner lenders, on a submission through the API. */
const shareWithLendersField = z
  .boolean({ invalid_type_error: "shareWithLenders must be true or false" })
  .optional()
  .describe(
    "Only with status 'submitted'. true records that the applicant agreed, in these words (shown to them before they submitted): " +
      `"${LENDER_SHARE_CONSENT.text}" ` +
      "The time, the text's version id and its SHA-256 are stored with the application and listed in the applicant's data export. " +
      "Left out or false: the application is matched and its offers are shown to the applicant, but no partner lender sees it " +
      "(not in the lender workspace, not through the lender partner API).",
  );

export const ApiCreateApplicationBodySchema = z
  .object({
    userId: userIdField,
    ...applicationFields,
    shareWithLenders: shareWithLendersField,
    status: z
      .enum(["draft", "submitted"], { errorMap: () => ({ message: "status must be 'draft' or 'submitted'" }) })
      .optional()
      .describe(
        "'draft' (default) keeps it open; 'submitted' is the final submission: every field is checked and a confirmation e-mail is sent.",
      ),
  })
  .strict();
export type ApiCreateApplicationBody = z.infer<typeof ApiCreateApplicationBodySchema>;

/** PATCH: the create fields, plus any status for an admin (with the note a rejection needs). */
export const PATCHABLE_STATUSES = ["draft", ...ADMIN_STATUSES] as const;
export const ApiUpdateApplicationBodySchema = z
  .object({
    userId: userIdField,
    ...applicationFields,
    shareWithLenders: shareWithLendersField,
    status: z
      .enum(PATCHABLE_STATUSES, { errorMap: () => ({ message: `status must be one of ${PATCHABLE_STATUSES.join(", ")}` }) })
      .optional()
      .describe("An applicant may only submit ('submitted'); an admin may set any status of a submitted application."),
    note: baseObject(StatusChangeSchema).shape.note.describe("Admins: the reason, required for 'rejected'"),
  })
  .strict();
export type ApiUpdateApplicationBody = z.infer<typeof ApiUpdateApplicationBodySchema>;

/** The application fields in their stored types (what a row holds), and the product's submit defaults for data that is missing. */
export { APPLICATION_DEFAULTS, type ApplicationFieldValues };

type FieldErrors = Record<string, string[]>;

/**
 * `base` with the fields the payload gives. Each wizard step's schema then runs over the merged
 * values: for a final submission every step must pass (field errors otherwise); for a draft a
 * step that passes contributes its normalised values (e.g. no monthly payment for 'own').
 */
export function mergeApplicationValues(
  base: ApplicationFieldValues,
  given: Partial<ApplicationFieldValues>,
  final: boolean,
): { ok: true; values: ApplicationFieldValues } | { ok: false; errors: FieldErrors } {
  const merged: ApplicationFieldValues = { ...base };
  for (const key of FIELD_NAMES) {
    const v = given[key];
    if (v !== undefined) (merged as Record<string, unknown>)[key] = v;
  }
  const stepValues = (step: FieldStep) =>
    Object.fromEntries(fieldsOfStep(step).map((f) => [f.name, f.zeroIsUnset && merged[f.name] === 0 ? undefined : merged[f.name]]));
  const errors: FieldErrors = {};
  for (const step of [
    LoanStepSchema.safeParse(stepValues("loan")),
    AddressStepSchema.safeParse(stepValues("address")),
    FinancesStepSchema.safeParse(stepValues("finances")),
  ]) {
    if (step.success) {
      // An optional field the step leaves empty keeps the value it had (its default on a new application).
      for (const [k, v] of Object.entries(step.data)) if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
    } else if (final) Object.assign(errors, step.error.flatten().fieldErrors);
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, values: merged };
}

/** Money as docs/product.md shows it: a numeric string, without decimals when whole ("25000", "1500.50"). */
export const moneyString = z
  .string()
  .regex(/^\d+(\.\d{2})?$/)
  .describe('Numeric string in US dollars, e.g. "25000"');

/** The fields as an answer states them: money as a numeric string, a choice as its stored value. */
type AnswerOf<F> = F extends { kind: "money" }
  ? typeof moneyString
  : F extends { values: readonly [string, ...string[]] }
    ? z.ZodEnum<z.Writeable<F["values"]>>
    : z.ZodString;
const applicationAnswerFields = Object.fromEntries(
  FIELD_LIST.map((f) => [f.name, f.kind === "money" ? moneyString : f.values ? z.enum(f.values as [string, ...string[]]) : z.string()]),
) as { [K in FieldName]: AnswerOf<(typeof APPLICATION_FIELDS)[K]> };

export const ApiApplicationSchema = z.object({
  id: dbId.describe("Database id (the product's databaseApplicationId)"),
  applicationId: z.string().describe("Human reference, e.g. APP-7K3M9Q2X4W1P"),
  userId: dbId,
  ...applicationAnswerFields,
  status: z.enum(APPLICATION_STATUSES),
  stage: z
    .enum(APPLICATION_STAGES)
    .describe("Where the loan is in its life; see GET /api/loan-applications/status/{applicationId} for its timeline"),
  submittedAt: isoDateTime.nullable(),
  lenderShareConsentAt: isoDateTime
    .nullable()
    .describe("When the applicant agreed to share the application with the matched partner lenders; null: not shared with any lender"),
  updatedAt: isoDateTime,
});
export type ApiApplication = z.infer<typeof ApiApplicationSchema>;

export const ApiApplicationListSchema = z.array(ApiApplicationSchema);

/** GET /api/loan-applications/status/{applicationId}: the product's five fields and the loan's stage with its timeline. */
const statusReference = StatusLookupSchema.shape.id.describe("The reference, any letter case");
/** The route's param (`$reference`). */
export const ApiStatusParamsSchema = z.object({ reference: statusReference });
/** The same param as the API document names it: the product's path is /status/{applicationId}. */
export const ApiStatusPathSchema = z.object({ applicationId: statusReference });
export const ApiApplicationStatusSchema = z
  .object({
    applicationId: z.string(),
    status: z.string(),
    amount: z.number(),
    purpose: z.string(),
    submittedAt: isoDateTime.nullable(),
    stage: z
      .enum(APPLICATION_STAGES)
      .describe(
        "Where the loan is: submitted, offers-ready, no-lender-match, offer-accepted, lender-verifying, funded, declined, withdrawn",
      ),
    stageLabel: z.string().nullable().describe("The stage in plain words"),
    nextSteps: z.string().nullable(),
    timeline: z.array(
      z.object({
        stage: z.enum(APPLICATION_STAGES),
        label: z.string(),
        state: z.enum(["done", "current", "upcoming"]),
        at: isoDateTime.nullable(),
      }),
    ),
    noLenderMatch: z.object({ reasons: z.array(z.string()), nextSteps: z.array(z.string()) }).nullable(),
  })
  .strict();

/** Database ids in paths: plain digits. */
export const ApiIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(dbId.max(2_147_483_647))
    .describe("Database id"),
});

// ---------------------------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------------------------

/** Admin list query: the admin panel's own search params (unknown values fall back to defaults). */
export const ApiAdminListQuerySchema = AdminListParamsSchema;
export const ApiAdminListQueryDoc = documentedQuery(AdminListParamsSchema);
export const ApiDocumentListQuerySchema = DocumentListParamsSchema;
export const ApiDocumentListQueryDoc = documentedQuery(DocumentListParamsSchema);

/** PATCH /api/admin/applications/{id}/status: the admin form's fields (the reason rule is the service's). */
export const ApiStatusChangeBodySchema = baseObject(StatusChangeSchema).omit({ redirectTo: true }).strict();

export const ApiDocumentSchema = z.object({
  id: dbId,
  applicationId: dbId.describe("Database id of the application"),
  documentType: z.enum(DOCUMENT_TYPES),
  fileName: z.string(),
  fileSize: z.number().int().nonnegative().describe("Bytes"),
  uploadedAt: isoDateTime,
});

export const ApiAdminDocumentSchema = ApiDocumentSchema.extend({
  applicationReference: z.string().nullable().describe("The application's human reference"),
});
export const ApiAdminDocumentListSchema = z.array(ApiAdminDocumentSchema);
