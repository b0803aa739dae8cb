/**
 * Where a request's time goes on the uncached paths: for each page (signed-in dashboard, wizard
 * step 1 GET and POST, status lookup, admin list) a server of its own is started with
 * `node --cpu-prof`, loaded with autocannon (BENCH_CONNECTIONS, BENCH_PROFILE_DURATION s), stopped,
 * and its profile summarised by area (bench/lib/cpu-profile.ts). The .cpuprofile files stay in
 * tests/.artifacts/<BUILD_DIR>/profiles/ (open them in Chrome DevTools, Performance panel).
 * Not in the default run: `npm run bench -- profile`.
 */
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { BUILD_DIR, ROOT } from "./lib/bench-env";
import type { BenchContext } from "./lib/context";
import { formatSummary, readProfile, summarizeProfile } from "./lib/cpu-profile";
import type { SectionResult, Table } from "./lib/report";
import { startBenchServer } from "./lib/server";
import { makePages, type PageId } from "./lib/targets";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const DURATION = Number(process.env.BENCH_PROFILE_DURATION || 8);
const PROFILED: PageId[] = (process.env.BENCH_PROFILE_PAGES?.split(",") as PageId[] | undefined) ?? [
  "dashboard",
  "step1-get",
  "step1-post",
  "status",
  "admin",
];

export async function profile(ctx: BenchContext): Promise<SectionResult> {
  const { pages } = await makePages(ctx, CONNECTIONS);
  const outDir = path.join(ROOT, "tests/.artifacts", BUILD_DIR, "profiles");
  fs.rmSync(outDir, { recursive: true, force: true });
  const tables: Table[] = [];
  for (const id of PROFILED) {
    const page = pages.find((p) => p.id === id)!;
    const dir = path.join(outDir, id);
    fs.mkdirSync(dir, { recursive: true });
    const server = await startBenchServer({ nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`], logName: `profile-${id}.log` });
    let requests = 0;
    let rps = 0;
    try {
      await autocannon({ ...page.opts(server.origin), connections: 10, duration: 2 });
      const r = await autocannon({ ...page.opts(server.origin), connections: CONNECTIONS, duration: DURATION });
      requests = r.requests.total;
      rps = r.requests.average;
    } finally {
      await server.stop();
    }
    const file = fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
    if (!file) throw new Error(`no profile written for ${id} in ${dir}`);
    // The profile covers the whole process (start, warm-up, load): the per-request figure divides
    // everything by the measured requests, so it is an upper bound.
    const summary = summarizeProfile(readProfile(path.join(dir, file)));
    fs.writeFileSync(
      path.join(dir, "summary.txt"),
      `${page.label}: ${rps.toFixed(0)} req/s under the profiler\n\n${formatSummary(summary, requests)}\n`,
    );
    console.info(
      `  ${page.label}: ${rps.toFixed(0)} req/s under the profiler, summary in ${path.relative(ROOT, path.join(dir, "summary.txt"))}`,
    );
    tables.push({
      title: `CPU profile: ${page.label} (${rps.toFixed(0)} req/s under the profiler)`,
      columns: ["Area", "Self ms", "Share", "µs/request", "Top functions"],
      rows: summary.areas
        .filter((a) => a.share >= 0.005)
        .map((a) => [
          a.area,
          a.ms.toFixed(0),
          `${(a.share * 100).toFixed(1)}%`,
          ((a.ms * 1000) / Math.max(1, requests)).toFixed(0),
          a.top.map((f) => `${f.name} ${f.ms.toFixed(0)}`).join("; "),
        ]),
      notes: [
        `Busy ${summary.busyMs.toFixed(0)} ms of ${summary.totalMs.toFixed(0)} ms sampled (the whole process: start, 2 s warm-up, ${DURATION} s at ${CONNECTIONS} connections); ${requests} measured requests. Areas under 0.5% left out; full summary and .cpuprofile in tests/.artifacts/${BUILD_DIR}/profiles/${id}/.`,
      ],
    });
  }
  return { tables, checks: [] };
}
