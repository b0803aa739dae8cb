/**
 * Server-side password policy on top of the shared schemas (min 8, max 256, no composition
 * rules, no truncation): the most common passwords are refused. Kept on the server so the list
 * is not shipped to browsers.
 */
import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords.server";

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose a less common password.";

export function isCommonPassword(password: string) {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** Wraps a form/API schema so a common `password` is a field error with a clear message. */
export function withPasswordPolicy<T extends z.ZodTypeAny>(schema: T) {
  return schema.superRefine((value: unknown, ctx) => {
    const pw = (value as { password?: unknown } | null)?.password;
    if (typeof pw === "string" && isCommonPassword(pw)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["password"], message: COMMON_PASSWORD_MESSAGE });
    }
  });
}
