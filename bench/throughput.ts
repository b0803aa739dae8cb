/**
 * Server throughput with autocannon (50 connections, 10 s per target, after a 2 s warm-up at 10
 * connections): the landing page, the FAQ, the status lookup and the step-1 POST, next to a
 * baseline measured in the same run: a bare Node `http` server sending the landing page's bytes.
 * Also what the anonymous public pages send for a CDN (Cache-Control, Vary, Set-Cookie).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon, { type Options, type Result } from "autocannon";
import { loanProducts } from "~/content/products";
import { BENCH, ROOT } from "./lib/bench-env";
import type { BenchContext } from "./lib/context";
import { Client, expectRedirect, nextIp } from "./lib/http";
import type { SectionResult, Table } from "./lib/report";
import { freePort, stopChild, waitUntilUp } from "./lib/server";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const DURATION = Number(process.env.BENCH_DURATION || 10);
const STEP1 = "amount=30000&purpose=equipment-financing&amountShown=25000&intent=continue";

type Target = { label: string; expect: number; opts: Omit<Options, "connections" | "duration"> };

function summarize(r: Result, expect: number) {
  const total = Object.values(r.statusCodeStats ?? {}).reduce((n, s) => n + Number(s.count), 0);
  const expected = Number(r.statusCodeStats?.[String(expect)]?.count ?? 0);
  const other = Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => code !== String(expect))
    .map(([code, s]) => `${s.count}x${code}`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total, expected, other, errors: r.errors + r.timeouts };
}

async function startBaseline(landing: Buffer, contentType: string) {
  const dir = fs.mkdtempSync(path.join(BENCH.dataDir, "baseline-"));
  const file = path.join(dir, "landing.html");
  fs.writeFileSync(file, landing);
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "bench/lib/baseline-server.ts"], {
    cwd: ROOT,
    env: { ...process.env, BASELINE_FILE: file, BASELINE_CONTENT_TYPE: contentType, PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${origin}/healthz`, child);
  return { origin, stop: () => stopChild(child) };
}

/** Public pages an anonymous visitor reads, and whether a CDN may keep them. */
async function cacheHeaders(ctx: BenchContext, reference: string): Promise<{ table: Table; publicOk: boolean; privateOk: boolean; detail: string }> {
  const { client: signedIn } = await ctx.applicant();
  // The sign-in's toast waits in the session for the next page: show it once, so the probes
  // below see what every later page sends.
  await (await signedIn.fetch("/dashboard")).arrayBuffer();
  const pages = ["/", ...loanProducts.map((p) => p.path), "/faq", "/loan-calculator", "/privacy-policy", "/terms-of-service", "/api-docs", "/application-status", "/login", "/signup"];
  const cdnMayStore = (cc: string, setCookie: boolean) => !setCookie && /\b(public|s-maxage=\d+)/i.test(cc) && !/\b(private|no-store)\b/i.test(cc);
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
    detail: [failedPublic.length ? `not cacheable: ${failedPublic.join(", ")}` : "", failedPrivate.length ? `cacheable but personal: ${failedPrivate.join(", ")}` : ""].filter(Boolean).join("; "),
  };
}

