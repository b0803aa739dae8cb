/** Field schemas shared by sign-up, the wizard's owner step and the API: defined once. */
import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN, PHONE_MIN } from "~/content/constants";
import { MSG } from "~/content/messages";

export const emailField = z
  .string({ required_error: MSG.invalidEmail, invalid_type_error: MSG.invalidEmail })
  .trim()
  .max(254, MSG.invalidEmail)
  .email(MSG.invalidEmail)
  .transform((v) => v.toLowerCase());

export const loginPasswordField = z
  .string({ required_error: MSG.passwordRequired, invalid_type_error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const newPasswordField = z
  .string({ required_error: MSG.passwordMin, invalid_type_error: MSG.passwordMin })
  .min(PASSWORD_MIN, MSG.passwordMin)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const firstNameField = z
  .string({ required_error: MSG.firstNameRequired, invalid_type_error: MSG.firstNameRequired })
  .trim()
  .min(1, MSG.firstNameRequired)
  .max(100, "First name must be at most 100 characters");

export const lastNameField = z
  .string({ required_error: MSG.lastNameRequired, invalid_type_error: MSG.lastNameRequired })
  .trim()
  .min(1, MSG.lastNameRequired)
  .max(100, "Last name must be at most 100 characters");

export const phoneField = z
  .string({ required_error: MSG.phoneInvalid, invalid_type_error: MSG.phoneInvalid })
  .trim()
  .min(PHONE_MIN, MSG.phoneInvalid)
  .max(32, MSG.phoneInvalid)
  .regex(/^[0-9+().\-\s]+$/, MSG.phoneInvalid);

export const ADULT_AGE = 18;
export const UNDER_AGE_MESSAGE = "You must be at least 18 years old to apply";
export const DOB_INVALID_MESSAGE = "Enter a valid date of birth";

function ageOn(dob: Date, today: Date) {
  let age = today.getUTCFullYear() - dob.getUTCFullYear();
  const m = today.getUTCMonth() - dob.getUTCMonth();
  if (m < 0 || (m === 0 && today.getUTCDate() < dob.getUTCDate())) age--;
  return age;
}

export const dateOfBirthField = z
  .string({ required_error: MSG.dobRequired, invalid_type_error: MSG.dobRequired })
  .trim()
  .min(1, MSG.dobRequired)
  .superRefine((v, ctx) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
    if (!m || !d || d.getUTCFullYear() !== +m[1] || d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3] || +m[1] < 1900) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: DOB_INVALID_MESSAGE });
      return;
    }
    if (ageOn(d, new Date()) < ADULT_AGE) ctx.addIssue({ code: z.ZodIssueCode.custom, message: UNDER_AGE_MESSAGE });
  });

/** A checkbox that must be ticked. Conform sends 'on' for a ticked box and nothing otherwise. */
export const requiredCheckbox = (message: string) =>
  z
    .unknown()
    .transform((v) => v === true || v === "on" || v === "true")
    .refine((v) => v, message);

export const optionalCheckbox = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");
