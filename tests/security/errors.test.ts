/**
 * Production errors reveal nothing: malformed multipart and JSON bodies, oversized headers and
 * bodies, unknown routes and data requests, broken cookies, odd methods and a document that fails
 * its integrity check all answer without a stack trace, SQL, library names or file paths.
 * (The database being down: db-outage.test.ts, same rule.)
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { signedInApplicant } from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { createDocument } from "../support/documents";
import { samplePdf } from "../fixtures/documents";
import { Client } from "../support/http";

const LEAK = /at .+:\d+:\d+\)|node_modules|SELECT |drizzle|mysql|\/work\/|\.tsx?:\d+|ER_[A-Z_]{3,}|Failed query/i;

async function expectQuiet(res: Response, what: string) {
  const body = await res.text();
  expect(res.status, what).toBeLessThan(600);
  expect(body, `${what} (${res.status})`).not.toMatch(LEAK);
  return body;
}

/** A raw request (for headers fetch refuses to send). */
function raw(opts: http.RequestOptions & { body?: string }): Promise<{ status: number; body: string }> {
  const base = new URL(inject("baseUrl"));
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, ...opts }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // The server may cut the connection while a huge header is still being written: nothing leaks.
    req.on("error", (e: NodeJS.ErrnoException) =>
      e.code === "ECONNRESET" || e.code === "EPIPE" ? resolve({ status: 0, body: "" }) : reject(e),
    );
    req.end(opts.body);
  });
}

describe("error answers in production", () => {
  it("malformed multipart bodies on the upload API and the dashboard form", async () => {
    const { client } = await signedInApplicant();
    const broken = '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut off';
    for (const p of ["/api/documents/upload", "/dashboard"]) {
      for (const contentType of ["multipart/form-data; boundary=xyz", "multipart/form-data", "multipart/form-data; boundary="]) {
        const res = await client.fetch(p, { method: "POST", body: broken, headers: { "content-type": contentType } });
        expect(res.status, `${p} ${contentType}`).toBeGreaterThanOrEqual(400);
        await expectQuiet(res, `${p} ${contentType}`);
      }
    }
  });

  it("bad JSON, wrong types and oversized bodies on the API", async () => {
    const c = new Client();
    const cases: Array<[string, RequestInit]> = [
      ["truncated JSON", { method: "POST", body: '{"email": "a@', headers: { "content-type": "application/json" } }],
      ["JSON array", { method: "POST", body: "[1,2,3]", headers: { "content-type": "application/json" } }],
      [
        "nested __proto__",
        { method: "POST", body: '{"__proto__":{"admin":true},"email":{"$gt":""}}', headers: { "content-type": "application/json" } },
      ],
      [
        "oversized body",
        { method: "POST", body: JSON.stringify({ email: "x".repeat(100_000) }), headers: { "content-type": "application/json" } },
      ],
      ["XML", { method: "POST", body: "<a/>", headers: { "content-type": "application/xml" } }],
    ];
    for (const [what, init] of cases) {
      const res = await c.fetch("/api/auth/login", init);
      expect(res.status, what).toBeGreaterThanOrEqual(400);
      expect(res.status, what).toBeLessThan(500);
      await expectQuiet(res, what);
    }
  });

  it("unknown pages, data requests and API paths, odd methods and broken cookies", async () => {
    const c = new Client();
    const requests: Array<[string, string, RequestInit?]> = [
      ["unknown page", "/no/such/page"],
      ["unknown data", "/no/such/page.data"],
      ["unknown route in _routes", "/_root.data?_routes=routes/does-not-exist"],
      ["legacy _data of a missing route", "/?_data=routes/nothing"],
      ["unknown API", "/api/nothing/here"],
      ["bad percent-encoding", "/%E0%A4%A"],
      ["PUT a page", "/login", { method: "PUT", body: "x" }],
      ["a form post that is not a form", "/login", { method: "POST", body: "x", headers: { "content-type": "text/plain" } }],
      ["JSON to a form", "/signup", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }],
      ["no body to a form", "/apply/loan", { method: "POST" }],
      ["PATCH a page's data", "/admin-login.data", { method: "PATCH", body: "x" }],
      ["DELETE an API", "/api/auth/login", { method: "DELETE" }],
      ["broken session cookie", "/dashboard", { headers: { cookie: "lw_session=%%%; lw_toast=eyJ9.garbage" } }],
      [
        "forged session cookie",
        "/admin",
        { headers: { cookie: `lw_session=${Buffer.from(JSON.stringify("x".repeat(43))).toString("base64")}.forged` } },
      ],
    ];
    const serverErrors: string[] = [];
    for (const [what, p, init] of requests) {
      const res = await c.fetch(p, init);
      if (res.status >= 500) serverErrors.push(`${what}: ${res.status}`);
      await expectQuiet(res, what);
    }
    // The client's mistakes are 4xx, not server errors.
    expect(serverErrors).toEqual([]);
  });

  it("a 64 KB header and a TRACE request", async () => {
    const big = await raw({ path: "/", method: "GET", headers: { "x-padding": "a".repeat(64 * 1024) } });
    expect([431, 0]).toContain(big.status);
    expect(big.body).not.toMatch(LEAK);
    const trace = await raw({ path: "/", method: "TRACE", headers: { cookie: "lw_session=secret-value" } });
    expect(trace.status).toBeGreaterThanOrEqual(400);
    expect(trace.body).not.toContain("secret-value");
    expect(trace.body).not.toMatch(LEAK);
  });

  it("a document that fails its integrity check: a generic 500 page", async () => {
    const { client, user } = await signedInApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const doc = await createDocument({ applicationId: app.id, userId: user.id, data: samplePdf("error-page"), name: "e.pdf" });
    const [row] = await getDb().select().from(schema.documents).where(eq(schema.documents.id, doc.id));
    const file = path.join(inject("dataDir"), "documents", row!.storageKey);
    fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 40));
    for (const p of [`/documents/${doc.id}/preview`, `/api/documents/download/${doc.id}`]) {
      const res = await client.fetch(p);
      expect(res.status, p).toBe(500);
      const body = await expectQuiet(res, p);
      expect(body).not.toMatch(/integrity|decipher|aes|tag/i);
    }
  });
});
