/** Forms of the account pages. Pure: used by the actions, Conform and the tests. */
import { z } from "zod";
import { ACCOUNT_MSG } from "~/content/messages";
import { emailField, newPasswordField } from "~/features/accounts/fields.schema";
import { MFA_CODE_MESSAGE } from "~/features/accounts/mfa/mfa.schema";

const currentPassword = z
  .string({ required_error: ACCOUNT_MSG.currentPasswordRequired })
  .min(1, ACCOUNT_MSG.currentPasswordRequired)
  .max(1024);
const token = z.string({ required_error: ACCOUNT_MSG.resetInvalid }).min(20, ACCOUNT_MSG.resetInvalid).max(100, ACCOUNT_MSG.resetInvalid);

export const ForgotPasswordSchema = z.object({ email: emailField });

/** `password` is the new password (so the server's common-password policy applies by name). */
export const ResetPasswordSchema = z
  .object({
    token,
    password: newPasswordField,
    confirmPassword: z.string({ required_error: ACCOUNT_MSG.passwordConfirmMismatch }),
    code: z.string().trim().max(32).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: ACCOUNT_MSG.passwordConfirmMismatch });

/** Undoing a change of e-mail sets a new password, with the reset form's fields and rules. */
export const UndoEmailChangeSchema = ResetPasswordSchema;

export const VerifyEmailSchema = z.object({ intent: z.literal("verify"), token: z.string().max(100) });

export const ChangePasswordSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword,
    password: newPasswordField,
    confirmPassword: z.string({ required_error: ACCOUNT_MSG.passwordConfirmMismatch }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: ACCOUNT_MSG.passwordConfirmMismatch })
  .refine((v) => v.password !== v.currentPassword, { path: ["password"], message: ACCOUNT_MSG.newPasswordSame });

export const ChangeEmailSchema = z.object({ intent: z.literal("email"), email: emailField, currentPassword });

export const SignOutOthersSchema = z.object({ intent: z.literal("sessions") });

export const RecoveryCodesSchema = z.object({ intent: z.literal("recovery-codes"), currentPassword });

export const ReenrolAuthenticatorSchema = z.object({
  currentPassword,
  code: z
    .string({ required_error: MFA_CODE_MESSAGE })
    .trim()
    .regex(/^\d{6}$/, MFA_CODE_MESSAGE),
});

export const DeleteDataSchema = z.object({
  confirm: z
    .string({ required_error: ACCOUNT_MSG.deleteConfirmRequired })
    .trim()
    .refine((v) => v === "DELETE", ACCOUNT_MSG.deleteConfirmRequired),
});
