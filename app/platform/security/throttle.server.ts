/**
 * Throttling rules backed by MySQL counters (shared by every app server).
 *
 * Hand-written on purpose, not `rate-limiter-flexible`'s RateLimiterMySQL (checked at 11.4.0):
 * - the upload limit is counted inside the document commit's transaction, on that transaction's
 *   connection (it holds the application's row lock; asking the pool for a second connection
 *   there can wait for ever under load). The library takes a connection of its own from a pool
 *   and wraps each count in its own BEGIN/COMMIT, so it cannot join our transaction;
 * - it wants mysql2's callback pool (`getConnection(cb)`, `conn.query(sql, cb)`), not our
 *   guarded/failover pool (models/db.server.ts), so it would bypass the per-query deadlines,
 *   the 503 on a database outage and the Galera failover;
 * - its windows run on each app server's clock (`Date.now()`), ours on the database's
 *   (`UTC_TIMESTAMP(3)`), so servers with skewed clocks still agree on when a window ends;
 * - it creates its database and table at start-up (DDL) unless told not to, and keeps a timer
 *   deleting expired rows; ours is a drizzle migration and the retention job.
 * What we keep is small: one INSERT ... ON DUPLICATE KEY UPDATE per hit (models/rate-limits.server.ts).
 */
import type { DbOrTx } from "~/platform/db/db.server";
import { hit, peek, windowResetAt } from "~/platform/security/rate-limits.server";
import { UPLOAD_RATE_LIMIT } from "~/content/constants";
import { MSG, THROTTLE_MSG } from "~/content/messages";
import { recordThrottleRefusal } from "~/platform/observability/metrics.server";

export const THROTTLE_RULES = {
  login: { limit: 10, windowSeconds: 60, message: THROTTLE_MSG.login },
  signup: { limit: 10, windowSeconds: 60 * 60, message: THROTTLE_MSG.signup },
  statusLookup: { limit: 30, windowSeconds: 60, message: THROTTLE_MSG.statusLookup },
  mfa: { limit: 10, windowSeconds: 60, message: THROTTLE_MSG.mfa },
  /**
   * Second-factor attempts per account from all clients together: caps what many addresses can
   * try (recovery codes are checked even while the TOTP factor is locked). Above MFA_LOCK_AFTER,
   * so the lock, not this limit, is what a run of wrong TOTP codes meets first.
   */
  mfaAccount: {
    limit: 30,
    windowSeconds: 15 * 60,
    message: THROTTLE_MSG.mfaAccount,
  },
  api: { limit: 120, windowSeconds: 60, message: THROTTLE_MSG.api },
  // Against enumeration and upload floods.
  /** "Already exists" answers per client address (sign-up page, API, wizard step 2): no free enumeration. */
  /** Document uploads per account (every upload path; see saveUpload). */
  upload: { limit: UPLOAD_RATE_LIMIT.files, windowSeconds: UPLOAD_RATE_LIMIT.windowSeconds, message: MSG.uploadRateLimited },
  accountExists: { limit: 10, windowSeconds: 60 * 60, message: THROTTLE_MSG.signup },
  // Accounts.
  forgotPasswordAccount: { limit: 3, windowSeconds: 60 * 60, message: THROTTLE_MSG.forgotPassword },
  forgotPasswordClient: { limit: 20, windowSeconds: 60 * 60, message: THROTTLE_MSG.forgotPassword },
  accountLink: { limit: 20, windowSeconds: 15 * 60, message: THROTTLE_MSG.accountAttempts },
  verifyResend: {
    limit: 3,
    windowSeconds: 60 * 60,
    message: THROTTLE_MSG.verifyResend,
  },
  accountChange: { limit: 10, windowSeconds: 15 * 60, message: THROTTLE_MSG.accountAttempts },
} as const;

export type ThrottleRule = keyof typeof THROTTLE_RULES;

function retryAfter(worst: Date, message: string) {
  const seconds = Math.max(1, Math.ceil((worst.getTime() - Date.now()) / 1000));
  return { message, headers: { "Retry-After": String(seconds) } };
}

/**
 * Counts one hit in `bucket`; when that puts it over `limit`, returns when its window ends (read
 * only then, so an allowed attempt costs one statement), else null.
 */
