/** POST /api/auth/register, /api/auth/login, /api/auth/logout. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findSession } from "~/features/accounts/session/sessions.server";
import { getDb, schema } from "~/platform/db/db.server";
import { MSG } from "~/content/messages";
import { expectCrossSiteRefusal, expectJsonError, registerPayload, usersMatching } from "../support/api";
import { createAdmin, createApplicant, nextSecondFactor, TEST_PASSWORD } from "../support/fixtures";
import { Client, uniqueEmail } from "../support/http";

const SESSION = "lw_session";

const sessionIdOf = (cookie: string) =>
  JSON.parse(Buffer.from(decodeURIComponent(cookie).split(".")[0]!, "base64").toString("utf8")) as string;

async function userByEmail(email: string) {
  const [u] = await getDb().select().from(schema.users).where(eq(schema.users.email, email.toLowerCase()));
  return u ?? null;
}

describe("POST /api/auth/register", () => {
  it("creates a 'user' account, answers 201 with the user and signs in", async () => {
    const c = new Client();
    const payload = registerPayload({ role: "user" });
    const res = await c.fetch("/api/auth/register", { json: payload });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      firstName: "Jamie",
      lastName: "Rivera",
      email: payload.email,
      phone: payload.phone,
      dateOfBirth: "1985-04-12",
      role: "user",
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
    expect(c.cookies.has(SESSION)).toBe(true);
    const u = await userByEmail(payload.email);
    expect(u?.role).toBe("user");
    expect(u?.passwordHash).toMatch(/^\$argon2id\$/);
    // The cookie is the pages' session too.
    const dash = await c.fetch("/dashboard");
    expect(dash.status).toBe(200);
  });

  it("refuses registering as admin with 403 and creates nothing", async () => {
    const c = new Client();
    const payload = registerPayload({ role: "admin" });
    const body = await expectJsonError(await c.fetch("/api/auth/register", { json: payload }), 403);
    expect(body.message).toBe(MSG.apiRegisterRoleRefused);
    expect(await userByEmail(payload.email)).toBeNull();
    expect(c.cookies.has(SESSION)).toBe(false);
  });

  it("answers 409 with 'already exists' for a taken e-mail in any letter case", async () => {
    const existing = await createApplicant();
    const res = await new Client().fetch("/api/auth/register", { json: registerPayload({ email: existing.email.toUpperCase() }) });
    const body = await expectJsonError(res, 409);
    expect(body.message).toContain("already exists");
    expect(body.message).toBe(MSG.userExists);
    expect(await usersMatching(existing.email)).toBe(1);
  });

  it.each([
    ["firstName", { firstName: "" }, MSG.firstNameRequired],
    ["lastName", { lastName: "  " }, MSG.lastNameRequired],
    ["email", { email: "not-an-email" }, MSG.invalidEmail],
    ["password", { password: "short" }, MSG.passwordMin],
    ["phone", { phone: "123" }, MSG.phoneInvalid],
    ["dateOfBirth", { dateOfBirth: "" }, MSG.dobRequired],
    ["dateOfBirth", { dateOfBirth: "2020-01-01" }, "You must be at least 18 years old to apply"],
    ["email", { email: 42 }, MSG.invalidEmail],
  ])("answers 400 with the %s error (%j) and creates nothing", async (field, override, message) => {
    const payload = registerPayload(override);
    const body = await expectJsonError(await new Client().fetch("/api/auth/register", { json: payload }), 400);
    expect(body.message).toBe(MSG.apiValidationFailed);
    expect(body.errors?.[field]).toContain(message);
    if (typeof payload.email === "string") expect(await userByEmail(payload.email)).toBeNull();
  });

  it("lists every missing field at once", async () => {
    const body = await expectJsonError(await new Client().fetch("/api/auth/register", { json: {} }), 400);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(["dateOfBirth", "email", "firstName", "lastName", "password", "phone"]);
  });

  it("refuses a very common password like the sign-up page", async () => {
    const payload = registerPayload({ password: "password1" });
    const body = await expectJsonError(await new Client().fetch("/api/auth/register", { json: payload }), 400);
    expect(body.errors?.password?.[0]).toMatch(/common/i);
    expect(await userByEmail(payload.email)).toBeNull();
  });

  it("refuses unknown fields, malformed JSON, other content types and oversized bodies", async () => {
    const c = new Client();
    const email = uniqueEmail("api-bad");
    const unknown = await expectJsonError(await c.fetch("/api/auth/register", { json: registerPayload({ email, isAdmin: true }) }), 400);
    expect(unknown.formErrors).toContain(MSG.apiUnknownFields);
    const malformed = await c.fetch("/api/auth/register", {
      method: "POST",
      body: '{"email": ',
      headers: { "content-type": "application/json" },
    });
    expect((await expectJsonError(malformed, 400)).message).toBe(MSG.apiMalformedJson);
    const form = await c.fetch("/api/auth/register", { form: registerPayload({ email }) as Record<string, string> });
    expect((await expectJsonError(form, 415)).message).toBe(MSG.apiJsonRequired);
    const big = await c.fetch("/api/auth/register", { json: registerPayload({ email, firstName: "x".repeat(70 * 1024) }) });
    expect((await expectJsonError(big, 413)).message).toBe(MSG.apiBodyTooLarge);
    expect(await userByEmail(email)).toBeNull();
  });

  it("refuses a cross-site request before anything is written", async () => {
    const payload = registerPayload();
    const res = await new Client().fetch("/api/auth/register", { json: payload, headers: { origin: "http://evil.test" } });
    await expectCrossSiteRefusal(res);
    expect(await userByEmail(payload.email)).toBeNull();
  });

  it("answers 405 with Allow for GET", async () => {
    const res = await new Client().fetch("/api/auth/register");
    await expectJsonError(res, 405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with a new session id and answers the user", async () => {
    const applicant = await createApplicant();
    const c = new Client();
    await c.fetch("/api/auth/login", { json: { email: applicant.email, password: applicant.password } });
    const before = c.cookies.get(SESSION)!;
    const res = await c.fetch("/api/auth/login", { json: { email: applicant.email.toUpperCase(), password: applicant.password } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: applicant.id, email: applicant.email, firstName: "Jamie", role: "user" });
    expect(JSON.stringify(body)).not.toMatch(/password|hash|mfa/i);
    const after = c.cookies.get(SESSION);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(await findSession(sessionIdOf(before))).toBeNull();
    const me = await c.fetch("/api/loan-applications", { json: {} });
    expect(me.status).toBe(201);
  });

  it("signs an admin in only with the second factor", async () => {
    const admin = await createAdmin();
    const c = new Client();
    const noCode = await c.fetch("/api/auth/login", { json: { email: admin.email, password: admin.password } });
    expect(noCode.status).toBe(401);
    expect(await noCode.json()).toEqual({ message: "Two-factor authentication code required", mfaRequired: true });
    expect((await c.fetch("/api/admin/applications")).status).toBe(401);
    const wrong = await c.fetch("/api/auth/login", { json: { email: admin.email, password: admin.password, code: "12345" } });
    expect(wrong.status).toBe(401);
    const code = nextSecondFactor(admin);
    const res = await c.fetch("/api/auth/login", { json: { email: admin.email, password: admin.password, code } });
    expect(res.status).toBe(200);
    expect((await res.json()).role).toBe("admin");
    expect((await c.fetch("/api/admin/applications")).status).toBe(200);
    // The same code does not work twice.
    const replay = await new Client().fetch("/api/auth/login", { json: { email: admin.email, password: admin.password, code } });
    expect(replay.status).toBe(401);
  });

  it("refuses an admin who has not enrolled in MFA yet", async () => {
    const admin = await createAdmin({ enrolled: false });
    const res = await new Client().fetch("/api/auth/login", { json: { email: admin.email, password: admin.password, code: "123456" } });
    expect(res.status).toBe(403);
  });

  it("answers 401 'Invalid email or password.' for a wrong password or an unknown e-mail", async () => {
    const applicant = await createApplicant();
    for (const json of [
      { email: applicant.email, password: "Wrong-Password-1" },
      { email: uniqueEmail("nobody"), password: TEST_PASSWORD },
    ]) {
      const c = new Client();
      const body = await expectJsonError(await c.fetch("/api/auth/login", { json }), 401);
      expect(body.message).toBe("Invalid email or password.");
      expect(c.cookies.has(SESSION)).toBe(false);
    }
  });

  it("answers 400 with the form's messages", async () => {
    const body = await expectJsonError(await new Client().fetch("/api/auth/login", { json: { email: "nope", password: "" } }), 400);
    expect(body.errors).toEqual({ email: [MSG.invalidEmail], password: [MSG.passwordRequired] });
  });

  it("throttles repeated attempts on one account with 429 and Retry-After", async () => {
    const applicant = await createApplicant();
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) {
      // A new client address each time: the per-account limit is what stops this.
      last = await new Client().fetch("/api/auth/login", { json: { email: applicant.email, password: `Wrong-${i}-password` } });
    }
    await expectJsonError(last!, 429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    const right = await new Client().fetch("/api/auth/login", { json: { email: applicant.email, password: applicant.password } });
    expect(right.status).toBe(429);
  });
});

describe("POST /api/auth/logout", () => {
  it("deletes the session on the server, expires the cookie and answers a message", async () => {
    const applicant = await createApplicant();
    const c = new Client();
    await c.fetch("/api/auth/login", { json: { email: applicant.email, password: applicant.password } });
    const cookie = c.cookies.get(SESSION)!;
    expect(await findSession(sessionIdOf(cookie))).not.toBeNull();
    const res = await c.fetch("/api/auth/logout", { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "You have been logged out successfully." });
    expect(c.cookies.has(SESSION)).toBe(false);
    expect(await findSession(sessionIdOf(cookie))).toBeNull();
    // The old cookie no longer signs anyone in.
    const replay = new Client();
    replay.cookies.set(SESSION, cookie);
    await expectJsonError(await replay.fetch("/api/loan-applications", { json: {} }), 401);
  });

  it("answers 200 when nobody is signed in, and refuses a cross-site logout", async () => {
    expect((await new Client().fetch("/api/auth/logout", { method: "POST" })).status).toBe(200);
    await expectCrossSiteRefusal(await new Client().fetch("/api/auth/logout", { method: "POST", headers: { origin: "http://evil.test" } }));
  });
});
