/**
 * Throttling backed by MySQL (shared by every app server, see two-servers.test.ts): sign-in per
 * account and per client address, the second factor, sign-up and the status lookup answer 429
 * with a clear message and Retry-After once over their limit. Rotating X-Forwarded-For does not
 * reset the per-account counter. (X-Forwarded-For is ignored without TRUST_PROXY:
 * production-https.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { THROTTLE_RULES } from "~/platform/security/throttle.server";
import { createAdmin, createApplicant, nextSecondFactor, TEST_PASSWORD } from "../support/fixtures";
import { Client, uniqueEmail } from "../support/http";
import { randomIp } from "../support/browser";

const LOGIN_LIMIT = THROTTLE_RULES.login.limit;

/** 429 with the rule's message; the JSON API also says when to retry (Retry-After). */
async function expectThrottled(res: Response, message: string) {
  expect(res.status).toBe(429);
  if (res.headers.get("content-type")?.startsWith("application/json")) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await res.text()).toContain(message);
}

describe("sign-in", () => {
  it("keeps the sign-in limit: 10 sign-ins a minute", () => {
    expect(THROTTLE_RULES.login).toMatchObject({ limit: 10, windowSeconds: 60 });
  });

  it("answers the 11th bad sign-in for one account within a minute with 429, even with the right password", async () => {
    const u = await createApplicant();
    const c = new Client();
    for (let i = 1; i <= LOGIN_LIMIT; i++) {
      const res = await c.fetch("/login", { form: { email: u.email, password: `Wrong-password-${i}` } });
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    await expectThrottled(
      await c.fetch("/login", { form: { email: u.email, password: `Wrong-password-11` } }),
      THROTTLE_RULES.login.message,
    );
    // The right password does not get through either until the window ends, and sets no session.
    const right = await c.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie().some((h) => h.startsWith("lw_session="))).toBe(false);
  });

  it("counts per account whatever X-Forwarded-For says (a new address per attempt), pages and API together", async () => {
    const u = await createApplicant();
    for (let i = 1; i <= LOGIN_LIMIT; i++) {
      const c = new Client(); // a fresh random X-Forwarded-For each time
      const res =
        i % 2
          ? await c.fetch("/login", { form: { email: u.email, password: `Wrong-${i}-pass` } })
          : await c.fetch("/api/auth/login", { json: { email: u.email, password: `Wrong-${i}-pass` } });
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const other = new Client();
    await expectThrottled(
      await other.fetch("/api/auth/login", { json: { email: u.email, password: "Wrong-11-pass" } }),
      THROTTLE_RULES.login.message,
    );
  });

  it("counts per client address across accounts", async () => {
    const c = new Client();
    for (let i = 1; i <= LOGIN_LIMIT; i++) {
      expect(
        (await c.fetch("/login", { form: { email: uniqueEmail("spray"), password: "Sprayed-Password-1" } })).status,
        `attempt ${i}`,
      ).toBe(401);
    }
    await expectThrottled(
      await c.fetch("/login", { form: { email: uniqueEmail("spray"), password: "Sprayed-Password-1" } }),
      THROTTLE_RULES.login.message,
    );
    // Another client is not affected.
    expect((await new Client().fetch("/login", { form: { email: uniqueEmail("spray"), password: "Sprayed-Password-1" } })).status).toBe(
      401,
    );
  });
});

describe("second factor", () => {
  it("answers the 11th code within a minute with 429, even a valid one", async () => {
    const admin = await createAdmin();
    const c = new Client();
    expect((await c.fetch("/admin-login", { form: { email: admin.email, password: admin.password } })).headers.get("location")).toBe(
      "/admin-login/verify",
    );
    for (let i = 1; i <= THROTTLE_RULES.mfa.limit; i++) {
      const res = await c.fetch("/admin-login/verify", { form: { code: String(100000 + i) } });
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const res = await c.fetch("/admin-login/verify", { form: { code: nextSecondFactor(admin) } });
    await expectThrottled(res, THROTTLE_RULES.mfa.message);
    expect((await c.fetch("/admin")).headers.get("location")).toBe("/admin-login/verify");
  });
});

describe("sign-up and status lookup", () => {
  it("answers the 11th sign-up from one address within the hour with 429", async () => {
    const c = new Client();
    const form = (email: string) => ({
      firstName: "Sam",
      lastName: "Throttle",
      email,
      password: TEST_PASSWORD,
      phone: "555-010-4444",
      dateOfBirth: "1990-02-03",
      usCitizen: "on",
      agreeToTerms: "on",
      agreeToElectronicRecords: "on",
    });
    for (let i = 1; i <= THROTTLE_RULES.signup.limit; i++) {
      const fresh = new Client();
      fresh.ip = c.ip; // same address, no session (a signed-in visitor is sent to the dashboard)
      expect((await fresh.fetch("/signup", { form: form(uniqueEmail("signup-throttle")) })).status, `sign-up ${i}`).toBe(302);
    }
    await expectThrottled(await c.fetch("/signup", { form: form(uniqueEmail("signup-throttle")) }), THROTTLE_RULES.signup.message);
  });

  it("answers the 31st status lookup from one address within a minute with 429", async () => {
    const c = new Client();
    c.ip = randomIp();
    for (let i = 1; i <= THROTTLE_RULES.statusLookup.limit; i++) {
      expect((await c.fetch(`/application-status?id=APP-ZZZZZZZZZZZ${i % 10}`)).status, `lookup ${i}`).toBe(404);
    }
    await expectThrottled(await c.fetch("/application-status?id=APP-ZZZZZZZZZZZZ"), THROTTLE_RULES.statusLookup.message);
  });
});
