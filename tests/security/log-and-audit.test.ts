/**
 * The access log masks references in any spelling or encoding; admin list
 * views (pages and API) are audited; a failed sign-in records the account tried (its id, or a keyed
 * hash for an unknown e-mail; never the address) and the client address.
 */
import fs from "node:fs";
import { and, eq, gt } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { maskPathForLog } from "~/platform/observability/log.server";
import { createSubmittedApplication } from "../support/applications";
import { adminClient, createAdmin, createApplicant } from "../support/fixtures";
import { Client, uniqueEmail } from "../support/http";

const a = schema.auditLog;
const serverLog = () => fs.readFileSync(inject("serverLog"), "utf8");

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  return check();
}

describe("access log", () => {
  it("masks references written with a dash, without one, encoded or in lowercase", async () => {
    const u = await createApplicant();
    const app = (await createSubmittedApplication({ userId: u.id }))!;
    const body = app.reference.slice(4);
    const spellings = [
      `APP-${body}`,
      `APP${body}`,
      `APP%2D${body}`,
      `APP%252D${body}`,
      `app-${body.toLowerCase()}`,
      `app${body.toLowerCase()}`,
    ];
    for (const s of spellings) await new Client().fetch(`/api/loan-applications/status/${s}`);
    await until(
      () =>
        serverLog()
          .split("\n")
          .filter((l) => l.includes("/api/loan-applications/status/")).length >= spellings.length,
    );
    const text = serverLog();
    expect(text.toUpperCase()).not.toContain(body.toUpperCase());
    expect(text).toContain("/api/loan-applications/status/APP-***");
  });

  it("leaves ordinary paths readable", () => {
    expect(maskPathForLog("/apply/owner")).toBe("/apply/owner");
    expect(maskPathForLog("/api/loan-applications")).toBe("/api/loan-applications");
    expect(maskPathForLog("/x%0d%0aFAKE")).toBe("/x??FAKE");
  });
});

describe("audit", () => {
  it("records admin list views on the pages and GET /api/admin/applications", async () => {
    const admin = await createAdmin();
    const c = await adminClient(admin);
    const since = new Date(Date.now() - 1000);
    expect((await c.fetch("/admin?status=submitted&q=someone@example.com")).status).toBe(200);
    expect((await c.fetch("/admin/documents")).status).toBe(200);
    expect((await c.fetch("/api/admin/applications?page=1")).status).toBe(200);
    const rows = await getDb()
      .select()
      .from(a)
      .where(and(eq(a.actorUserId, admin.id), gt(a.at, since)));
    const lists = rows.filter((r) => r.action.startsWith("admin.list_"));
    expect(lists.map((r) => `${r.action} ${r.details?.split(" ")[0]}`)).toEqual(
      expect.arrayContaining(["admin.list_applications via=page", "admin.list_documents via=page", "admin.list_applications via=api"]),
    );
    for (const r of lists) {
      expect(r.ip).toBe(c.ip);
      expect(r.details).not.toContain("someone@example.com");
    }
  });

  it("records the account tried and the client address on failed sign-ins", async () => {
    const u = await createApplicant();
    const c = new Client();
    await c.fetch("/login", { form: { email: u.email, password: "Wrong-Password-9" } });
    await c.fetch("/api/auth/login", { json: { email: u.email, password: "Wrong-Password-9" } });
    const unknown = uniqueEmail("nobody");
    await c.fetch("/login", { form: { email: unknown, password: "Wrong-Password-9" } });
    const rows = await getDb()
      .select()
      .from(a)
      .where(and(eq(a.action, "auth.login"), eq(a.outcome, "failure"), eq(a.ip, c.ip)));
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.targetType === "user" && r.targetId === String(u.id))).toHaveLength(2);
    const other = rows.find((r) => r.targetType !== "user")!;
    expect(other.details).toMatch(/unknown account [0-9a-f]{24}/);
    expect(JSON.stringify(rows)).not.toContain(unknown);
  });
});
