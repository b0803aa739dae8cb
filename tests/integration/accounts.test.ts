/**
 * Accounts over HTTP: e-mail verification from every way an account is created, held e-mails,
 * forgotten password (enumeration, timing, single use, expiry, throttles, admins' second factor),
 * /account changes, the data export and the deletion request, guards and the audit log.
 */
import fs from "node:fs";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { hashAccountToken } from "~/features/accounts/account-tokens.server";
import { getDb, schema } from "~/platform/db/db.server";
import { ACCOUNT_MSG } from "~/content/messages";
import { samplePdf, samplePng } from "../fixtures/documents";
import { signedInAdmin } from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { builtRoutes } from "../support/build-routes";
import { createDocument } from "../support/documents";
import { base32Decode, hotp, totpStep } from "~/features/accounts/mfa/totp.server";
import { createAdmin, createApplicant, nextSecondFactor, signUpForm, TEST_PASSWORD } from "../support/fixtures";
import { Client, uniqueEmail } from "../support/http";
import { newestLink, waitForMail } from "../support/mail";
import { fillStepsOverHttp } from "../support/wizard";

const db = () => getDb();
const NEW_PASSWORD = "Fresh-Lantern-93";
const html = (s: string) => s.replace(/'/g, "&#x27;");

async function mailsTo(email: string, kind?: string) {
  const o = schema.outbox;
  return db()
    .select()
    .from(o)
    .where(kind ? and(eq(o.toEmail, email), eq(o.kind, kind)) : eq(o.toEmail, email))
    .orderBy(o.id);
}

/** The path and query of the newest link of `kind` in the outbox for `email` (reset links come after the answer). */
const linkFrom = (email: string, kind: string) => newestLink(email, kind);

async function userRow(id: number) {
  const [u] = await db().select().from(schema.users).where(eq(schema.users.id, id));
  return u;
}

async function signUp(email = uniqueEmail("acct")) {
  const c = new Client();
  const res = await c.fetch("/signup", {
    form: signUpForm(email),
  });
  expect(res.headers.get("location")).toBe("/dashboard");
  const [u] = await db().select().from(schema.users).where(eq(schema.users.email, email));
  return { client: c, email, user: u! };
}

async function signIn(email: string, password: string, client = new Client()) {
  const res = await client.fetch("/login", { form: { email, password } });
  return { client, res };
}

async function auditOf(userId: number, action: string) {
  const a = schema.auditLog;
  return db()
    .select()
    .from(a)
    .where(and(eq(a.actorUserId, userId), eq(a.action, action)))
    .orderBy(desc(a.id));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe("e-mail verification", () => {
  it("sends a link at sign-up; opening it changes nothing, confirming verifies once, and the banner goes", async () => {
    const { client, email, user } = await signUp();
    expect(user.emailVerifiedAt).toBeNull();
    const dash = await (await client.fetch("/dashboard")).text();
    expect(dash).toContain('data-testid="verify-banner"');
    const { path: link, token } = await linkFrom(email, "email_verification");
    const [tokenRow] = await db().select().from(schema.accountTokens).where(eq(schema.accountTokens.userId, user.id));
    expect(tokenRow!.tokenHash).toBe(hashAccountToken(token));
    expect(tokenRow!.tokenHash).not.toContain(token);

    const page = await new Client().fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(email);
    expect((await userRow(user.id))!.emailVerifiedAt).toBeNull();

    const ok = await client.fetch("/verify-email", { form: { intent: "verify", token } });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/dashboard");
    expect((await userRow(user.id))!.emailVerifiedAt).not.toBeNull();
    expect(await (await client.fetch("/dashboard")).text()).not.toContain('data-testid="verify-banner"');

    const again = await client.fetch("/verify-email", { form: { intent: "verify", token } });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(html(ACCOUNT_MSG.verifyInvalid));
    expect((await auditOf(user.id, "account.email_verified")).length).toBe(1);
  });

  it("refuses an expired link", async () => {
    const { client, email, user } = await signUp();
    const { token } = await linkFrom(email, "email_verification");
    await db()
      .update(schema.accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.accountTokens.tokenHash, hashAccountToken(token)));
    expect(await (await client.fetch(`/verify-email?token=${token}`)).text()).toContain('data-testid="verify-invalid"');
    expect((await client.fetch("/verify-email", { form: { intent: "verify", token } })).status).toBe(400);
    expect((await userRow(user.id))!.emailVerifiedAt).toBeNull();
  });

  it("sends a link after API registration and after the wizard created the account", async () => {
    const api = new Client();
    const email = uniqueEmail("apireg");
    const res = await api.fetch("/api/auth/register", {
      json: { firstName: "Jo", lastName: "Lee", email, password: TEST_PASSWORD, phone: "555-010-2030", dateOfBirth: "1985-04-12" },
    });
    expect(res.status).toBe(201);
    expect(await mailsTo(email, "email_verification")).toHaveLength(1);

    const { client, email: wizardEmail } = await fillStepsOverHttp();
    const review = await client.fetch("/apply/review");
    const submitKey = /name="submitKey" value="([^"]+)"/.exec(await review.text())?.[1] ?? "";
    const submit = await client.fetch("/apply/review", {
      form: { agreeTerms: "on", authorizeCredit: "on", intent: "continue", submitKey },
    });
    expect(submit.headers.get("location")).toBe("/apply/submitted");
    expect((await mailsTo(wizardEmail)).map((m) => [m.kind, m.holdUserId])).toEqual([
      ["application_submitted", null],
      ["email_verification", null],
    ]);
  });

  it("holds status e-mails of an unverified applicant and releases them, to the verified address, on verification", async () => {
    const { client, email, user } = await signUp();
    const app = await createSubmittedApplication({ userId: user.id });
    const { client: admin } = await signedInAdmin();
    expect(
      (await admin.fetch(`/api/admin/applications/${app!.id}/status`, { method: "PATCH", json: { status: "under-review" } })).status,
    ).toBe(200);
    const [held] = await mailsTo(email, "status_under_review");
    expect(held!.holdUserId).toBe(user.id);
    const details = async () => (await (await admin.fetch(`/admin/applications/${app!.id}`)).text()).replace(/<!-- -->/g, "");
    expect(await details()).toContain("No, status e-mails are held until it is");
    expect(held!.status).toBe("pending");
    // The worker runs every few seconds: the held row is still not sent after it had its chance.
    await new Promise((r) => setTimeout(r, 6000));
    expect((await mailsTo(email, "status_under_review"))[0]!.status).toBe("pending");

    const { token } = await linkFrom(email, "email_verification");
    expect((await client.fetch("/verify-email", { form: { intent: "verify", token } })).status).toBe(302);
    const [released] = await mailsTo(email, "status_under_review");
    expect(released!.holdUserId).toBeNull();
    expect(await details()).toMatch(/data-testid="email-verified">Yes</);
    for (let i = 0; i < 100; i++) {
      if ((await mailsTo(email, "status_under_review"))[0]!.status === "sent") break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await mailsTo(email, "status_under_review"))[0]!.status).toBe("sent");
  }, 40_000);

  it("resends from the dashboard banner (a POST), throttled per account", async () => {
    const { client, email } = await signUp();
    for (let i = 0; i < 3; i++)
      expect((await client.fetch("/verify-email", { form: { intent: "resend" } })).headers.get("location")).toBe("/dashboard");
    expect(await mailsTo(email, "email_verification")).toHaveLength(4);
    const limited = await client.fetch("/verify-email", { form: { intent: "resend" } });
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(await mailsTo(email, "email_verification")).toHaveLength(4);
    // Only the newest link works.
    const rows = await mailsTo(email, "email_verification");
    const first = /token=([A-Za-z0-9_-]+)/.exec(rows[0]!.bodyText)![1]!;
    expect((await client.fetch("/verify-email", { form: { intent: "verify", token: first } })).status).toBe(400);
    expect(await new Client().fetch("/verify-email", { form: { intent: "resend" } }).then((r) => r.headers.get("location"))).toMatch(
      /^\/login/,
    );
  });
});

