/**
 * Browser-test harness: playwright-core driving Debian's Chromium, one browser per test worker.
 * `withPage({ js })` opens a fresh context (JavaScript on or off). Accessibility is audited once,
 * by the sweep in tests/e2e/a11y-sweep-*.test.ts (tests/support/a11y.ts), not on every page load.
 *
 * The browser is launched by a worker's first browser file and reused by its next ones (the
 * server-backed projects run with `isolate: false`: a worker's files share this module), so each
 * file starts from fresh contexts, not from a fresh browser: a launch cost 1-2 s of CPU per file.
 * A file leaves no context open (withPage closes its own; the harness closes the audit context's
 * pages at the end of the file); the browser ends with the worker (Playwright closes it when the
 * process exits, and Chromium exits when its pipe to the worker closes).
 */
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { auditPage as auditWithAxe, type A11yViolation } from "./a11y";
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_BROWSER_PATH } from "./chromium";
import { randomIp } from "./http-client";

export type { A11yViolation };

export { randomIp } from "./http-client";

export type BrowserHarness = {
  baseUrl: string;
  browser: () => Browser;
  /** `skipA11y` is accepted for older callers and means nothing now: no page load is audited here. */
  withPage: <T>(opts: { js: boolean; ip?: string; skipA11y?: boolean }, fn: (page: Page, ctx: BrowserContext) => Promise<T>) => Promise<T>;
  /** axe (WCAG 2.2 AA, serious and critical) on the page as it is now, at each of `widths`; throws when it cannot audit. */
  auditPage: (page: Page, widths?: number[], cache?: Map<string, Promise<A11yViolation[]>>) => Promise<A11yViolation[]>;
};

/** The worker's browsers, by executable: each launched once, again only if it went away (it crashed, a test closed it). */
const sharedBrowsers = new Map<string, Promise<Browser>>();
async function workerBrowser(executablePath: string): Promise<Browser> {
  const shared = sharedBrowsers.get(executablePath);
  if (shared) {
    const open = await shared.then(
      (b) => b.isConnected(),
      () => false,
    );
    if (open) return shared;
  }
  const launched = chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: 30_000 });
  sharedBrowsers.set(executablePath, launched);
  return launched;
}

/**
 * Pages lent to tests, one free list per browser and JavaScript setting. A fresh context and page
 * per test cost about 1 s of the browser's CPU before the test did anything (a new renderer
 * process: the app's scripts parsed and compiled again, its stylesheet and font decoded again;
 * measured 2026-12-01 with the headless shell: 15 new pages each loading /apply/loan and hydrating,
 * 20.4 s of CPU; the same 15 loads in one page, 6.1 s). So a page that a test used in the ordinary
 * way is cleaned and lent to the worker's next test: its cookies cleared, its storage emptied, its
 * other pages closed, its viewport and headers set again, and it is left on a blank page of the
 * server's own origin (same site: the renderer, with its caches, stays). Each test still starts
 * signed out, on no page, with the viewport of a new context.
 *
 * A test that changed the page or context in a way the cleaning cannot undo (routes, init scripts,
 * exposed functions, event listeners, a CDP session, extra pages, offline mode, emulation,
 * permissions, the clock), or that failed, gets its context closed instead; the next test gets a
 * new one. The harness sees those calls through the page and context it hands out.
 */
type Lent = {
  ctx: BrowserContext;
  page: Page;
  watchedPage: Page;
  watchedContext: BrowserContext;
  spoilt: { by: string | null };
  key: string;
};
const freePages = new Map<string, Lent[]>();
const browserIds = new Map<Browser, number>();

/** Calls after which a page or context is not lent again. */
const SPOILING_PAGE_CALLS = new Set([
  "route",
  "routeFromHAR",
  "routeWebSocket",
  "unroute",
  "unrouteAll",
  "addInitScript",
  "exposeFunction",
  "exposeBinding",
  "on",
  "once",
  "addListener",
  "prependListener",
  "emulateMedia",
  "clock",
  "close",
  "pause",
  "requestGC",
]);
const SPOILING_CONTEXT_CALLS = new Set([
  ...SPOILING_PAGE_CALLS,
  "newPage",
  "newCDPSession",
  "setOffline",
  "grantPermissions",
  "clearPermissions",
  "setGeolocation",
  "setHTTPCredentials",
  "setDefaultTimeout",
  "setDefaultNavigationTimeout",
  "tracing",
  "request",
]);

function watch<T extends object>(target: T, spoiling: Set<string>, spoilt: { by: string | null }, overrides: Record<string, unknown>): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      if (typeof prop === "string" && prop in overrides) return overrides[prop];
      if (typeof prop === "string" && spoiling.has(prop)) spoilt.by ??= prop;
      const value = Reflect.get(obj, prop, receiver);
      return typeof value === "function" ? value.bind(obj) : value;
    },
  });
}

async function borrowPage(browser: Browser, baseUrl: string, js: boolean, ip: string): Promise<Lent> {
  const key = `${browserIds.get(browser) ?? browserIds.set(browser, browserIds.size + 1).get(browser)} ${js}`;
  const free = freePages.get(key) ?? [];
  freePages.set(key, free);
  let lent: Lent | undefined;
  while (!lent && free.length) {
    const candidate = free.pop()!;
    if (!candidate.page.isClosed() && candidate.ctx.browser() === browser && browser.isConnected()) lent = candidate;
    else await candidate.ctx.close().catch(() => {});
  }
  if (!lent) {
    const ctx = await browser.newContext({ javaScriptEnabled: js, baseURL: baseUrl, acceptDownloads: true });
    const page = await ctx.newPage();
    const spoilt = { by: null as string | null };
    const watchedContext = watch(ctx, SPOILING_CONTEXT_CALLS, spoilt, {});
    const watchedPage = watch(page, SPOILING_PAGE_CALLS, spoilt, { context: () => watchedContext });
    lent = { ctx, page, watchedPage, watchedContext, spoilt, key };
  }
  // What a new context would have: the default viewport, our timeout, this test's client address.
  await lent.page.setViewportSize({ width: 1280, height: 720 });
  lent.page.setDefaultTimeout(15_000);
  await lent.page.setExtraHTTPHeaders({ "X-Forwarded-For": ip });
  return lent;
}

