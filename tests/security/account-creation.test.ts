/**
 * One account-creation service for the sign-up page, POST /api/auth/register
 * and wizard step 2: the same password policy, the same sign-up throttle, and "already exists"
 * answers that are throttled (no free account enumeration), at every entry point.
 */
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE } from "~/features/accounts/account-creation.server";
import { THROTTLE_RULES } from "~/platform/security/throttle.server";
import { registerPayload } from "../support/api";
import { createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { Client, uniqueEmail } from "../support/http";
import { LOAN, owner } from "../support/wizard";

/** A client whose wizard draft has step 1 done, so step 2 answers. */
async function atStepTwo(c = new Client()) {
  const res = await c.fetch("/apply/loan", { form: { ...LOAN, intent: "continue" } });
  expect(res.headers.get("location")).toBe("/apply/owner");
  return c;
}
const stepTwo = (c: Client, email: string, password = TEST_PASSWORD) =>
  c.fetch("/apply/owner", { form: { ...owner(email), password, intent: "continue" } });

describe("wizard step 2 uses the account-creation service", () => {
  it("refuses very common passwords ('password', '12345678') with the sign-up page's message", async () => {
    const c = await atStepTwo();
    for (const password of ["password", "12345678"]) {
      const res = await stepTwo(c, uniqueEmail("common"), password);
      expect(res.status, password).toBe(400);
      expect(await res.text()).toContain(COMMON_PASSWORD_MESSAGE);
    }
    // A good password still continues.
    expect((await stepTwo(c, uniqueEmail("fine"))).headers.get("location")).toBe("/apply/address");
  });

  it("shares the sign-up throttle: after the API answered 429, step 2 answers 429 from the same address", async () => {
    const c = await atStepTwo();
    let last = 0;
    for (let i = 0; i <= THROTTLE_RULES.signup.limit && last !== 429; i++) {
      const api = new Client(); // another browser (a fresh cookie jar) at the same address
      api.ip = c.ip;
      last = (await api.fetch("/api/auth/register", { json: registerPayload() })).status;
    }
    expect(last).toBe(429);
    const res = await stepTwo(c, uniqueEmail("after-429"));
    expect(res.status).toBe(429);
    expect(await res.text()).toContain(THROTTLE_RULES.signup.message);
  });

  it("throttles 'already exists' answers: probing existing e-mails ends in 429", async () => {
    const c = await atStepTwo();
    const statuses: number[] = [];
    for (let i = 0; i < THROTTLE_RULES.accountExists.limit + 2; i++) {
      const u = await createApplicant();
      statuses.push(
        (await c.fetch("/apply/owner", { form: { ...owner(u.email), password: `Not-the-password-${i}`, intent: "continue" } })).status,
      );
    }
    expect(statuses.slice(0, THROTTLE_RULES.accountExists.limit).every((s) => s === 409)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("sign-up page and API: the same enumeration rule", () => {
  it("answers repeated 'already exists' probes with 429 on the API", async () => {
    const c = new Client();
    const existing = await createApplicant();
    const statuses: number[] = [];
    for (let i = 0; i < THROTTLE_RULES.signup.limit + 1; i++) {
      statuses.push((await c.fetch("/api/auth/register", { json: registerPayload({ email: existing.email }) })).status);
    }
    expect(statuses[0]).toBe(409);
    expect(statuses.at(-1)).toBe(429);
  });

  it("answers repeated 'already exists' probes with 429 on the sign-up page", async () => {
    const c = new Client();
    const existing = await createApplicant();
    const form = {
      firstName: "Pat",
      lastName: "Probe",
      email: existing.email,
      password: TEST_PASSWORD,
      phone: "(555) 010-2030",
      dateOfBirth: "1980-01-01",
      usCitizen: "on",
      agreeToTerms: "on",
      agreeToElectronicRecords: "on",
    };
    const statuses: number[] = [];
    for (let i = 0; i < THROTTLE_RULES.signup.limit + 1; i++) statuses.push((await c.fetch("/signup", { form })).status);
    expect(statuses[0]).toBe(409);
    expect(statuses.at(-1)).toBe(429);
  });
});
