/**
 * No PII in logs: flows run with sentinel values (names, e-mail, date of birth, street, city,
 * income, password, document contents and file name, the application reference, the session
 * cookie) through the production server; its whole output, and the audit log, must hold none of
 * them. The error logger is also fed a real database error carrying the sentinels in its query
 * parameters (what drizzle puts in its message) and must drop them.
 */
import fs from "node:fs";
import { eq, like } from "drizzle-orm";
import { describe, expect, inject, it, vi } from "vitest";
import { getUserByEmail } from "~/features/accounts/users.server";
import { getDb, schema } from "~/platform/db/db.server";
import { logError, logSink } from "~/platform/observability/log.server";
import { adminClient, createAdmin } from "../support/fixtures";
import { samplePdf } from "../fixtures/documents";
import { Client } from "../support/http";

const tag = Math.random().toString(36).slice(2, 8);
const S = {
  firstName: `Sentfirst${tag}`,
  lastName: `Sentlast${tag}`,
  email: `sentinel.${tag}@example.com`,
  password: `Sentinel-Pass-${tag}`,
  wrongPassword: `Sentinel-Wrong-${tag}`,
  dateOfBirth: "1931-07-29",
  street: `${tag} Sentinel Street`,
  city: `Sentcity${tag}`,
  income: String(7_000_000 + Math.floor(Math.random() * 999_999)),
  marker: `SENTINEL-DOC-${tag}`,
  fileName: `sentinel-file-${tag}.pdf`,
};
const found: Record<string, string> = {};

