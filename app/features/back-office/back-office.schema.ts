/**
 * The back office's inputs: document requests, document reviews, internal notes,
 * assignment, and the list's extra filters (queue, assignee). Pure: used by the admin routes, the
 * admin API, the client and the tests.
 */
import { z } from "zod";
import { DOCUMENT_TYPES } from "~/content/document-types";
import { DOCUMENT_REQUEST_STATUSES, REJECTION_REASONS, REVIEW_DECISIONS } from "~/content/enums";

import { INTERNAL_NOTE_MAX_LENGTH, REASON_TEXT_MAX_LENGTH, REQUEST_MESSAGE_MAX_LENGTH } from "~/content/constants";
import { BACK_OFFICE_MSG, BACK_OFFICE_TOASTS } from "~/content/messages";

export { INTERNAL_NOTE_MAX_LENGTH, REASON_TEXT_MAX_LENGTH, REQUEST_MESSAGE_MAX_LENGTH };

export { REVIEW_DECISIONS };
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** Why a document is rejected, in the order the form lists them; 'other' needs its own text. */
export { REJECTION_REASONS };
export type RejectionReason = (typeof REJECTION_REASONS)[number];
export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  unreadable: "Unreadable",
  expired: "Expired",
  "wrong-type": "Wrong document type",
  "does-not-match": "Does not match the applicant",
  other: "Other",
};

// Messages and toasts live with every other message (~/content/messages).
export { BACK_OFFICE_MSG, BACK_OFFICE_TOASTS };

const documentType = z.enum(DOCUMENT_TYPES, { errorMap: () => ({ message: BACK_OFFICE_MSG.documentTypesRequired }) });
const requestMessage = z
  .string({ required_error: BACK_OFFICE_MSG.requestMessageRequired, invalid_type_error: BACK_OFFICE_MSG.requestMessageRequired })
  .trim()
  .min(1, BACK_OFFICE_MSG.requestMessageRequired)
  .max(REQUEST_MESSAGE_MAX_LENGTH, BACK_OFFICE_MSG.requestMessageTooLong);

/** A request for one or more document types (each at most once) with a message. */
export const DocumentRequestFields = z.object({
  documentTypes: z
    .array(documentType, {
      required_error: BACK_OFFICE_MSG.documentTypesRequired,
      invalid_type_error: BACK_OFFICE_MSG.documentTypesRequired,
    })
    .min(1, BACK_OFFICE_MSG.documentTypesRequired)
    .max(DOCUMENT_TYPES.length)
    .transform((v) => [...new Set(v)]),
  message: requestMessage,
});
export type DocumentRequestInput = z.infer<typeof DocumentRequestFields>;

const reviewObject = z.object({
  decision: z.enum(REVIEW_DECISIONS, { errorMap: () => ({ message: BACK_OFFICE_MSG.decisionRequired }) }),
  reason: z.enum(REJECTION_REASONS, { errorMap: () => ({ message: BACK_OFFICE_MSG.reasonRequired }) }).optional(),
  reasonText: z
    .string({ invalid_type_error: BACK_OFFICE_MSG.reasonTextRequired })
    .trim()
    .max(REASON_TEXT_MAX_LENGTH, BACK_OFFICE_MSG.reasonTextTooLong)
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** A rejection may ask the applicant for a replacement in the same action. */
  requestReplacement: z.boolean().optional(),
  /** The replacement request's message (defaults to the reason). */
  message: z
    .string({ invalid_type_error: BACK_OFFICE_MSG.requestMessageTooLong })
    .trim()
    .max(REQUEST_MESSAGE_MAX_LENGTH, BACK_OFFICE_MSG.requestMessageTooLong)
    .optional()
    .transform((v) => (v ? v : undefined)),
});

function reviewRules(v: z.infer<typeof reviewObject>, ctx: z.RefinementCtx) {
  if (v.decision !== "rejected") return;
  if (!v.reason) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["reason"], message: BACK_OFFICE_MSG.reasonRequired });
  if (v.reason === "other" && !v.reasonText)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["reasonText"], message: BACK_OFFICE_MSG.reasonTextRequired });
}

export const DocumentReviewSchema = reviewObject.superRefine(reviewRules);
export const DocumentReviewApiSchema = reviewObject.strict().superRefine(reviewRules);
export type DocumentReviewInput = z.infer<typeof DocumentReviewSchema>;

export const InternalNoteFields = z.object({
  body: z
    .string({ required_error: BACK_OFFICE_MSG.noteRequired, invalid_type_error: BACK_OFFICE_MSG.noteRequired })
    .trim()
    .min(1, BACK_OFFICE_MSG.noteRequired)
    .max(INTERNAL_NOTE_MAX_LENGTH, BACK_OFFICE_MSG.noteTooLong),
});

// ---------------------------------------------------------------------------------------------
// The details page's forms: one POST to /admin/applications/:id, told apart by `intent`.
// ---------------------------------------------------------------------------------------------

export const BACK_OFFICE_INTENTS = ["request-documents", "review-document", "add-note", "assign"] as const;
export type BackOfficeIntent = (typeof BACK_OFFICE_INTENTS)[number];
export const isBackOfficeIntent = (v: unknown): v is BackOfficeIntent => BACK_OFFICE_INTENTS.includes(v as BackOfficeIntent);

