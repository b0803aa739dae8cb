/**
 * Admins with a second factor, for the tests and the bench alike (bench/lib/fixtures.ts imports
 * this file): made the way an operator makes one, through the app's own modules. `seedAdmin` (what
 * `npm run db:seed` runs) creates the admin and issues the one-time enrolment code;
 * `completeEnrolment` (what /admin-login/setup runs) enrols a known TOTP secret and hashes the
 * recovery codes; the codes come from app/utils/totp.server. Nothing here imports vitest, so the
 * bench can load it once its environment is set.
 */
import { seedAdmin } from "~/features/accounts/admin-seed.server";
import { completeEnrolment } from "~/features/accounts/mfa/mfa.server";
import { base32Decode, generateTotpSecret, hotp, totpStep } from "~/features/accounts/mfa/totp.server";

export type SecondFactors = {
  totpSecret: string | null;
  recoveryCodes: string[];
  /** TOTP steps already used by this admin's sign-ins (a code works once). */
  usedSteps: Set<number>;
};

export type SeededAdmin = SecondFactors & {
  id: number;
  email: string;
  password: string;
  firstName: string;
  /** The operator's one-time enrolment code from seeding (used up once MFA is enrolled). */
  enrolmentCode: string;
};

/** Seeds an admin and, unless `enrolled: false`, enrols MFA with a known TOTP secret. */
export async function seedAdminWithMfa(email: string, password: string, opts: { enrolled?: boolean } = {}): Promise<SeededAdmin> {
  const { id, enrolment } = await seedAdmin(email, password, { firstName: "Ada", lastName: "Admin" });
  const enrolmentCode = enrolment!.code;
  const base = { id, email, password, firstName: "Ada", enrolmentCode };
  if (opts.enrolled === false) return { ...base, totpSecret: null, recoveryCodes: [], usedSteps: new Set() };
  const totpSecret = generateTotpSecret();
  // Enrol with the previous step's code, so the current and next steps stay free for sign-ins.
  for (let attempt = 0; attempt < 2; attempt++) {
    const step = totpStep() - 1;
    const recoveryCodes = await completeEnrolment(id, totpSecret, hotp(base32Decode(totpSecret), step), enrolmentCode);
    if (recoveryCodes) return { ...base, totpSecret, recoveryCodes, usedSteps: new Set([step]) };
  }
  throw new Error("admin: MFA enrolment failed");
}

/**
 * A second-factor code this admin has not used yet: the TOTP of the current or the next step,
 * else one of the recovery codes.
 */
export function nextSecondFactor(admin: SecondFactors): string {
  if (!admin.totpSecret) throw new Error("admin has no MFA");
  const now = totpStep();
  const last = Math.max(-1, ...admin.usedSteps);
  // The current and the next step stay accepted for at least 30 s; the previous one may expire
  // at the next 30-second boundary, a moment after it is typed, so it is never used.
  for (const step of [now, now + 1]) {
    if (step > last) {
      admin.usedSteps.add(step);
      return hotp(base32Decode(admin.totpSecret), step);
    }
  }
  const code = admin.recoveryCodes.shift();
  if (!code) throw new Error("no unused second factor left for this admin");
  return code;
}
