/**
 * The whole MySQL/MariaDB schema. Every table the product needs is here from the start so later
 * work adds columns rarely and tables never. Money is DECIMAL, statuses and enums are checked
 * by MySQL ENUMs, and every admin search/filter has an index.
 */
import { relations, sql } from "drizzle-orm";
import {
  type AnyMySqlColumn,
  bigint,
  boolean,
  char,
  customType,
  date,
  datetime,
  decimal,
  index,
  int,
  mediumtext,
  mysqlEnum,
  mysqlTable,
  text,
  tinyint,
  uniqueIndex,
  varchar,
} from "drizzle-orm/mysql-core";
import * as E from "../app/content/enums";

/** JSON kept as text: MariaDB's JSON is LONGTEXT and mysql2 returns it unparsed. */
const jsonText = <T>(name: string) =>
  customType<{ data: T; driverData: string }>({
    dataType: () => "longtext",
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (value) => JSON.parse(value) as T,
  })(name);

const createdAt = () =>
  datetime("created_at", { mode: "date", fsp: 3 })
    .notNull()
    .default(sql`CURRENT_TIMESTAMP(3)`);
const updatedAt = () =>
  datetime("updated_at", { mode: "date", fsp: 3 })
    .notNull()
    .default(sql`CURRENT_TIMESTAMP(3)`)
    .$onUpdateFn(() => new Date());

// The value lists are defined once in app/content/enums.ts (client-safe, no imports); the names
// below are this schema's for them.
export const ROLES = E.ROLES;
export const APPLICATION_STATUSES_DB = E.APPLICATION_STATUSES;
export const APPLICATION_STAGES_DB = E.APPLICATION_STAGES;
export const PURPOSES_DB = E.LOAN_PURPOSE_VALUES;
export const LIVING_SITUATIONS_DB = E.LIVING_SITUATION_VALUES;
export const DOCUMENT_TYPES_DB = E.DOCUMENT_TYPES;

