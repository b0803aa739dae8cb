import { z } from "zod";
import { ACCOUNT_MSG } from "~/content/messages";

export const MFA_CODE_MESSAGE = ACCOUNT_MSG.mfaCode;
export const MFA_INVALID_MESSAGE = ACCOUNT_MSG.mfaInvalid;

export const MfaSetupSchema = z.object({
  code: z
    .string({ required_error: MFA_CODE_MESSAGE })
    .trim()
    .regex(/^\d{6}$/, MFA_CODE_MESSAGE),
  /** Production: the operator's one-time enrolment code (npm run db:seed); checked by the action. */
  enrolmentCode: z.string().trim().max(64).optional(),
});

/** A 6-digit TOTP code or a recovery code (XXXXX-XXXXX). */
export const MfaVerifySchema = z.object({
  code: z.string({ required_error: MFA_CODE_MESSAGE }).trim().min(6, MFA_CODE_MESSAGE).max(32, MFA_CODE_MESSAGE),
});
