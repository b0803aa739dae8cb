import { describe, expect, it } from "vitest";
import { SignupSchema } from "~/features/accounts/auth.schema";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword, withPasswordPolicy } from "./password-policy.server";

describe("password policy", () => {
  it("refuses the most common passwords in any letter case", () => {
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("PASSWORD")).toBe(true);
    expect(isCommonPassword("12345678")).toBe(true);
    expect(isCommonPassword("password123")).toBe(true);
    expect(isCommonPassword("Qwerty123")).toBe(true);
    expect(isCommonPassword("87654321")).toBe(true);
    expect(isCommonPassword("Correct-Horse-42")).toBe(false);
  });

  it("adds a password field error with a clear message to a schema", () => {
    const base = {
      firstName: "A",
      lastName: "B",
      email: "a@b.co",
      phone: "5550102030",
      dateOfBirth: "1980-01-01",
      usCitizen: "on",
      agreeToTerms: "on",
      agreeToElectronicRecords: "on",
    };
    const bad = withPasswordPolicy(SignupSchema).safeParse({ ...base, password: "iloveyou" });
    expect(bad.success).toBe(false);
    expect(bad.error?.flatten().fieldErrors.password).toEqual([COMMON_PASSWORD_MESSAGE]);
    const long = "ü".repeat(80);
    const ok = withPasswordPolicy(SignupSchema).safeParse({ ...base, password: long });
    expect(ok.success && ok.data.password).toBe(long);
  });
});
