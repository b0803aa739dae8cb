/**
 * Server throughput with autocannon (BENCH_CONNECTIONS = 50 connections, BENCH_DURATION = 10 s per
 * target after a 2 s warm-up at 10 connections), every page measured on four servers in turn, in
 * the same run, on the same database and fixtures:
 *   - bare Node `http` sending the app's exact answer (the physical limit),
 *   - a minimal Remix app rendering the same document with no data (the framework's ceiling),
 *   - the production build of old main (BENCH_BASELINE_REF, default 2abb983),
 *   - this build.
 * Pages: anonymous / and /faq, the signed-in dashboard, wizard step 1 GET and POST, the status
 * lookup and the admin list. Checks: the performance targets. Then what the
 * anonymous public pages send for a CDN (Cache-Control, Vary, Set-Cookie).
 */
import fs from "node:fs";
import path from "node:path";
import autocannon, { type Options, type Result } from "autocannon";
import { loanProducts } from "~/content/products";
import { capture, cpuMs, startBareNode, startMinimalRemix, startOldMain, BASELINE_REF, type Capture, type Running } from "./lib/baselines";
import type { BenchContext } from "./lib/context";
import { Client } from "./lib/http";
import type { Check, SectionResult, Table } from "./lib/report";
import { makePages, STEP1, type PageId } from "./lib/targets";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const DURATION = Number(process.env.BENCH_DURATION || 10);
/** BENCH_TRACE_DIR: write every measured answer's [time, latency ms] there, one JSON file per page and server. */
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
/** BENCH_PAGES=dashboard,status,... to measure only some pages (all by default). */
const ONLY = (process.env.BENCH_PAGES ?? "").split(",").filter(Boolean) as PageId[];

function summarize(r: Result, expect: number) {
  const total = Object.values(r.statusCodeStats ?? {}).reduce((n, s) => n + Number(s.count), 0);
  const expected = Number(r.statusCodeStats?.[String(expect)]?.count ?? 0);
  const other = Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => code !== String(expect))
    .map(([code, s]) => `${s.count}x${code}`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total, expected, other, errors: r.errors + r.timeouts };
}
type Figures = ReturnType<typeof summarize>;

