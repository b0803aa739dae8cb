/**
 * The second-factor lock holds under concurrency. More wrong codes than the lock allows, sent at
 * once, lock the TOTP factor exactly as the same codes sent one after another would: on the admin
 * sign-in page, on the API's `code`, and on an admin's reset-password page. The right TOTP code is
 * then refused until a recovery code unlocks the factor. A per-account limit holds however many
 * client addresses the attempts come from.
 *
 * How the race is made to happen on every run: while the requests are sent, the test holds the
 * admin's users row (SELECT ... FOR UPDATE in its own transaction) until MFA_LOCK_AFTER of them
 * are queued on it, sends the rest of the burst, then lets go. Every queued request has then read
 * the account before any has written it: the interleaving a burst gets by chance on a busy
 * server. The burst comes from one client address, so the per-client limit (MFA_LOCK_AFTER
 * attempts) answers the rest with 429 before they touch the account.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountToken } from "~/features/accounts/account-tokens.server";
import { getDb, schema, transaction } from "~/platform/db/db.server";
import { RESET_TOKEN_TTL_MS } from "~/features/accounts/password-reset.server";
import { MFA_LOCK_AFTER } from "~/features/accounts/mfa/mfa.server";
import { THROTTLE_RULES } from "~/platform/security/throttle.server";
import { getEnv } from "~/platform/env.server";
import { MSG } from "~/content/messages";
import { base32Decode, hotp, totpStep } from "~/features/accounts/mfa/totp.server";
import { createAdmin, nextSecondFactor, type TestAdmin } from "../support/fixtures";
import { Client } from "../support/http";
import { startAppServer, type AppServer } from "../support/server";
import { outboxTo } from "../support/wizard";

/**
 * A server of this file's own, on the run's database: the race parks MFA_LOCK_AFTER requests on a
 * held row, which takes that many pool connections for seconds. On the server the other files
 * share, that stalled their pages meanwhile (a browser test's wizard step timed out waiting).
 */
let app: AppServer;
beforeAll(async () => {
  app = await startAppServer({ name: "mfa-race" });
});
afterAll(async () => {
  await app?.stop();
});

/** More concurrent wrong codes than the lock allows. */
const BURST = MFA_LOCK_AFTER + 6;

