/**
 * No public demo admin in production. On a database of its own:
 *   1. production on an empty database: no admin at all is created, /admin-login shows no credentials;
 *   2. development on the same database: the demo admin exists and its hint shows (a newcomer can sign in);
 *   3. production again: the start disables the demo admin and says so in the log; it cannot sign in;
 *   4. `npm run db:seed` (production) creates the real admin and prints a one-time enrolment code; the
 *      first MFA enrolment needs that code (not only the password); it works once, and not once expired.
 */
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "~/content/constants";
import { MSG } from "~/content/messages";
import { base32Decode, hotp, totpStep } from "~/features/accounts/mfa/totp.server";
import { Client } from "../support/http";
import { isolatedDatabase, runScript, type AppServer } from "../support/server";

const db = isolatedDatabase("lm_demo_admin");
const { databaseUrl, dataDir } = db;
const ADMIN = { email: "ops.admin@example.com", password: "Real-Admin-Password-42" };
const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ACCESS_LOG: "0" };
const server = db.server;
const admins = async () => {
  const [rows] = (await db.conn().query("SELECT email, disabled_at FROM users WHERE role = 'admin' ORDER BY id")) as unknown as [
    Array<{ email: string; disabled_at: Date | null }>,
  ];
  return rows;
};
const signInDemo = (s: AppServer) =>
  new Client(s.origin).fetch("/admin-login", { form: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });

describe("demo admin and operator enrolment", () => {
  it("1. production on an empty database (ADMIN_EMAIL set) creates no admin and shows no credentials", async () => {
    const s = await server("demo-prod-empty", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    expect(await admins()).toEqual([]);
    const html = await (await new Client(s.origin).fetch("/admin-login")).text();
    expect(html).not.toContain('data-testid="demo-credentials"');
    expect(html).not.toContain(DEMO_ADMIN.password);
    expect((await signInDemo(s)).status).toBe(401);
    await s.stop();
  });

  it("2. development creates the demo admin and shows its credentials while it has its demo password", async () => {
    const s = await server("demo-dev", { NODE_ENV: "development" });
    expect(await admins()).toEqual([{ email: DEMO_ADMIN.email, disabled_at: null }]);
    const html = await (await new Client(s.origin).fetch("/admin-login")).text();
    expect(html).toContain('data-testid="demo-credentials"');
    expect(html).toContain(DEMO_ADMIN.email);
    expect((await signInDemo(s)).headers.get("location")).toBe("/admin-login/setup");
    await s.stop();
  });

  it("3. a production start disables a demo admin it finds and says so in the log", async () => {
    const s = await server("demo-prod-disables");
    expect(s.log()).toContain("Disabled the demo admin account");
    expect(s.log()).not.toContain(DEMO_ADMIN.email);
    const [demo] = await admins();
    expect(demo!.disabled_at).not.toBeNull();
    expect((await signInDemo(s)).status).toBe(401);
    expect(await (await new Client(s.origin).fetch("/admin-login")).text()).not.toContain('data-testid="demo-credentials"');
    await s.stop();
  });

  it("4. db:seed makes the real admin; its first MFA enrolment needs the printed one-time code", async () => {
    const seeded = await runScript("db/seed.ts", { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    expect(seeded.code, seeded.out).toBe(0);
    const code = /One-time enrolment code: ([A-Z0-9-]+)/.exec(seeded.out)?.[1];
    expect(code).toBeTruthy();
    const [row] = (await db.conn().query("SELECT mfa_enrol_code_hash FROM users WHERE email = ?", [ADMIN.email])) as unknown as [
      Array<{ mfa_enrol_code_hash: string }>,
    ];
    expect(row[0]!.mfa_enrol_code_hash).not.toContain(code!.replace(/-/g, ""));

    const s = await server("demo-prod-seeded");
    const c = new Client(s.origin);
    expect((await c.fetch("/admin-login", { form: ADMIN })).headers.get("location")).toBe("/admin-login/setup");
    const setup = await (await c.fetch("/admin-login/setup")).text();
    expect(setup).toContain("Enrolment code");
    const key = /data-testid="manual-key"[^>]*>([A-Z2-7 ]+)</.exec(setup)![1]!.replace(/ /g, "");
    const totp = () => hotp(base32Decode(key), totpStep());
    // The password and the authenticator alone are not enough.
    const without = await c.fetch("/admin-login/setup", { form: { code: totp() } });
    expect(without.status).toBe(403);
    expect(await without.text()).toContain(MSG.enrolmentCodeRequired);
    expect((await c.fetch("/admin-login/setup", { form: { code: totp(), enrolmentCode: "AAAAA-BBBBB-CCCCC-DDDDD" } })).status).toBe(403);
    // An expired code does not work either.
    await db
      .conn()
      .query("UPDATE users SET mfa_enrol_code_expires_at = UTC_TIMESTAMP(3) - INTERVAL 1 MINUTE WHERE email = ?", [ADMIN.email]);
    const expired = await c.fetch("/admin-login/setup", { form: { code: totp(), enrolmentCode: code! } });
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain(MSG.enrolmentCodeInvalid);
    await db
      .conn()
      .query("UPDATE users SET mfa_enrol_code_expires_at = UTC_TIMESTAMP(3) + INTERVAL 10 MINUTE WHERE email = ?", [ADMIN.email]);
    const done = await c.fetch("/admin-login/setup", { form: { code: totp(), enrolmentCode: code! } });
    expect(done.headers.get("location")).toBe("/admin-login/recovery-codes");
    // Single use: the stored code is gone.
    const [after] = (await db
      .conn()
      .query("SELECT mfa_enrol_code_hash, mfa_enabled_at FROM users WHERE email = ?", [ADMIN.email])) as unknown as [
      Array<{ mfa_enrol_code_hash: string | null; mfa_enabled_at: Date | null }>,
    ];
    expect(after[0]).toMatchObject({ mfa_enrol_code_hash: null });
    expect(after[0]!.mfa_enabled_at).not.toBeNull();
    // The demo admin of step 2 is still disabled, and nobody else can sign in as an admin.
    expect((await signInDemo(s)).status).toBe(401);
  });

  it("refuses `npm run db:seed` without ADMIN_EMAIL in production (no demo admin there)", async () => {
    const res = await runScript("db/seed.ts", { ...env, ADMIN_EMAIL: "", ADMIN_PASSWORD: "" });
    expect(res.code).toBe(1);
    expect(res.out).toContain("no demo admin in production");
  });
});
