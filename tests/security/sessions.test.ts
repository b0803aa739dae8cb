/**
 * Sessions: cookie flags, a new session id at every sign-in (and at the second factor), a captured
 * cookie dead after logout on pages, single-fetch data requests and the API, and the idle and
 * absolute limits enforced on the server. (The __Host- prefix and Secure flag of production over
 * HTTPS: production-https.test.ts.)
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashSessionId } from "~/features/accounts/session/sessions.server";
import { getDb, schema } from "~/platform/db/db.server";
import { SESSION_LIMITS } from "~/features/accounts/session/session.server";
import { createDraftVia, signedInApplicant } from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { createDocument } from "../support/documents";
import { createAdmin, createApplicant, nextSecondFactor, TEST_PASSWORD } from "../support/fixtures";
import { samplePdf } from "../fixtures/documents";
import { Client } from "../support/http";
import { LOAN } from "../support/wizard";

const NAME = "lw_session";

/** The random id inside a signed Remix cookie value (base64 JSON string, then the signature). */
const sessionIdOf = (value: string) =>
  JSON.parse(Buffer.from(decodeURIComponent(value).split(".")[0]!, "base64").toString("utf8")) as string;

const sessionRow = async (value: string) =>
  (
    await getDb()
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.idHash, hashSessionId(sessionIdOf(value))))
  )[0] ?? null;

