/**
 * MySQL outages against a real server: a MariaDB of this file's own (temporary data directory) is
 * frozen (SIGSTOP), resumed, killed (SIGKILL) and restarted while one app server keeps running.
 * Pages must answer a friendly 503 within the database deadline, the API JSON 503, /healthz 200,
 * /readyz 503; the process stays up; and it serves again once MySQL is back, without a restart.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "~/content/messages";
import { setupBrowser } from "../support/browser";
import { Client } from "../support/http";
import { startMariaDb, type ThrowawayMariaDb } from "../support/mariadb";
import { startAppServer, type AppServer } from "../support/server";
import { LOAN } from "../support/wizard";

const DB_TIMEOUT_MS = 1500;
const browser = setupBrowser();
/** The deadline plus a second for the rest of the request (the promised bound). */
const ANSWER_WITHIN_MS = DB_TIMEOUT_MS + 1000;

let db: ThrowawayMariaDb;
let app: AppServer;
let dataDir: string;
/** A visitor with a saved draft: every page they open reads their session from MySQL. */
let visitor: Client;

async function timed(p: Promise<Response>) {
  const started = Date.now();
  const res = await p;
  const body = await res.text();
  return { res, body, ms: Date.now() - started };
}

async function eventually(check: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  db = await startMariaDb({ name: "outage" });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lm-outage-"));
  app = await startAppServer({
    name: "db-outage",
    env: { DATABASE_URL: `${db.serverUrl}/lm_outage`, DATA_DIR: dataDir, DB_TIMEOUT_MS: String(DB_TIMEOUT_MS) },
  });
  visitor = new Client(app.origin);
  const saved = await visitor.fetch("/apply/loan", { form: { ...LOAN, intent: "continue" } });
  expect(saved.status).toBe(302);
  expect(visitor.cookies.size).toBeGreaterThan(0);
});

