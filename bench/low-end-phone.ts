/**
 * Low-end phone: Chromium with a 4x CPU slowdown and Lighthouse's "slow 4G" network, on a phone
 * sized screen. Time from navigation start until the landing page's Apply Now (the hero link) and
 * step 1's Continue are usable, with JavaScript on and off. Every run uses a new browser context
 * (empty cache, no cookies); the figure is the median of RUNS runs.
 *
 * "Usable":
 *  - JavaScript off: the load event has ended (the document, its stylesheet and images are in)
 *    and the page has been painted (first contentful paint): the link or button is on screen and
 *    works as plain HTML.
 *  - JavaScript on: React has hydrated the element: window.__remixRouter is initialized, the
 *    element carries React's props (its handlers are attached), it is visible and not disabled,
 *    and one more frame has been drawn. Before that moment the element already works as plain
 *    HTML (progressive enhancement), which the "first paint" column shows.
 */
import type { Browser, CDPSession } from "playwright-core";
import { launchChromium } from "./lib/browser";
import type { BenchContext } from "./lib/context";
import { nextIp } from "./lib/http";
import type { SectionResult } from "./lib/report";
import { kb, median } from "./lib/stats";

const RUNS = Number(process.env.BENCH_PHONE_RUNS || 3);

/**
 * Lighthouse's mobileSlow4G (core/config/constants.js): 150 ms RTT, 1.6 Mbps down, 750 Kbps up,
 * CPU slowdown 4. For request-level ("devtools") throttling, which is what
 * Network.emulateNetworkConditions does, Lighthouse multiplies the latency by 3.75 and the
 * throughput by 0.9 to stand for packet-level effects: 562.5 ms, 1474.56 Kbps, 675 Kbps.
 */
export const SLOW_4G = {
  rttMs: 150,
  downloadKbps: 1.6 * 1024,
  uploadKbps: 750,
  requestLatencyMs: 150 * 3.75,
  devtoolsDownloadKbps: 1.6 * 1024 * 0.9,
  devtoolsUploadKbps: 750 * 0.9,
  cpuSlowdown: 4,
};
/** Lighthouse's mobile screen emulation (Moto G Power): 412x823 CSS px, DPR 1.75. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

type Target = { label: string; path: string; selector: string; text: string };
const TARGETS: Target[] = [
  { label: "Landing: Apply Now", path: "/", selector: "main a", text: "Apply Now" },
  { label: "Step 1: Continue", path: "/apply/loan", selector: "main button[type=submit]", text: "Continue" },
];

/** Runs in the page from document start (JavaScript on only): records when the target is hydrated. */
function hydrationProbe(spec: { selector: string; text: string }) {
  return `(() => {
    const spec = ${JSON.stringify(spec)};
    const find = () => Array.from(document.querySelectorAll(spec.selector)).find((e) => (e.textContent || "").trim() === spec.text);
    const tick = () => {
      const el = find();
      const router = window.__remixRouter;
      // A page sent without scripts (app/platform/http/cache.ts staticPageHandle) has nothing to hydrate:
      // usable once loaded, as without JavaScript.
      const scriptFree = document.readyState === "complete" && !document.querySelector('script[type="module"], link[rel="modulepreload"]');
      const ready = el && el.getClientRects().length > 0 && !el.disabled && getComputedStyle(el).visibility !== "hidden"
        && (scriptFree || (router && router.state && router.state.initialized && Object.keys(el).some((k) => k.startsWith("__reactProps$"))));
      if (ready) requestAnimationFrame(() => { window.__benchUsableAt = performance.now(); });
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })();`;
}

type Run = {
  html: number;
  fcp: number;
  load: number;
  usable: number;
  jsBytes: number;
  jsBody: number;
  totalBytes: number;
  requests: number;
};

/** Bytes on the wire per finished request (headers included), and body bytes of scripts. */
function countBytes(cdp: CDPSession) {
  const types = new Map<string, string>();
  const body = new Map<string, number>();
  const totals = { js: 0, jsBody: 0, all: 0, requests: 0 };
  cdp.on("Network.responseReceived", (e: { requestId: string; type: string }) => types.set(e.requestId, e.type));
  cdp.on("Network.dataReceived", (e: { requestId: string; encodedDataLength: number }) =>
    body.set(e.requestId, (body.get(e.requestId) ?? 0) + e.encodedDataLength),
  );
  cdp.on("Network.loadingFinished", (e: { requestId: string; encodedDataLength: number }) => {
    totals.all += e.encodedDataLength;
    totals.requests++;
    if (types.get(e.requestId) === "Script") {
      totals.js += e.encodedDataLength;
      totals.jsBody += body.get(e.requestId) ?? 0;
    }
  });
  return totals;
}