const redirectTo = z.string().optional();
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const RequestDocumentsFormSchema = DocumentRequestFields.extend({ intent: z.literal("request-documents"), redirectTo });
export const ReviewDocumentFormSchema = reviewObject
  .extend({
    intent: z.literal("review-document"),
    documentId: z.coerce.number().int().positive().max(2_147_483_647),
    requestReplacement: checkbox.optional(),
    redirectTo,
  })
  .superRefine(reviewRules);
export const AddNoteFormSchema = InternalNoteFields.extend({ intent: z.literal("add-note"), redirectTo });
/** assigneeId: an admin's id, or "none" to leave the application unassigned. */
export const AssignFormSchema = z.object({
  intent: z.literal("assign"),
  assigneeId: z.union([z.literal("none"), z.coerce.number().int().positive().max(2_147_483_647)], {
    errorMap: () => ({ message: BACK_OFFICE_MSG.assigneeInvalid }),
  }),
  redirectTo,
});

// ---------------------------------------------------------------------------------------------
// List filters and queues
// ---------------------------------------------------------------------------------------------

/** Referral filter of the list: applications a referral partner sent through the partner API, or the others. */
export const REFERRAL_FILTERS = ["any", "referred", "direct"] as const;
export type ReferralFilter = (typeof REFERRAL_FILTERS)[number];
export const REFERRAL_FILTER_LABELS: Record<ReferralFilter, string> = {
  any: "Any source",
  referred: "Referred by a partner",
  direct: "Came directly",
};

/** Assignee filter of the list. */
export const ASSIGNEE_FILTERS = ["any", "mine", "unassigned"] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];
export const ASSIGNEE_FILTER_LABELS: Record<AssigneeFilter, string> = { any: "Anyone", mine: "Assigned to me", unassigned: "Unassigned" };

/** Conditions that are not a status: submitted today, waiting on the applicant, stale. */
export const QUEUE_FILTERS = ["any", "new-today", "waiting", "stale"] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];
export const QUEUE_FILTER_LABELS: Record<QueueFilter, string> = {
  any: "Any",
  "new-today": "New today",
  waiting: "Waiting on applicant",
  stale: "Stale over 7 days",
};
export const STALE_DAYS = 7;

/**
 * The saved filters on /admin, each a set of list params, so a queue's link and its count use
 * the same conditions as the list. Adding a queue is one entry here (a status queue, e.g. offers
 * accepted, is `{ key, label, filter: { status: "..." } }`).
 */
export type QueueDefinition = {
  key: string;
  label: string;
  filter: { status?: string; assigned?: AssigneeFilter; queue?: QueueFilter };
};
export const QUEUES: QueueDefinition[] = [
  { key: "new-today", label: "New today", filter: { queue: "new-today" } },
  { key: "waiting", label: "Waiting on applicant", filter: { queue: "waiting" } },
  { key: "mine", label: "Assigned to me", filter: { assigned: "mine" } },
  { key: "offer-accepted", label: "Offers accepted", filter: { status: "offer-accepted" } },
  { key: "stale", label: `Stale over ${STALE_DAYS} days`, filter: { queue: "stale" } },
];

// ---------------------------------------------------------------------------------------------
// The admin API's bodies and answers (strict bodies: unknown fields are refused)
// ---------------------------------------------------------------------------------------------

const apiDateTime = z.string().datetime({ offset: true }).describe("ISO 8601 date-time (UTC)");
const apiId = z.number().int().positive();

export const ApiDocumentRequestBodySchema = DocumentRequestFields.strict();
export const ApiDocumentReviewBodySchema = DocumentReviewApiSchema;
export const ApiNoteBodySchema = InternalNoteFields.strict();

export const ApiDocumentRequestSchema = z.object({
  id: apiId,
  applicationId: apiId.describe("Database id of the application"),
  message: z.string(),
  status: z.enum(DOCUMENT_REQUEST_STATUSES),
  createdAt: apiDateTime,
  fulfilledAt: apiDateTime.nullable(),
  items: z.array(
    z.object({
      documentType: z.enum(DOCUMENT_TYPES),
      documentId: apiId.nullable().describe("The upload that fulfilled it"),
      fulfilledAt: apiDateTime.nullable(),
    }),
  ),
});
export const ApiDocumentRequestListSchema = z.array(ApiDocumentRequestSchema);

export const ApiDocumentReviewSchema = z.object({
  documentId: apiId,
  decision: z.enum(REVIEW_DECISIONS),
  reason: z.enum(REJECTION_REASONS).nullable(),
  reasonText: z.string().nullable(),
  reviewedAt: apiDateTime,
  replacementRequestId: apiId.nullable().describe("The replacement request opened by this review, if asked"),
});

export const ApiNoteSchema = z.object({
  id: apiId,
  applicationId: apiId,
  body: z.string(),
  createdAt: apiDateTime,
  authorUserId: apiId.nullable(),
  authorName: z.string().nullable(),
});
export const ApiNoteListSchema = z.array(ApiNoteSchema);
