/**
 * /application-status in a real browser with JavaScript: a submitted application's reference
 * (typed in lower case) shows its status in place and the URL can be bookmarked; a blank ID is
 * refused without a request; unknown and failed lookups show the product's messages; the button
 * says "Checking..." meanwhile. Without JavaScript (a GET form the server renders, every badge,
 * status and message): tests/integration/pages-tools.test.ts, and the 503 below.
 */
import mysql from "mysql2/promise";
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { site } from "~/content/site";
import { MSG } from "~/content/messages";
import { createSubmittedApplication } from "../support/applications";
import { setupBrowser, waitForHydration } from "../support/browser";
import { parse } from "../support/html";
import { createApplicant } from "../support/fixtures";
import { startAppServer, type AppServer } from "../support/server";

const b = setupBrowser();

async function lookUp(page: Page, id: string, js: boolean) {
  if (js) await waitForHydration(page, "form#status-lookup");
  await page.getByLabel("Application ID").fill(id);
  await page.getByRole("button", { name: "Check Status" }).click();
}

/** The single-fetch data request a lookup with JavaScript makes. */
const isLookupData = (url: URL) => url.pathname === "/application-status.data";

/** The alert above the button (form-level message). */
const formAlert = (page: Page) => page.locator("form#status-lookup [role=alert]");

async function newApplication(status: "submitted" | "pending" | "under-review" | "approved" | "rejected", extra: { amount?: number } = {}) {
  const user = await createApplicant();
  return createSubmittedApplication({
    userId: user.id,
    amount: extra.amount ?? 25000,
    purpose: "working-capital",
    status,
    submittedAt: new Date("2026-11-22T15:00:00Z"),
  });
}

describe("application status with JavaScript", () => {
  const js = true;
  it("shows a submitted application's status, amount and purpose, and the URL can be bookmarked", async () => {
    const app = await newApplication("submitted");
    await b.withPage({ js }, async (page) => {
      await page.goto("/application-status");
      expect(await page.getByLabel("Application ID").getAttribute("placeholder")).toBe("APP-123456");
      await lookUp(page, app.reference.toLowerCase(), js);
      const result = page.getByTestId("status-result");
      await result.waitFor();
      expect(new URL(page.url()).searchParams.get("id")).toBe(app.reference.toLowerCase());
      expect(await page.getByTestId("status-reference").textContent()).toBe(app.reference);
      const badge = page.getByTestId("status-badge");
      expect(await badge.textContent()).toBe("Submitted");
      expect(await badge.getAttribute("class")).toContain("bg-yellow-100");
      expect(await badge.locator("svg[aria-hidden=true]").count()).toBe(1);
      expect(await page.getByTestId("status-amount").textContent()).toBe("$25,000");
      expect(await page.getByTestId("status-purpose").textContent()).toBe("Working Capital");
      expect(await page.getByTestId("status-submitted").textContent()).toBe("November 22, 2026");
      expect(await page.getByTestId("status-next-steps").textContent()).toContain("within 24-48 hours");
      const card = (await result.textContent()) ?? "";
      expect(card).toContain(site.supportPhone);
      expect(card).toContain(site.supportEmail);

      // The result URL is a bookmark: loading it afresh (a new document) shows the same card.
      const bookmark = page.url();
      await page.goto(bookmark);
      expect(await page.getByTestId("status-reference").textContent()).toBe(app.reference);
      expect(await page.getByLabel("Application ID").inputValue()).toBe(app.reference.toLowerCase());
    });
  });

  it("refuses an empty or blank ID with 'Please enter your application ID'", async () => {
    await b.withPage({ js }, async (page) => {
      const lookups: Request[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/application-status") && new URL(r.url()).searchParams.has("id")) lookups.push(r);
      });
      await page.goto("/application-status");
      for (const blank of ["", "    "]) {
        await lookUp(page, blank, js);
        await page.getByText(MSG.statusIdRequired).waitFor();
        expect(await page.getByTestId("status-result").count()).toBe(0);
      }
      // With JavaScript no request is made at all; without it the server answers without a lookup.
      expect(lookups).toHaveLength(0);
      expect(await page.getByLabel("Application ID").getAttribute("aria-invalid")).toBe("true");
    });
  });

  it("says 'Application not found' in red above the button for an unknown or draft reference", async () => {
    const user = await createApplicant();
    const draft = await createSubmittedApplication({ userId: user.id, status: "draft" });
    await b.withPage({ js }, async (page) => {
      await page.goto("/application-status");
      for (const id of ["APP-123456", draft.reference]) {
        await lookUp(page, id, js);
        await page.waitForURL((u) => u.searchParams.get("id") === id);
        const alert = formAlert(page);
        await alert.getByText(MSG.statusNotFound).waitFor();
        expect(await alert.getAttribute("class")).toContain("text-red-800");
        expect(await page.getByTestId("status-result").count()).toBe(0);
      }
    });
  });
});

describe("application status with JavaScript only", () => {
  it("labels the button 'Checking...' while the lookup is pending", async () => {
    const app = await newApplication("approved");
    await b.withPage({ js: true }, async (page) => {
      let release: () => void = () => {};
      const held = new Promise<void>((r) => (release = r));
      await page.route(isLookupData, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/application-status");
      await lookUp(page, app.reference, true);
      const button = page.getByRole("button", { name: "Checking..." });
      await button.waitFor();
      expect(await button.isDisabled()).toBe(true);
      release();
      await page.getByTestId("status-result").waitFor();
      expect(await page.getByRole("button", { name: "Check Status" }).isEnabled()).toBe(true);
    });
  });
});

/**
 * A second server of the same build whose database is dropped after start-up: every lookup query
 * fails as it would with the database down, and the page must say so.
 */
describe("application status while the database is down", () => {
  const serverUrl = inject("databaseUrl").replace(/\/[^/]+$/, "");
  const dbName = `lm_down_${process.pid}_${Date.now().toString(36)}`;
  let server: AppServer | undefined;
  let origin = "";

  beforeAll(async () => {
    server = await startAppServer({ name: "db-down", env: { DATABASE_URL: `${serverUrl}/${dbName}`, ACCESS_LOG: "0" } });
    origin = server.origin;
    const conn = await mysql.createConnection(serverUrl);
    await conn.query(`DROP DATABASE \`${dbName}\``);
    await conn.end();
  });

  afterAll(async () => {
    await server?.stop();
    const conn = await mysql.createConnection(serverUrl);
    await conn.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await conn.end();
  });

  it("shows 'Unable to check status. Please try again later.' in place", async () => {
    const js = true;
    await b.withPage({ js }, async (page) => {
      await page.goto(`${origin}/application-status`);
      // A syntactically valid reference, so the lookup really reaches the database.
      await lookUp(page, "APP-0123456789AB", js);
      await formAlert(page).getByText(MSG.statusUnavailable).waitFor();
      expect(await page.getByTestId("status-result").count()).toBe(0);
      expect(new URL(page.url()).searchParams.get("id")).toBe("APP-0123456789AB");
    });
  });

  it("answers the document request (a browser without JavaScript) with 503 and the message above the button", async () => {
    const res = await fetch(`${origin}/application-status?id=APP-0123456789AB`, { headers: { "x-forwarded-for": "10.9.9.9" } });
    const { status, $ } = await parse(res);
    expect(status).toBe(503);
    expect($("form#status-lookup [role=alert]").text().trim()).toBe(MSG.statusUnavailable);
    expect($("[data-testid=status-result]")).toHaveLength(0);
  });
});
