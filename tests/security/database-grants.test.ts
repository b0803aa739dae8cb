/**
 * The audit log is append-only in the database too, with the GRANTs SECURITY.md gives the app's
 * user: an app server runs on the run's database as that user (start-up migration check, sign-ins,
 * uploads, audit entries), and the same user's UPDATE and DELETE on audit_log are refused by MySQL.
 */
import { randomBytes } from "node:crypto";
import mysql from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { registerPayload } from "../support/api";
import { samplePdf } from "../fixtures/documents";
import { Client } from "../support/http";
import { createSubmittedApplication } from "../support/applications";
import { createAdmin, createApplicant, signInAdmin } from "../support/fixtures";

async function adminClient(admin: Awaited<ReturnType<typeof createAdmin>>, origin: string) {
  const c = new Client(origin);
  await signInAdmin(c, admin);
  return c;
}
import { startAppServer, type AppServer } from "../support/server";

const TABLES = [
  "users",
  "sessions",
  "loan_applications",
  "application_drafts",
  "documents",
  "application_events",
  "outbox",
  "rate_limits",
  "account_tokens",
];
// The marketplace's tables.
TABLES.push("lenders", "lender_products", "lender_decisions", "offers", "offer_acceptances");
// The partner API's tables.
TABLES.push("partners", "partner_api_keys", "idempotency_keys");
// Partner webhooks: endpoints and the delivery outbox.
TABLES.push("webhook_endpoints", "webhook_deliveries");
// The lender workspace.
TABLES.push("lender_declines");
/** Back office: read-write tables, and the append-only internal notes. */
const BACK_OFFICE_TABLES = ["document_requests", "document_request_items", "document_reviews", "application_assignments"];
const user = `lm_app_${randomBytes(4).toString("hex")}`;
const password = randomBytes(12).toString("base64url");
const runUrl = new URL(inject("databaseUrl"));
const db = runUrl.pathname.slice(1);
const hosts = ["localhost", "127.0.0.1"];
let root: mysql.Connection;
let server: AppServer;

/** The statements of SECURITY.md ("Database privileges"), for one host. */
const grants = (host: string) => [
  `CREATE USER '${user}'@'${host}' IDENTIFIED BY '${password}'`,
  `GRANT CREATE ON \`${db}\`.* TO '${user}'@'${host}'`,
  ...TABLES.map((t) => `GRANT SELECT, INSERT, UPDATE, DELETE ON \`${db}\`.\`${t}\` TO '${user}'@'${host}'`),
  `GRANT SELECT, INSERT ON \`${db}\`.\`audit_log\` TO '${user}'@'${host}'`,
  ...BACK_OFFICE_TABLES.map((t) => `GRANT SELECT, INSERT, UPDATE, DELETE ON \`${db}\`.\`${t}\` TO '${user}'@'${host}'`),
  `GRANT SELECT, INSERT ON \`${db}\`.\`application_notes\` TO '${user}'@'${host}'`,
  `GRANT SELECT ON \`${db}\`.\`__drizzle_migrations\` TO '${user}'@'${host}'`,
];

function appUrl() {
  const u = new URL(runUrl.toString());
  u.username = user;
  u.password = password;
  return u.toString();
}

beforeAll(async () => {
  const serverUrl = new URL(runUrl.toString());
  serverUrl.pathname = "/";
  root = await mysql.createConnection(serverUrl.toString());
  for (const h of hosts) for (const sql of grants(h)) await root.query(sql);
  server = await startAppServer({ name: "restricted-db-user", env: { DATABASE_URL: appUrl(), ACCESS_LOG: "0" } });
});

afterAll(async () => {
  await server?.stop();
  for (const h of hosts) await root?.query(`DROP USER IF EXISTS '${user}'@'${h}'`);
  await root?.end();
});

