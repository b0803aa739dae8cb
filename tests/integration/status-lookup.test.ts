import { like } from "drizzle-orm";
import { drizzle } from "drizzle-orm/mysql2";
import mysql from "mysql2/promise";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as dbSchema from "../../db/schema";
import { getApplicationStatus } from "~/features/applications/applications.server";
import { lookupApplicationStatus } from "~/features/applications/status-lookup.server";
import { THROTTLE_RULES } from "~/platform/security/throttle.server";
import { getDb, schema } from "~/platform/db/db.server";
import { MSG } from "~/content/messages";
import { createSubmittedApplication } from "../support/applications";
import { randomIp } from "../support/browser";
import { createApplicant } from "../support/fixtures";
import { Client } from "../support/http";

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/'/g, "&#x27;");

// A second connection pool aimed at a database that does not exist: every query on it fails,
// as when the database is down, while the throttle (on the app's own pool) still works.
const brokenPool = mysql.createPool({
  uri: inject("databaseUrl").replace(/\/[^/]+$/, "/lm_status_missing_database"),
  connectionLimit: 1,
  connectTimeout: 2000,
});
const brokenDb = drizzle(brokenPool, { schema: dbSchema, mode: "default" });
afterAll(() => brokenPool.end());

describe("status lookup service", () => {
  it("finds a submitted application by its reference in lower case, with the five fields and its stage and timeline", async () => {
    const user = await createApplicant();
    const app = await createSubmittedApplication({ userId: user.id, amount: 25000, purpose: "working-capital", status: "submitted" });
    const outcome = await lookupApplicationStatus(app.reference.toLowerCase(), randomIp());
    expect(outcome.kind).toBe("found");
    if (outcome.kind !== "found") return;
    expect(outcome.status).toBe(200);
    expect(outcome.application).toEqual({
      reference: app.reference,
      status: "submitted",
      stage: "submitted",
      amount: 25000,
      purpose: "working-capital",
      submittedAt: app.submittedAt!.toISOString(),
      lifecycle: expect.objectContaining({ stage: "submitted", label: "Submitted", noLenderMatch: null }),
    });
  });

  it("accepts surrounding spaces and Crockford look-alikes (O for 0, I/L for 1)", async () => {
    const user = await createApplicant();
    const app = await createSubmittedApplication({ userId: user.id, status: "approved" });
    const typed = `  ${app.reference.toLowerCase().replace(/0/g, "o").replace(/1/g, "l")}  `;
    const found = await getApplicationStatus(typed);
    expect(found?.reference).toBe(app.reference);
    expect(found?.status).toBe("approved");
  });

  it("does not find a draft, an unknown reference or something that is not a reference", async () => {
    const user = await createApplicant();
    const draft = await createSubmittedApplication({ userId: user.id, status: "draft" });
    const ip = randomIp();
    for (const id of [draft.reference, "APP-ZZZZZZZZZZZZ", "APP-123456", "hello"]) {
      const outcome = await lookupApplicationStatus(id, ip);
      expect(outcome).toEqual({ kind: "not-found", status: 404, message: MSG.statusNotFound });
    }
  });

  it("refuses an empty or blank ID without any lookup or throttle hit", async () => {
    const ip = randomIp();
    for (let i = 0; i < THROTTLE_RULES.statusLookup.limit + 5; i++) {
      // The broken database proves no query runs: a query would answer 'unavailable'.
      for (const blank of ["", "   ", "\t", null, undefined]) {
        expect(await lookupApplicationStatus(blank, ip, brokenDb)).toEqual({
          kind: "required",
          status: 400,
          message: MSG.statusIdRequired,
        });
      }
    }
    const rows = await getDb()
      .select()
      .from(schema.rateLimits)
      .where(like(schema.rateLimits.bucket, `%${ip}%`));
    expect(rows).toHaveLength(0);
  });

  it("answers 'Unable to check status' with 503 when the lookup itself fails", async () => {
    const user = await createApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const outcome = await lookupApplicationStatus(app.reference, randomIp(), brokenDb);
    expect(outcome).toEqual({ kind: "unavailable", status: 503, message: MSG.statusUnavailable });
  });
});

describe("GET /application-status", () => {
  it("renders the status, amount and purpose of a submitted application without JavaScript", async () => {
    const user = await createApplicant();
    const app = await createSubmittedApplication({ userId: user.id, amount: 25000, purpose: "working-capital", status: "submitted" });
    const res = await new Client().fetch(`/application-status?id=${app.reference.toLowerCase()}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(app.reference);
    expect(html).toContain("$25,000");
    expect(html).toContain("Working Capital");
    expect(html).toContain("Submitted");
    expect(html).toContain("within 24-48 hours");
  });

  it("shows the product's messages with fitting statuses: blank 400, unknown 404", async () => {
    const c = new Client();
    const blank = await c.fetch("/application-status?id=+++");
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain(MSG.statusIdRequired);
    const unknown = await c.fetch("/application-status?id=APP-123456");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(escapeHtml(MSG.statusNotFound));
    const page = await c.fetch("/application-status");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain(MSG.statusIdRequired);
    expect(html).not.toContain(escapeHtml(MSG.statusNotFound));
  });

  it("refuses the 31st lookup from one client within a minute with 429 and a clear message", async () => {
    const user = await createApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const c = new Client();
    const limit = THROTTLE_RULES.statusLookup.limit;
    expect(limit).toBe(30);
    for (let i = 0; i < limit; i++) {
      const res = await c.fetch(`/application-status?id=APP-${String(i).padStart(12, "0")}`);
      expect(res.status).toBe(404);
      await res.arrayBuffer();
    }
    // Even a real reference is refused now: enumeration gains nothing by hitting a valid one.
    const refused = await c.fetch(`/application-status?id=${app.reference}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await refused.text();
    expect(html).toContain(THROTTLE_RULES.statusLookup.message);
    expect(html).not.toContain("$25,000");
    // Another client is not affected.
    const other = await new Client().fetch(`/application-status?id=${app.reference}`);
    expect(other.status).toBe(200);
  });

  it("never sends the result page to a shared cache", async () => {
    const user = await createApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const res = await new Client().fetch(`/application-status?id=${app.reference}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
  });
});
