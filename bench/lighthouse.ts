/**
 * Lighthouse (the `lighthouse` npm package, its default settings: mobile, simulated slow 4G and
 * 4x CPU slowdown) driving Debian's Chromium against the bench's production server, on `/` and
 * `/apply/loan` as an anonymous first visit, and on the offers page of an applicant who has just
 * applied (the wizard walked over HTTP, matched as a real submission is; the session cookie sent
 * with every request). Each page is measured LIGHTHOUSE_RUNS times (3) in a fresh headless
 * Chromium; the figures are the medians. The budgets: performance at
 * least 95, total blocking time under 200 ms, accessibility, best practices and SEO 100.
 *
 * Lighthouse runs in this process; Chromium is started here with the flags the tests use plus
 * --headless=new and a remote-debugging port, and ended after each run.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { applyWith } from "../tests/support/apply-flow";
import { Client } from "./lib/http";
import type { BenchContext } from "./lib/context";
import type { Check, SectionResult } from "./lib/report";
import { median } from "./lib/stats";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
/** The pages measured: anonymous ones, then the applicant's offers page (its path known once applied). */
const PUBLIC_PAGES = ["/", "/apply/loan"];
/** The same pages in Spanish (issue 30: Lighthouse results unchanged on the Spanish pages), by each language's URL. */
const SPANISH = (path: string) => `${path}${path.includes("?") ? "&" : "?"}lng=es`;
const OFFERS_LABEL = "/dashboard/applications/<ref>/offers";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

type Scores = {
  performance: number;
  tbt: number;
  lcp: number;
  accessibility: number;
  "best-practices": number;
  seo: number;
  failing: string[];
};

async function startChromium(): Promise<{ port: number; child: ChildProcess; profile: string }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lm-lighthouse-"));
  const child = spawn(
    CHROMIUM_PATH,
    ["--headless=new", ...CHROMIUM_ARGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    // Its own process group: stopping it stops its helper processes too (they write the profile).
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let err = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${err.slice(-500)}`)), 30_000);
    child.stderr!.on("data", (d: Buffer) => {
      err += d.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited with ${code}: ${err.slice(-500)}`)));
  });
  return { port, child, profile };
}

