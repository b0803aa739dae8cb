import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { US_STATES } from "~/content/us-states";
import { MSG } from "~/content/messages";
import {
  AddressStepSchema,
  FinancesStepSchema,
  firstInvalidStep,
  LoanStepSchema,
  ownerStepSchema,
  pickRaw,
  plainMoney,
  resumeStep,
  ReviewStepSchema,
  stepPath,
  type DraftData,
} from "./wizard.schema";

const form = (values: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.append(k, v);
  return fd;
};
type Parsed = { status?: "success" | "error"; reply: () => { error?: Record<string, string[] | null> | null } };
const errorsOf = (r: Parsed) => (r.status === "success" ? {} : (r.reply().error ?? {}));

describe("step 1: loan", () => {
  it("accepts 1,000 to 50,000 and one of the seven purposes", () => {
    for (const amount of ["1000", "25000", "50000"]) {
      const r = parseWithZod(form({ amount, purpose: "working-capital" }), { schema: LoanStepSchema });
      expect(r.status).toBe("success");
      if (r.status === "success") expect(r.value).toEqual({ amount: Number(amount), purpose: "working-capital" });
    }
  });

  it("gives the product's messages when amount or purpose is missing", () => {
    const r = parseWithZod(form({ amount: "" }), { schema: LoanStepSchema });
    expect(errorsOf(r)).toMatchObject({ amount: [MSG.amountRequired], purpose: [MSG.purposeRequired] });
  });

  it("refuses amounts outside the limits and purposes of the review step's other list", () => {
    expect(errorsOf(parseWithZod(form({ amount: "999", purpose: "other" }), { schema: LoanStepSchema }))).toMatchObject({
      amount: [MSG.amountRange],
    });
    expect(errorsOf(parseWithZod(form({ amount: "50001", purpose: "other" }), { schema: LoanStepSchema }))).toMatchObject({
      amount: [MSG.amountRange],
    });
    expect(errorsOf(parseWithZod(form({ amount: "5000", purpose: "debt-consolidation" }), { schema: LoanStepSchema }))).toMatchObject({
      purpose: [MSG.purposeRequired],
    });
  });

  it("without JavaScript, the slider wins only when it alone was moved", () => {
    const moved = parseWithZod(form({ amount: "25000", amountSlider: "40000", amountShown: "25000", purpose: "other" }), {
      schema: LoanStepSchema,
    });
    expect(moved.status === "success" && moved.value.amount).toBe(40000);
    const typed = parseWithZod(form({ amount: "12000", amountSlider: "25000", amountShown: "25000", purpose: "other" }), {
      schema: LoanStepSchema,
    });
    expect(typed.status === "success" && typed.value.amount).toBe(12000);
    const both = parseWithZod(form({ amount: "12000", amountSlider: "40000", amountShown: "25000", purpose: "other" }), {
      schema: LoanStepSchema,
    });
    expect(both.status === "success" && both.value.amount).toBe(12000);
    expect(pickRaw("loan", form({ amount: "25000", amountSlider: "3000", amountShown: "25000", purpose: "other" }))).toEqual({
      amount: "3000",
      purpose: "other",
    });
  });

  it("takes the amount as the field shows it, with or without '$' and separators", () => {
    for (const amount of ["25,000", "$25,000", "25000", " $ 25000 "]) {
      const r = parseWithZod(form({ amount, purpose: "other" }), { schema: LoanStepSchema });
      expect(r.status === "success" && r.value.amount).toBe(25000);
    }
    expect(pickRaw("loan", form({ amount: "30,000", amountSlider: "25000", amountShown: "25,000", purpose: "other" }))).toEqual({
      amount: "30000",
      purpose: "other",
    });
    // Untouched amount with a moved slider (no JavaScript): the slider still wins.
    expect(pickRaw("loan", form({ amount: "25,000", amountSlider: "3000", amountShown: "25,000", purpose: "other" }))).toEqual({
      amount: "3000",
      purpose: "other",
    });
    for (const amount of ["2,50,00", "25.000,00", "abc", "1,2345"]) {
      expect(errorsOf(parseWithZod(form({ amount, purpose: "other" }), { schema: LoanStepSchema }))).toMatchObject({
        amount: [MSG.amountRequired],
      });
    }
    expect(plainMoney(25000)).toBe(25000);
  });
});