export async function throughput(ctx: BenchContext): Promise<SectionResult> {
  const { application } = await ctx.applicant();
  const reference = application.reference;

  // The landing page exactly as autocannon receives it (autocannon sends no Accept-Encoding).
  const landingRes = await fetch(`${ctx.origin}/`, { headers: { "accept-encoding": "identity" } });
  const landing = Buffer.from(await landingRes.arrayBuffer());
  const baseline = await startBaseline(landing, landingRes.headers.get("content-type") ?? "text/html; charset=utf-8");

  // One anonymous wizard session per connection (each from its own address: drafts are created
  // at most so often per client), each with a draft, so every POST saves an existing draft.
  const sessions: Array<{ cookie: string; ip: string }> = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const c = new Client(ctx.origin);
    await expectRedirect(await c.fetch("/apply/loan", { body: STEP1, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } }), "/apply/owner", "step 1");
    sessions.push({ cookie: c.cookieHeader(), ip: c.ip });
  }
  let nextSession = 0;

  const targets: Target[] = [
    { label: "Baseline: bare node:http, landing bytes", expect: 200, opts: { url: `${baseline.origin}/` } },
    { label: "GET / (anonymous)", expect: 200, opts: { url: `${ctx.origin}/` } },
    { label: "GET /faq (anonymous)", expect: 200, opts: { url: `${ctx.origin}/faq` } },
    {
      label: "GET /application-status?id=<ref> (status lookup)",
      expect: 200,
      opts: {
        url: `${ctx.origin}/application-status?id=${reference}`,
        // 30 lookups per minute per client: every request comes from its own address.
        requests: [{ method: "GET", setupRequest: (req) => ({ ...req, headers: { ...req.headers, "x-forwarded-for": nextIp() } }) }],
      },
    },
    {
      label: "POST /apply/loan (step 1, with a session)",
      expect: 302,
      opts: {
        url: `${ctx.origin}/apply/loan`,
        method: "POST",
        body: STEP1,
        setupClient: (client) => {
          const s = sessions[nextSession++ % sessions.length]!;
          client.setHeaders({ "content-type": "application/x-www-form-urlencoded", origin: ctx.origin, cookie: s.cookie, "x-forwarded-for": s.ip });
        },
      },
    },
  ];

  const results: Array<{ t: Target; s: ReturnType<typeof summarize> }> = [];
  try {
    for (const t of targets) {
      await autocannon({ ...t.opts, connections: 10, duration: 2 });
      const r = await autocannon({ ...t.opts, connections: CONNECTIONS, duration: DURATION });
      const s = summarize(r, t.expect);
      results.push({ t, s });
      console.info(`  ${t.label}: ${s.rps.toFixed(0)} req/s, p99 ${s.p99} ms, ${s.expected}/${s.total} x ${t.expect}${s.other.length ? `, other: ${s.other.join(" ")}` : ""}`);
    }
  } finally {
    await baseline.stop();
  }

  const base = results[0]!.s;
  const cache = await cacheHeaders(ctx, reference);
  const allExpected = results.every((r) => r.s.total > 0 && r.s.expected === r.s.total && r.s.errors === 0);
  return {
    tables: [
      {
        title: `Throughput (autocannon ${CONNECTIONS} connections, ${DURATION} s each)`,
        columns: ["Target", "Req/s", "vs baseline", "p50", "p99", "p99 vs baseline", "Answers"],
        rows: results.map(({ t, s }) => [
          t.label,
          s.rps.toFixed(0),
          `${((s.rps / base.rps) * 100).toFixed(1)}%`,
          `${s.p50} ms`,
          `${s.p99} ms`,
          `${(s.p99 / base.p99).toFixed(1)}x`,
          `${s.expected}/${s.total} ${t.expect}${s.other.length ? `; ${s.other.join(" ")}` : ""}${s.errors ? `; ${s.errors} errors` : ""}`,
        ]),
        notes: [
          `Baseline body: the landing page's ${landing.length} bytes (uncompressed, as autocannon asks for no encoding), from a separate process like the app server.`,
          "Status lookup: the app allows 30 lookups per minute per client address, so each request carries its own X-Forwarded-For (the server trusts it with TRUST_PROXY=1); each lookup also counts itself in the rate_limits table, as a real one would.",
          `Step 1: ${CONNECTIONS} anonymous sessions made beforehand (one per connection, each with its draft and own address), each POST saves the draft and answers 302 to /apply/owner.`,
          "autocannon runs in the bench process on the same 2 cores as the server and MariaDB; the ratio to the baseline is the figure to compare between runs.",
        ],
      },
      cache.table,
    ],
    checks: [
      { name: "throughput targets answered only with the expected status", pass: allExpected },
      { name: "anonymous public pages send cache headers that let a CDN serve them", pass: cache.publicOk, detail: cache.detail || undefined },
      { name: "personal answers (signed in, status result) are not CDN-cacheable", pass: cache.privateOk },
    ],
  };
}
