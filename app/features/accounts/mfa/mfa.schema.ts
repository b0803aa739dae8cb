import { z } from "zod";

export const MFA_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app";
export const MFA_INVALID_MESSAGE = "That code is not valid or was already used. Try the next code.";

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