async function measure(browser: Browser, origin: string, target: Target, js: boolean): Promise<Run> {
  const ctx = await browser.newContext({
    ...PHONE,
    javaScriptEnabled: js,
    baseURL: origin,
    extraHTTPHeaders: { "X-Forwarded-For": nextIp() },
  });
  try {
    if (js) await ctx.addInitScript(hydrationProbe(target));
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: SLOW_4G.requestLatencyMs,
      downloadThroughput: (SLOW_4G.devtoolsDownloadKbps * 1024) / 8,
      uploadThroughput: (SLOW_4G.devtoolsUploadKbps * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_4G.cpuSlowdown });
    const bytes = countBytes(cdp);
    const res = await page.goto(target.path, { waitUntil: "load", timeout: 120_000 });
    if (res?.status() !== 200) throw new Error(`${target.path}: ${res?.status()}`);
    if (js)
      await page.waitForFunction(() => (window as unknown as { __benchUsableAt?: number }).__benchUsableAt, null, {
        timeout: 120_000,
        polling: 100,
      });
    // Let late requests (route discovery, analytics) finish so the byte count is complete.
    await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => {});
    const t = await page.evaluate(
      ({ selector, text }) => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
        const el = Array.from(document.querySelectorAll(selector)).find((e) => (e.textContent ?? "").trim() === text);
        return {
          html: nav.responseEnd,
          fcp,
          load: nav.loadEventEnd,
          usableAt: (window as unknown as { __benchUsableAt?: number }).__benchUsableAt ?? null,
          present: Boolean(el && el.getClientRects().length > 0),
        };
      },
      { selector: target.selector, text: target.text },
    );
    if (!t.present) throw new Error(`${target.label}: element not on screen`);
    return {
      html: t.html,
      fcp: t.fcp,
      load: t.load,
      usable: js ? t.usableAt! : Math.max(t.load, t.fcp),
      jsBytes: bytes.js,
      jsBody: bytes.jsBody,
      totalBytes: bytes.all,
      requests: bytes.requests,
    };
  } finally {
    await ctx.close();
  }
}

const s = (msv: number) => `${(msv / 1000).toFixed(2)} s`;

export async function lowEndPhone(ctx: BenchContext): Promise<SectionResult> {
  // Warm the server (JIT, caches) so the first measured run is not a cold start.
  for (const t of TARGETS)
    for (let i = 0; i < 5; i++) await fetch(ctx.origin + t.path, { headers: { "x-forwarded-for": nextIp() } }).then((r) => r.arrayBuffer());
  const browser = await launchChromium();
  const rows: Array<Array<string | number>> = [];
  try {
    for (const target of TARGETS) {
      for (const js of [false, true]) {
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, ctx.origin, target, js));
        const m = (f: (r: Run) => number) => median(runs.map(f));
        const usable = runs.map((r) => r.usable);
        rows.push([
          target.label,
          js ? "on" : "off",
          s(m((r) => r.html)),
          s(m((r) => r.fcp)),
          s(m((r) => r.load)),
          `${s(m((r) => r.usable))} (${s(Math.min(...usable))}-${s(Math.max(...usable))})`,
          `${kb(m((r) => r.jsBody))} (${kb(m((r) => r.jsBytes))})`,
          `${kb(m((r) => r.totalBytes))} / ${m((r) => r.requests)}`,
        ]);
        console.info(`  ${target.label} JS ${js ? "on" : "off"}: usable ${usable.map((u) => s(u)).join(", ")}`);
      }
    }
  } finally {
    await browser.close();
  }
  return {
    tables: [
      {
        title: `Low-end phone (CPU 4x slower, slow 4G, 412x823 screen): median of ${RUNS} cold loads`,
        columns: [
          "Target",
          "JS",
          "HTML in",
          "First paint",
          "Load",
          "Usable (min-max)",
          "JS bodies (with headers)",
          "All transferred / requests",
        ],
        rows,
        notes: [
          "Times from navigation start. HTML in = last byte of the document; First paint = first contentful paint.",
          "Usable, JavaScript off = the later of the load event's end and the first paint. Usable, JavaScript on = React has hydrated that element (handlers attached, visible, enabled) and the next frame is drawn; before that it already works as a plain link or form.",
          `Network: Lighthouse "slow 4G" (150 ms RTT, 1.6 Mbps down, 750 Kbps up), applied per request like Lighthouse's devtools throttling: ${SLOW_4G.requestLatencyMs} ms latency, ${SLOW_4G.devtoolsDownloadKbps.toFixed(2)} Kbps down, ${SLOW_4G.devtoolsUploadKbps} Kbps up; CPU: Emulation.setCPUThrottlingRate 4.`,
          "Transferred: bytes on the wire as Chromium counted them (the server's gzip), until the network was idle after the page became usable. JS bodies = the compressed script bodies; in brackets with their HTTP headers. All transferred includes headers.",
        ],
      },
    ],
    checks: [],
  };
}