/** A six-digit code that is not this admin's TOTP for any step near now. */
function wrongCode(admin: TestAdmin) {
  const key = base32Decode(admin.totpSecret!);
  const near = new Set([-2, -1, 0, 1, 2].map((d) => hotp(key, totpStep() + d)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}

/** A client with the same session cookie as `c`, from another address. */
function sameSessionElsewhere(c: Client) {
  const other = new Client(app.origin);
  other.cookies = new Map(c.cookies);
  return other;
}

/**
 * Requests of this database updating the users table: while the test holds the admin's row, each
 * one is queued on it. Read from SHOW FULL PROCESSLIST, which the server answers from its thread
 * list directly. A poll of information_schema.INNODB_TRX joined with PROCESSLIST every 20 ms
 * crashed MariaDB 10.11.19 once (signal 11 in ha_maria::drop_table, freeing the Aria temporary
 * table the join was materialised into), taking the whole run's shared server down with it.
 */
async function usersRowWaiters() {
  const [threads] = (await getDb().execute(sql`SHOW FULL PROCESSLIST`)) as unknown as [Array<{ db: string | null; Info: string | null }>];
  const database = new URL(getEnv().DATABASE_URL).pathname.slice(1);
  return threads.filter((t) => t.db === database && /^update `users`/i.test(t.Info ?? "")).length;
}

/**
 * Sends BURST requests made by `send` while the admin's users row is held (see the file comment):
 * first as many as the lock allows, and once those all wait on the row, the rest (which the
 * per-client limit answers); then lets go and returns every answer. On a very busy machine the
 * first requests may not all be queued before the app's own database deadline (DB_TIMEOUT_MS)
 * would fail the earliest, so the row is let go a little before that in any case: the code under
 * test must lock the factor either way, and the race is only less sharp.
 */
async function raceOnHeldRow(admin: TestAdmin, send: () => Promise<Response>) {
  const answers: Array<Promise<Response>> = [];
  await transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM users WHERE id = ${admin.id} FOR UPDATE`);
    const letGoBy = Date.now() + getEnv().DB_TIMEOUT_MS * 0.7;
    for (let i = 0; i < MFA_LOCK_AFTER; i++) answers.push(send());
    while ((await usersRowWaiters()) < MFA_LOCK_AFTER && Date.now() < letGoBy) await new Promise((r) => setTimeout(r, 20));
    for (let i = MFA_LOCK_AFTER; i < BURST; i++) answers.push(send());
  });
  return Promise.all(answers);
}

/**
 * Every answer is a refused code (status `refused`) or the per-client limit (429), and the limit
 * let exactly `perClient` attempts through (the rest never reached the account).
 */
function expectRefused(answers: Response[], refused: number, perClient: number) {
  const statuses = answers.map((r) => r.status);
  expect(statuses.filter((s) => s !== refused && s !== 429)).toEqual([]);
  expect(statuses.filter((s) => s === refused).length).toBe(Math.min(BURST, perClient));
}

async function passwordDone(admin: TestAdmin) {
  const c = new Client(app.origin);
  const res = await c.fetch("/admin-login", { form: { email: admin.email, password: admin.password } });
  expect(res.headers.get("location")).toBe("/admin-login/verify");
  return c;
}

async function factorRow(id: number) {
  const [row] = await getDb()
    .select({ lockedAt: schema.users.mfaLockedAt, failures: schema.users.mfaFailedAttempts })
    .from(schema.users)
    .where(eq(schema.users.id, id));
  return row!;
}

async function lockMails(admin: TestAdmin) {
  return (await outboxTo(admin.email)).filter((m) => m.kind === "mfa_locked");
}

async function lockAudits(admin: TestAdmin) {
  const a = schema.auditLog;
  return getDb()
    .select()
    .from(a)
    .where(and(eq(a.action, "mfa.locked"), eq(a.actorUserId, admin.id)));
}

/** The lock was set once: one e-mail, one audit entry, whatever the number of racing requests. */
async function expectLockedOnce(admin: TestAdmin) {
  expect((await factorRow(admin.id)).lockedAt).not.toBeNull();
  expect(await lockMails(admin)).toHaveLength(1);
  expect(await lockAudits(admin)).toHaveLength(1);
}

describe("second-factor lock under concurrent wrong codes", () => {
  it("lets exactly as many attempts per client through as the lock allows (what the races below rely on)", () => {
    expect(THROTTLE_RULES.mfa.limit).toBe(MFA_LOCK_AFTER);
    expect(THROTTLE_RULES.login.limit).toBe(MFA_LOCK_AFTER);
  });

  it(`admin sign-in page: ${BURST} wrong codes at once lock the factor; the right code is refused until a recovery code unlocks it`, async () => {
    const admin = await createAdmin();
    const attacker = await passwordDone(admin);
    const wrong = wrongCode(admin);
    const answers = await raceOnHeldRow(admin, () => attacker.fetch("/admin-login/verify", { form: { code: wrong } }));
    expectRefused(answers, 401, THROTTLE_RULES.mfa.limit);
    await expectLockedOnce(admin);

    // The owner, with the password and the right TOTP code, is refused and told why...
    const owner = await passwordDone(admin);
    const totp = await owner.fetch("/admin-login/verify", { form: { code: nextSecondFactor(admin) } });
    expect(totp.status).toBe(401);
    expect(await totp.text()).toContain(MSG.mfaLocked);
    // ...until a recovery code gets them in and unlocks the factor; then TOTP codes work again.
    const recovery = await owner.fetch("/admin-login/verify", { form: { code: admin.recoveryCodes.shift()! } });
    expect(recovery.headers.get("location")).toBe("/admin");
    expect(await factorRow(admin.id)).toEqual({ lockedAt: null, failures: 0 });
    const later = await passwordDone(admin);
    expect((await later.fetch("/admin-login/verify", { form: { code: nextSecondFactor(admin) } })).headers.get("location")).toBe("/admin");
  });

  it(`API sign-in with \`code\`: ${BURST} wrong codes at once lock the factor and the right code is refused`, async () => {
    const admin = await createAdmin();
    const wrong = wrongCode(admin);
    const client = new Client(app.origin);
    const answers = await raceOnHeldRow(admin, () =>
      client.fetch("/api/auth/login", { json: { email: admin.email, password: admin.password, code: wrong } }),
    );
    expectRefused(answers, 401, THROTTLE_RULES.login.limit);
    await expectLockedOnce(admin);

    const owner = await new Client(app.origin).fetch("/api/auth/login", {
      json: { email: admin.email, password: admin.password, code: nextSecondFactor(admin) },
    });
    expect(owner.status).toBe(401);
    expect(((await owner.json()) as { message: string }).message).toBe(MSG.mfaLocked);
  });

  it(`reset-password page of an admin: ${BURST} wrong codes at once lock the factor; the right code is refused and the link still works with a recovery code`, async () => {
    const admin = await createAdmin();
    const token = await transaction((tx) =>
      createAccountToken(tx, { userId: admin.id, purpose: "reset-password", email: admin.email, ttlMs: RESET_TOKEN_TTL_MS }),
    );
    const form = (code: string) => ({ token, password: "Fresh-Lantern-93", confirmPassword: "Fresh-Lantern-93", code });
    const wrong = wrongCode(admin);
    const client = new Client(app.origin);
    const answers = await raceOnHeldRow(admin, () => client.fetch("/reset-password", { form: form(wrong) }));
    expectRefused(answers, 400, THROTTLE_RULES.mfa.limit);
    await expectLockedOnce(admin);

    const right = await new Client(app.origin).fetch("/reset-password", { form: form(nextSecondFactor(admin)) });
    expect(right.status).toBe(400);
    expect(await right.text()).toContain(MSG.mfaLocked);
    const recovery = await new Client(app.origin).fetch("/reset-password", { form: form(admin.recoveryCodes.shift()!) });
    expect(recovery.status).toBe(302);
    expect(recovery.headers.get("location")).toBe("/admin-login");
  });
});

describe("second-factor limit per account", () => {
  it(`holds at ${THROTTLE_RULES.mfaAccount.limit} attempts however many client addresses they come from`, async () => {
    const admin = await createAdmin();
    const attacker = await passwordDone(admin);
    const limit = THROTTLE_RULES.mfaAccount.limit;
    const wrong = wrongCode(admin);
    // Each from its own address: the per-client limits never apply.
    const answers = await Promise.all(
      Array.from({ length: limit }, () => sameSessionElsewhere(attacker).fetch("/admin-login/verify", { form: { code: wrong } })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(limit).fill(401));
    const next = await sameSessionElsewhere(attacker).fetch("/admin-login/verify", { form: { code: wrong } });
    expect(next.status).toBe(429);
    expect(Number(next.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(await next.text()).toContain(THROTTLE_RULES.mfaAccount.message);
  });
});
