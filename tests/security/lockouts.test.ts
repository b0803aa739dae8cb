/**
 * Lockouts an attacker cannot aim. Wrong passwords from one client are held
 * per account AND client, so the owner with the right password on a clean client still gets in;
 * the per-account limit grows over distinct clients (progressive windows). The second factor locks
 * after MFA_LOCK_AFTER (<= 100, NIST SP 800-63B) consecutive failures, with an e-mail to the admin
 * and an audit entry; the rightful admin still gets in with a recovery code, which unlocks it.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MFA_LOCK_AFTER } from "~/features/accounts/mfa/mfa.server";
import { SIGN_IN_ACCOUNT_WINDOWS, THROTTLE_RULES } from "~/platform/security/throttle.server";
import { getDb, schema } from "~/platform/db/db.server";
import { MSG } from "~/content/messages";
import { createAdmin, createApplicant, nextSecondFactor, TEST_PASSWORD } from "../support/fixtures";
import { Client } from "../support/http";
import { outboxTo } from "../support/wizard";

describe("password lockout", () => {
  it("keeps the owner in: an attacker's wrong passwords from elsewhere do not lock a clean client out", async () => {
    const u = await createApplicant();
    const attacker = new Client();
    for (let i = 0; i < THROTTLE_RULES.login.limit + 5; i++) {
      await attacker.fetch(
        i % 2 ? "/login" : "/api/auth/login",
        i % 2 ? { form: { email: u.email, password: `Guess-${i}-x` } } : { json: { email: u.email, password: `Guess-${i}-x` } },
      );
    }
    expect((await attacker.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } })).status).toBe(429);
    // The owner, on another client, signs in on the pages and on the API.
    const page = await new Client().fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/dashboard");
    expect((await new Client().fetch("/api/auth/login", { json: { email: u.email, password: TEST_PASSWORD } })).status).toBe(200);
  });

  it("uses progressive per-account windows, at most 100 distinct clients a day", () => {
    expect(SIGN_IN_ACCOUNT_WINDOWS.map((w) => w.windowSeconds)).toEqual([60, 3600, 86400]);
    expect(SIGN_IN_ACCOUNT_WINDOWS.at(-1)!.limit).toBeLessThanOrEqual(100);
  });
});

describe("second-factor lockout", () => {
  it(`locks after ${MFA_LOCK_AFTER} consecutive failures, e-mails the admin, audits it; a recovery code still gets the admin in`, async () => {
    expect(MFA_LOCK_AFTER).toBeLessThanOrEqual(100);
    const admin = await createAdmin();
    expect(MFA_LOCK_AFTER).toBeLessThanOrEqual(THROTTLE_RULES.mfa.limit);
    const c = new Client();
    expect((await c.fetch("/admin-login", { form: { email: admin.email, password: admin.password } })).headers.get("location")).toBe(
      "/admin-login/verify",
    );
    let last: Response | null = null;
    for (let i = 0; i < MFA_LOCK_AFTER; i++) {
      last = await c.fetch("/admin-login/verify", { form: { code: "000000" } });
      expect(last.status).toBe(401);
    }
    expect(await last!.text()).toContain(MSG.mfaLocked);
    const [row] = await getDb().select().from(schema.users).where(eq(schema.users.id, admin.id));
    expect(row!.mfaLockedAt).not.toBeNull();
    const mails = await outboxTo(admin.email);
    expect(mails.filter((m) => m.kind === "mfa_locked")).toHaveLength(1);
    const audit = await getDb()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "mfa.locked"), eq(schema.auditLog.actorUserId, admin.id)));
    expect(audit).toHaveLength(1);

    // Locked: even the right TOTP code is refused...
    const owner = new Client();
    await owner.fetch("/admin-login", { form: { email: admin.email, password: admin.password } });
    const totp = await owner.fetch("/admin-login/verify", { form: { code: nextSecondFactor(admin) } });
    expect(totp.status).toBe(401);
    // ...but a recovery code gets the rightful admin in and unlocks the factor.
    const recovery = await owner.fetch("/admin-login/verify", { form: { code: admin.recoveryCodes.shift()! } });
    expect(recovery.headers.get("location")).toBe("/admin");
    const [after] = await getDb().select().from(schema.users).where(eq(schema.users.id, admin.id));
    expect(after).toMatchObject({ mfaLockedAt: null, mfaFailedAttempts: 0 });
  });
});
