import { z } from "zod";
import { MSG } from "~/content/messages";
import {
  dateOfBirthField,
  emailField,
  firstNameField,
  lastNameField,
  loginPasswordField,
  newPasswordField,
  phoneField,
  requiredCheckbox,
} from "~/features/accounts/fields.schema";

export const LoginSchema = z.object({
  email: emailField,
  password: loginPasswordField,
  redirectTo: z.string().optional(),
});

/** The account fields shared by sign-up, the wizard's owner step and POST /api/auth/register. */
export const AccountFields = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField,
  password: newPasswordField,
  phone: phoneField,
  dateOfBirth: dateOfBirthField,
});

export const SignupSchema = AccountFields.extend({
  usCitizen: requiredCheckbox(MSG.mustBeCitizen),
  agreeToTerms: requiredCheckbox(MSG.mustAgreeTerms),
  /** The E-SIGN consent (app/content/consents.ts), recorded with the account. */
  agreeToElectronicRecords: requiredCheckbox(MSG.mustAgreeElectronicRecords),
});

export type LoginInput = z.infer<typeof LoginSchema>;
export type SignupInput = z.infer<typeof SignupSchema>;