function setCookieFor(res: Response, name: string) {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`)) ?? null;
}

function expectSessionCookieFlags(header: string | null) {
  expect(header).not.toBeNull();
  const [pair, ...attrs] = header!.split(";").map((s) => s.trim());
  const flags = attrs.map((a) => a.toLowerCase());
  expect(flags).toContain("httponly");
  expect(flags).toContain("samesite=lax");
  expect(flags).toContain("path=/");
  expect(flags.some((f) => f.startsWith("domain="))).toBe(false);
  const value = pair!.slice(pair!.indexOf("=") + 1);
  const id = sessionIdOf(value);
  // At least 128 random bits (here 256), and nothing but the id: no user data in the cookie.
  expect(Buffer.from(id, "base64url").length).toBeGreaterThanOrEqual(16);
  expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
  return value;
}

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/, without Domain, and holds only a 256-bit random id (pages and API)", async () => {
    const u = await createApplicant();
    const page = await new Client().fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
    const value = expectSessionCookieFlags(setCookieFor(page, NAME));
    expect(decodeURIComponent(value)).not.toContain(u.email);
    const api = await new Client().fetch("/api/auth/login", { json: { email: u.email, password: TEST_PASSWORD } });
    expectSessionCookieFlags(setCookieFor(api, NAME));
    // The database keeps only the SHA-256 of the id.
    const row = await sessionRow(value);
    expect(row?.userId).toBe(u.id);
    expect(row?.idHash).not.toBe(sessionIdOf(value));
  });
});

describe("session id at sign-in", () => {
  it("gives an applicant a new id at sign-in; the anonymous id is gone and stays anonymous", async () => {
    const u = await createApplicant();
    const c = new Client();
    // An anonymous session first: the wizard's first step makes one.
    await c.fetch("/apply/loan", { form: { ...LOAN, intent: "continue" } });
    const anonymous = c.cookies.get(NAME)!;
    expect(anonymous).toBeTruthy();
    expect(await sessionRow(anonymous)).not.toBeNull();
    const res = await c.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
    expect(res.headers.get("location")).toBe("/dashboard");
    const signedIn = c.cookies.get(NAME)!;
    expect(sessionIdOf(signedIn)).not.toBe(sessionIdOf(anonymous));
    expect(await sessionRow(anonymous)).toBeNull();
    const replay = new Client();
    replay.cookies.set(NAME, anonymous);
    expect((await replay.fetch("/dashboard")).headers.get("location")).toMatch(/^\/login/);
  });

  it("gives an admin a new id after the password and again after the second factor", async () => {
    const admin = await createAdmin();
    const c = new Client();
    await c.fetch("/admin-login", { form: { email: admin.email, password: admin.password } });
    const afterPassword = c.cookies.get(NAME)!;
    const res = await c.fetch("/admin-login/verify", { form: { code: nextSecondFactor(admin) } });
    expect(res.headers.get("location")).toBe("/admin");
    const afterMfa = c.cookies.get(NAME)!;
    expect(sessionIdOf(afterMfa)).not.toBe(sessionIdOf(afterPassword));
    expect(await sessionRow(afterPassword)).toBeNull();
    expect((await c.fetch("/admin")).status).toBe(200);
    // The half-signed-in cookie cannot be upgraded or reused.
    const replay = new Client();
    replay.cookies.set(NAME, afterPassword);
    expect((await replay.fetch("/admin")).headers.get("location")).toBe("/admin-login");
  });
});

describe("a cookie captured before logout", () => {
  it("is dead on pages, single-fetch data and the API after the applicant logs out", async () => {
    const { client, user } = await signedInApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const doc = await createDocument({ applicationId: app.id, userId: user.id, data: samplePdf("logout"), name: "logout.pdf" });
    const draft = await createDraftVia(client);
    const captured = client.cookies.get(NAME)!;
    expect((await client.fetch("/dashboard")).status).toBe(200);
    expect((await client.fetch(`/api/documents/download/${doc.id}`)).status).toBe(200);

    const out = await client.fetch("/logout", { method: "POST" });
    expect(out.status).toBe(302);
    expect(await sessionRow(captured)).toBeNull();

    const thief = new Client();
    thief.cookies.set(NAME, captured);
    expect((await thief.fetch("/dashboard")).headers.get("location")).toMatch(/^\/login/);
    const data = await thief.fetch("/dashboard.data");
    const body = await data.text();
    expect(body).toMatch(/"redirect","\/login/);
    expect(body).not.toContain(app.reference);
    expect((await thief.fetch(`/documents/${doc.id}/download`)).status).toBe(404);
    expect((await thief.fetch(`/api/documents/download/${doc.id}`)).status).toBe(401);
    expect((await thief.fetch("/api/loan-applications", { json: { amount: "25000" } })).status).toBe(401);
    expect((await thief.fetch(`/api/loan-applications/db/${draft.id}`, { method: "PATCH", json: { amount: "30000" } })).status).toBe(401);
    // Nor does the dead id come back to life by being used.
    expect(await sessionRow(captured)).toBeNull();
  });

  it("is dead for the admin panel and the admin API after an admin logs out through the API", async () => {
    const admin = await createAdmin();
    const c = new Client();
    const login = await c.fetch("/api/auth/login", {
      json: { email: admin.email, password: admin.password, code: nextSecondFactor(admin) },
    });
    expect(login.status).toBe(200);
    const captured = c.cookies.get(NAME)!;
    expect((await c.fetch("/api/admin/applications")).status).toBe(200);
    expect((await c.fetch("/api/auth/logout", { method: "POST" })).status).toBe(200);
    const thief = new Client();
    thief.cookies.set(NAME, captured);
    expect((await thief.fetch("/admin")).headers.get("location")).toBe("/admin-login");
    expect(await (await thief.fetch("/admin.data")).text()).toMatch(/"redirect","\/admin-login"/);
    expect((await thief.fetch("/api/admin/applications")).status).toBe(401);
  });
});

describe("timeouts enforced on the server", () => {
  async function signedIn(kind: "user" | "admin") {
    const c = new Client();
    if (kind === "admin") {
      const admin = await createAdmin();
      await c.fetch("/admin-login", { form: { email: admin.email, password: admin.password } });
      await c.fetch("/admin-login/verify", { form: { code: nextSecondFactor(admin) } });
    } else {
      const u = await createApplicant();
      await c.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
    }
    const value = c.cookies.get(NAME)!;
    return { c, hash: hashSessionId(sessionIdOf(value)), page: kind === "admin" ? "/admin" : "/dashboard" };
  }
  const age = (hash: string, column: "lastSeenAt" | "createdAt", ms: number) =>
    getDb()
      .update(schema.sessions)
      .set({ [column]: new Date(Date.now() - ms) })
      .where(eq(schema.sessions.idHash, hash));
  const MIN = 60_000;

  it.each([
    ["admin", "idle", SESSION_LIMITS.admin.idle, "lastSeenAt"],
    ["admin", "absolute", SESSION_LIMITS.admin.absolute, "createdAt"],
    ["user", "idle", SESSION_LIMITS.user.idle, "lastSeenAt"],
    ["user", "absolute", SESSION_LIMITS.user.absolute, "createdAt"],
  ] as const)("ends an %s session past its %s limit (and not a minute before)", async (kind, _which, limit, column) => {
    const s = await signedIn(kind);
    expect(limit).toBeLessThanOrEqual(kind === "admin" ? 12 * 60 * MIN : 7 * 24 * 60 * MIN);
    await age(s.hash, column, limit - MIN);
    expect((await s.c.fetch(s.page)).status).toBe(200);
    await age(s.hash, column, limit + MIN);
    const res = await s.c.fetch(s.page);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(kind === "admin" ? /^\/admin-login/ : /^\/login/);
    expect(await getDb().select().from(schema.sessions).where(eq(schema.sessions.idHash, s.hash))).toHaveLength(0);
  });

  it("keeps the session limits: 30 minutes idle for admins, 24 hours for applicants", () => {
    expect(SESSION_LIMITS.admin.idle).toBe(30 * MIN);
    expect(SESSION_LIMITS.user.idle).toBe(24 * 60 * MIN);
  });
});
