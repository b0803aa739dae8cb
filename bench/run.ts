/**
 * `npm run bench`: builds into build-bench/, then runs every bench against a throwaway database
 * and production server and prints one table per bench plus the budget checks.
 *   tsx bench/run.ts [page-weight no-js low-end-phone lighthouse upload throughput admin-scale marketplace csv-export framework-patches lender-queue api-auth webhooks profile] [--md FILE]
 * With names, only those benches run. --md writes the tables as Markdown (for bench/RESULTS.md).
 * Exit code 1 when a budget check fails.
 */
import { BENCH, BUILD_DIR, ROOT } from "./lib/bench-env";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { adminScale } from "./admin-scale";
import { apiAuth } from "./api-auth";
import { csvExport } from "./csv-export";
import { createContext, type BenchContext } from "./lib/context";
import { formatChecks, formatTable, markdownChecks, markdownTable, type SectionResult } from "./lib/report";
import { frameworkPatches } from "./framework-patches";
import { dropBenchData, startBenchServer, startScriptNodeArgs, type BenchServer } from "./lib/server";
import { lenderQueue } from "./lender-queue";
import { lighthouseBench } from "./lighthouse";
import { lowEndPhone } from "./low-end-phone";
import { marketplace } from "./marketplace";
import { noJavaScript } from "./no-js";
import { pageWeight } from "./page-weight";
import { profile } from "./profile";
import { throughput } from "./throughput";
import { uploadMemory } from "./upload-memory";
import { webhookLatency } from "./webhook-latency";

const SECTIONS: Record<string, { title: string; run: (ctx: BenchContext) => Promise<SectionResult> }> = {
  "page-weight": { title: "Page load: bytes of HTML, CSS and JavaScript", run: pageWeight },
  "no-js": { title: "Page load: every public page and wizard step with 0 bytes of JavaScript", run: noJavaScript },
  "low-end-phone": { title: "Low-end phone: 4x CPU slowdown, slow 4G", run: lowEndPhone },
  lighthouse: { title: "Lighthouse on /, /apply/loan and the offers page (mobile defaults): scores and budgets", run: lighthouseBench },
  // Before throughput: the upload's RSS figures are read on a server the load test has not grown.
  upload: { title: "10 MB upload: server memory and speed", run: uploadMemory },
  throughput: { title: "Server throughput (autocannon, 50 connections, 10 s each)", run: throughput },
  "admin-scale": { title: "Admin at scale: 100,000 applications", run: adminScale },
  marketplace: { title: "Marketplace: matching 100 lender products; offers page with 50 offers", run: marketplace },
  "csv-export": { title: "CSV export of 100,000 applications: server memory", run: csvExport },
  "framework-patches": {
    title: "Framework patches: throughput with and without them; an unpatched install refuses to start",
    run: frameworkPatches,
  },
  // After the benches above: it adds 50 lenders and their offers to the admin-scale rows.
  "lender-queue": { title: "Lender queue at scale: 100,000 applications across 50 lenders", run: lenderQueue },
  "api-auth": { title: "API: key authentication vs cookie authentication (50 connections)", run: apiAuth },
  webhooks: { title: "Webhook delivery latency: stage change to a local receiver", run: webhookLatency },
  // Only when named (`npm run bench -- profile`): a server per page under the CPU profiler.
  profile: { title: "CPU profiles of the uncached pages (node --cpu-prof under autocannon)", run: profile },
};
const NOT_BY_DEFAULT = new Set(["profile"]);