async function stopChromium(c: { child: ChildProcess; profile: string }) {
  if (c.child.exitCode === null && c.child.signalCode === null) {
    const exited = new Promise((r) => c.child.once("exit", r));
    const group = (signal: NodeJS.Signals) => {
      try {
        process.kill(-c.child.pid!, signal);
      } catch {
        c.child.kill(signal);
      }
    };
    group("SIGTERM");
    const t = setTimeout(() => group("SIGKILL"), 5000);
    await exited;
    clearTimeout(t);
  }
  // Chromium's helpers may still be writing the profile for a moment after the browser exits.
  try {
    fs.rmSync(c.profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch (e) {
    // A profile left in the temporary directory is no reason to lose the run's figures.
    console.warn(`[lighthouse] could not remove ${c.profile}: ${(e as Error).message}`);
  }
}

/** One Lighthouse run of one URL in a fresh Chromium (`headers`: sent with every request, e.g. a session cookie). */
export async function lighthouseRun(url: string, headers?: Record<string, string>, cpuSlowdown?: number): Promise<Scores> {
  const chrome = await startChromium();
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      extraHeaders: headers,
      // Lighthouse's default is 4; a larger one stands for a slower phone, or a slower host.
      ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const lhr = result.lhr;
    // LIGHTHOUSE_SAVE_DIR=dir keeps each run's full report (JSON) for a closer look.
    const saveDir = process.env.LIGHTHOUSE_SAVE_DIR;
    if (saveDir) {
      fs.mkdirSync(saveDir, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, "_") || "_"}-${Date.now()}.json`;
      fs.writeFileSync(path.join(saveDir, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    // The audits that cost points outside performance (performance's own are its metrics).
    const failing: string[] = [];
    for (const id of ["accessibility", "best-practices", "seo"] as const) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 1) failing.push(`${id}: ${ref.id}`);
      }
    }
    return {
      performance: score("performance"),
      tbt: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
      lcp: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
      failing,
    };
  } finally {
    await stopChromium(chrome);
  }
}

/**
 * A run of `lighthouseRun` that yields scores: a run whose trace Chromium failed to record
 * (Lighthouse's NO_NAVSTART, seen about once in 20 runs with --headless=new here) measured nothing, so
 * it is done again, at most twice, and said in the notes. Any other error ends the bench.
 */
async function measuredRun(url: string, headers: Record<string, string> | undefined, label: string, notes: string[]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, headers);
    } catch (e) {
      if (attempt > 2 || !String((e as Error).message).includes("NO_NAVSTART")) throw e;
      notes.push(`${label}: a run without a recorded trace (NO_NAVSTART) was done again`);
    }
  }
}

export async function lighthouseBench(ctx: BenchContext): Promise<SectionResult> {
  const rows: Array<Array<string | number>> = [];
  const checks: Check[] = [];
  const notes: string[] = [];
  // An applicant who has just applied, with the offers the matching made.
  const applicant = new Client(ctx.origin);
  const { app } = await applyWith(applicant, { tag: "lighthouse" });
  // The submitted page first, as the applicant sees it (it shows the submission's toast).
  await (await applicant.fetch("/apply/submitted")).arrayBuffer();
  const pages = [
    ...PUBLIC_PAGES.map((p) => ({ label: p, path: p, headers: undefined })),
    { label: OFFERS_LABEL, path: `/dashboard/applications/${app.reference}/offers`, headers: { cookie: applicant.cookieHeader() } },
  ];
  // Spanish after English, so a machine growing busy shows as both languages' later runs, not as Spanish alone.
  pages.push(...pages.map((p) => ({ ...p, label: `${p.label} (es)`, path: SPANISH(p.path) })));
  for (const { label: p, path: pagePath, headers } of pages) {
    const runs: Scores[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measuredRun(ctx.origin + pagePath, headers, p, notes));
    const m = (k: keyof Omit<Scores, "failing">) => median(runs.map((r) => r[k]));
    const s = {
      performance: m("performance"),
      tbt: m("tbt"),
      lcp: m("lcp"),
      accessibility: m("accessibility"),
      bp: m("best-practices"),
      seo: m("seo"),
    };
    rows.push([p, s.performance, s.tbt, s.lcp, s.accessibility, s.bp, s.seo, runs.map((r) => `${r.performance}/${r.tbt}`).join(" ")]);
    const failing = [...new Set(runs.flatMap((r) => r.failing))];
    if (failing.length) notes.push(`${p}: audits below 100 in some run: ${failing.join(", ")}`);
    checks.push(
      { name: `Lighthouse ${p}: performance >= 95`, pass: s.performance >= 95, detail: `median ${s.performance}` },
      { name: `Lighthouse ${p}: total blocking time < 200 ms`, pass: s.tbt < 200, detail: `median ${s.tbt} ms` },
      {
        name: `Lighthouse ${p}: accessibility, best practices, SEO = 100`,
        pass: s.accessibility === 100 && s.bp === 100 && s.seo === 100,
        detail: `${s.accessibility} / ${s.bp} / ${s.seo}`,
      },
    );
  }
  notes.push(
    `Median of ${RUNS} runs per page (LIGHTHOUSE_RUNS), each in a fresh headless Chromium: Lighthouse defaults (mobile, simulated slow 4G, 4x CPU slowdown).`,
  );
  return {
    tables: [
      {
        title: "Lighthouse (mobile defaults)",
        columns: ["Page", "Performance", "TBT ms", "LCP ms", "Accessibility", "Best practices", "SEO", "Runs (perf/TBT)"],
        rows,
        notes,
      },
    ],
    checks,
  };
}
