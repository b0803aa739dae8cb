/** Throttling rules backed by MySQL counters (shared by every app server). */
import { hit } from "~/models/rate-limit.server";

export const THROTTLE_RULES = {
  login: { limit: 10, windowSeconds: 60, message: "Too many sign-in attempts. Please wait a minute and try again." },
  signup: { limit: 10, windowSeconds: 60 * 60, message: "Too many sign-up attempts. Please try again later." },
  statusLookup: { limit: 30, windowSeconds: 60, message: "Too many status lookups. Please wait a minute and try again." },
  mfa: { limit: 10, windowSeconds: 60, message: "Too many verification attempts. Please wait a minute and try again." },
  api: { limit: 120, windowSeconds: 60, message: "Too many requests. Please slow down." },
  // Accounts (issue 13).
  forgotPasswordAccount: { limit: 3, windowSeconds: 60 * 60, message: "Too many password reset requests. Please try again in an hour." },
  forgotPasswordClient: { limit: 20, windowSeconds: 60 * 60, message: "Too many password reset requests. Please try again in an hour." },
  accountLink: { limit: 20, windowSeconds: 15 * 60, message: "Too many attempts. Please wait a few minutes and try again." },
  verifyResend: { limit: 3, windowSeconds: 60 * 60, message: "We already sent several links. Please check your inbox or try again in an hour." },
  accountChange: { limit: 10, windowSeconds: 15 * 60, message: "Too many attempts. Please wait a few minutes and try again." },
} as const;

export type ThrottleRule = keyof typeof THROTTLE_RULES;

/**
 * Counts one attempt against each key of `rule`; returns null when allowed, or the message and a
 * Retry-After header when any key is over its limit.
 */
export async function throttle(rule: ThrottleRule, keys: string[]) {
  const r = THROTTLE_RULES[rule];
  let worst: Date | null = null;
  for (const k of keys) {
    const { hits, resetAt } = await hit(`${rule}:${k}`, r.windowSeconds);
    if (hits > r.limit && (!worst || resetAt > worst)) worst = resetAt;
  }
  if (!worst) return null;
  const retryAfter = Math.max(1, Math.ceil((worst.getTime() - Date.now()) / 1000));
  return { message: r.message, headers: { "Retry-After": String(retryAfter) } };
}