describe("step 2: owner", () => {
  const valid = {
    firstName: "Jo",
    lastName: "Doe",
    email: "JO@Example.com",
    password: "longenough",
    phone: "5550102030",
    dateOfBirth: "1980-01-01",
    usCitizen: "on",
    agreeToElectronicRecords: "on",
  };

  it("anonymous: the sign-up rules without the terms box, password required", () => {
    const r = parseWithZod(form({ ...valid, password: "" }), { schema: ownerStepSchema({ signedIn: false, hasPassword: false }) });
    expect(errorsOf(r)).toMatchObject({ password: [MSG.passwordMin] });
    const bad = parseWithZod(form({ firstName: "", lastName: "", email: "x", password: "short", phone: "123", dateOfBirth: "" }), {
      schema: ownerStepSchema({ signedIn: false, hasPassword: false }),
    });
    expect(errorsOf(bad)).toMatchObject({
      firstName: [MSG.firstNameRequired],
      lastName: [MSG.lastNameRequired],
      email: [MSG.invalidEmail],
      password: [MSG.passwordMin],
      phone: [MSG.phoneInvalid],
      dateOfBirth: [MSG.dobRequired],
      usCitizen: [MSG.mustBeCitizen],
      // The account made from this step agrees to electronic records, as at sign-up.
      agreeToElectronicRecords: [MSG.mustAgreeElectronicRecords],
    });
    const ok = parseWithZod(form(valid), { schema: ownerStepSchema({ signedIn: false, hasPassword: false }) });
    expect(ok.status === "success" && (ok.value as unknown as { email: string }).email).toBe("jo@example.com");
  });

  it("anonymous with a password already chosen: the password may stay empty", () => {
    const r = parseWithZod(form({ ...valid, password: "" }), { schema: ownerStepSchema({ signedIn: false, hasPassword: true }) });
    expect(r.status).toBe("success");
  });

  it("signed in: only the citizenship declaration", () => {
    const r = parseWithZod(form({}), { schema: ownerStepSchema({ signedIn: true, hasPassword: false }) });
    expect(errorsOf(r)).toEqual({ usCitizen: [MSG.mustBeCitizen] });
  });
});

describe("step 3: address", () => {
  it("takes the 50 states (no DC) and ZIP 5 or 5+4", () => {
    expect(US_STATES).toHaveLength(50);
    const ok = parseWithZod(form({ streetAddress: "1 Main St", city: "Austin", state: "tx", zipCode: "78701-1234" }), {
      schema: AddressStepSchema,
    });
    expect(ok.status === "success" && ok.value.state).toBe("TX");
    const bad = parseWithZod(form({ streetAddress: "", city: "", state: "DC", zipCode: "7870" }), { schema: AddressStepSchema });
    expect(errorsOf(bad)).toEqual({
      streetAddress: [MSG.streetRequired],
      city: [MSG.cityRequired],
      state: [MSG.stateRequired],
      zipCode: [MSG.zipInvalid],
    });
    for (const zip of ["12345-", "123456", "12345-12", "abcde"]) {
      expect(
        errorsOf(parseWithZod(form({ streetAddress: "a", city: "b", state: "NY", zipCode: zip }), { schema: AddressStepSchema })),
      ).toEqual({
        zipCode: [MSG.zipInvalid],
      });
    }
  });
});

