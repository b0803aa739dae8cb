/**
 * What the framework patches (patches/, ADR 0010) are worth, and that an install without them does
 * not start: the same build served from a checkout whose node_modules has the diffs reversed
 * (bench/lib/unpatched.ts), against this checkout's server, page by page in turn (autocannon as in
 * the throughput bench). Reported as the unpatched server's req/s and CPU per request over the
 * patched one's.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { BenchContext } from "./lib/context";
import type { Check, SectionResult } from "./lib/report";
import { benchServerEnv, freePort, startBenchServer, type BenchServer } from "./lib/server";
import { removeUnpatchedCheckout, unpatchedCheckout } from "./lib/unpatched";
import { makePages, type PageId } from "./lib/targets";
import { measure } from "./throughput";
import { startScriptArgs } from "../tests/support/processes";
import { BUILD_DIR, ROOT } from "./lib/bench-env";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
/** Pages Remix renders on every request (the render cache's pages are answered before it runs). */
const PAGES: PageId[] = ["dashboard", "step1-get", "status", "admin", "landing"];
const ONLY = (process.env.BENCH_PAGES ?? "").split(",").filter(Boolean) as PageId[];

/** `npm ci --ignore-scripts` then `NODE_ENV=production npm start`: the server must exit with the message. */
async function refusesToStart(dir: string): Promise<{ pass: boolean; detail: string }> {
  const port = await freePort();
  const logFile = path.join(ROOT, "tests/.artifacts", BUILD_DIR, "unpatched-refusal.log");
  const fd = fs.openSync(logFile, "w");
  const child = spawn(process.execPath, startScriptArgs(dir), { cwd: dir, env: benchServerEnv(port), stdio: ["ignore", fd, fd] });
  fs.closeSync(fd);
  const code = await new Promise<number | null>((resolve) => {
    const t = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.once("exit", (c) => {
      clearTimeout(t);
      resolve(c);
    });
  });
  const out = fs.readFileSync(logFile, "utf8");
  const said = /Refusing to start in production: the framework patches in patches\/ are not applied/.test(out);
  return { pass: code !== 0 && said, detail: `exit code ${code}${said ? ", with the message" : ", without the message"}` };
}

export async function frameworkPatches(ctx: BenchContext): Promise<SectionResult> {
  const checks: Check[] = [];
  const refusalDir = unpatchedCheckout({ withMarker: false });
  try {
    const refusal = await refusesToStart(refusalDir);
    checks.push({ name: "an install without the patches (npm ci --ignore-scripts) refuses to start in production", ...refusal });
  } finally {
    removeUnpatchedCheckout(refusalDir);
  }

  const { pages: all } = await makePages(ctx, CONNECTIONS);
  const wanted = ONLY.length ? ONLY : PAGES;
  const pages = all.filter((p) => wanted.includes(p.id));
  const dir = unpatchedCheckout({ withMarker: true });
  let unpatched: BenchServer | null = null;
  const rows: Array<Array<string | number>> = [];
  try {
    unpatched = await startBenchServer({ cwd: dir, logName: "unpatched-server.log" });
    const servers = [
      { name: "patched (this build)", origin: ctx.origin, pid: ctx.server.pid },
      { name: "patches reverted", origin: unpatched.origin, pid: unpatched.pid },
    ];
    for (const [i, page] of pages.entries()) {
      const order = i % 2 ? [1, 0] : [0, 1];
      const figures: Array<Awaited<ReturnType<typeof measure>>> = [];
      for (const s of order) {
        const server = servers[s]!;
        figures[s] = await measure(page.opts(server.origin), page.expect, server.pid, `${page.id} ${server.name}`);
        const f = figures[s]!;
        console.info(
          `  ${page.label} | ${server.name}: ${f.rps.toFixed(0)} req/s, p99 ${f.p99} ms, CPU ${f.cpuPerReq.toFixed(2)} ms/req, ${f.expected}/${f.total} x ${page.expect}`,
        );
      }
      const [p, u] = figures as [(typeof figures)[0], (typeof figures)[0]];
      rows.push([
        page.label,
        p.rps.toFixed(0),
        u.rps.toFixed(0),
        p.rps > 0 ? (u.rps / p.rps).toFixed(2) : "-",
        `${p.cpuPerReq.toFixed(2)} ms`,
        `${u.cpuPerReq.toFixed(2)} ms`,
        p.cpuPerReq > 0 ? (u.cpuPerReq / p.cpuPerReq).toFixed(2) : "-",
        `${p.expected}/${p.total}; ${u.expected}/${u.total} x ${page.expect}`,
      ]);
      checks.push({
        name: `${page.label}: both servers answer only ${page.expect}`,
        pass: p.total > 0 && u.total > 0 && p.expected === p.total && u.expected === u.total && p.errors + u.errors === 0,
      });
    }
  } finally {
    await unpatched?.stop().catch(() => {});
    removeUnpatchedCheckout(dir);
  }
  return {
    tables: [
      {
        title: `Framework patches: this build with and without them (autocannon ${CONNECTIONS} connections, in turn)`,
        columns: [
          "Page",
          "Patched req/s",
          "Reverted req/s",
          "Req/s ratio (reverted / patched)",
          "Patched CPU/req",
          "Reverted CPU/req",
          "CPU ratio (reverted / patched)",
          "Answers",
        ],
        rows,
        notes: [
          "Reverted: the same build and server entry, run from tests/.artifacts/<BUILD_DIR>/unpatched/ whose node_modules has every diff in patches/ reversed (bench/lib/unpatched.ts); only the boot check's marker comment is put back so it starts.",
          "A req/s ratio under 1 (a CPU ratio over 1) is what the patches save. The landing page is mostly render cache hits, which do not reach Remix.",
        ],
      },
    ],
    checks,
  };
}
