/**
 * Server-side password policy on top of the shared schemas (min 8, max 256, no composition
 * rules, no truncation): common passwords are refused. Kept on the server so the lists are not
 * shipped to browsers.
 *
 * The list is zxcvbn-ts's common-password dictionary (@zxcvbn-ts/language-common, MIT, maintained:
 * about 49,000 passwords ranked from public breach corpora, 18,000 of them 8 characters or longer),
 * plus the small Openwall list kept in common-passwords.server.ts, which adds digit runs such as
 * `87654321` that zxcvbn leaves to its pattern matchers. Offline on purpose: no password, and no
 * prefix of its hash, leaves the server at sign-up (see SECURITY.md).
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { z } from "zod";
import { ACCOUNT_MSG } from "~/content/messages";
import { COMMON_PASSWORDS as OPENWALL } from "./common-passwords.server";

export const COMMON_PASSWORD_MESSAGE = ACCOUNT_MSG.passwordTooCommon;

let common: Set<string> | undefined;
/** Lower-cased; only passwords the length rule lets through (8+ characters) are worth keeping. */
function commonPasswords() {
  if (!common) {
    common = new Set(OPENWALL);
    for (const p of dictionary["passwords-common"] as string[]) if (p.length >= 8) common.add(p.toLowerCase());
  }
  return common;
}

export function isCommonPassword(password: string) {
  return commonPasswords().has(password.toLowerCase());
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
