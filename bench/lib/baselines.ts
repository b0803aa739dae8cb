/**
 * The throughput bench's three baselines, each its own process on the bench's database:
 * - bare Node `http` sending the app's exact answer for each page (the physical limit);
 * - a minimal Remix app (bench/minimal-remix: one route, no loader) rendering the same document
 *   (the framework's own ceiling);
 * - the production server of an older commit (BENCH_BASELINE_REF, default 2abb983 = main before
 *   the performance work), exported with `git archive` into a temporary directory, installed there
 *   from its own lockfile (`npm ci`), built, and removed afterwards.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BENCH, BUILD_DIR, ROOT } from "./bench-env";
import type { CapturedAnswer } from "./baseline-server";
import { freePort, startBenchServer, stopChild, waitUntilUp, type BenchServer } from "./server";

export const BASELINE_REF = process.env.BENCH_BASELINE_REF || "2abb983";

export type Running = { origin: string; pid: number; stop(): Promise<void> };

/** CPU time (user + system) a process has used so far, in ms (from /proc/<pid>/stat; 100 ticks/s). */
export function cpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** An answer of the app as autocannon gets it (no Accept-Encoding), for the two static baselines. */
export type Capture = { key: string; status: number; contentType: string; location: string | null; body: Buffer };

export async function capture(
  origin: string,
  pathWithQuery: string,
  init: { method?: string; cookie?: string; body?: string; ip?: string } = {},
): Promise<Capture> {
  const method = init.method ?? "GET";
  const headers: Record<string, string> = { "accept-encoding": "identity" };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.ip) headers["x-forwarded-for"] = init.ip;
  if (init.body) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    headers.origin = origin;
  }
  const res = await fetch(origin + pathWithQuery, { method, headers, body: init.body, redirect: "manual" });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    key: `${method} ${pathWithQuery}`,
    status: res.status,
    contentType: res.headers.get("content-type") ?? "",
    location: res.headers.get("location"),
    body,
  };
}

function spawnServer(args: string[], env: Record<string, string>, cwd = ROOT) {
  return spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });
}

export async function startBareNode(captures: Capture[]): Promise<Running> {
  const file = path.join(BENCH.dataDir, "bare-node-answers.json");
  const answers: Record<string, CapturedAnswer> = {};
  for (const c of captures) {
    const headers: Record<string, string> = {};
    if (c.contentType) headers["content-type"] = c.contentType;
    if (c.location) headers.location = c.location;
    answers[c.key] = { status: c.status, headers, body: c.body.toString("base64") };
  }
  fs.writeFileSync(file, JSON.stringify(answers));
  const port = await freePort();
  const child = spawnServer(["--import", "tsx", "bench/lib/baseline-server.ts"], { BASELINE_FILE: file, PORT: String(port) });
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${origin}/healthz`, child);
  return { origin, pid: child.pid!, stop: () => stopChild(child) };
}

/** The product's document without its own Remix scripts (the minimal app adds its own). */
function splitDocument(html: string) {
  const strip = (s: string) => s.replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/<link rel="modulepreload"[^>]*>/g, "");
  const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? "";
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? html;
  return { head: strip(head), body: strip(body) };
}

const MINIMAL_DIR = path.join(ROOT, "bench/minimal-remix");

export async function startMinimalRemix(captures: Capture[]): Promise<Running> {
  // A second or two: built on every run, so it is always the installed Remix.
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    cwd: MINIMAL_DIR,
    stdio: "ignore",
    env: { ...process.env, NODE_ENV: "production" },
  });
  const pages: Record<string, { head: string; body: string }> = {};
  for (const c of captures)
    if (c.key.startsWith("GET ") && c.status === 200) pages[c.key.slice(4)] = splitDocument(c.body.toString("utf8"));
  const file = path.join(BENCH.dataDir, "minimal-remix-pages.json");
  fs.writeFileSync(file, JSON.stringify(pages));
  const port = await freePort();
  const child = spawnServer([path.join(MINIMAL_DIR, "server.js")], { BENCH_PAGES_FILE: file, PORT: String(port), NODE_ENV: "production" });
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${origin}/healthz`, child);
  return { origin, pid: child.pid!, stop: () => stopChild(child) };
}

/** Old main's checkout, installed and built once per run (the throughput and admin-scale benches both start it). */
let prepared: Promise<{ dir: string; commit: string }> | null = null;

/**
 * Exports BENCH_BASELINE_REF, installs its own packages (npm ci from its lockfile) and builds it,
 * in a temporary directory removed when the bench exits (kept with BENCH_KEEP_BASELINE=1), or in
 * BENCH_BASELINE_DIR: made on the first run and reused by later ones, for measuring one change
 * again and again without installing and building old main each time.
 */
function prepareOldMain(): Promise<{ dir: string; commit: string }> {
  return (prepared ??= (async () => {
    const commit = execFileSync("git", ["rev-parse", "--short", `${BASELINE_REF}^{commit}`], { cwd: ROOT, encoding: "utf8" }).trim();
    const kept = process.env.BENCH_BASELINE_DIR;
    if (kept && fs.existsSync(path.join(kept, BUILD_DIR, "index.js")) && fs.existsSync(path.join(kept, `.commit-${commit}`))) {
      console.info(`  reusing ${commit}'s build in ${kept}`);
      return { dir: kept, commit };
    }
    const dir = kept ? (fs.mkdirSync(kept, { recursive: true }), kept) : fs.mkdtempSync(path.join(os.tmpdir(), `lw-bench-${commit}-`));
    const remove = () => fs.rmSync(dir, { recursive: true, force: true });
    if (!kept && process.env.BENCH_KEEP_BASELINE !== "1") process.once("exit", remove);
    try {
      // An export of the commit (no worktree registered in the repository) with its own packages, as
      // its lockfile pins them: old main runs the framework as it was, without this checkout's
      // route-matching patch (patches/, ADR 0010).
      execFileSync("sh", ["-c", `git archive --format=tar ${commit} | tar -x -C "${dir}"`], {
        cwd: ROOT,
        stdio: ["ignore", "ignore", "inherit"],
      });
      console.info(`  installing ${commit}'s packages (npm ci) in ${dir} ...`);
      execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
      console.info(`  building ${commit} (${BASELINE_REF}) ...`);
      execFileSync(process.execPath, [path.join(dir, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
        cwd: dir,
        stdio: "ignore",
        env: { ...process.env, BUILD_DIR, NODE_ENV: "production" },
      });
      if (kept) fs.writeFileSync(path.join(dir, `.commit-${commit}`), "");
      return { dir, commit };
    } catch (e) {
      if (!kept) remove();
      prepared = null;
      throw e;
    }
  })());
}

/**
 * The production server of BENCH_BASELINE_REF on the bench's database (same fixtures, sessions
 * and secret). The ref's migrations must not be ahead of this checkout's (the database is
 * migrated by this checkout's server first; the older server then finds nothing to do).
 */
export async function startOldMain(): Promise<{ server: BenchServer; commit: string; stop(): Promise<void> }> {
  const { dir, commit } = await prepareOldMain();
  const server = await startBenchServer({ cwd: dir, logName: `old-main-${commit}.log` });
  return { server, commit, stop: () => server.stop() };
}