describe("step 4: finances", () => {
  it("requires income and living situation with the product's messages", () => {
    expect(errorsOf(parseWithZod(form({}), { schema: FinancesStepSchema }))).toEqual({
      annualIncome: [MSG.incomeRequired],
      livingSituation: [MSG.livingRequired],
    });
    expect(errorsOf(parseWithZod(form({ annualIncome: "-1", livingSituation: "own" }), { schema: FinancesStepSchema }))).toEqual({
      annualIncome: [MSG.incomeMin],
    });
  });

  it("accepts 'Own'/'RENT' in any case, stores lowercase and 0 for own", () => {
    const own = parseWithZod(form({ annualIncome: "0", livingSituation: "Own", monthlyPayment: "-40" }), { schema: FinancesStepSchema });
    expect(own.status === "success" && own.value).toEqual({ annualIncome: 0, livingSituation: "own", monthlyPayment: 0 });
    const rent = parseWithZod(form({ annualIncome: "85000", livingSituation: "RENT", monthlyPayment: "1250" }), {
      schema: FinancesStepSchema,
    });
    expect(rent.status === "success" && rent.value).toEqual({ annualIncome: 85000, livingSituation: "rent", monthlyPayment: 1250 });
    const noPayment = parseWithZod(form({ annualIncome: "85000", livingSituation: "mortgage" }), { schema: FinancesStepSchema });
    expect(noPayment.status === "success" && noPayment.value.monthlyPayment).toBe(0);
    expect(
      errorsOf(parseWithZod(form({ annualIncome: "1", livingSituation: "rent", monthlyPayment: "-5" }), { schema: FinancesStepSchema })),
    ).toEqual({
      monthlyPayment: [MSG.monthlyPaymentInvalid],
    });
  });

  it("takes money as the fields show it ('$85,000', '1,250.50') and stores plain amounts", () => {
    const r = parseWithZod(form({ annualIncome: "$85,000", livingSituation: "rent", monthlyPayment: "1,250.50" }), {
      schema: FinancesStepSchema,
    });
    expect(r.status === "success" && r.value).toEqual({ annualIncome: 85000, livingSituation: "rent", monthlyPayment: 1250.5 });
    expect(pickRaw("finances", form({ annualIncome: "85,000", livingSituation: "rent", monthlyPayment: "$1,250" }))).toEqual({
      annualIncome: "85000",
      livingSituation: "rent",
      monthlyPayment: "1250",
    });
  });
});

describe("step 6: review", () => {
  it("needs both required consents; marketing is optional", () => {
    expect(errorsOf(parseWithZod(form({ agreeTerms: "on" }), { schema: ReviewStepSchema }))).toEqual({ "": [MSG.reviewConsentRequired] });
    const ok = parseWithZod(form({ agreeTerms: "on", authorizeCredit: "on" }), { schema: ReviewStepSchema });
    expect(ok.status === "success" && ok.value.marketingConsent).toBe(false);
  });
});

describe("draft progress", () => {
  const complete: DraftData = {
    step: 6,
    loan: { amount: "25000", purpose: "other" },
    owner: {
      firstName: "A",
      lastName: "B",
      email: "a@b.co",
      phone: "5550102030",
      dateOfBirth: "1980-01-01",
      usCitizen: "on",
      agreeToElectronicRecords: "on",
    },
    passwordHash: "$argon2id$...",
    address: { streetAddress: "1 Main", city: "X", state: "NY", zipCode: "10001" },
    finances: { annualIncome: "1000", livingSituation: "own" },
  };

  it("finds the first invalid step and resumes no later than it", () => {
    expect(firstInvalidStep(null, false)).toBe(1);
    expect(firstInvalidStep(complete, false)).toBe(5);
    expect(firstInvalidStep({ ...complete, passwordHash: undefined }, false)).toBe(2);
    expect(firstInvalidStep({ ...complete, passwordHash: undefined, owner: { usCitizen: "on" } }, true)).toBe(5);
    expect(firstInvalidStep({ ...complete, address: { ...complete.address, zipCode: "1" } }, false)).toBe(3);
    // Only the steps before `before` are checked: a bad address does not stop step 3's page.
    expect(firstInvalidStep({ ...complete, address: { ...complete.address, zipCode: "1" } }, false, 3)).toBe(3);
    expect(firstInvalidStep({ ...complete, address: { ...complete.address, zipCode: "1" } }, false, 4)).toBe(3);
    expect(firstInvalidStep({ ...complete, passwordHash: undefined }, false, 2)).toBe(2);
    expect(firstInvalidStep({ ...complete, passwordHash: undefined }, false, 3)).toBe(2);
    expect(firstInvalidStep(null, false, 1)).toBe(1);
    expect(resumeStep(complete, false)).toBe(6);
    expect(resumeStep({ ...complete, step: 2 }, false)).toBe(2);
    expect(resumeStep({ ...complete, finances: {} }, false)).toBe(4);
    expect(stepPath(resumeStep(null, false))).toBe("/apply/loan");
  });
});
