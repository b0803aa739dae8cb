/**
 * Every fixed list of values the database stores, defined once (no imports: the drizzle schema in
 * db/schema.ts, the zod schemas, the static content and the browser bundle all derive from here).
 * The order is the MySQL ENUM's: append new values at the end (a reorder is a migration).
 */
/** "lender": a partner lender's user, tied to one lender by users.lender_id. */
export const ROLES = ["user", "admin", "lender"] as const;
export const APPLICATION_STATUSES = [
  "draft",
  "submitted",
  "pending",
  "under-review",
  "approved",
  "rejected",
  "offer-accepted",
  "withdrawn",
] as const;
/**
 * The loan's life, one column beside the admin status: the pure table of allowed moves
 * is app/features/applications/domain/loan-lifecycle.ts; docs/product.md maps the stages onto the admin statuses.
 */
/** What a consent record is a consent to (db consent_records.kind; texts in app/content/consents.ts). */
export const CONSENT_KINDS = ["electronic-records", "credit-authorization", "sms-marketing", "lender-share"] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
export const APPLICATION_STAGES = [
  "draft",
  "submitted",
  "offers-ready",
  "no-lender-match",
  "offer-accepted",
  "lender-verifying",
  "funded",
  "declined",
  "withdrawn",
] as const;
export const LOAN_PURPOSE_VALUES = [
  "startup-capital",
  "business-expansion",
  "working-capital",
  "equipment-financing",
  "inventory-financing",
  "commercial-real-estate",
  "other",
] as const;
export const LIVING_SITUATION_VALUES = ["rent", "mortgage", "own"] as const;
/**
 * The optional answers lenders price on (step 4). "" is "not answered": it is a value of the
 * MySQL ENUM so the column can stay NOT NULL with a default, like every application field.
 */
export const INDUSTRY_VALUES = [
  "",
  "retail",
  "restaurant-food",
  "construction",
  "professional-services",
  "healthcare",
  "transportation",
  "manufacturing",
  "technology",
  "other",
] as const;
export const TIME_IN_BUSINESS_VALUES = ["", "under-1", "1-2", "2-5", "5-plus"] as const;
/** How many people work for the business besides its owners (section 1071, 12 CFR 1002.107(a)(16)); '' = not answered. */
export const NUMBER_OF_WORKERS_VALUES = ["", "0", "1-4", "5-9", "10-19", "20-49", "50-99", "100-249", "250-499", "500-plus"] as const;
export const CREDIT_SCORE_RANGE_VALUES = ["", "under-580", "580-669", "670-739", "740-799", "800-plus"] as const;
export const DOCUMENT_TYPES = ["id-front", "id-back", "llc", "ein", "bank-statements", "ssn"] as const;
export const DOCUMENT_REQUEST_STATUSES = ["open", "fulfilled"] as const;
export const REVIEW_DECISIONS = ["accepted", "rejected"] as const;
export const REJECTION_REASONS = ["unreadable", "expired", "wrong-type", "does-not-match", "other"] as const;
/**
 * Account links: "verify-email" proves the account's current address, "reset-password" sets a new
 * password, "change-email" (sent to a new address) finishes a change of e-mail in the owner's
 * signed-in session, "undo-email-change" (sent to the address a change left) puts it back.
 */
export const ACCOUNT_TOKEN_PURPOSES = [
  "verify-email",
  "reset-password",
  "change-email",
  "undo-email-change",
  "lender-invite",
  "referral-claim",
] as const;
export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
export const LENDER_STATUSES = ["active", "paused"] as const;
export const OFFER_STATUSES = ["offered", "accepted", "withdrawn"] as const;
/** "match": the marketplace's instant (pre-qualified) offer; "manual": an admin's; "lender": a lender's firm offer. */
export const OFFER_SOURCES = ["match", "manual", "lender"] as const;

export type Role = (typeof ROLES)[number];
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];
export type LoanPurpose = (typeof LOAN_PURPOSE_VALUES)[number];
export type LivingSituation = (typeof LIVING_SITUATION_VALUES)[number];
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** Partner API: a lender partner's keys act for its lender; a referral partner sends applicants. */
export const PARTNER_KINDS = ["lender", "referral"] as const;
/**
 * What a partner API key may do; each endpoint that takes keys names the scope it needs.
 * documents:read is apart from applications:read: a lender's system that only tracks its queue
 * never holds the applicants' files (bank statements, tax returns).
 */
export const PARTNER_SCOPES = ["applications:read", "applications:write", "offers:write", "documents:read", "webhooks:manage"] as const;
/** What each scope allows, for the key forms and the guide. */
export const PARTNER_SCOPE_TEXT: Record<(typeof PARTNER_SCOPES)[number], string> = {
  "applications:read": "list and read applications",
  "applications:write": "send referrals (referral partners)",
  "offers:write": "offers, declines, document requests, verifying and funded (lender partners)",
  "documents:read": "download the applicants' shared documents (lender partners)",
  "webhooks:manage": "register and manage webhook endpoints",
};
/** A partner's webhook endpoint: active, or disabled (by an admin, the partner, or after its retries ran out). */
export const WEBHOOK_ENDPOINT_STATUSES = ["active", "disabled"] as const;
/** One delivery of one event to one endpoint: waiting (first try or a retry), delivered, or given up. */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];
export type PartnerScope = (typeof PARTNER_SCOPES)[number];