describe("forgotten password", () => {
  it("answers the same, in comparable time, whether or not the account exists", async () => {
    const known = await Promise.all(Array.from({ length: 7 }, () => createApplicant()));
    const times = { known: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    for (let i = 0; i < 7; i++) {
      for (const which of ["known", "unknown"] as const) {
        const email = which === "known" ? known[i]!.email : uniqueEmail("nobody");
        const c = new Client();
        const t0 = performance.now();
        const res = await c.fetch("/forgot-password", { form: { email } });
        const text = await res.text();
        times[which].push(performance.now() - t0);
        expect(res.status).toBe(200);
        bodies.add(
          text
            .replace(email, "EMAIL")
            .replace(/nonce="[^"]+"/g, "")
            .replace(/"[a-f0-9-]{36}"/g, ""),
        );
        expect(text).toContain(html(ACCOUNT_MSG.forgotSent));
        expect(c.cookies.size).toBe(0);
      }
    }
    expect(bodies.size).toBe(1);
    const [k, u] = [median(times.known), median(times.unknown)];
    expect(Math.max(k, u)).toBeLessThanOrEqual(3 * Math.min(k, u) + 40);
    expect(await waitForMail(known[0]!.email, "password_reset")).toHaveLength(1);
  }, 60_000);

  it("resets once with the e-mailed link, ends every session, sends a notice; old password and link dead", async () => {
    const user = await createApplicant();
    const { client: other } = await signIn(user.email, TEST_PASSWORD);
    expect((await other.fetch("/dashboard")).status).toBe(200);
    expect((await new Client().fetch("/forgot-password", { form: { email: user.email.toUpperCase() } })).status).toBe(200);
    const { path: link, token } = await linkFrom(user.email, "password_reset");
    const c = new Client();
    expect(await (await c.fetch(link)).text()).toContain("Set new password");
    // Policy: the sign-up rules apply.
    const weak = await c.fetch("/reset-password", { form: { token, password: "password", confirmPassword: "password" } });
    expect(weak.status).toBe(400);
    const res = await c.fetch("/reset-password", { form: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
    expect((await other.fetch("/dashboard")).headers.get("location")).toMatch(/^\/login/);
    expect((await signIn(user.email, TEST_PASSWORD)).res.status).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).res.headers.get("location")).toBe("/dashboard");
    expect(await mailsTo(user.email, "password_changed")).toHaveLength(1);
    // Using the e-mailed link proved the address too.
    expect((await userRow(user.id))!.emailVerifiedAt).not.toBeNull();
    const twice = await c.fetch("/reset-password", { form: { token, password: "Another-Pass-77", confirmPassword: "Another-Pass-77" } });
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain(html(ACCOUNT_MSG.resetInvalid));
    expect((await signIn(user.email, "Another-Pass-77")).res.status).toBe(401);
    expect((await auditOf(user.id, "account.password_reset")).map((a) => a.outcome)).toEqual(["success"]);
  });

  it("refuses a link past its hour (and accepts one a minute before)", async () => {
    const user = await createApplicant();
    await new Client().fetch("/forgot-password", { form: { email: user.email } });
    const { token } = await linkFrom(user.email, "password_reset");
    const [row] = await db()
      .select()
      .from(schema.accountTokens)
      .where(eq(schema.accountTokens.tokenHash, hashAccountToken(token)));
    expect(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - 60 * 60_000)).toBeLessThan(2000);
    // 59 minutes later (a minute left): still valid to open; past the hour: refused.
    const set = (ms: number) =>
      db()
        .update(schema.accountTokens)
        .set({ expiresAt: new Date(Date.now() + ms) })
        .where(eq(schema.accountTokens.id, row!.id));
    await set(60_000);
    expect(await (await new Client().fetch(`/reset-password?token=${token}`)).text()).toContain("Set new password");
    await set(-1000);
    expect(await (await new Client().fetch(`/reset-password?token=${token}`)).text()).toContain('data-testid="reset-invalid"');
    const res = await new Client().fetch("/reset-password", { form: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(res.status).toBe(400);
    expect((await signIn(user.email, TEST_PASSWORD)).res.headers.get("location")).toBe("/dashboard");
  });

  it("throttles per account (4th request in an hour) and per client (21st), with the same answer for unknown addresses", async () => {
    const user = await createApplicant();
    for (let i = 0; i < 3; i++) expect((await new Client().fetch("/forgot-password", { form: { email: user.email } })).status).toBe(200);
    const limited = await new Client().fetch("/forgot-password", { form: { email: user.email } });
    expect(limited.status).toBe(429);
    expect(await waitForMail(user.email, "password_reset", 3)).toHaveLength(3);
    const nobody = uniqueEmail("nobody");
    for (let i = 0; i < 3; i++) await new Client().fetch("/forgot-password", { form: { email: nobody } });
    expect((await new Client().fetch("/forgot-password", { form: { email: nobody } })).status).toBe(429);

    const one = new Client();
    for (let i = 0; i < 20; i++) expect((await one.fetch("/forgot-password", { form: { email: uniqueEmail("spray") } })).status).toBe(200);
    const client = await one.fetch("/forgot-password", { form: { email: uniqueEmail("spray") } });
    expect(client.status).toBe(429);
    expect(client.headers.get("retry-after")).toBeTruthy();
  });

  it("asks an admin for the second factor as well", async () => {
    const admin = await createAdmin();
    await new Client().fetch("/forgot-password", { form: { email: admin.email } });
    const { path: link, token } = await linkFrom(admin.email, "password_reset");
    const c = new Client();
    expect(await (await c.fetch(link)).text()).toContain("Authenticator or recovery code");
    const without = await c.fetch("/reset-password", { form: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(without.status).toBe(400);
    expect(await without.text()).toContain(ACCOUNT_MSG.resetSecondFactorRequired);
    const wrong = await c.fetch("/reset-password", {
      form: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, code: "000000" },
    });
    expect(await wrong.text()).toContain(ACCOUNT_MSG.resetSecondFactorInvalid);
    const ok = await c.fetch("/reset-password", {
      form: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, code: admin.recoveryCodes.shift()! },
    });
    expect(ok.headers.get("location")).toBe("/admin-login");
    const first = await new Client().fetch("/admin-login", { form: { email: admin.email, password: NEW_PASSWORD } });
    expect(first.headers.get("location")).toBe("/admin-login/verify");
  });
});

describe("/account", () => {
  it("changes the password with the current one and the sign-up policy; other sessions end, this one stays", async () => {
    const user = await createApplicant();
    const { client } = await signIn(user.email, TEST_PASSWORD);
    const { client: phone } = await signIn(user.email, TEST_PASSWORD);
    const wrong = await client.fetch("/account", {
      form: { intent: "password", currentPassword: "nope-nope-1", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(ACCOUNT_MSG.currentPasswordWrong);
    const common = await client.fetch("/account", {
      form: { intent: "password", currentPassword: TEST_PASSWORD, password: "password1", confirmPassword: "password1" },
    });
    expect(common.status).toBe(400);
    expect(await common.text()).toContain("too common");
    const ok = await client.fetch("/account", {
      form: { intent: "password", currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(ok.headers.get("location")).toBe("/account");
    expect((await client.fetch("/account")).status).toBe(200);
    expect((await phone.fetch("/account")).headers.get("location")).toMatch(/^\/login/);
    expect((await signIn(user.email, NEW_PASSWORD)).res.status).toBe(302);
    expect(await mailsTo(user.email, "password_changed")).toHaveLength(1);
    expect(await auditOf(user.id, "account.password_changed")).toHaveLength(1);
  });

  it("changes the e-mail only once the new address is verified, and tells the old one", async () => {
    const user = await createApplicant();
    // Only a verified address can be changed (email-change-takeover.test.ts has the rest of the rules).
    await db().update(schema.users).set({ emailVerifiedAt: new Date() }).where(eq(schema.users.id, user.id));
    const { client } = await signIn(user.email, TEST_PASSWORD);
    const next = uniqueEmail("moved");
    const res = await client.fetch("/account", { form: { intent: "email", email: next, currentPassword: TEST_PASSWORD } });
    expect(res.headers.get("location")).toBe("/account");
    expect((await userRow(user.id))!.email).toBe(user.email);
    expect(await mailsTo(user.email, "email_change_notice")).toHaveLength(1);
    const page = await (await client.fetch("/account")).text();
    expect(page).toContain(next);
    expect((await signIn(next, TEST_PASSWORD)).res.status).toBe(401);

    const taken = await createApplicant();
    const refused = await client.fetch("/account", { form: { intent: "email", email: taken.email, currentPassword: TEST_PASSWORD } });
    expect(refused.status).toBe(409);

    const { token } = await linkFrom(next, "email_change_verification");
    expect((await client.fetch("/verify-email", { form: { intent: "verify", token } })).status).toBe(302);
    const after = (await userRow(user.id))!;
    expect(after.email).toBe(next);
    expect(after.emailVerifiedAt).not.toBeNull();
    expect((await signIn(next, TEST_PASSWORD)).res.headers.get("location")).toBe("/dashboard");
    expect((await signIn(user.email, TEST_PASSWORD)).res.status).toBe(401);
    expect(await auditOf(user.id, "account.email_changed")).toHaveLength(1);
    expect(await mailsTo(user.email, "email_changed_notice")).toHaveLength(1);
  });

  it("lists sessions and signs out everywhere else", async () => {
    const user = await createApplicant();
    const { client } = await signIn(user.email, TEST_PASSWORD);
    const { client: other } = await signIn(user.email, TEST_PASSWORD);
    const page = await (await client.fetch("/account")).text();
    expect(page.match(/data-current="(true|false)"/g)?.sort()).toEqual(['data-current="false"', 'data-current="true"']);
    expect((await client.fetch("/account", { form: { intent: "sessions" } })).headers.get("location")).toBe("/account");
    expect((await other.fetch("/dashboard")).headers.get("location")).toMatch(/^\/login/);
    expect((await client.fetch("/dashboard")).status).toBe(200);
    expect(await auditOf(user.id, "account.sessions_ended")).toHaveLength(1);
  });

  it("gives an admin new recovery codes (old ones dead) after the current password", async () => {
    const { client, admin } = await signedInAdmin();
    const old = admin.recoveryCodes[0]!;
    const res = await client.fetch("/account", { form: { intent: "recovery-codes", currentPassword: admin.password } });
    expect(res.status).toBe(200);
    const codes = [...(await res.text()).matchAll(/>([A-Z2-9]{5}-[A-Z2-9]{5})</g)].map((m) => m[1]!);
    expect(codes).toHaveLength(10);
    const login = async (code: string) => {
      const c = new Client();
      await c.fetch("/admin-login", { form: { email: admin.email, password: admin.password } });
      return (await c.fetch("/admin-login/verify", { form: { code } })).headers.get("location");
    };
    expect(await login(old)).not.toBe("/admin");
    expect(await login(codes[0]!)).toBe("/admin");
    expect(await auditOf(admin.id, "mfa.recovery_codes_regenerated")).toHaveLength(1);
    // An applicant cannot.
    const user = await createApplicant();
    const { client: applicant } = await signIn(user.email, TEST_PASSWORD);
    expect((await applicant.fetch("/account", { form: { intent: "recovery-codes", currentPassword: TEST_PASSWORD } })).status).toBe(400);
  });

  it("moves an admin to a new authenticator after a code from it and the current password", async () => {
    const { client, admin } = await signedInAdmin();
    const page = await (await client.fetch("/account/authenticator")).text();
    const secret = /data-testid="manual-key">([A-Z2-7 ]+)</.exec(page)![1]!.replace(/ /g, "");
    const code = () => hotp(base32Decode(secret), totpStep());
    const wrongPassword = await client.fetch("/account/authenticator", { form: { code: code(), currentPassword: "not-it-at-all" } });
    expect(await wrongPassword.text()).toContain(ACCOUNT_MSG.currentPasswordWrong);
    const ok = await client.fetch("/account/authenticator", { form: { code: code(), currentPassword: admin.password } });
    expect(ok.status).toBe(200);
    expect([...(await ok.text()).matchAll(/>([A-Z2-9]{5}-[A-Z2-9]{5})</g)]).toHaveLength(10);
    const [row] = await db().select().from(schema.users).where(eq(schema.users.id, admin.id));
    expect(row!.mfaSecret).not.toContain(secret);
    // The old app's codes no longer sign in; the new app's do (next step: the current one was used).
    const c = new Client();
    await c.fetch("/admin-login", { form: { email: admin.email, password: admin.password } });
    expect((await c.fetch("/admin-login/verify", { form: { code: nextSecondFactor(admin) } })).headers.get("location")).not.toBe("/admin");
    expect(
      (await c.fetch("/admin-login/verify", { form: { code: hotp(base32Decode(secret), totpStep() + 1) } })).headers.get("location"),
    ).toBe("/admin");
    expect(await auditOf(admin.id, "mfa.reenrol")).toHaveLength(1);
  });

  it("refuses every /account route of the build to anyone not signed in, the admin ones to applicants and half-signed-in admins", async () => {
    const routes = (await builtRoutes()).filter((r) => /^account(\/|$)/.test(r.pattern));
    expect(routes.map((r) => r.pattern).sort()).toEqual(["account", "account/authenticator", "account/data", "account/export"]);
    const user = await createApplicant();
    const { client: applicant } = await signIn(user.email, TEST_PASSWORD);
    const admin = await createAdmin();
    const half = new Client();
    await half.fetch("/admin-login", { form: { email: admin.email, password: admin.password } });
    for (const r of routes) {
      const url = `/${r.pattern}`;
      const adminOnly = r.pattern === "account/authenticator";
      const requests = [
        { method: "GET" },
        ...(r.hasAction ? [{ method: "POST", form: { intent: "sessions", confirm: "DELETE", code: "123456", currentPassword: "x" } }] : []),
      ];
      for (const init of requests) {
        const anon = await new Client().fetch(url, init);
        expect(anon.status, `${init.method} ${url}`).toBe(302);
        expect(anon.headers.get("location"), `${init.method} ${url}`).toMatch(adminOnly ? /^\/admin-login$/ : /^\/login\?redirectTo=/);
        const h = await half.fetch(url, init);
        expect(h.status, `half ${init.method} ${url}`).toBe(302);
        expect(h.headers.get("location"), `half ${init.method} ${url}`).toMatch(/^\/(login\?redirectTo=|admin-login\/verify$)/);
        if (adminOnly) expect((await applicant.fetch(url, init)).headers.get("location")).toBe("/admin-login");
      }
    }
    // The session the applicant has was not ended by any of these.
    expect((await applicant.fetch("/dashboard")).status).toBe(200);
  });
});

describe("my data", () => {
  it("exports the applicant's profile, submitted application, events and both documents (names, no bytes), no-store", async () => {
    const user = await createApplicant();
    const app = await createSubmittedApplication({ userId: user.id, amount: 32000 });
    await db()
      .insert(schema.applicationEvents)
      .values({ applicationId: app!.id, actorUserId: user.id, type: "submitted", toStatus: "submitted" });
    await createDocument({
      applicationId: app!.id,
      userId: user.id,
      data: samplePdf("EXPORT-MARKER"),
      name: "ein-letter.pdf",
      documentType: "ein",
    });
    await createDocument({
      applicationId: app!.id,
      userId: user.id,
      data: samplePng(),
      name: "license-front.png",
      documentType: "id-front",
    });
    const { client } = await signIn(user.email, TEST_PASSWORD);
    const res = await client.fetch("/account/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await res.text();
    expect(text).not.toContain("EXPORT-MARKER");
    expect(text).not.toMatch(/passwordHash|password_hash|mfaSecret|argon2/);
    const body = JSON.parse(text);
    expect(body.profile).toMatchObject({ email: user.email, firstName: user.firstName, dateOfBirth: "1985-04-12" });
    expect(body.applications).toHaveLength(1);
    expect(body.applications[0]).toMatchObject({ reference: app!.reference, status: "submitted", amount: "32000.00" });
    expect(body.applications[0].events.map((e: { type: string }) => e.type)).toContain("submitted");
    expect(
      body.applications[0].documents.map((d: { fileName: string; documentType: string }) => [d.fileName, d.documentType]).sort(),
    ).toEqual([
      ["ein-letter.pdf", "ein"],
      ["license-front.png", "id-front"],
    ]);
    expect(Object.keys(body.applications[0].documents[0]).sort()).toEqual([
      "contentType",
      "documentType",
      "fileName",
      "fileSize",
      "id",
      "reason",
      "state",
      "uploadedAt",
    ]);
    expect(body.applications[0].documents[0]).toMatchObject({ state: "in-review", reason: null });
    expect(await auditOf(user.id, "account.data_exported")).toHaveLength(1);
  });

  it("deletes unsubmitted applications with their files at once, keeps submitted ones and the account", async () => {
    const user = await createApplicant();
    const kept = await createSubmittedApplication({ userId: user.id });
    const draft = await createSubmittedApplication({ userId: user.id, status: "draft" });
    const doc = await createDocument({ applicationId: draft!.id, userId: user.id, data: samplePdf("DRAFT-DOC"), name: "draft.pdf" });
    const [docRow] = await db().select().from(schema.documents).where(eq(schema.documents.id, doc.id));
    const file = path.join(inject("dataDir"), "documents");
    const exists = () => fs.readdirSync(file, { recursive: true }).some((n) => String(n).includes(docRow!.storageKey));
    expect(exists()).toBe(true);
    const { client } = await signIn(user.email, TEST_PASSWORD);
    const page = await (await client.fetch("/account/data")).text();
    expect(page).toContain("We keep loan information for up to 7 years after the loan closes");
    expect((await client.fetch("/account/data", { form: { confirm: "nope" } })).status).toBe(400);
    const res = await client.fetch("/account/data", { form: { confirm: "DELETE" } });
    expect(res.headers.get("location")).toBe("/account/data");
    const apps = await db().select().from(schema.loanApplications).where(eq(schema.loanApplications.userId, user.id));
    expect(apps.map((a) => a.id)).toEqual([kept!.id]);
    expect(await db().select().from(schema.documents).where(eq(schema.documents.id, doc.id))).toHaveLength(0);
    expect(exists()).toBe(false);
    expect(await userRow(user.id)).toBeTruthy();
    expect((await client.fetch("/dashboard")).status).toBe(200);
    expect(await auditOf(user.id, "account.application_deleted")).toHaveLength(1);
  });

  it("deletes the whole account when nothing submitted is left, and signs it out", async () => {
    const { client, user } = await signUp();
    const res = await client.fetch("/account/data", { form: { confirm: "DELETE" } });
    expect(res.headers.get("location")).toBe("/");
    expect(await userRow(user.id)).toBeUndefined();
    expect((await client.fetch("/dashboard")).headers.get("location")).toMatch(/^\/login/);
    expect(await auditOf(user.id, "account.deleted")).toHaveLength(1);
  });
});