function machine() {
  const cpuinfo = fs.readFileSync("/proc/cpuinfo", "utf8");
  const model = /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? "unknown";
  const memTotal = Number(/MemTotal:\s+(\d+)/.exec(fs.readFileSync("/proc/meminfo", "utf8"))?.[1] ?? 0) * 1024;
  let nproc = String(os.availableParallelism());
  try {
    nproc = execFileSync("nproc", { encoding: "utf8" }).trim();
  } catch {
    /* os figure */
  }
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    /* not a checkout */
  }
  return {
    model,
    nproc,
    memory: `${(memTotal / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    commit,
  };
}

const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

async function main() {
  const args = process.argv.slice(2);
  const names: string[] = [];
  let mdFile: string | null = null;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--md") mdFile = args[++i] ?? null;
    else names.push(args[i]!);
  }
  const selected = names.length ? names : Object.keys(SECTIONS).filter((n) => !NOT_BY_DEFAULT.has(n));
  for (const n of selected) if (!SECTIONS[n]) throw new Error(`unknown bench '${n}' (known: ${Object.keys(SECTIONS).join(", ")})`);

  const info = machine();
  const started = new Date();
  const loadStart = loadavg();
  console.info(
    `Bench ${started.toISOString()} | ${info.model} | ${info.nproc} CPUs | ${info.memory} | Node ${info.node} | commit ${info.commit}`,
  );
  console.info(`Load average at start: ${loadStart} | build ${BUILD_DIR}/ | database ${BENCH.dbName}`);

  let server: BenchServer | null = null;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    const { closeDb } = await import("~/platform/db/db.server");
    await closeDb().catch(() => {});
    await server?.stop().catch(() => {});
    await dropBenchData().catch((e) => console.error(`could not drop ${BENCH.dbName}: ${(e as Error).message}`));
  };
  process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));

  const results: Array<{ name: string; title: string; result: SectionResult | null; error?: string; seconds: number }> = [];
  try {
    server = await startBenchServer();
    const ctx = createContext(server);
    for (const name of selected) {
      const s = SECTIONS[name]!;
      console.info(`\n== ${s.title} ==`);
      const t0 = Date.now();
      try {
        const result = await s.run(ctx);
        const seconds = (Date.now() - t0) / 1000;
        results.push({ name, title: s.title, result, seconds });
        for (const t of result.tables) console.info(formatTable(t));
        if (result.checks.length) console.info(`\n${formatChecks(result.checks)}`);
        console.info(`(${seconds.toFixed(0)} s)`);
      } catch (e) {
        const seconds = (Date.now() - t0) / 1000;
        const error = (e as Error).stack ?? String(e);
        results.push({ name, title: s.title, result: null, error, seconds });
        console.error(`${name} failed: ${error}`);
      }
    }
  } finally {
    await cleanup();
  }

  const loadEnd = loadavg();
  const finished = new Date();
  const checks = results.flatMap((r) => r.result?.checks ?? []);
  const failed = checks.filter((c) => !c.pass).length + results.filter((r) => r.error).length;
  console.info(`\n== Summary ==\n${formatChecks(checks)}`);
  console.info(`Load average at end: ${loadEnd} | ${((finished.getTime() - started.getTime()) / 1000).toFixed(0)} s in all`);

  if (mdFile) {
    const md = [
      `Run of ${started.toISOString()} (commit ${info.commit}), ${((finished.getTime() - started.getTime()) / 1000).toFixed(0)} s in all.`,
      "",
      `- Machine: ${info.model}, ${info.nproc} CPUs (nproc), ${info.memory} RAM, ${info.os}`,
      `- Node ${info.node}; build \`${BUILD_DIR}/\` (NODE_ENV=production, \`node ${startScriptNodeArgs(ROOT).join(" ")}\`, as \`npm start\`)`,
      `- Load average (1/5/15 min) at start: ${loadStart}; at end: ${loadEnd}`,
      "",
      ...results.flatMap((r) => [
        `## ${r.title}`,
        "",
        ...(r.result
          ? [
              ...r.result.tables.flatMap((t) => [markdownTable(t), ""]),
              ...(r.result.checks.length ? [markdownChecks(r.result.checks), ""] : []),
            ]
          : ["```", r.error ?? "", "```", ""]),
      ]),
    ].join("\n");
    fs.writeFileSync(mdFile, md);
    console.info(`Markdown written to ${mdFile}`);
  }
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