async function countHit(bucket: string, windowSeconds: number, limit: number, db?: DbOrTx): Promise<Date | null> {
  const hits = await hit(bucket, windowSeconds, db);
  return hits > limit ? windowResetAt(bucket, windowSeconds, db) : null;
}

/**
 * Counts one attempt against each key of `rule`; returns null when allowed, or the message and a
 * Retry-After header when any key is over its limit.
 */
export async function throttle(rule: ThrottleRule, keys: string[], db?: DbOrTx) {
  const r = THROTTLE_RULES[rule];
  let worst: Date | null = null;
  for (const k of keys) {
    const resetAt = await countHit(`${rule}:${k}`, r.windowSeconds, r.limit, db);
    if (resetAt && (!worst || resetAt > worst)) worst = resetAt;
  }
  if (!worst) return null;
  recordThrottleRefusal(rule);
  return retryAfter(worst, r.message);
}

/**
 * Like `throttle` without counting an attempt: the refusal when any key of `rule` is already over
 * its limit, else null.
 */
export async function throttleReached(rule: ThrottleRule, keys: string[]) {
  const r = THROTTLE_RULES[rule];
  let worst: Date | null = null;
  for (const k of keys) {
    const resetAt = await peekOver(`${rule}:${k}`, r.windowSeconds, r.limit);
    if (resetAt && (!worst || resetAt > worst)) worst = resetAt;
  }
  return worst ? retryAfter(worst, r.message) : null;
}

/**
 * Per-account sign-in limits that grow with the attack. They count distinct
 * clients (a client address counts once a day per account), so one attacker, already held by the
 * account+client limit, cannot lock the owner out; many addresses together can only slow it down.
 */
export const SIGN_IN_ACCOUNT_WINDOWS = [
  { limit: 10, windowSeconds: 60 },
  { limit: 30, windowSeconds: 60 * 60 },
  { limit: 100, windowSeconds: 24 * 60 * 60 },
] as const;

/**
 * The sign-in throttle of every entry point (pages, API, wizard step 2): per client address
 * (across accounts), per account and client together, and per account over distinct clients with
 * progressive windows (SIGN_IN_ACCOUNT_WINDOWS).
 */
export async function throttleSignIn({ email, ip }: { email: string; ip: string }) {
  const account = email.trim().toLowerCase();
  const direct = await throttle("login", [`ip:${ip}`, `acct-ip:${account}|${ip}`]);
  if (direct) return direct;
  const firstToday = (await hit(`login-client:${account}|${ip}`, 24 * 60 * 60)) === 1;
  let worst: Date | null = null;
  for (const w of SIGN_IN_ACCOUNT_WINDOWS) {
    const bucket = `login-acct-${w.windowSeconds}:${account}`;
    const resetAt = firstToday ? await countHit(bucket, w.windowSeconds, w.limit) : await peekOver(bucket, w.windowSeconds, w.limit);
    if (resetAt && (!worst || resetAt > worst)) worst = resetAt;
  }
  if (!worst) return null;
  recordThrottleRefusal("login");
  return retryAfter(worst, THROTTLE_RULES.login.message);
}

/** Like countHit without counting: when `bucket`'s window ends if it is already over `limit`, else null. */
async function peekOver(bucket: string, windowSeconds: number, limit: number): Promise<Date | null> {
  const { hits, resetAt } = await peek(bucket, windowSeconds);
  return hits > limit ? resetAt : null;
}

/**
 * The second-factor throttle of every entry point: per account and client, and per client, then
 * per account over all clients (mfaAccount), so any number of addresses together get at most
 * mfaAccount.limit checks per window (attempts refused per client are not counted there). Someone
 * who already has the password can use that allowance up and keep the owner waiting until the
 * window ends, which is the price of the bound; the lock after MFA_LOCK_AFTER failures
 * (mfa.server.ts) stops the TOTP guesses well before it.
 */
export async function throttleSecondFactor({ userId, ip }: { userId: number; ip: string }) {
  const perClient = await throttle("mfa", [`acct-ip:${userId}|${ip}`, `ip:${ip}`]);
  if (perClient) return perClient;
  return throttle("mfaAccount", [`acct:${userId}`]);
}