describe("database privileges of the app's user", () => {
  it("runs the app (sign-up, sign-in, failures, uploads) and writes audit entries", async () => {
    const c = new Client(server.origin);
    const payload = registerPayload();
    expect((await c.fetch("/api/auth/register", { json: payload })).status).toBe(201);
    const draft = (await (await c.fetch("/api/loan-applications", { json: { amount: "25000" } })).json()) as { id: number };
    const fd = new FormData();
    fd.set("applicationId", String(draft.id));
    fd.set("documentType", "ein");
    fd.set("file", new Blob([new Uint8Array(samplePdf("grants"))]), "grants.pdf");
    expect((await c.fetch("/api/documents/upload", { method: "POST", body: fd })).status).toBe(201);
    const login = new Client(server.origin);
    expect((await login.fetch("/login", { form: { email: payload.email, password: "Wrong-Password-7" } })).status).toBe(401);
    expect((await login.fetch("/login", { form: { email: payload.email, password: payload.password } })).status).toBe(302);
    const [rows] = (await root.query(`SELECT action, outcome FROM \`${db}\`.audit_log WHERE ip = ? ORDER BY id`, [
      login.ip,
    ])) as unknown as [Array<{ action: string; outcome: string }>];
    expect(rows.map((r) => `${r.action}:${r.outcome}`)).toEqual(["auth.login:failure", "auth.login:success"]);
    expect(server.log()).not.toContain("could not write an audit entry");
  });

  it("refuses UPDATE and DELETE on audit_log to that user, and allows INSERT", async () => {
    const app = await mysql.createConnection(appUrl());
    try {
      await expect(app.query("UPDATE audit_log SET details = 'rewritten'")).rejects.toMatchObject({ code: "ER_TABLEACCESS_DENIED_ERROR" });
      await expect(app.query("DELETE FROM audit_log")).rejects.toMatchObject({ code: "ER_TABLEACCESS_DENIED_ERROR" });
      await expect(app.query("TRUNCATE TABLE audit_log")).rejects.toMatchObject({ code: "ER_TABLEACCESS_DENIED_ERROR" });
      const [res] = (await app.query("INSERT INTO audit_log (action, outcome) VALUES ('test.grants', 'success')")) as unknown as [
        { affectedRows: number },
      ];
      expect(res.affectedRows).toBe(1);
    } finally {
      await app.end();
    }
  });

  it("refuses UPDATE and DELETE on application_notes (internal notes are append-only), and allows INSERT", async () => {
    const app = await mysql.createConnection(appUrl());
    try {
      await expect(app.query("UPDATE application_notes SET body = 'rewritten'")).rejects.toMatchObject({
        code: "ER_TABLEACCESS_DENIED_ERROR",
      });
      await expect(app.query("DELETE FROM application_notes")).rejects.toMatchObject({ code: "ER_TABLEACCESS_DENIED_ERROR" });
      await expect(app.query("TRUNCATE TABLE application_notes")).rejects.toMatchObject({ code: "ER_TABLEACCESS_DENIED_ERROR" });
      const [[row]] = (await app.query("SELECT COUNT(*) AS n FROM application_notes")) as unknown as [Array<{ n: number }>];
      expect(Number(row!.n)).toBeGreaterThanOrEqual(0);
    } finally {
      await app.end();
    }
  });

  it("lets that user run the back office: a document request, a note and an assignment over HTTP", async () => {
    const admin = await createAdmin();
    const ac = await adminClient(admin, server.origin);
    const applicant = await createApplicant();
    const application = await createSubmittedApplication({ userId: applicant.id });
    const path = `/admin/applications/${application.id}`;
    const body = new URLSearchParams({ intent: "request-documents", documentTypes: "ein", message: "EIN letter please", redirectTo: path });
    expect((await ac.fetch(path, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(
      302,
    );
    expect((await ac.fetch(path, { form: { intent: "add-note", body: "grants note", redirectTo: path } })).status).toBe(302);
    expect((await ac.fetch(path, { form: { intent: "assign", assigneeId: String(admin.id), redirectTo: path } })).status).toBe(302);
    const page = await (await ac.fetch(path)).text();
    expect(page).toContain("grants note");
    expect(page).toContain("EIN letter please");
  });
});
