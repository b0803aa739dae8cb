import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { MSG } from "~/content/messages";
import { LoginSchema, SignupSchema } from "./auth.schema";
import { UNDER_AGE_MESSAGE } from "~/features/accounts/fields.schema";

function form(values: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
}

const valid = {
  firstName: "Jamie",
  lastName: "Rivera",
  email: "Jamie@Example.com",
  password: "longenough",
  phone: "(555) 010-2030",
  dateOfBirth: "1985-04-12",
  usCitizen: "on",
  agreeToTerms: "on",
  agreeToElectronicRecords: "on",
};

describe("sign-up schema", () => {
  it("accepts a complete form and lower-cases the e-mail", () => {
    const r = parseWithZod(form(valid), { schema: SignupSchema });
    expect(r.status).toBe("success");
    if (r.status === "success") expect(r.value.email).toBe("jamie@example.com");
  });

  it("gives every message of docs/product.md for an empty form", () => {
    const r = parseWithZod(form({}), { schema: SignupSchema });
    const errors = r.reply().error ?? {};
    expect(errors.firstName).toEqual([MSG.firstNameRequired]);
    expect(errors.lastName).toEqual([MSG.lastNameRequired]);
    expect(errors.email).toEqual([MSG.invalidEmail]);
    expect(errors.password).toEqual([MSG.passwordMin]);
    expect(errors.phone).toEqual([MSG.phoneInvalid]);
    expect(errors.dateOfBirth).toEqual([MSG.dobRequired]);
    expect(errors.usCitizen).toEqual([MSG.mustBeCitizen]);
    expect(errors.agreeToTerms).toEqual([MSG.mustAgreeTerms]);
    expect(errors.agreeToElectronicRecords).toEqual([MSG.mustAgreeElectronicRecords]);
  });

  it("enforces the password minimum of 8 and accepts 64+ characters without truncation", () => {
    expect(parseWithZod(form({ ...valid, password: "1234567" }), { schema: SignupSchema }).reply().error?.password).toEqual([
      MSG.passwordMin,
    ]);
    const long = "p".repeat(100);
    const r = parseWithZod(form({ ...valid, password: long }), { schema: SignupSchema });
    expect(r.status === "success" && r.value.password).toBe(long);
  });

  it("refuses a phone shorter than 10 characters and an invalid e-mail", () => {
    const r = parseWithZod(form({ ...valid, phone: "555-0102", email: "not-an-email" }), { schema: SignupSchema });
    expect(r.reply().error?.phone).toEqual([MSG.phoneInvalid]);
    expect(r.reply().error?.email).toEqual([MSG.invalidEmail]);
  });

  it("refuses an applicant younger than 18", () => {
    const d = new Date();
    const dob = `${d.getUTCFullYear() - 17}-01-01`;
    expect(parseWithZod(form({ ...valid, dateOfBirth: dob }), { schema: SignupSchema }).reply().error?.dateOfBirth).toEqual([
      UNDER_AGE_MESSAGE,
    ]);
  });
});

describe("login schema", () => {
  it("uses the product's messages", () => {
    const r = parseWithZod(form({ email: "nope" }), { schema: LoginSchema });
    expect(r.reply().error?.email).toEqual([MSG.invalidEmail]);
    expect(r.reply().error?.password).toEqual([MSG.passwordRequired]);
  });
});
