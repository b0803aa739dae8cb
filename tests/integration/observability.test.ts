/**
 * Observable in production: one request followed by its id from the JSON access log to the e-mail
 * it queued (the outbox row and the worker's "sent" line), and Prometheus metrics that are never
 * public (a token on the app's port, a listener of their own on loopback) and show request latency
 * by route (never by path), the pool, the outbox and throttle refusals.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { Client, uniqueEmail } from "../support/http";

type LogEntry = Record<string, unknown> & { reqId?: string; msg?: string };
/** The log's complete lines (the server may be writing the last one as it is read). */
const entries = (text: string): LogEntry[] =>
  text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as LogEntry);

/** Waits (polling the log as it grows) until `pick` finds a line; what a person tailing it would see. */
async function lineIn(read: () => string, pick: (e: LogEntry) => boolean) {
  for (let i = 0; i < 200; i++) {
    const hit = entries(read()).find(pick);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 50));
  }
  return undefined;
}

const serverLog = () => fs.readFileSync(inject("serverLog"), "utf8");

describe("a request's id", () => {
  it("follows a sign-up from the access log to the outbox row and the worker's sent line", async () => {
    const email = uniqueEmail("traced");
    const id = `edge-${randomBytes(8).toString("hex")}`;
    const res = await new Client().fetch("/signup", {
      headers: { "x-request-id": id },
      form: {
        firstName: "Trace",
        lastName: "Able",
        email,
        password: "Traced-Pass-42",
        phone: "555-010-4242",
        dateOfBirth: "1980-02-03",
        usCitizen: "on",
        agreeToTerms: "on",
        agreeToElectronicRecords: "on",
      },
    });
    expect(res.status).toBe(302);
    // Behind the trusted proxy (the test server has TRUST_PROXY), the proxy's id is kept and echoed.
    expect(res.headers.get("x-request-id")).toBe(id);

    const access = await lineIn(serverLog, (e) => e.reqId === id && (e.req as { path?: string } | undefined)?.path === "/signup");
    expect(access).toMatchObject({
      level: "info",
      req: { method: "POST", path: "/signup" },
      res: { statusCode: 302 },
      route: "routes/signup",
    });

    const rows = await getDb().select().from(schema.outbox).where(eq(schema.outbox.requestId, id));
    expect(rows.map((r) => [r.kind, r.toEmail])).toEqual([["email_verification", email]]);

    const sent = await lineIn(serverLog, (e) => e.reqId === id && e.outboxId === rows[0]!.id);
    expect(sent).toMatchObject({ level: "info", kind: "email_verification", msg: expect.stringMatching(/sent/) });
    // The e-mail's address is nowhere in the log.
    expect(serverLog()).not.toContain(email);
  });

  it("is generated when absent or not plain, and is on every answer", async () => {
    const fresh = await new Client().fetch("/faq");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const forged = await new Client().fetch("/faq", { headers: { "x-request-id": "someone@example.com" } });
    expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const again = await new Client().fetch("/faq");
    expect(again.headers.get("x-request-id")).not.toBe(fresh.headers.get("x-request-id"));
  });
});

describe("metrics", () => {
  // The run's server has a metrics listener on 127.0.0.1 and a token (tests/support/global-setup.ts).
  const token = inject("metricsToken");
  const onPort = `http://127.0.0.1:${inject("metricsPort")}/metrics`;
  const scrape = (url: string, auth?: string) => fetch(url, { headers: auth ? { authorization: auth } : {} });

  it("are never public: no token, no metrics, on the app's port or the metrics port", async () => {
    for (const url of [`${inject("baseUrl")}/metrics`, onPort]) {
      const none = await scrape(url);
      expect(none.status, url).toBe(401);
      expect(await none.text()).not.toContain("http_request_duration_seconds");
      expect((await scrape(url, "Bearer wrong-token-0123456789")).status, url).toBe(401);
      expect((await scrape(url, `Basic ${token}`)).status, url).toBe(401);
    }
  });

  it("show latency by route id, the pool, the outbox and throttle refusals", async () => {
    const visitor = new Client();
    expect((await visitor.fetch("/apply/loan")).status).toBe(200);
    const reference = "APP-ZZZZ7777QQQQ";
    expect((await visitor.fetch(`/api/loan-applications/status/${reference}`)).status).toBe(404);
    // Provoke the sign-in throttle (10 a minute per client address).
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await visitor.fetch("/api/auth/login", { json: { email: uniqueEmail("nobody"), password: "Wrong-Password-9" } });
      statuses.push(r.status);
    }
    expect(statuses.at(-1)).toBe(429);

    const res = await scrape(onPort, `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="routes\/apply\.loan",status="200"\} [1-9]/);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="routes\/api\.loan-applications\.status\.\$reference",status="404"\} [1-9]/,
    );
    expect(text).toMatch(/db_pool_connections\{state="in_use"\} \d+/);
    expect(text).toMatch(/db_pool_connections\{state="free"\} \d+/);
    expect(text).toMatch(/db_pool_queued_requests \d+/);
    expect(text).toMatch(/db_pool_wait_seconds_count\{outcome="ok"\} [1-9]/);
    expect(text).toMatch(/outbox_oldest_unsent_age_seconds \d/);
    expect(text).toMatch(/outbox_unsent \d+/);
    expect(text).toMatch(/throttle_refusals_total\{rule="login"\} [1-9]/);
    expect(text).toContain("# TYPE db_transaction_retries_total counter");
    // Labels hold route ids, never a path or a reference (whatever else the run's tests asked for).
    expect(text).not.toContain("ZZZZ7777");
    expect(text).not.toContain("/api/loan-applications");
    expect(text).not.toMatch(/APP-[A-Z0-9]{12}/i);

    // The same through the app's port with the token.
    expect((await scrape(`${inject("baseUrl")}/metrics`, `Bearer ${token}`)).status).toBe(200);
  });
});