/** The local database server's process (mariadbd or mysqld), if it runs on this machine. */
function databasePid(): number | null {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim();
      if (comm === "mariadbd" || comm === "mysqld") return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

/** Warm-up, then the measured run; with the server's CPU time per answered request (its own process only). */
export async function measure(
  opts: Omit<Options, "connections" | "duration">,
  expect: number,
  pid: number,
  label: string,
): Promise<Figures & { cpuPerReq: number; dbCpuPerReq: number }> {
  await autocannon({ ...opts, connections: 10, duration: 2 });
  const cpu0 = cpuMs(pid);
  const db = databasePid();
  const dbCpu0 = db ? cpuMs(db) : NaN;
  const trace: Array<[number, number, number]> = [];
  const traced: typeof opts = TRACE_DIR
    ? {
        ...opts,
        setupClient(client) {
          opts.setupClient?.(client);
          client.on("response", (_status, _bytes, ms) => trace.push([Date.now(), ms, Math.round(performance.now())]));
        },
      }
    : opts;
  const f = summarize(await autocannon({ ...traced, connections: CONNECTIONS, duration: DURATION }), expect);
  if (TRACE_DIR) {
    fs.mkdirSync(TRACE_DIR, { recursive: true });
    fs.writeFileSync(path.join(TRACE_DIR, `${label.replace(/[^a-z0-9]+/gi, "-")}.json`), JSON.stringify(trace));
  }
  const cpuPerReq = f.total ? (cpuMs(pid) - cpu0) / f.total : NaN;
  return { ...f, cpuPerReq, dbCpuPerReq: f.total && db ? (cpuMs(db) - dbCpu0) / f.total : NaN };
}

/** Public pages an anonymous visitor reads, and whether a CDN may keep them. */
async function cacheHeaders(
  ctx: BenchContext,
  reference: string,
): Promise<{ table: Table; publicOk: boolean; privateOk: boolean; detail: string }> {
  const { client: signedIn } = await ctx.applicant();
  const pages = [
    "/",
    ...loanProducts.map((p) => p.path),
    "/faq",
    "/loan-calculator",
    "/privacy-policy",
    "/terms-of-service",
    "/api-docs",
    "/application-status",
    "/login",
    "/signup",
  ];
  const cdnMayStore = (cc: string, setCookie: boolean) =>
    !setCookie && /\b(public|s-maxage=\d+)/i.test(cc) && !/\b(private|no-store)\b/i.test(cc);
  const rows: Array<Array<string | number>> = [];
  const failedPublic: string[] = [];
  const failedPrivate: string[] = [];
  const probe = async (client: Client, p: string, who: string, mustBe: "public" | "private" | "either") => {
    const res = await client.fetch(p);
    await res.arrayBuffer();
    const cc = res.headers.get("cache-control") ?? "(none)";
    const setCookie = res.headers.getSetCookie().length > 0;
    const cdn = cdnMayStore(cc, setCookie);
    if (mustBe === "public" && !cdn) failedPublic.push(p);
    if (mustBe === "private" && cdn) failedPrivate.push(`${p} (${who})`);
    rows.push([p, who, res.status, cc, res.headers.get("vary") ?? "", setCookie ? "yes" : "no", cdn ? "yes" : "no"]);
  };
  for (const p of pages) {
    // The status form and the sign-in pages are reported, not required to be CDN-cacheable.
    const must = ["/application-status", "/login", "/signup"].includes(p) ? "either" : "public";
    await probe(new Client(ctx.origin), p, "anonymous", must);
  }
  await probe(new Client(ctx.origin), `/application-status?id=${reference}`, "anonymous", "private");
  for (const p of ["/", "/faq", "/dashboard"]) await probe(signedIn, p, "signed in", "private");
  return {
    table: {
      title: "Cache headers of public pages (what a CDN would see)",
      columns: ["Path", "Visitor", "Status", "Cache-Control", "Vary", "Set-Cookie", "CDN may store"],
      rows,
      notes: ["CDN may store = Cache-Control has public or s-maxage, no private/no-store, and no Set-Cookie."],
    },
    publicOk: failedPublic.length === 0,
    privateOk: failedPrivate.length === 0,
    detail: [
      failedPublic.length ? `not cacheable: ${failedPublic.join(", ")}` : "",
      failedPrivate.length ? `cacheable but personal: ${failedPrivate.join(", ")}` : "",
    ]
      .filter(Boolean)
      .join("; "),
  };
}

/** The performance targets. */
const DYNAMIC_TARGETS: PageId[] = ["dashboard", "step1-post", "status"];
const ANONYMOUS_TARGETS: PageId[] = ["landing", "faq"];

export async function throughput(ctx: BenchContext): Promise<SectionResult> {
  const { pages: allPages, reference } = await makePages(ctx, CONNECTIONS);
  const pages = ONLY.length ? allPages.filter((p) => ONLY.includes(p.id)) : allPages;

  // Each page exactly as autocannon gets it from this build (no Accept-Encoding), for the two
  // static baselines. The step-1 POST is captured with a wizard session of its own.
  const captures: Capture[] = [];
  const firstWizard = new Client(ctx.origin);
  for (const p of pages) {
    if (p.id === "step1-post") {
      await firstWizard.fetch("/apply/loan", {
        body: STEP1,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      captures.push(
        await capture(ctx.origin, p.path, { method: "POST", body: STEP1, cookie: firstWizard.cookieHeader(), ip: firstWizard.ip }),
      );
    } else captures.push(await capture(ctx.origin, p.path, { cookie: p.captureCookie }));
  }
  for (const c of captures) if (c.status >= 400) throw new Error(`capture of ${c.key} answered ${c.status}`);
  if (TRACE_DIR) {
    fs.mkdirSync(TRACE_DIR, { recursive: true });
    for (const c of captures) fs.writeFileSync(path.join(TRACE_DIR, `${c.key.replace(/[^a-z0-9]+/gi, "-")}.html`), c.body);
  }

  const running: Running[] = [];
  const rows: Array<Array<string | number>> = [];
  const checks: Check[] = [];
  const notes: string[] = [];
  let allExpected = true;
  try {
    const bare = await startBareNode(captures);
    running.push(bare);
    const minimal = await startMinimalRemix(captures);
    running.push(minimal);
    const old = await startOldMain();
    running.push({ origin: old.server.origin, pid: old.server.pid, stop: () => old.stop() });
    const servers: Array<{ name: string; origin: string; pid: number }> = [
      { name: "bare Node http", origin: bare.origin, pid: bare.pid },
      { name: "minimal Remix route", origin: minimal.origin, pid: minimal.pid },
      { name: `old main (${old.commit})`, origin: old.server.origin, pid: old.server.pid },
      { name: "this build", origin: ctx.origin, pid: ctx.server.pid },
    ];

    for (const [pageIndex, page] of pages.entries()) {
      const figures: Array<Figures & { cpuPerReq: number; dbCpuPerReq: number }> = [];
      // Old main and this build take turns at going first (page by page): whatever one leaves
      // behind (MariaDB flushing a burst of throttle rows, a warm cache) is not always the other's.
      const order = pageIndex % 2 ? [0, 1, 3, 2] : [0, 1, 2, 3];
      for (const i of order) {
        const s = servers[i]!;
        const f = await measure(page.opts(s.origin), page.expect, s.pid, `${page.id} ${s.name}`);
        figures[i] = f;
        if (s.name === "this build" || s.name.startsWith("old main"))
          allExpected &&= f.total > 0 && f.expected === f.total && f.errors === 0;
        console.info(
          `  ${page.label} | ${s.name}: ${f.rps.toFixed(0)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, CPU ${f.cpuPerReq.toFixed(2)} ms/req (database ${f.dbCpuPerReq.toFixed(2)}), ${f.expected}/${f.total} x ${page.expect}${f.other.length ? `, other: ${f.other.join(" ")}` : ""}`,
        );
      }
      const [fb, fm, fo, fn] = figures as unknown as [Figures, Figures, Figures, Figures];
      const cpuOld = figures[2]!.cpuPerReq;
      const ratio = (a: number, b: number) => (b > 0 ? `${((a / b) * 100).toFixed(1)}%` : "-");
      servers.forEach((s, i) => {
        const f = figures[i]!;
        rows.push([
          i === 0 ? page.label : "",
          s.name,
          f.rps.toFixed(0),
          `${f.p50} ms`,
          `${f.p99} ms`,
          ratio(f.rps, fb.rps),
          ratio(f.rps, fm.rps),
          ratio(f.rps, fo.rps),
          fo.p99 > 0 ? `${(f.p99 / fo.p99).toFixed(2)}x` : "-",
          Number.isFinite(f.cpuPerReq) ? `${f.cpuPerReq.toFixed(2)} ms` : "-",
          Number.isFinite(f.cpuPerReq) && cpuOld > 0 ? `${(f.cpuPerReq / cpuOld).toFixed(2)}x` : "-",
          Number.isFinite(f.dbCpuPerReq) ? `${f.dbCpuPerReq.toFixed(2)} ms` : "-",
          `${f.expected}/${f.total} ${page.expect}${f.other.length ? `; ${f.other.join(" ")}` : ""}${f.errors ? `; ${f.errors} errors` : ""}`,
        ]);
      });
      const capt = captures.find((c) => c.key === `${page.id === "step1-post" ? "POST" : "GET"} ${page.path}`);
      if (capt)
        notes.push(
          capt.status === 200
            ? `${page.label}: ${capt.body.length} bytes (status 200) from bare Node; the minimal Remix route renders the same head and body without the product's scripts, plus its own.`
            : `${page.label}: status ${capt.status} to ${capt.location ?? "-"}, ${capt.body.length} bytes, from bare Node; the minimal Remix route's action reads the form and redirects.`,
        );
      if (DYNAMIC_TARGETS.includes(page.id)) {
        const faster = fn.rps >= 2 * fo.rps;
        const nearFramework = fn.rps >= 0.8 * fm.rps;
        const p99ok = fn.p99 <= fo.p99 / 2;
        checks.push({
          name: `${page.label}: >= 2x old main's req/s or >= 80% of the minimal Remix route, and p99 <= half of old main's`,
          pass: (faster || nearFramework) && p99ok,
          detail: `${(fn.rps / fo.rps).toFixed(2)}x old main, ${((fn.rps / fm.rps) * 100).toFixed(0)}% of minimal Remix; p99 ${fn.p99} ms vs ${fo.p99} ms (${(fn.p99 / fo.p99).toFixed(2)}x)`,
        });
      }
      if (ANONYMOUS_TARGETS.includes(page.id)) {
        checks.push({
          name: `${page.label}: >= 30% of bare Node's req/s and p99 under 20 ms`,
          pass: fn.rps >= 0.3 * fb.rps && fn.p99 < 20,
          detail: `${((fn.rps / fb.rps) * 100).toFixed(1)}% of bare Node, p99 ${fn.p99} ms`,
        });
      }
    }
  } finally {
    for (const r of running.reverse()) await r.stop().catch((e) => console.error(`stopping a baseline: ${(e as Error).message}`));
  }

  const cache = await cacheHeaders(ctx, reference);
  return {
    tables: [
      {
        title: `Throughput (autocannon ${CONNECTIONS} connections, ${DURATION} s each; four servers per page, in turn)`,
        columns: [
          "Page",
          "Server",
          "Req/s",
          "p50",
          "p99",
          "vs bare Node",
          "vs minimal Remix",
          "vs old main",
          "p99 vs old main",
          "CPU/req",
          "CPU vs old main",
          "DB CPU/req",
          "Answers",
        ],
        rows,
        notes: [
          `Old main = ${BASELINE_REF} (BENCH_BASELINE_REF), built from a git archive in a temporary directory with its own packages (npm ci from its lockfile), started like this build (same pool: DB_POOL_SIZE 10, DB_QUEUE_LIMIT 1000) on the same database with the same people and sessions.`,
          "Bare Node: a separate process answering with the bytes, status, content type and Location this build sent (autocannon asks for no compression). Minimal Remix: bench/minimal-remix, one route, no loader, served like remix-serve (Express, compression, the Remix handler).",
          "Status lookup: 30 lookups per minute per client address, so each request carries its own X-Forwarded-For (TRUST_PROXY=1); each lookup also counts itself in the rate_limits table, as a real one would.",
          `Step 1: ${CONNECTIONS} anonymous sessions made beforehand (one per connection, each with its draft and own address); each POST saves the draft and answers 302 to /apply/owner.`,
          "autocannon runs in the bench process on the same cores as the servers and MariaDB: compare the ratios, not the absolute figures. Per page the order is bare Node, minimal Remix, then old main and this build, the latter two taking turns at going first (first page: old main first).",
          'CPU/req: the server process\'s own CPU time (user + system, /proc/<pid>/stat, 10 ms ticks) during the measured run divided by its answers. It depends far less on what else runs on the machine than req/s does. DB CPU/req: the same for the MariaDB (or MySQL) server process during that run (it serves only the bench then; a local database server only, else "-").',
          ...notes,
        ],
      },
      cache.table,
    ],
    checks: [
      { name: "throughput targets answered only with the expected status (this build and old main)", pass: allExpected },
      ...checks,
      {
        name: "anonymous public pages send cache headers that let a CDN serve them",
        pass: cache.publicOk,
        detail: cache.detail || undefined,
      },
      { name: "personal answers (signed in, status result) are not CDN-cacheable", pass: cache.privateOk },
    ],
  };
}
