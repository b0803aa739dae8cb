/**
 * Browser-test harness: playwright-core driving Debian's Chromium, one browser per test file.
 * `withPage({ js })` opens a fresh context (JavaScript on or off) whose every loaded page is
 * checked with axe-core (WCAG 2.2 AA); serious or critical violations fail the test.
 * axe needs timers, which do not run with JavaScript off, so each page's DOM snapshot (scripts
 * stripped, stylesheets kept) is audited in a separate JavaScript-enabled context.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

const AXE_SOURCE = fs.readFileSync(path.resolve(__dirname, "../../node_modules/axe-core/axe.min.js"), "utf8");
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export type A11yViolation = { url: string; id: string; impact: string; help: string; targets: string[] };

export function randomIp() {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

export type BrowserHarness = {
  baseUrl: string;
  browser: () => Browser;
  withPage: <T>(opts: { js: boolean; ip?: string; skipA11y?: boolean }, fn: (page: Page, ctx: BrowserContext) => Promise<T>) => Promise<T>;
  auditPage: (page: Page) => Promise<A11yViolation[]>;
};

/** Registers beforeAll/afterAll for a test file and returns the harness. */
export function setupBrowser(): BrowserHarness {
  const baseUrl = inject("baseUrl");
  let browser: Browser;
  let auditContext: BrowserContext;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 30_000 });
    auditContext = await browser.newContext({ javaScriptEnabled: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function auditPage(page: Page): Promise<A11yViolation[]> {
    const url = page.url();
    if (!url.startsWith(baseUrl)) return [];
    const ct = await page.evaluate("document.contentType").catch(() => "");
    if (ct !== "text/html") return [];
    let html: string;
    try {
      html = await page.content();
    } catch {
      return []; // navigated away meanwhile: the next page gets its own audit
    }
    const snapshot = html
      .replace(/<script\b[\s\S]*?<\/script>/gi, "")
      .replace(
        /<head>/i,
        `<head><base href="${url}"><style>*,*::before,*::after{transition:none!important;animation:none!important}</style>`,
      );
    const audit = await auditContext.newPage();
    try {
      await audit.route("**/*", (route) => {
        const u = route.request().url();
        // Only stylesheets and images of our own server; nothing else loads.
        if (u.startsWith(baseUrl) && ["stylesheet", "image", "font"].includes(route.request().resourceType())) return route.continue();
        if (route.request().resourceType() === "document") return route.continue();
        return route.abort();
      });
      await audit.setContent(snapshot, { waitUntil: "load" });
      await audit.evaluate(`${AXE_SOURCE}\n;void 0`);
      const result = (await audit.evaluate(
        `axe.run(document, { runOnly: { type: "tag", values: ${JSON.stringify(AXE_TAGS)} } }).then(r => r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map(n => n.target.join(" ")) })))`,
      )) as Omit<A11yViolation, "url">[];
      return result.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => ({ ...v, url }));
    } finally {
      await audit.close();
    }
  }

  async function withPage<T>(
    opts: { js: boolean; ip?: string; skipA11y?: boolean },
    fn: (page: Page, ctx: BrowserContext) => Promise<T>,
  ): Promise<T> {
    const ctx = await browser.newContext({
      javaScriptEnabled: opts.js,
      baseURL: baseUrl,
      extraHTTPHeaders: { "X-Forwarded-For": opts.ip ?? randomIp() },
      acceptDownloads: true,
    });
    const page = await ctx.newPage();
    page.setDefaultTimeout(15_000);
    const violations: A11yViolation[] = [];
    const audits: Promise<void>[] = [];
    const audited = new Set<string>();
    if (!opts.skipA11y) {
      page.on("load", () => {
        audits.push(
          (async () => {
            const key = `${page.url()}#${await page
              .content()
              .then((c) => c.length)
              .catch(() => 0)}`;
            if (audited.has(key)) return;
            audited.add(key);
            violations.push(...(await auditPage(page).catch(() => [])));
          })(),
        );
      });
    }
    try {
      const out = await fn(page, ctx);
      await Promise.all(audits);
      if (violations.length) {
        const lines = violations.map((v) => `${v.url}: [${v.impact}] ${v.id} - ${v.help} at ${v.targets.join(", ")}`);
        throw new Error(`Accessibility violations (WCAG 2.2 AA, serious/critical):\n${lines.join("\n")}`);
      }
      return out;
    } finally {
      await ctx.close();
    }
  }

  return { baseUrl, browser: () => browser, withPage, auditPage };
}

/** Both modes, for `describe.each(MODES)`. */
/**
 * Waits until React has taken over the page, so clicks and typing reach its handlers: the Remix
 * router is initialized, the element `selector` (default: the body, which the root renders) carries
 * React's props, and the next frame is drawn. A page sent without scripts (staticPageHandle in
 * app/utils/cache.ts: nothing to hydrate) is ready once it has loaded. The one hydration wait of
 * the tests.
 */
export async function waitForHydration(page: Page, selector = "body") {
  await page.waitForFunction((sel) => {
    const w = window as unknown as { __remixRouter?: { state: { initialized: boolean } } };
    const el = document.querySelector(sel);
    const hydrated = Boolean(w.__remixRouter?.state.initialized && el && Object.keys(el).some((k) => k.startsWith("__reactProps")));
    const scriptFree = document.readyState === "complete" && !document.querySelector('script[type="module"], link[rel="modulepreload"]');
    return hydrated || scriptFree;
  }, selector);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
}

export const MODES = [
  { js: true, label: "with JavaScript" },
  { js: false, label: "without JavaScript" },
] as const;
