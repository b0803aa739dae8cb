/** Business constants and limits (the product rules in docs/product.md), one home each. */
export const LOAN_MIN = 1000;
export const LOAN_MAX = 50000;
export const LOAN_STEP = 1000;
export const LOAN_DEFAULT = 25000;
/** Upper bounds of the wizard's money inputs (the DECIMAL columns hold more; these catch typos). */
export const INCOME_MAX = 1_000_000_000;
export const HOUSING_MAX = 10_000_000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const PHONE_MIN = 10;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const WIZARD_STEPS = 7;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** Demo admin created on an empty database so a newcomer can sign in at once. */
export const DEMO_ADMIN = {
  email: "admin@lendwise.example",
  password: "DemoAdmin#2025",
  firstName: "Demo",
  lastName: "Admin",
} as const;

/** Upload quotas: per account (rate) and per application (files and bytes). */
export const UPLOAD_RATE_LIMIT = { files: 30, windowSeconds: 10 * 60 } as const;
export const APPLICATION_MAX_FILES = 30;
export const APPLICATION_MAX_BYTES = 100 * 1024 * 1024;
/** The quotas in words, for the upload forms and the OpenAPI document. */
export const UPLOAD_QUOTA_TEXT = `Up to ${APPLICATION_MAX_FILES} files and ${APPLICATION_MAX_BYTES / 1024 / 1024} MB in total per application; at most ${UPLOAD_RATE_LIMIT.files} uploads every ${UPLOAD_RATE_LIMIT.windowSeconds / 60} minutes per account.`;
// Back office
export const REQUEST_MESSAGE_MAX_LENGTH = 1000;
export const INTERNAL_NOTE_MAX_LENGTH = 4000;
export const REASON_TEXT_MAX_LENGTH = 500;

// Sessions (app/features/accounts/session/session.server.ts; the retention purge uses the idle limits)
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Idle and absolute lifetimes by who the session belongs to. */
export const SESSION_LIMITS = {
  anonymous: { idle: 30 * DAY_MS, absolute: 30 * DAY_MS },
  user: { idle: 24 * HOUR_MS, absolute: 7 * DAY_MS },
  admin: { idle: 30 * MINUTE_MS, absolute: 12 * HOUR_MS },
} as const;