describe("sentinel PII through the product", () => {
  it("applies through the wizard, signs in and out, uploads, looks up the status, and an admin reviews it", async () => {
    const c = new Client();
    const step = async (p: string, form: Record<string, string>) => {
      const res = await c.fetch(p, { form: { ...form, intent: "continue" } });
      expect(res.status, p).toBe(302);
    };
    await step("/apply/loan", { amount: "30000", purpose: "working-capital" });
    await step("/apply/owner", {
      firstName: S.firstName,
      lastName: S.lastName,
      email: S.email,
      phone: "(555) 010-7788",
      dateOfBirth: S.dateOfBirth,
      usCitizen: "on",
      agreeToElectronicRecords: "on",
      password: S.password,
    });
    await step("/apply/address", { streetAddress: S.street, city: S.city, state: "IL", zipCode: "62704" });
    await step("/apply/finances", { annualIncome: S.income, livingSituation: "own" });
    const submitted = await c.fetch("/apply/review", { form: { agreeTerms: "on", authorizeCredit: "on" } });
    expect(submitted.status).toBe(302);
    const user = (await getUserByEmail(S.email))!;
    const [app] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.userId, user.id));
    found.reference = app!.reference;

    // Failed and successful sign-ins, pages and API.
    const visitor = new Client();
    expect((await visitor.fetch("/login", { form: { email: S.email, password: S.wrongPassword } })).status).toBe(401);
    expect((await visitor.fetch("/api/auth/login", { json: { email: S.email, password: S.wrongPassword } })).status).toBe(401);
    expect((await visitor.fetch("/login", { form: { email: S.email, password: S.password } })).status).toBe(302);
    found.cookie = visitor.cookies.get("lw_session")!;
    found.sessionId = JSON.parse(Buffer.from(decodeURIComponent(found.cookie).split(".")[0]!, "base64").toString("utf8")) as string;

    // A document with sentinel contents and name; downloaded back.
    const fd = new FormData();
    fd.set("applicationId", String(app!.id));
    fd.set("documentType", "bank-statements");
    fd.set("file", new Blob([new Uint8Array(samplePdf(S.marker))]), S.fileName);
    const up = await visitor.fetch("/api/documents/upload", { method: "POST", body: fd });
    expect(up.status).toBe(201);
    const doc = (await up.json()) as { id: number };
    expect((await visitor.fetch(`/documents/${doc.id}/download`)).status).toBe(200);

    // Refused input carrying the sentinels (validation errors are logged nowhere either).
    const bad = await new Client().fetch("/api/auth/register", {
      json: { firstName: S.firstName, lastName: S.lastName, email: S.email, password: S.password, phone: "x", dateOfBirth: S.dateOfBirth },
    });
    expect(bad.status).toBe(400);
    const dup = await new Client().fetch("/signup", {
      form: {
        firstName: S.firstName,
        lastName: S.lastName,
        email: S.email,
        password: S.password,
        phone: "555-010-2222",
        dateOfBirth: S.dateOfBirth,
        usCitizen: "on",
        agreeToTerms: "on",
        agreeToElectronicRecords: "on",
      },
    });
    expect(dup.status).toBe(409);

    // Status lookups by reference (page and API).
    expect((await new Client().fetch(`/application-status?id=${found.reference}`)).status).toBe(200);
    expect((await new Client().fetch(`/api/loan-applications/status/${found.reference}`)).status).toBe(200);

    // An admin opens the application and its document, and changes the status.
    const admin = await adminClient(await createAdmin());
    expect((await admin.fetch(`/admin/applications/${app!.id}`)).status).toBe(200);
    expect((await admin.fetch(`/api/documents/preview/${doc.id}`)).status).toBe(200);
    const change = await admin.fetch(`/admin/applications/${app!.id}`, {
      form: { status: "under-review", note: "", redirectTo: `/admin/applications/${app!.id}` },
    });
    expect(change.status).toBe(302);

    expect((await visitor.fetch("/logout", { method: "POST" })).status).toBe(302);
  });

  it("the error logger drops the values a failed database query carries", async () => {
    let raw = "";
    try {
      await getDb()
        .insert(schema.users)
        .values({
          email: `${"x".repeat(300)}${S.email}`,
          passwordHash: S.password,
          firstName: S.firstName,
          lastName: S.lastName,
          dateOfBirth: S.dateOfBirth,
        });
    } catch (e) {
      raw = `${(e as Error).message} ${String((e as { cause?: unknown }).cause ?? "")}`;
      const lines: string[] = [];
      const spy = vi.spyOn(logSink, "write").mockImplementation((line: string) => void lines.push(line));
      try {
        logError("test.db", e);
      } finally {
        spy.mockRestore();
      }
      expect(lines).toHaveLength(1);
      for (const [k, v] of Object.entries(S)) expect(lines[0], k).not.toContain(v);
      const entry = JSON.parse(lines[0]!) as { level: string; context: string; error: string };
      expect(entry).toMatchObject({ level: "error", context: "test.db" });
      expect(entry.error).toMatch(/database query failed/);
    }
    // The raw error did carry them: the logger is what keeps them out.
    expect(raw).toContain(S.firstName);
  });

  it("leaves none of the sentinels in the server's output or the audit log", async () => {
    // Give the server a moment to write the last access-log lines.
    await new Promise((r) => setTimeout(r, 200));
    const log = fs.readFileSync(inject("serverLog"), "utf8");
    expect(log.length).toBeGreaterThan(0);
    // The flows above are in this log, as JSON access log lines with the request's id.
    // Complete lines only: the server may be writing the last one as it is read.
    const access = log
      .slice(0, log.lastIndexOf("\n") + 1)
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { req?: { method: string; path: string }; res?: { statusCode: number }; reqId?: string })
      .filter((e) => e.req && e.res);
    const review = access.find((e) => e.req!.method === "POST" && e.req!.path === "/apply/review" && e.res!.statusCode === 302);
    expect(review?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    // Nor anything shaped like an e-mail address or an application reference, whoever's it is.
    for (const line of log.split("\n")) {
      expect(line).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/);
      expect(line).not.toMatch(/APP[-_]?[A-Z0-9]{12}/i);
    }
    const sentinels = { ...S, ...found };
    const leaks = Object.entries(sentinels).filter(([, v]) => v && log.includes(v));
    expect(leaks.map(([k]) => k)).toEqual([]);
    const [u] = await getDb()
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(like(schema.users.email, `sentinel.${tag}@%`));
    const audit = await getDb().select().from(schema.auditLog).where(eq(schema.auditLog.actorUserId, u!.id));
    expect(audit.length).toBeGreaterThan(0);
    const text = JSON.stringify(audit);
    for (const [k, v] of Object.entries(sentinels)) if (k !== "reference") expect(text, k).not.toContain(v);
  });
});
