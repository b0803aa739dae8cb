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
    await Promise.all(browser?.contexts().map((c) => c.close().catch(() => {})) ?? []);
  });

  async function auditPage(page: Page, widths?: number[], cache?: Map<string, Promise<A11yViolation[]>>): Promise<A11yViolation[]> {
    auditContext ??= browser.newContext({ javaScriptEnabled: true });
    return auditWithAxe(await auditContext, page, baseUrl, widths, cache);
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
    try {
      return await fn(page, ctx);
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
      await ctx.close();
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
    const scriptFree = document.readyState === "complete" && !document.querySelector('script[type="module"], link[rel="modulepreload"]');
    return hydrated || scriptFree;
  }, selector);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
}

export const MODES = [
  { js: true, label: "with JavaScript" },
  { js: false, label: "without JavaScript" },
] as const;
