/**
 * The public entry of this feature's server side for code outside it. Other features and the
 * shared folders import only from here or from index.ts; routes may import the feature's files.
 */
export { admitDeferredAccount, admitSignupAttempt, createAccount, emailTakenAnswer, type Refusal } from "./account-creation.server";
export { createAccountToken, findUsableToken, useToken } from "./account-tokens.server";
export { prepareAdminsAtStart } from "./admin-seed.server";
export { afterAccountCreated } from "./email-verification.server";
export {
  generateRecoveryCodes,
  hashRecoveryCode,
  openSecret,
  sealedUnderCurrentKey,
  sealSecret,
  upgradeLegacyRecoveryCodes,
} from "./mfa/mfa.server";
export { generateTotpSecret, totpStep } from "./mfa/totp.server";
export { hashPassword } from "./password/password.server";
export { queueReferralEmail } from "./referral-claim.server";
export {
  commitSession,
  createUserSession,
  getAccountLanguage,
  getSession,
  getUser,
  requireAdmin,
  requireLender,
  resolveSessionUser,
  SESSION_COOKIE_NAME,
  type SessionData,
} from "./session/session.server";
export { deleteDeadSessions } from "./session/sessions.server";
export { signIn } from "./sign-in.server";
export {
  EmailTakenError,
  getUserByEmail,
  getUserById,
  getUserLanguage,
  insertUser,
  isAdminUser,
  setUserLanguage,
  isDuplicate,
  listAdminEmails,
  listAssignableAdmins,
  listSealedMfaSecrets,
  type PublicUser,
  replaceMfaSecret,
  toPublicUser,
} from "./users.server";