async function giveBack(lent: Lent, passed: boolean) {
  const { ctx, page } = lent;
  const reusable = passed && !lent.spoilt.by && !page.isClosed() && ctx.pages().length === 1;
  if (!reusable) {
    await ctx.close().catch(() => {});
    return;
  }
  try {
    // Leave whatever the page is on (accepting a "leave this page?" prompt), for a blank page of the
    // same origin; then nothing of the test stays: cookies, local and session storage.
    const accept = (d: import("playwright-core").Dialog) => void d.accept().catch(() => {});
    page.on("dialog", accept);
    try {
      await page.goto("/healthz", { waitUntil: "load", timeout: 15_000 });
    } finally {
      page.off("dialog", accept);
    }
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await ctx.clearCookies();
    freePages.get(lent.key)!.push(lent);
  } catch {
    await ctx.close().catch(() => {});
  }
}

/**
 * Registers beforeAll/afterAll for a test file and returns the harness. `pdfViewer`: the file needs
 * Chromium's PDF viewer (a PDF opened inline), which the headless shell lacks (it downloads the
 * file instead): such a file drives Chromium itself (CHROMIUM_PATH).
 */
export function setupBrowser(opts: { pdfViewer?: boolean } = {}): BrowserHarness {
  const baseUrl = inject("baseUrl");
  const executablePath = opts.pdfViewer ? CHROMIUM_PATH : TEST_BROWSER_PATH;
  let browser: Browser;
  let auditContext: Promise<BrowserContext> | undefined;

  beforeAll(async () => {
    browser = await workerBrowser(executablePath);
  });
  afterAll(async () => {
    // The browser stays for the worker's next file; what this file opened is closed.
    const audit = auditContext;
    auditContext = undefined;
    await audit?.then((c) => c.close()).catch(() => {});
    // The pages waiting to be lent again stay open for the worker's next file.
    const waiting = new Set([...freePages.values()].flat().map((l) => l.ctx));
    await Promise.all(
      browser
        ?.contexts()
        .filter((c) => !waiting.has(c))
        .map((c) => c.close().catch(() => {})) ?? [],
    );
  });

  async function auditPage(page: Page, widths?: number[], cache?: Map<string, Promise<A11yViolation[]>>): Promise<A11yViolation[]> {
    auditContext ??= browser.newContext({ javaScriptEnabled: true });
    return auditWithAxe(await auditContext, page, baseUrl, widths, cache);
  }

  async function withPage<T>(
    opts: { js: boolean; ip?: string; skipA11y?: boolean },
    fn: (page: Page, ctx: BrowserContext) => Promise<T>,
  ): Promise<T> {
    const lent = await borrowPage(browser, baseUrl, opts.js, opts.ip ?? randomIp());
    const { page } = lent;
    let passed = false;
    try {
      const result = await fn(lent.watchedPage, lent.watchedContext);
      passed = true;
      return result;
    } catch (error) {
      // What the page showed when the test failed: the address and the start of its text.
      const shown = await page.evaluate(() => `${location.href}\n${document.body?.innerText.slice(0, 600) ?? ""}`).catch(() => page.url());
      if (error instanceof Error) {
        const note = `\n--- page when it failed: ${shown}`;
        error.message += note;
        if (error.stack) error.stack = error.stack.replace(/\n/, `${note}\n`);
      }
      throw error;
    } finally {
      await giveBack(lent, passed);
    }
  }

  return { baseUrl, browser: () => browser, withPage, auditPage };
}

/** Both modes, for `describe.each(MODES)`. */
/**
 * Waits until React has taken over the page and the app is at rest, so clicks and typing reach
 * its handlers: the Remix router is initialized and not navigating (after a Back or a redirect the
 * URL changes before the new page is rendered: acting then would type into the page being left),
 * the element `selector` (default: the body, which the root renders) carries React's props, and the
 * next frame is drawn. A page sent without scripts (staticPageHandle in app/platform/http/cache.ts: nothing
 * to hydrate) is ready once it has loaded. The one hydration wait of the tests.
 */
export async function waitForHydration(page: Page, selector = "body") {
  await page.waitForFunction((sel) => {
    const w = window as unknown as { __remixRouter?: { state: { initialized: boolean; navigation: { state: string } } } };
    const el = document.querySelector(sel);
    const router = w.__remixRouter?.state;
    const hydrated = Boolean(
      router?.initialized && router.navigation.state === "idle" && el && Object.keys(el).some((k) => k.startsWith("__reactProps")),
    );
    // After a client-side move the address changes before React draws the new page: the page is
    // the address's once the root's data-path (rendered from the router's location) says so.
    const rendered = document.documentElement.dataset.path;
    const decoded = (a: string) => {
      try {
        return decodeURI(a);
      } catch {
        return a;
      }
    };
    const drawn = rendered === undefined || decoded(rendered) === decoded(window.location.pathname + window.location.search);
    const scriptFree = document.readyState === "complete" && !document.querySelector('script[type="module"], link[rel="modulepreload"]');
    return (hydrated && drawn) || scriptFree;
  }, selector);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
}

export const MODES = [
  { js: true, label: "with JavaScript" },
  { js: false, label: "without JavaScript" },
] as const;
