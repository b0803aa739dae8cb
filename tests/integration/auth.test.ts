import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashSessionId } from "~/features/accounts/session/sessions.server";
import { getDb, schema } from "~/platform/db/db.server";
import { MSG } from "~/content/messages";
import { createAdmin, createApplicant, nextSecondFactor, TEST_PASSWORD } from "../support/fixtures";
import { totpCode } from "~/features/accounts/mfa/totp.server";
import { Client, uniqueEmail } from "../support/http";

const SESSION = "lw_session";

function signupForm(email: string) {
  return {
    firstName: "Casey",
    lastName: "Nguyen",
    email,
    password: TEST_PASSWORD,
    phone: "555-010-9999",
    dateOfBirth: "1990-02-03",
    usCitizen: "on",
    agreeToTerms: "on",
    agreeToElectronicRecords: "on",
  };
}

const sessionValueId = (cookie: string) => {
  // Remix signs the JSON-encoded id: base64(json).signature
  const raw = decodeURIComponent(cookie).split(".")[0]!;
  return JSON.parse(Buffer.from(raw, "base64").toString("utf8")) as string;
};

describe("sign-up", () => {
  it("creates a 'user' account with an argon2id hash, signs in and redirects to /dashboard", async () => {
    const c = new Client();
    const email = uniqueEmail("signup");
    const res = await c.fetch("/signup", { form: { ...signupForm(email), role: "admin" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    expect(c.cookies.has(SESSION)).toBe(true);
    const [u] = await getDb().select().from(schema.users).where(eq(schema.users.email, email));
    expect(u.role).toBe("user");
    const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/.exec(u.passwordHash);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(19456);
    expect(Number(m![2])).toBeGreaterThanOrEqual(2);
    const dash = await c.fetch("/dashboard");
    expect(dash.status).toBe(200);
    expect(await dash.text()).toContain("Welcome, <!-- -->Casey");
  });

  it("refuses an e-mail that exists in another letter case, with the product's message", async () => {
    const existing = await createApplicant();
    const c = new Client();
    const res = await c.fetch("/signup", { form: signupForm(existing.email.toUpperCase()) });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(MSG.userExists.replace(/'/g, "&#x27;"));
    expect(c.cookies.has(SESSION)).toBe(false);
  });

  it("re-renders the product's messages for bad input and creates nothing", async () => {
    const c = new Client();
    const email = uniqueEmail("bad");
    const res = await c.fetch("/signup", { form: { ...signupForm(email), password: "short", usCitizen: "" } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(MSG.passwordMin);
    expect(html).toContain(MSG.mustBeCitizen);
    const rows = await getDb().select().from(schema.users).where(eq(schema.users.email, email));
    expect(rows).toHaveLength(0);
  });
});

describe("login and logout", () => {
  it("refuses a wrong password with the product's message and sets no session", async () => {
    const u = await createApplicant();
    const c = new Client();
    const res = await c.fetch("/login", { form: { email: u.email, password: "wrong-password" } });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Invalid email or password.");
    expect(c.cookies.has(SESSION)).toBe(false);
  });

  it("gives a new session id at sign-in, keeps only its hash in MySQL, and logout kills it server-side", async () => {
    const u = await createApplicant();
    const c = new Client();
    // An anonymous session first (a visitor who started something before signing in).
    await getDb()
      .insert(schema.sessions)
      .values({ idHash: hashSessionId("pre-login-id"), data: {}, expiresAt: new Date(Date.now() + 60_000) });
    const res = await c.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    const cookie = c.cookies.get(SESSION)!;
    const id = sessionValueId(cookie);
    expect(Buffer.from(id, "base64url").length).toBeGreaterThanOrEqual(16);
    const [row] = await getDb()
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.idHash, hashSessionId(id)));
    expect(row.userId).toBe(u.id);
    const raw = await getDb().select().from(schema.sessions);
    expect(raw.some((r) => r.idHash === id)).toBe(false);

    const captured = cookie;
    const out = await c.fetch("/logout", { method: "POST" });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/");
    const gone = await getDb()
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.idHash, hashSessionId(id)));
    expect(gone).toHaveLength(0);
    // Replaying the captured cookie is anonymous now.
    const replay = new Client();
    replay.cookies.set(SESSION, captured);
    const dash = await replay.fetch("/dashboard");
    expect(dash.status).toBe(302);
    expect(dash.headers.get("location")).toMatch(/^\/login/);
  });

  it("GET /logout does not log out", async () => {
    const u = await createApplicant();
    const c = new Client();
    await c.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
    await c.fetch("/logout");
    expect((await c.fetch("/dashboard")).status).toBe(200);
  });

  it("sends signed-in users from /login and /signup to /dashboard", async () => {
    const u = await createApplicant();
    const c = new Client();
    await c.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
    for (const p of ["/login", "/signup"]) {
      const r = await c.fetch(p);
      expect(r.status).toBe(302);
      expect(r.headers.get("location")).toBe("/dashboard");
    }
  });
});

describe("admin guard", () => {
  it("redirects anonymous visitors and applicants from /admin to /admin-login", async () => {
    expect((await new Client().fetch("/admin")).headers.get("location")).toBe("/admin-login");
    const u = await createApplicant();
    const c = new Client();
    await c.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
    const r = await c.fetch("/admin");
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe("/admin-login");
  });

  it("refuses an applicant at the admin sign-in and leaves them signed out", async () => {
    const u = await createApplicant();
    const c = new Client();
    const r = await c.fetch("/admin-login", { form: { email: u.email, password: TEST_PASSWORD } });
    expect(r.status).toBe(403);
    expect(await r.text()).toContain("Access Denied - You don&#x27;t have admin privileges.");
    expect(c.cookies.has(SESSION)).toBe(false);
  });

  it("signs an admin in to /admin only after the second factor", async () => {
    const a = await createAdmin();
    const c = new Client();
    const r = await c.fetch("/admin-login", { form: { email: a.email, password: a.password } });
    expect(r.headers.get("location")).toBe("/admin-login/verify");
    const before = c.cookies.get(SESSION);
    // Password only: no admin page answers, and the admin is not signed in anywhere else either.
    expect((await c.fetch("/admin")).headers.get("location")).toBe("/admin-login/verify");
    expect((await c.fetch("/admin/documents")).headers.get("location")).toBe("/admin-login/verify");
    expect((await c.fetch("/dashboard")).headers.get("location")).toMatch(/^\/login/);
    const bad = await c.fetch("/admin-login/verify", { form: { code: "000000" } });
    expect(bad.status === 401 || bad.status === 400).toBe(true);
    const ok = await c.fetch("/admin-login/verify", { form: { code: nextSecondFactor(a) } });
    expect(ok.headers.get("location")).toBe("/admin");
    expect(c.cookies.get(SESSION)).not.toBe(before);
    const page = await c.fetch("/admin");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Admin: <!-- -->Ada");
  });

  it("a TOTP code works once and a recovery code works once", async () => {
    const a = await createAdmin();
    const code = nextSecondFactor(a);
    const first = new Client();
    await first.fetch("/admin-login", { form: { email: a.email, password: a.password } });
    expect((await first.fetch("/admin-login/verify", { form: { code } })).headers.get("location")).toBe("/admin");
    const second = new Client();
    await second.fetch("/admin-login", { form: { email: a.email, password: a.password } });
    expect((await second.fetch("/admin-login/verify", { form: { code } })).status).toBe(401);
    const recovery = a.recoveryCodes[0]!;
    expect((await second.fetch("/admin-login/verify", { form: { code: recovery } })).headers.get("location")).toBe("/admin");
    const third = new Client();
    await third.fetch("/admin-login", { form: { email: a.email, password: a.password } });
    expect((await third.fetch("/admin-login/verify", { form: { code: recovery } })).status).toBe(401);
  });

  it("sends an admin without MFA to enrolment, which turns it on with a code from the shown key", async () => {
    const a = await createAdmin({ enrolled: false });
    const c = new Client();
    const r = await c.fetch("/admin-login", { form: { email: a.email, password: a.password } });
    expect(r.headers.get("location")).toBe("/admin-login/setup");
    const html = await (await c.fetch("/admin-login/setup")).text();
    const key = /data-testid="manual-key"[^>]*>((?:[A-Z2-7]{4} ){7}[A-Z2-7]{4})</.exec(html)?.[1]?.replace(/ /g, "");
    expect(key).toBeTruthy();
    expect(html).toContain("data:image/svg+xml;base64,");
    const done = await c.fetch("/admin-login/setup", { form: { code: totpCode(key!), enrolmentCode: a.enrolmentCode } });
    expect(done.headers.get("location")).toBe("/admin-login/recovery-codes");
    const shown = await c.fetch("/admin-login/recovery-codes");
    const codes = [...(await shown.text()).matchAll(/>([A-Z0-9]{5}-[A-Z0-9]{5})</g)].map((m) => m[1]);
    expect(codes).toHaveLength(10);
    // Shown once only.
    expect((await c.fetch("/admin-login/recovery-codes")).headers.get("location")).toBe("/admin");
    expect((await c.fetch("/admin")).status).toBe(200);
    const [row] = await getDb().select().from(schema.users).where(eq(schema.users.id, a.id));
    expect(row.mfaEnabledAt).not.toBeNull();
    expect(row.mfaSecret).not.toContain(key!);
  });
});

describe("cross-site requests", () => {
  it("refuses a POST from another origin and changes nothing", async () => {
    const c = new Client();
    const email = uniqueEmail("csrf");
    const r = await c.fetch("/signup", { form: signupForm(email), headers: { origin: "http://evil.test" } });
    expect(r.status).toBe(403);
    const r2 = await c.fetch("/signup", { form: signupForm(email), headers: { "sec-fetch-site": "cross-site" } });
    expect(r2.status).toBe(403);
    expect(await getDb().select().from(schema.users).where(eq(schema.users.email, email))).toHaveLength(0);
  });
});

describe("pages", () => {
  it("answers unknown paths with 404 and the product's title", async () => {
    const r = await new Client().fetch("/no-such-page");
    expect(r.status).toBe(404);
    expect(await r.text()).toContain("<title>404 Page Not Found</title>");
  });

  it("redirects /terms and /privacy permanently", async () => {
    const c = new Client();
    expect((await c.fetch("/terms")).status).toBe(301);
    expect((await c.fetch("/terms")).headers.get("location")).toBe("/terms-of-service");
    expect((await c.fetch("/privacy")).headers.get("location")).toBe("/privacy-policy");
  });
});

describe("sign-in throttle on the page", () => {
  it("answers the 11th bad sign-in for one account within a minute with 429, a clear message and Retry-After", async () => {
    const u = await createApplicant();
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) last = await new Client().fetch("/login", { form: { email: u.email, password: `Wrong-password-${i}` } });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await last!.text()).toContain("Too many sign-in attempts");
  });
});