export const users = mysqlTable(
  "users",
  {
    id: int("id").autoincrement().primaryKey(),
    /** Stored lower-cased; the unique index makes e-mail unique case-insensitively. */
    email: varchar("email", { length: 254 }).notNull(),
    passwordHash: varchar("password_hash", { length: 255 }).notNull(),
    firstName: varchar("first_name", { length: 100 }).notNull(),
    lastName: varchar("last_name", { length: 100 }).notNull(),
    phone: varchar("phone", { length: 32 }).notNull().default(""),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    role: mysqlEnum("role", ROLES).notNull().default("user"),
    /** TOTP secret (encrypted) and when MFA enrolment finished; admins only. */
    mfaSecret: varchar("mfa_secret", { length: 255 }),
    mfaEnabledAt: datetime("mfa_enabled_at", { mode: "date", fsp: 3 }),
    /** Last TOTP time-step accepted, so a code works only once. */
    mfaLastStep: bigint("mfa_last_step", { mode: "number" }),
    /** Hashes of unused recovery codes. */
    mfaRecoveryCodes: jsonText<string[]>("mfa_recovery_codes"),
    // --- Second-factor lockout, operator enrolment and disabled accounts ---
    /** Consecutive failed second-factor attempts; at MFA_LOCK_AFTER the TOTP factor locks. */
    mfaFailedAttempts: int("mfa_failed_attempts").notNull().default(0),
    /** When the TOTP factor locked (a recovery code or a new seed unlocks it). */
    mfaLockedAt: datetime("mfa_locked_at", { mode: "date", fsp: 3 }),
    /** Keyed hash of the one-time operator enrolment code printed by `npm run db:seed`, and its expiry. */
    mfaEnrolCodeHash: char("mfa_enrol_code_hash", { length: 64 }),
    mfaEnrolCodeExpiresAt: datetime("mfa_enrol_code_expires_at", { mode: "date", fsp: 3 }),
    /** A disabled account cannot sign in and its sessions count as anonymous (e.g. the demo admin in production). */
    disabledAt: datetime("disabled_at", { mode: "date", fsp: 3 }),
    // --- end of second-factor lockout, operator enrolment and disabled accounts ---
    /** When the current e-mail address was proven; null: not verified yet. */
    emailVerifiedAt: datetime("email_verified_at", { mode: "date", fsp: 3 }),
    /** The language the user chose for the site ("en" or "es"; issue 30); null: never chosen (negotiated). */
    language: mysqlEnum("language", ["en", "es"]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The partner lender a `lender` user works for (null for every other role). */
    lenderId: int("lender_id").references((): AnyMySqlColumn => lenders.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("users_email_uq").on(t.email), index("users_lender_idx").on(t.lenderId)],
);

export const sessions = mysqlTable(
  "sessions",
  {
    /** SHA-256 of the random session id; the id itself is only ever in the cookie. */
    idHash: char("id_hash", { length: 64 }).primaryKey(),
    userId: int("user_id").references(() => users.id, { onDelete: "cascade" }),
    data: jsonText<Record<string, unknown>>("data").notNull(),
    createdAt: createdAt(),
    lastSeenAt: datetime("last_seen_at", { mode: "date", fsp: 3 })
      .notNull()
      .default(sql`CURRENT_TIMESTAMP(3)`),
    expiresAt: datetime("expires_at", { mode: "date", fsp: 3 }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const loanApplications = mysqlTable(
  "loan_applications",
  {
    id: int("id").autoincrement().primaryKey(),
    /** Human reference, APP- plus 12 random characters; unique. The column keeps its first name, application_id. */
    reference: varchar("application_id", { length: 20 }).notNull(),
    userId: int("user_id")
      .notNull()
      .references(() => users.id),
    /** The wizard draft this application came from: makes submission idempotent. */
    draftId: int("draft_id"),
    amount: decimal("amount", { precision: 12, scale: 2 }).notNull().default("0"),
    purpose: mysqlEnum("purpose", PURPOSES_DB).notNull().default("startup-capital"),
    annualIncome: decimal("annual_income", { precision: 14, scale: 2 }).notNull().default("0"),
    livingSituation: mysqlEnum("living_situation", LIVING_SITUATIONS_DB).notNull().default("own"),
    monthlyPayment: decimal("monthly_payment", { precision: 12, scale: 2 }).notNull().default("0"),
    /** The optional answers lenders price on (app/features/applications/fields.ts); '' / 0: not answered. */
    businessName: varchar("business_name", { length: 120 }).notNull().default(""),
    /** 9 digits, shown XX-XXXXXXX. */
    ein: varchar("ein", { length: 9 }).notNull().default(""),
    industry: mysqlEnum("industry", E.INDUSTRY_VALUES).notNull().default(""),
    timeInBusiness: mysqlEnum("time_in_business", E.TIME_IN_BUSINESS_VALUES).notNull().default(""),
    monthlyRevenue: decimal("monthly_revenue", { precision: 14, scale: 2 }).notNull().default("0"),
    creditScoreRange: mysqlEnum("credit_score_range", E.CREDIT_SCORE_RANGE_VALUES).notNull().default(""),
    /** Section 1071 business data (optional): the NAICS industry code, and how many people work for the business. */
    naicsCode: varchar("naics_code", { length: 6 }).notNull().default(""),
    numberOfWorkers: mysqlEnum("number_of_workers", E.NUMBER_OF_WORKERS_VALUES).notNull().default(""),
    streetAddress: varchar("street_address", { length: 200 }).notNull().default(""),
    city: varchar("city", { length: 100 }).notNull().default(""),
    state: varchar("state", { length: 2 }).notNull().default(""),
    zipCode: varchar("zip_code", { length: 10 }).notNull().default(""),
    status: mysqlEnum("status", APPLICATION_STATUSES_DB).notNull().default("draft"),
    /** Where the loan is in its life (app/features/applications/domain/loan-lifecycle.ts); every move is an application event. */
    stage: mysqlEnum("stage", E.APPLICATION_STAGES).notNull().default("draft"),
    /** Set by the lender when it sends the money (stage funded). */
    fundedCents: bigint("funded_cents", { mode: "number" }),
    fundedOn: varchar("funded_on", { length: 10 }),
    consentMarketing: boolean("consent_marketing").notNull().default(false),
    consentedAt: datetime("consented_at", { mode: "date", fsp: 3 }),
    /**
     * The applicant's consent to share the application and its documents with the matched partner
     * lenders: when, which text (its version id) and the SHA-256 of the exact words shown. Null: not
     * given, and no lender sees the application (app/content/lender-share-consent.ts).
     */
    lenderShareConsentAt: datetime("lender_share_consent_at", { mode: "date", fsp: 3 }),
    lenderShareConsentVersion: varchar("lender_share_consent_version", { length: 40 }),
    lenderShareConsentSha256: char("lender_share_consent_sha256", { length: 64 }),
    submittedAt: datetime("submitted_at", { mode: "date", fsp: 3 }),
    /**
     * Legal hold (set and cleared by an admin, audited): while set, the retention run
     * (app/features/applications/closed-retention.server.ts) keeps the application and its documents.
     */
    legalHoldAt: datetime("legal_hold_at", { mode: "date", fsp: 3 }),
    legalHoldReason: varchar("legal_hold_reason", { length: 200 }),
    /** The referral partner that sent this application through the partner API; null otherwise. */
    partnerId: int("partner_id").references((): AnyMySqlColumn => partners.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("loan_applications_ref_uq").on(t.reference),
    index("loan_applications_partner_idx").on(t.partnerId, t.id),
    uniqueIndex("loan_applications_draft_uq").on(t.draftId),
    // An applicant's applications newest first (the dashboard) without sorting all of them.
    index("loan_applications_user_submitted_idx").on(t.userId, t.submittedAt, t.id),
    index("loan_applications_status_submitted_idx").on(t.status, t.submittedAt, t.id),
    // The back office's "stale" queue count (open statuses not updated for days) without a table scan.
    index("loan_applications_status_updated_idx").on(t.status, t.updatedAt),
    index("loan_applications_submitted_idx").on(t.submittedAt, t.id),
    index("loan_applications_purpose_idx").on(t.purpose, t.submittedAt),
    index("loan_applications_stage_idx").on(t.stage, t.submittedAt),
  ],
);

/**
 * The wizard's server-side draft, tied to a session (anonymous) or a user. `data` holds the
 * step values; a password typed at step 2 is kept only as an argon2id hash.
 */
export const applicationDrafts = mysqlTable(
  "application_drafts",
  {
    id: int("id").autoincrement().primaryKey(),
    userId: int("user_id").references(() => users.id, { onDelete: "cascade" }),
    data: jsonText<Record<string, unknown>>("data").notNull(),
    /** Set once the draft became a loan_applications row (first upload or submit). */
    loanApplicationId: int("loan_application_id").references(() => loanApplications.id, { onDelete: "set null" }),
    submittedAt: datetime("submitted_at", { mode: "date", fsp: 3 }),
    /** Bumped by every write (models/application-drafts): a step save whose read is still current updates without a row lock. */
    version: int("version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("drafts_user_idx").on(t.userId), index("drafts_updated_idx").on(t.updatedAt)],
);

export const documents = mysqlTable(
  "documents",
  {
    id: int("id").autoincrement().primaryKey(),
    applicationId: int("application_id")
      .notNull()
      .references(() => loanApplications.id, { onDelete: "cascade" }),
    documentType: mysqlEnum("document_type", DOCUMENT_TYPES_DB).notNull(),
    fileName: varchar("file_name", { length: 255 }).notNull(),
    fileSize: int("file_size").notNull(),
    contentType: varchar("content_type", { length: 100 }).notNull(),
    /** Random name of the encrypted file in the document store; never the user's file name. */
    storageKey: varchar("storage_key", { length: 64 }).notNull(),
    /** Per-file data key wrapped by the master key, and which master key wrapped it. */
    wrappedKey: varchar("wrapped_key", { length: 255 }).notNull(),
    keyId: varchar("key_id", { length: 32 }).notNull(),
    uploadedBy: int("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    uploadedAt: datetime("uploaded_at", { mode: "date", fsp: 3 })
      .notNull()
      .default(sql`CURRENT_TIMESTAMP(3)`),
  },
  (t) => [
    uniqueIndex("documents_storage_key_uq").on(t.storageKey),
    index("documents_application_idx").on(t.applicationId),
    index("documents_uploaded_idx").on(t.uploadedAt),
  ],
);

/** Audit trail of an application: creation, submission, status changes (who, from, to, note). */
export const applicationEvents = mysqlTable(
  "application_events",
  {
    id: int("id").autoincrement().primaryKey(),
    applicationId: int("application_id")
      .notNull()
      .references(() => loanApplications.id, { onDelete: "cascade" }),
    actorUserId: int("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    type: varchar("type", { length: 40 }).notNull(),
    fromStatus: varchar("from_status", { length: 20 }),
    toStatus: varchar("to_status", { length: 20 }),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("application_events_app_idx").on(t.applicationId, t.createdAt)],
);

/** E-mails written in the same transaction as the change that causes them; sent by a worker. */
export const outbox = mysqlTable(
  "outbox",
  {
    id: int("id").autoincrement().primaryKey(),
    toEmail: varchar("to_email", { length: 254 }).notNull(),
    subject: varchar("subject", { length: 255 }).notNull(),
    bodyText: text("body_text").notNull(),
    /** The HTML part, rendered with the text part from the same content (app/features/mail). Null on rows queued before it existed: sent as text only. */
    bodyHtml: mediumtext("body_html"),
    /** Files sent with it, base64 (the signed offer summary PDF), as JSON [{ filename, contentType, base64 }]; null: none. */
    attachments: mediumtext("attachments"),
    kind: varchar("kind", { length: 40 }).notNull(),
    status: mysqlEnum("status", E.OUTBOX_STATUSES).notNull().default("pending"),
    attempts: int("attempts").notNull().default(0),
    nextAttemptAt: datetime("next_attempt_at", { mode: "date", fsp: 3 })
      .notNull()
      .default(sql`CURRENT_TIMESTAMP(3)`),
    lockedBy: varchar("locked_by", { length: 64 }),
    lockedUntil: datetime("locked_until", { mode: "date", fsp: 3 }),
    lastError: varchar("last_error", { length: 500 }),
    /** Held until this user verifies an e-mail address, then addressed to it and released. */
    holdUserId: int("hold_user_id"),
    /** The id of the request that queued it (its access log line's reqId), logged when it is sent. */
    requestId: varchar("request_id", { length: 64 }),
    createdAt: createdAt(),
    sentAt: datetime("sent_at", { mode: "date", fsp: 3 }),
    /**
     * The account the e-mail was written for, set when it is queued. The data export lists a
     * user's e-mails by this, never by address: an address can pass from one account to another.
     * Null for rows queued before the column existed (never matched to anyone) and for e-mails of
     * an account since deleted.
     */
    userId: int("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The application a notice of action taken is about (shown on the applicant's dashboard); null for other e-mails. */
    applicationId: int("application_id").references(() => loanApplications.id, { onDelete: "set null" }),
  },
  (t) => [
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_user_idx").on(t.userId, t.id),
    index("outbox_application_idx").on(t.applicationId, t.id),
  ],
);

/** Append-only security audit log: sign-ins, MFA, admin views, downloads, denials. */
export const auditLog = mysqlTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).autoincrement().primaryKey(),
    at: datetime("at", { mode: "date", fsp: 3 })
      .notNull()
      .default(sql`CURRENT_TIMESTAMP(3)`),
    actorUserId: int("actor_user_id"),
    action: varchar("action", { length: 60 }).notNull(),
    targetType: varchar("target_type", { length: 40 }),
    targetId: varchar("target_id", { length: 40 }),
    outcome: varchar("outcome", { length: 20 }).notNull().default("success"),
    ip: varchar("ip", { length: 64 }),
    details: varchar("details", { length: 500 }),
  },
  (t) => [index("audit_target_idx").on(t.targetType, t.targetId, t.at), index("audit_actor_idx").on(t.actorUserId, t.at)],
);

/**
 * Every consent a person gave (app/content/consents.ts): which kind, the text's version, the
 * SHA-256 of the exact words shown and the words themselves, when, from which address, by which
 * account and for which application; the SMS consent also keeps the number it names. Rows are
 * only added (a withdrawal is a new row of its own kind, never an update).
 */
export const consentRecords = mysqlTable(
  "consent_records",
  {
    id: bigint("id", { mode: "number" }).autoincrement().primaryKey(),
    kind: mysqlEnum("kind", E.CONSENT_KINDS).notNull(),
    textVersion: varchar("text_version", { length: 40 }).notNull(),
    textSha256: char("text_sha256", { length: 64 }).notNull(),
    text: text("text").notNull(),
    /** The language of the words shown (issue 30: a Spanish consent is a text and version of its own); rows before it are English. */
    language: mysqlEnum("language", ["en", "es"]).notNull().default("en"),
    userId: int("user_id").references(() => users.id, { onDelete: "cascade" }),
    applicationId: int("application_id").references(() => loanApplications.id, { onDelete: "cascade" }),
    phone: varchar("phone", { length: 32 }),
    ip: varchar("ip", { length: 64 }),
    at: datetime("at", { mode: "date", fsp: 3 })
      .notNull()
      .default(sql`CURRENT_TIMESTAMP(3)`),
  },
  (t) => [index("consent_records_user_idx").on(t.userId, t.at), index("consent_records_app_idx").on(t.applicationId)],
);

/**
 * Section 1071 demographic answers of an application's owner, kept apart from the application:
 * no underwriting read (lender workspace, admin details, API, CSV) joins this table. Each answer
 * is optional and '' means "not answered"; "declined" is "I do not wish to provide this".
 */
export const ownerDemographics = mysqlTable("owner_demographics", {
  applicationId: int("application_id")
    .primaryKey()
    .references(() => loanApplications.id, { onDelete: "cascade" }),
  ethnicity: varchar("ethnicity", { length: 40 }).notNull().default(""),
  race: varchar("race", { length: 60 }).notNull().default(""),
  sex: varchar("sex", { length: 40 }).notNull().default(""),
  /** Section 1071's ownership statuses of the business (yes, no, declined; '' = not answered). */
  minorityOwned: varchar("minority_owned", { length: 20 }).notNull().default(""),
  womenOwned: varchar("women_owned", { length: 20 }).notNull().default(""),
  lgbtqiOwned: varchar("lgbtqi_owned", { length: 20 }).notNull().default(""),
  updatedAt: updatedAt(),
});

/** Fixed-window counters for throttling, shared by every app server. */
export const rateLimits = mysqlTable(
  "rate_limits",
  {
    bucket: varchar("bucket", { length: 191 }).notNull().primaryKey(),
    windowStart: datetime("window_start", { mode: "date", fsp: 3 }).notNull(),
    hits: int("hits").notNull().default(0),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);

// ---------------------------------------------------------------------------------------------
// Back office: document requests, per-document review, internal notes, assignment.
// ---------------------------------------------------------------------------------------------

export const DOCUMENT_REQUEST_STATUSES_DB = E.DOCUMENT_REQUEST_STATUSES;
export const REVIEW_DECISIONS_DB = E.REVIEW_DECISIONS;
export const REJECTION_REASONS_DB = E.REJECTION_REASONS;

/** An admin's request to the applicant for one or more documents, with a message. */
export const documentRequests = mysqlTable(
  "document_requests",
  {
    id: int("id").autoincrement().primaryKey(),
    applicationId: int("application_id")
      .notNull()
      .references(() => loanApplications.id, { onDelete: "cascade" }),
    requestedBy: int("requested_by").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    status: mysqlEnum("status", DOCUMENT_REQUEST_STATUSES_DB).notNull().default("open"),
    createdAt: createdAt(),
    fulfilledAt: datetime("fulfilled_at", { mode: "date", fsp: 3 }),
    /** Set when a partner lender's user asked (the applicant's e-mail names the lender). */
    lenderId: int("lender_id").references((): AnyMySqlColumn => lenders.id, { onDelete: "set null" }),
  },
  (t) => [
    index("document_requests_app_idx").on(t.applicationId, t.status),
    index("document_requests_status_idx").on(t.status, t.createdAt),
  ],
);

/** One requested document type of a request; fulfilled by the first upload of that type. */
export const documentRequestItems = mysqlTable(
  "document_request_items",
  {
    id: int("id").autoincrement().primaryKey(),
    requestId: int("request_id")
      .notNull()
      .references(() => documentRequests.id, { onDelete: "cascade" }),
    documentType: mysqlEnum("document_type", DOCUMENT_TYPES_DB).notNull(),
    documentId: int("document_id").references(() => documents.id, { onDelete: "set null" }),
    fulfilledAt: datetime("fulfilled_at", { mode: "date", fsp: 3 }),
  },
  (t) => [uniqueIndex("document_request_items_uq").on(t.requestId, t.documentType)],
);

/** The current review of a document (its history is in the audit log). */
export const documentReviews = mysqlTable("document_reviews", {
  documentId: int("document_id")
    .primaryKey()
    .references(() => documents.id, { onDelete: "cascade" }),
  decision: mysqlEnum("decision", REVIEW_DECISIONS_DB).notNull(),
  reason: mysqlEnum("reason", REJECTION_REASONS_DB),
  reasonText: varchar("reason_text", { length: 500 }),
  reviewedBy: int("reviewed_by").references(() => users.id, { onDelete: "set null" }),
  reviewedAt: datetime("reviewed_at", { mode: "date", fsp: 3 })
    .notNull()
    .default(sql`CURRENT_TIMESTAMP(3)`),
});

/** Internal notes on an application: admins only, append-only (the app's user gets SELECT, INSERT). */
export const applicationNotes = mysqlTable(
  "application_notes",
  {
    id: bigint("id", { mode: "number" }).autoincrement().primaryKey(),
    applicationId: int("application_id")
      .notNull()
      .references(() => loanApplications.id, { onDelete: "cascade" }),
    authorUserId: int("author_user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("application_notes_app_idx").on(t.applicationId, t.createdAt)],
);

/** Who works on an application now (one admin at most). */
export const applicationAssignments = mysqlTable(
  "application_assignments",
  {
    applicationId: int("application_id")
      .primaryKey()
      .references(() => loanApplications.id, { onDelete: "cascade" }),
    assigneeUserId: int("assignee_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    assignedBy: int("assigned_by").references(() => users.id, { onDelete: "set null" }),
    assignedAt: datetime("assigned_at", { mode: "date", fsp: 3 })
      .notNull()
      .default(sql`CURRENT_TIMESTAMP(3)`),
  },
  (t) => [index("application_assignments_assignee_idx").on(t.assigneeUserId)],
);

export const ACCOUNT_TOKEN_PURPOSES = E.ACCOUNT_TOKEN_PURPOSES;

/**
 * Single-use account links: e-mail verification and password reset. Only the SHA-256
 * of the random token is stored; `email` is the address a verification proves (the new one during
 * a change of e-mail).
 */
export const accountTokens = mysqlTable(
  "account_tokens",
  {
    id: int("id").autoincrement().primaryKey(),
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: mysqlEnum("purpose", ACCOUNT_TOKEN_PURPOSES).notNull(),
    tokenHash: char("token_hash", { length: 64 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    expiresAt: datetime("expires_at", { mode: "date", fsp: 3 }).notNull(),
    usedAt: datetime("used_at", { mode: "date", fsp: 3 }),
    createdAt: createdAt(),
    /**
     * 1 while the token is unused, else NULL (a unique index ignores NULLs): with the unique key
     * below an account has at most one live token per purpose, and issuing a new one is a plain
     * INSERT that takes no gap lock (see createAccountToken).
     */
    pending: tinyint("pending").generatedAlwaysAs(sql`if(\`used_at\` is null, 1, null)`, { mode: "stored" }),
  },
  (t) => [
    uniqueIndex("account_tokens_hash_uq").on(t.tokenHash),
    index("account_tokens_user_idx").on(t.userId, t.purpose),
    // Is an address held for its owner's undo link (sign-up and e-mail changes ask).
    index("account_tokens_purpose_email_idx").on(t.purpose, t.email),
    uniqueIndex("account_tokens_pending_uq").on(t.userId, t.purpose, t.pending),
  ],
);

export const usersRelations = relations(users, ({ many }) => ({
  applications: many(loanApplications),
}));
export const loanApplicationsRelations = relations(loanApplications, ({ one, many }) => ({
  user: one(users, { fields: [loanApplications.userId], references: [users.id] }),
  documents: many(documents),
  events: many(applicationEvents),
}));
export const documentsRelations = relations(documents, ({ one }) => ({
  application: one(loanApplications, { fields: [documents.applicationId], references: [loanApplications.id] }),
}));
export const applicationEventsRelations = relations(applicationEvents, ({ one }) => ({
  application: one(loanApplications, {
    fields: [applicationEvents.applicationId],
    references: [loanApplications.id],
  }),
}));

// ---------------------------------------------------------------------------------------------
// Marketplace: partner lenders, their products, each product's decision on each
// application, the priced offers (stored, never recomputed) and the acceptance record.
// Money in integer cents, rates in basis points.
// ---------------------------------------------------------------------------------------------

export const LENDER_STATUSES_DB = E.LENDER_STATUSES;
export const OFFER_STATUSES_DB = E.OFFER_STATUSES;
export const OFFER_SOURCES_DB = E.OFFER_SOURCES;

export type RateTierRow = { minIncomeToAmountBps: number; minCreditScore?: number | null; noteRateBps: number };

export const lenders = mysqlTable(
  "lenders",
  {
    id: int("id").autoincrement().primaryKey(),
    name: varchar("name", { length: 120 }).notNull(),
    nmlsId: varchar("nmls_id", { length: 20 }).notNull(),
    website: varchar("website", { length: 200 }).notNull().default(""),
    status: mysqlEnum("status", LENDER_STATUSES_DB).notNull().default("active"),
    /** Free text shown to admins, e.g. that a seeded lender is fictional. */
    note: varchar("note", { length: 500 }).notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("lenders_name_uq").on(t.name), index("lenders_status_idx").on(t.status)],
);

export const lenderProducts = mysqlTable(
  "lender_products",
  {
    id: int("id").autoincrement().primaryKey(),
    lenderId: int("lender_id")
      .notNull()
      .references(() => lenders.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 120 }).notNull(),
    active: boolean("active").notNull().default(true),
    states: jsonText<string[]>("states").notNull(),
    purposes: jsonText<string[]>("purposes").notNull(),
    minAmountCents: bigint("min_amount_cents", { mode: "number" }).notNull(),
    maxAmountCents: bigint("max_amount_cents", { mode: "number" }).notNull(),
    termsMonths: jsonText<number[]>("terms_months").notNull(),
    defaultTermMonths: int("default_term_months").notNull(),
    rateTiers: jsonText<RateTierRow[]>("rate_tiers").notNull(),
    originationFeeBps: int("origination_fee_bps").notNull().default(0),
    minAnnualIncomeCents: bigint("min_annual_income_cents", { mode: "number" }).notNull().default(0),
    minCreditScore: int("min_credit_score"),
    minYearsInBusiness: int("min_years_in_business"),
    maxPaymentToIncomeBps: int("max_payment_to_income_bps").notNull().default(2500),
    prepayment: varchar("prepayment", { length: 300 }).notNull(),
    /** The lender's collateral requirements and its avoidable fees (late, returned payment), as the applicant reads them ('' = not recorded). */
    collateral: varchar("collateral", { length: 300 }).notNull().default(""),
    avoidableFees: varchar("avoidable_fees", { length: 300 }).notNull().default(""),
    fundingDays: int("funding_days").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("lender_products_lender_idx").on(t.lenderId), index("lender_products_active_idx").on(t.active)],
);

export const lenderDecisions = mysqlTable(
  "lender_decisions",
  {
    id: int("id").autoincrement().primaryKey(),
    applicationId: int("application_id")
      .notNull()
      .references(() => loanApplications.id, { onDelete: "cascade" }),
    lenderProductId: int("lender_product_id")
      .notNull()
      .references(() => lenderProducts.id, { onDelete: "cascade" }),
    lenderName: varchar("lender_name", { length: 120 }).notNull(),
    productName: varchar("product_name", { length: 120 }).notNull(),
    eligible: boolean("eligible").notNull(),
    reasons: jsonText<string[]>("reasons").notNull(),
    unlock: jsonText<string[]>("unlock").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("lender_decisions_app_product_uq").on(t.applicationId, t.lenderProductId)],
);

export const offers = mysqlTable(
  "offers",
  {
    id: int("id").autoincrement().primaryKey(),
    applicationId: int("application_id")
      .notNull()
      .references(() => loanApplications.id, { onDelete: "cascade" }),
    lenderProductId: int("lender_product_id").references(() => lenderProducts.id, { onDelete: "set null" }),
    lenderId: int("lender_id").references(() => lenders.id, { onDelete: "set null" }),
    source: mysqlEnum("source", OFFER_SOURCES_DB).notNull().default("match"),
    status: mysqlEnum("status", OFFER_STATUSES_DB).notNull().default("offered"),
    /** Snapshots: what the applicant saw stays what it was even if the catalogue changes. */
    lenderName: varchar("lender_name", { length: 120 }).notNull(),
    lenderNmlsId: varchar("lender_nmls_id", { length: 20 }).notNull(),
    productName: varchar("product_name", { length: 120 }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    termMonths: int("term_months").notNull(),
    noteRateBps: int("note_rate_bps").notNull(),
    feeCents: bigint("fee_cents", { mode: "number" }).notNull(),
    fundingCents: bigint("funding_cents", { mode: "number" }).notNull(),
    paymentCents: bigint("payment_cents", { mode: "number" }).notNull(),
    finalPaymentCents: bigint("final_payment_cents", { mode: "number" }).notNull(),
    paymentCount: int("payment_count").notNull(),
    totalPaymentsCents: bigint("total_payments_cents", { mode: "number" }).notNull(),
    financeChargeCents: bigint("finance_charge_cents", { mode: "number" }).notNull(),
    estimatedAprBps: int("estimated_apr_bps").notNull(),
    prepayment: varchar("prepayment", { length: 300 }).notNull(),
    /** Snapshots of the product's collateral requirements and avoidable fees ('' on offers made before they were recorded). */
    collateral: varchar("collateral", { length: 300 }).notNull().default(""),
    avoidableFees: varchar("avoidable_fees", { length: 300 }).notNull().default(""),
    fundingDays: int("funding_days").notNull(),
    expiresAt: datetime("expires_at", { mode: "date", fsp: 3 }).notNull(),
    withdrawnAt: datetime("withdrawn_at", { mode: "date", fsp: 3 }),
    withdrawnReason: varchar("withdrawn_reason", { length: 200 }),
    createdBy: int("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** When (and by which lender user) the lender confirmed its instant offer. */
    lenderConfirmedAt: datetime("lender_confirmed_at", { mode: "date", fsp: 3 }),
    lenderConfirmedBy: int("lender_confirmed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("offers_application_idx").on(t.applicationId, t.status),
    index("offers_lender_idx").on(t.lenderId, t.applicationId),
    // The lender queue's offers by product, newest application first (read from the index alone).
    index("offers_lender_product_idx").on(t.lenderProductId, t.applicationId),
  ],
);

export const offerAcceptances = mysqlTable(
  "offer_acceptances",
  {
    id: int("id").autoincrement().primaryKey(),
    /** One acceptance per application: the unique index makes concurrent accepts accept once. */
    applicationId: int("application_id")
      .notNull()
      .references(() => loanApplications.id, { onDelete: "cascade" }),
    offerId: int("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    userId: int("user_id").references(() => users.id, { onDelete: "set null" }),
    signerName: varchar("signer_name", { length: 200 }).notNull(),
    acceptedAt: datetime("accepted_at", { mode: "date", fsp: 3 }).notNull(),
    clientIp: varchar("client_ip", { length: 64 }),
    /** SHA-256 (hex) of the exact disclosure text shown, which is kept alongside. */
    disclosureSha256: char("disclosure_sha256", { length: 64 }).notNull(),
    disclosureText: text("disclosure_text").notNull(),
    /** The language of the disclosure shown and signed (issue 30: the Spanish text is hashed and kept as shown); earlier rows are English. */
    language: mysqlEnum("language", ["en", "es"]).notNull().default("en"),
  },
  (t) => [uniqueIndex("offer_acceptances_app_uq").on(t.applicationId), uniqueIndex("offer_acceptances_offer_uq").on(t.offerId)],
);

/**
 * Each time an offer's summary (the state's prescribed form) was presented to its applicant: the
 * evidence a lender keeps that the disclosure came before the signature (10 CCR 920, 23 NYCRR
 * 600.18). Which form, the SHA-256 of the exact text shown, where (page, PDF, API) and when.
 */
export const offerSummaryPresentations = mysqlTable(
  "summary_presentations",
  {
    id: int("id").autoincrement().primaryKey(),
    offerId: int("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    applicationId: int("application_id")
      .notNull()
      .references(() => loanApplications.id, { onDelete: "cascade" }),
    userId: int("user_id").references(() => users.id, { onDelete: "set null" }),
    spec: varchar("spec", { length: 10 }).notNull(),
    textSha256: char("text_sha256", { length: 64 }).notNull(),
    via: varchar("via", { length: 20 }).notNull(),
    ip: varchar("ip", { length: 64 }),
    presentedAt: datetime("presented_at", { mode: "date", fsp: 3 }).notNull(),
    /** The language of the text shown (its SHA-256 is that text's); earlier rows are English. */
    language: mysqlEnum("language", ["en", "es"]).notNull().default("en"),
  },
  (t) => [
    index("summary_presentations_offer_idx").on(t.offerId, t.presentedAt),
    index("summary_presentations_app_idx").on(t.applicationId),
  ],
);

/**
 * A partner lender's decline of an application (one per lender and application), with
 * reason codes from app/content/decline-reasons.ts; the applicant's notice of action taken names
 * the lender and these reasons.
 */
export const lenderDeclines = mysqlTable(
  "lender_declines",
  {
    id: int("id").autoincrement().primaryKey(),
    applicationId: int("application_id")
      .notNull()
      .references(() => loanApplications.id, { onDelete: "cascade" }),
    lenderId: int("lender_id")
      .notNull()
      .references(() => lenders.id, { onDelete: "cascade" }),
    /** Snapshot of the lender's name, as the notice named it. */
    lenderName: varchar("lender_name", { length: 120 }).notNull(),
    reasons: jsonText<string[]>("reasons").notNull(),
    declinedBy: int("declined_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("lender_declines_app_lender_uq").on(t.applicationId, t.lenderId), index("lender_declines_lender_idx").on(t.lenderId)],
);

export type Lender = typeof lenders.$inferSelect;
export type LenderProduct = typeof lenderProducts.$inferSelect;
export type LenderDecision = typeof lenderDecisions.$inferSelect;
export type Offer = typeof offers.$inferSelect;
export type OfferAcceptance = typeof offerAcceptances.$inferSelect;

export type User = typeof users.$inferSelect;
export type LoanApplication = typeof loanApplications.$inferSelect;
export type Document = typeof documents.$inferSelect;
export type ApplicationDraft = typeof applicationDrafts.$inferSelect;
export type ApplicationEvent = typeof applicationEvents.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Partner API: partners, their API keys, idempotency records.
// ---------------------------------------------------------------------------------------------

export const PARTNER_KINDS_DB = E.PARTNER_KINDS;

export const partners = mysqlTable(
  "partners",
  {
    id: int("id").autoincrement().primaryKey(),
    name: varchar("name", { length: 120 }).notNull(),
    kind: mysqlEnum("kind", PARTNER_KINDS_DB).notNull(),
    /** A lender partner's lender: its keys act for this lender. Null for a referral partner. */
    lenderId: int("lender_id").references(() => lenders.id, { onDelete: "restrict" }),
    createdBy: int("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("partners_name_uq").on(t.name), index("partners_lender_idx").on(t.lenderId)],
);

/**
 * A partner's API key. The key itself (lm_live_<publicId>_<secret>) is shown once; only its SHA-256
 * is stored, found by the public id it carries. Rotation gives the old key an expiry (the overlap).
 */
export const partnerApiKeys = mysqlTable(
  "partner_api_keys",
  {
    id: int("id").autoincrement().primaryKey(),
    partnerId: int("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    publicId: varchar("public_id", { length: 24 }).notNull(),
    secretHash: char("secret_hash", { length: 64 }).notNull(),
    label: varchar("label", { length: 100 }).notNull().default(""),
    scopes: jsonText<string[]>("scopes").notNull(),
    /** Requests per minute this key may make. */
    rateLimitPerMinute: int("rate_limit_per_minute").notNull().default(120),
    expiresAt: datetime("expires_at", { mode: "date", fsp: 3 }),
    revokedAt: datetime("revoked_at", { mode: "date", fsp: 3 }),
    lastUsedAt: datetime("last_used_at", { mode: "date", fsp: 3 }),
    /** The key this one replaced by rotation. */
    rotatedFromId: int("rotated_from_id"),
    createdBy: int("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("partner_api_keys_public_uq").on(t.publicId), index("partner_api_keys_partner_idx").on(t.partnerId, t.id)],
);

export const IDEMPOTENCY_STATES_DB = ["in-progress", "done"] as const;

/**
 * One Idempotency-Key of one caller (`scope`: a partner key or a user): the request's hash and,
 * once done, the first answer. Inserted before the work (the unique index admits one request).
 */
export const idempotencyKeys = mysqlTable(
  "idempotency_keys",
  {
    id: bigint("id", { mode: "number" }).autoincrement().primaryKey(),
    scope: varchar("scope", { length: 60 }).notNull(),
    /** SHA-256 of the client's Idempotency-Key. */
    keyHash: char("key_hash", { length: 64 }).notNull(),
    /** SHA-256 of method, path and the JSON body (keys sorted). */
    requestHash: char("request_hash", { length: 64 }).notNull(),
    state: mysqlEnum("state", IDEMPOTENCY_STATES_DB).notNull().default("in-progress"),
    responseStatus: int("response_status"),
    responseBody: text("response_body"),
    createdAt: createdAt(),
    expiresAt: datetime("expires_at", { mode: "date", fsp: 3 }).notNull(),
  },
  (t) => [uniqueIndex("idempotency_scope_key_uq").on(t.scope, t.keyHash), index("idempotency_expires_idx").on(t.expiresAt)],
);

/**
 * A partner's webhook endpoint: an https URL, the event types it wants, and its signing secret
 * (`whsec_...`, shown once; stored sealed with AES-256-GCM, never in plain text).
 */
export const webhookEndpoints = mysqlTable(
  "webhook_endpoints",
  {
    id: int("id").autoincrement().primaryKey(),
    partnerId: int("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    url: varchar("url", { length: 500 }).notNull(),
    description: varchar("description", { length: 200 }).notNull().default(""),
    events: jsonText<string[]>("events").notNull(),
    /** Told when the endpoint is disabled after its retries ran out (admins are told too). */
    contactEmail: varchar("contact_email", { length: 254 }),
    secretSealed: varchar("secret_sealed", { length: 255 }).notNull(),
    status: mysqlEnum("status", E.WEBHOOK_ENDPOINT_STATUSES).notNull().default("active"),
    disabledAt: datetime("disabled_at", { mode: "date", fsp: 3 }),
    disabledReason: varchar("disabled_reason", { length: 200 }),
    createdBy: int("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_partner_idx").on(t.partnerId, t.status)],
);

/**
 * The webhook outbox: one row per event and endpoint, written in the transaction of the change
 * that causes the event, delivered by a worker under a lease (locked_by/locked_until), retried
 * with backoff. A replay is a new row with the same event id (`replay_of_id`: the row replayed).
 */
export const webhookDeliveries = mysqlTable(
  "webhook_deliveries",
  {
    id: bigint("id", { mode: "number" }).autoincrement().primaryKey(),
    endpointId: int("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    partnerId: int("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    /** The Standard Webhooks message id (webhook-id header): the same on every retry and replay. */
    eventId: varchar("event_id", { length: 40 }).notNull(),
    eventType: varchar("event_type", { length: 60 }).notNull(),
    payload: text("payload").notNull(),
    status: mysqlEnum("status", E.WEBHOOK_DELIVERY_STATUSES).notNull().default("pending"),
    attempts: int("attempts").notNull().default(0),
    nextAttemptAt: datetime("next_attempt_at", { mode: "date", fsp: 3 })
      .notNull()
      .default(sql`CURRENT_TIMESTAMP(3)`),
    lockedBy: varchar("locked_by", { length: 64 }),
    lockedUntil: datetime("locked_until", { mode: "date", fsp: 3 }),
    lastAttemptAt: datetime("last_attempt_at", { mode: "date", fsp: 3 }),
    lastResponseCode: int("last_response_code"),
    lastError: varchar("last_error", { length: 300 }),
    deliveredAt: datetime("delivered_at", { mode: "date", fsp: 3 }),
    replayOfId: bigint("replay_of_id", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_partner_idx").on(t.partnerId, t.id),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id),
  ],
);

export type Partner = typeof partners.$inferSelect;
export type PartnerApiKey = typeof partnerApiKeys.$inferSelect;
