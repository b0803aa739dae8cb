/**
 * The audit trail: sign-ins and failures, MFA, admin views of an application and its documents,
 * downloads, status changes and refused access are recorded with who, what, which object (by
 * database id, target_type 'application' or 'document'), when, from where and the outcome; an
 * admin sees them per application in the details; the app can only append to it.
 */
import fs from "node:fs";
import path from "node:path";
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as auditModel from "~/platform/audit-log.server";
import { getDb, schema } from "~/platform/db/db.server";
import { signedInApplicant } from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { createDocument } from "../support/documents";
import { adminClient, createAdmin, createApplicant, nextSecondFactor, TEST_PASSWORD } from "../support/fixtures";
import { samplePdf } from "../fixtures/documents";
import { Client } from "../support/http";

const ROOT = path.resolve(__dirname, "../..");
const a = schema.auditLog;

describe("audit trail", () => {
  it("records sign-ins, failures and the second factor with the client address", async () => {
    const u = await createApplicant();
    const c = new Client();
    await c.fetch("/login", { form: { email: u.email, password: "Wrong-Password-9" } });
    await c.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
    const admin = await createAdmin();
    const ac = new Client();
    await ac.fetch("/admin-login", { form: { email: admin.email, password: admin.password } });
    await ac.fetch("/admin-login/verify", { form: { code: "000000" } });
    await ac.fetch("/admin-login/verify", { form: { code: nextSecondFactor(admin) } });

    const mine = await getDb()
      .select()
      .from(a)
      .where(inArray(a.actorUserId, [u.id, admin.id]))
      .orderBy(a.id);
    const seen = mine.map((r) => `${r.action}:${r.outcome}`);
    expect(seen).toEqual(expect.arrayContaining(["auth.login:success", "mfa.verify:failure", "mfa.verify:success"]));
    expect(mine.find((r) => r.action === "auth.login")?.ip).toBe(c.ip);
    const failures = await getDb()
      .select()
      .from(a)
      .where(and(eq(a.action, "auth.login"), eq(a.outcome, "failure"), eq(a.ip, c.ip)));
    expect(failures).toHaveLength(1);
  });

  it("shows an admin the application's trail: views, previews, downloads, status changes and refusals", async () => {
    const owner = await createApplicant();
    const app = await createSubmittedApplication({ userId: owner.id });
    const doc = await createDocument({ applicationId: app.id, userId: owner.id, data: samplePdf("audit"), name: "audited-statement.pdf" });
    const admin = await createAdmin();
    const ac = await adminClient(admin);
    const { client: intruder } = await signedInApplicant();

    expect((await ac.fetch(`/admin/applications/${app.id}`)).status).toBe(200);
    expect((await ac.fetch(`/documents/${doc.id}/preview`)).status).toBe(200);
    expect((await ac.fetch(`/api/documents/download/${doc.id}`)).status).toBe(200);
    expect((await intruder.fetch(`/documents/${doc.id}/download`)).status).toBe(404);
    const change = await ac.fetch(`/admin/applications/${app.id}`, {
      form: { status: "under-review", note: "", redirectTo: `/admin/applications/${app.id}` },
    });
    expect(change.status).toBe(302);

    const rows = await getDb()
      .select()
      .from(a)
      .where(and(isNotNull(a.targetType), inArray(a.targetId, [String(app.id), String(doc.id)])));
    const about = rows.filter(
      (r) =>
        (r.targetType === "application" && r.targetId === String(app.id)) || (r.targetType === "document" && r.targetId === String(doc.id)),
    );
    expect(about.map((r) => `${r.targetType}:${r.action}:${r.outcome}`).sort()).toEqual(
      [
        "application:admin.application_viewed:success",
        "application:application.status_changed:success",
        "document:document.download:denied",
        "document:document.download:success",
        "document:document.preview:success",
      ].sort(),
    );

    const html = await (await ac.fetch(`/admin/applications/${app.id}`)).text();
    const section = html.slice(html.indexOf('data-testid="audit-trail"'));
    expect(section.length).toBeGreaterThan(30);
    const entries = [...section.matchAll(/<tr data-testid="audit-entry">([\s\S]*?)<\/tr>/g)].map((m) =>
      m[1]!
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    );
    // Newest first: the view just made, then the status change, the refusal, the download and preview, the first view.
    expect(entries.length).toBe(6);
    expect(entries[0]).toContain("Viewed the application");
    expect(entries.find((e) => e.includes("Changed the status"))).toMatch(/Submitted → Under Review/);
    expect(entries.find((e) => e.includes("Refused"))).toContain("Downloaded a document: audited-statement.pdf");
    expect(entries.filter((e) => e.includes("Ada Admin (admin)")).length).toBe(5);
  });

  it("lists an application's entries by database id only, for its own documents", async () => {
    const owner = await createApplicant();
    const app = await createSubmittedApplication({ userId: owner.id });
    const doc = await createDocument({ applicationId: app.id, userId: owner.id, data: samplePdf("audit-2"), name: "x.pdf" });
    await auditModel.recordAudit({ action: "admin.application_viewed", targetType: "application", targetId: app.id });
    await auditModel.recordAudit({ action: "document.preview", targetType: "document", targetId: doc.id });
    // Same numbers under other types, or another application's, are not this application's.
    await auditModel.recordAudit({ action: "document.preview", targetType: "document", targetId: app.id + 1_000_000 });
    await auditModel.recordAudit({ action: "auth.login", targetType: "user", targetId: app.id });
    const list = await auditModel.listAuditForApplication(app.id, [doc.id]);
    expect(list.map((e) => `${e.targetType}:${e.targetId}`).sort()).toEqual([`application:${app.id}`, `document:${doc.id}`].sort());
    // Across the whole run, application and document targets are ids, never references.
    const targets = await getDb()
      .select({ t: a.targetType, id: a.targetId })
      .from(a)
      .where(inArray(a.targetType, ["application", "document"]))
      .orderBy(desc(a.id))
      .limit(2000);
    for (const r of targets) expect(r.id, `${r.t}`).toMatch(/^(\d+|invalid)$/);
  });

  it("keeps values on one line (CR/LF stripped) and cut to their columns", async () => {
    await auditModel.recordAudit({ action: "test.crlf", details: "line one\r\nForged: entry\nthird", targetId: "x".repeat(100) });
    const [row] = await getDb().select().from(a).where(eq(a.action, "test.crlf")).orderBy(desc(a.id)).limit(1);
    expect(row!.details).toBe("line one Forged: entry third");
    expect(row!.targetId!.length).toBe(40);
  });

  it("is append-only for the app: the audit model has no update or delete, and no code changes audit rows", () => {
    expect(
      Object.keys(auditModel)
        .filter((k) => typeof (auditModel as Record<string, unknown>)[k] === "function")
        .sort(),
    ).toEqual(["listAuditForApplication", "recordAudit"]);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx|js)$/.test(entry.name) && !/\.test\./.test(entry.name)) {
          const text = fs.readFileSync(full, "utf8");
          if (/\.(update|delete)\(\s*(schema\.)?auditLog\b|\b(UPDATE|DELETE\s+FROM|TRUNCATE(\s+TABLE)?)\s+`?audit_log\b/i.test(text))
            offenders.push(path.relative(ROOT, full));
        }
      }
    };
    for (const d of ["app", "scripts", "db"]) walk(path.join(ROOT, d));
    expect(offenders).toEqual([]);
  });
});