afterAll(async () => {
  await app?.stop();
  await db?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function expectFriendly503(r: { res: Response; body: string; ms: number }) {
  expect(r.res.status).toBe(503);
  expect(r.res.headers.get("content-type")).toMatch(/text\/html/);
  // When to come back, whichever way the page met the outage (session read or the page's loader).
  expect(r.res.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(r.body).toContain(MSG.serviceUnavailableTitle);
  expect(r.body).toContain(MSG.serviceUnavailable);
  expect(r.body).toMatch(/>Try again</);
  expect(r.ms).toBeLessThan(ANSWER_WITHIN_MS);
}

describe("MySQL frozen (SIGSTOP), then resumed", () => {
  it("answers 503 fast while frozen, stays up, and serves again once MySQL answers", async () => {
    expect((await timed(visitor.fetch("/apply/loan"))).res.status).toBe(200);
    expect((await fetch(`${app.origin}/readyz`)).status).toBe(200);

    db.stop();
    try {
      // All at once, as traffic would arrive.
      const [page, landing, post, apiUser, apiStatus, apiLogin, health, ready, faq] = await Promise.all([
        timed(visitor.fetch("/apply/loan")),
        timed(visitor.fetch("/")),
        timed(visitor.fetch("/apply/loan", { form: { ...LOAN, amount: "40000", intent: "continue" } })),
        timed(visitor.fetch("/api/admin/applications")),
        timed(new Client(app.origin).fetch("/api/loan-applications/status/APP-0123456789AB")),
        // No session at all: the API's own database work fails (throttle, account lookup).
        timed(new Client(app.origin).fetch("/api/auth/login", { json: { email: "nobody@example.com", password: "Whatever-123" } })),
        timed(fetch(`${app.origin}/healthz`)),
        timed(fetch(`${app.origin}/readyz`)),
        // A public page that needs no database still works for a visitor without a session.
        timed(fetch(`${app.origin}/faq`)),
      ]);
      // No session either, but the page's own loader needs the database: the same friendly 503.
      expectFriendly503(await timed(new Client(app.origin).fetch("/admin-login")));
      expectFriendly503(page);
      expectFriendly503(landing);
      expectFriendly503(post);
      expect(page.res.headers.get("cache-control")).toMatch(/no-store|no-cache|max-age=0/);

      for (const api of [apiUser, apiStatus, apiLogin]) {
        expect(api.res.status).toBe(503);
        expect(api.res.headers.get("content-type")).toMatch(/application\/json/);
        expect(JSON.parse(api.body)).toEqual({ message: expect.any(String) });
        expect(api.ms).toBeLessThan(ANSWER_WITHIN_MS);
      }
      expect(JSON.parse(apiUser.body).message).toBe(MSG.serviceUnavailable);
      expect(JSON.parse(apiLogin.body).message).toBe(MSG.serviceUnavailable);
      expect(apiUser.res.headers.get("retry-after")).toMatch(/^\d+$/);

      expect(health.res.status).toBe(200);
      expect(health.ms).toBeLessThan(1000);
      expect(ready.res.status).toBe(503);
      expect(ready.ms).toBeLessThan(ANSWER_WITHIN_MS + 500);
      expect(faq.res.status).toBe(200);
      expect(app.exited()).toBe(false);
    } finally {
      db.resume();
    }

    await eventually(async () => (await visitor.fetch("/apply/loan")).status === 200);
    expect((await fetch(`${app.origin}/readyz`)).status).toBe(200);
    // The POST made while frozen changed nothing: the draft still holds the amount saved before.
    const html = await (await visitor.fetch("/apply/loan")).text();
    expect(html).toContain(`value="${Number(LOAN.amount).toLocaleString("en-US")}"`);
    expect(html).not.toContain('value="40,000"');
    expect(app.exited()).toBe(false);
  });
});

describe("the 503 page in a browser", () => {
  it.each([{ js: false }, { js: true }])("says what happened and offers to try again (JavaScript $js)", async ({ js }) => {
    db.stop();
    try {
      await browser.withPage({ js }, async (page, ctx) => {
        await ctx.addCookies([...visitor.cookies].map(([name, value]) => ({ name, value, url: app.origin })));
        const res = await page.goto(`${app.origin}/apply/loan`);
        expect(res?.status()).toBe(503);
        await page.getByRole("heading", { level: 1, name: MSG.serviceUnavailableTitle }).waitFor();
        await page.getByText(MSG.serviceUnavailable).waitFor();
        expect(await page.title()).toContain(MSG.serviceUnavailableTitle);
        const retry = page.getByRole("link", { name: "Try again" });
        await retry.waitFor();
        // Once MySQL answers again, "Try again" brings the page back.
        db.resume();
        await eventually(async () => (await fetch(`${app.origin}/readyz`)).status === 200);
        await retry.click();
        await page.getByRole("heading", { level: 1, name: /Business Loan Details/i }).waitFor();
      });
    } finally {
      db.resume();
    }
  });
});

describe("MySQL killed (SIGKILL), then restarted from its data directory", () => {
  it("refuses at once with 503 while it is down and recovers without restarting the app", async () => {
    await db.kill();
    const [page, api, ready, health] = await Promise.all([
      timed(visitor.fetch("/apply/loan")),
      timed(visitor.fetch("/api/admin/applications")),
      timed(fetch(`${app.origin}/readyz`)),
      timed(fetch(`${app.origin}/healthz`)),
    ]);
    expectFriendly503(page);
    expect(api.res.status).toBe(503);
    expect(JSON.parse(api.body)).toEqual({ message: MSG.serviceUnavailable });
    expect(ready.res.status).toBe(503);
    expect(health.res.status).toBe(200);

    // Down for a while: every request keeps failing fast, none crashes the process.
    for (let i = 0; i < 5; i++) expectFriendly503(await timed(visitor.fetch("/dashboard")));
    expect(app.exited()).toBe(false);

    await db.start();
    await eventually(async () => (await fetch(`${app.origin}/readyz`)).status === 200);
    const back = await visitor.fetch("/apply/loan");
    expect(back.status).toBe(200);
    // The draft saved before the crash survived it (InnoDB crash recovery) and is still this visitor's.
    expect(await back.text()).toContain(`value="${Number(LOAN.amount).toLocaleString("en-US")}"`);
    // And new writes work again.
    const next = await visitor.fetch("/apply/loan", { form: { ...LOAN, amount: "45000", intent: "continue" } });
    expect(next.status).toBe(302);
    expect(await (await visitor.fetch("/apply/loan")).text()).toContain('value="45,000"');
    expect(app.exited()).toBe(false);
    expect(app.log()).not.toMatch(/uncaught|unhandled/i);
  });
});
