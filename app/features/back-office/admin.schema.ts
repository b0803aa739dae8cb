/**
 * The admin panel's inputs: the applications list's search params (a GET form, so results are
 * linkable) and the status change form. Pure: used by the routes, the client and the tests.
 */
import { z } from "zod";
import { ASSIGNEE_FILTERS, QUEUE_FILTERS, REFERRAL_FILTERS } from "./back-office.schema";

/** The four statuses an admin may set (docs/product.md, "Admin panel"), in the order the dropdown shows them. */
export const ADMIN_STATUSES = ["submitted", "under-review", "approved", "rejected"] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

/** The list's status filter: everything (except drafts) or one admin status. */
export const STATUS_FILTERS = ["all", ...ADMIN_STATUSES, "offer-accepted"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const SORT_ORDERS = ["desc", "asc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const ADMIN_PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 100;
export const NOTE_MAX_LENGTH = 1000;

export const REJECTION_REASON_REQUIRED = "Please give a reason for the rejection";

/** Anything unknown or malformed falls back to the default instead of failing the page. */
const fallback = <T extends z.ZodTypeAny>(schema: T, value: z.infer<T>) => schema.catch(value);

export const AdminListParamsSchema = z.object({
  q: fallback(z.string().trim().max(SEARCH_MAX_LENGTH), "").default(""),
  status: fallback(z.enum(STATUS_FILTERS), "all").default("all"),
  page: fallback(z.coerce.number().int().min(1).max(100_000), 1).default(1),
  sort: fallback(z.enum(SORT_ORDERS), "desc").default("desc"),
  // Back office: assignee and queue filters.
  assigned: fallback(z.enum(ASSIGNEE_FILTERS), "any").default("any"),
  queue: fallback(z.enum(QUEUE_FILTERS), "any").default("any"),
  referred: fallback(z.enum(REFERRAL_FILTERS), "any").default("any"),
});
export type AdminListParams = z.infer<typeof AdminListParamsSchema>;

/** Reads the list params from a URL's search params (unknown keys ignored). */
export function parseAdminListParams(search: URLSearchParams): AdminListParams {
  return AdminListParamsSchema.parse({
    q: search.get("q") ?? undefined,
    status: search.get("status") ?? undefined,
    page: search.get("page") ?? undefined,
    sort: search.get("sort") ?? undefined,
    assigned: search.get("assigned") ?? undefined,
    queue: search.get("queue") ?? undefined,
    referred: search.get("referred") ?? undefined,
  });
}

/** Search params for a list URL, leaving out defaults so links stay short. */
export function adminListSearch(params: Partial<AdminListParams>): string {
  const s = new URLSearchParams();
  if (params.q) s.set("q", params.q);
  if (params.status && params.status !== "all") s.set("status", params.status);
  if (params.sort && params.sort !== "desc") s.set("sort", params.sort);
  if (params.assigned && params.assigned !== "any") s.set("assigned", params.assigned);
  if (params.queue && params.queue !== "any") s.set("queue", params.queue);
  if (params.referred && params.referred !== "any") s.set("referred", params.referred);
  if (params.page && params.page > 1) s.set("page", String(params.page));
  const str = s.toString();
  return str ? `?${str}` : "";
}

export const DocumentListParamsSchema = z.object({
  page: fallback(z.coerce.number().int().min(1).max(100_000), 1).default(1),
});

export const StatusChangeSchema = z
  .object({
    status: z.enum(ADMIN_STATUSES, {
      errorMap: () => ({ message: "Please choose a status" }),
    }),
    note: z
      .string()
      .trim()
      .max(NOTE_MAX_LENGTH, `The note must be at most ${NOTE_MAX_LENGTH} characters`)
      .optional()
      .transform((v) => (v ? v : undefined)),
    /** Where to go after the change: the list (with its query) or the details. */
    redirectTo: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === "rejected" && !v.note) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["note"], message: REJECTION_REASON_REQUIRED });
    }
  });
export type StatusChangeInput = z.infer<typeof StatusChangeSchema>;

/** An admin's cancellation of an application: a reason is required (the applicant is e-mailed it). */
export const CANCEL_REASON_REQUIRED = "Please give the reason for the cancellation: the applicant is e-mailed it.";
export const CancelApplicationSchema = z.object({
  intent: z.literal("cancel-application"),
  reason: z
    .string({ required_error: CANCEL_REASON_REQUIRED })
    .trim()
    .min(3, CANCEL_REASON_REQUIRED)
    .max(NOTE_MAX_LENGTH, `The reason must be at most ${NOTE_MAX_LENGTH} characters`),
});
