/**
 * Admin at scale: 100,000 applications seeded with multi-row INSERTs (1,000 rows each; 5% drafts,
 * the rest spread over the four statuses and two years of submission dates), then 50 sequential
 * requests of each admin list view as an admin signed in with both factors, timed to the last
 * byte of the HTML: the first page, a search by reference (a different reference each time) and
 * the status filter "approved". Three warm-up requests per view are not counted. The same views
 * are timed on old main (BENCH_BASELINE_REF) in the same run, on the same rows.
 */
import { randomInt } from "node:crypto";
import { BASELINE_REF, startOldMain } from "./lib/baselines";
import type { BenchContext } from "./lib/context";
import { Client } from "./lib/http";
import type { SectionResult } from "./lib/report";
import { ms, percentile } from "./lib/stats";

const N = Number(process.env.BENCH_ADMIN_ROWS || 100_000);
const BATCH = 1000;
const REQUESTS = 50;
const WARMUP = 3;
const STATUSES = ["submitted", "under-review", "approved", "rejected"] as const;

async function seed(ownerId: number) {
  const { getDb, getPool, schema } = await import("~/platform/db/db.server");
  const { generateReference } = await import("~/features/applications/reference.server");
  const purposes = schema.PURPOSES_DB;
  const now = Date.now();
  const twoYears = 2 * 365 * 24 * 3600 * 1000;
  const references: string[] = [];
  for (let start = 0; start < N; start += BATCH) {
    const values = [];
    for (let i = start; i < Math.min(N, start + BATCH); i++) {
      const status: (typeof STATUSES)[number] | "draft" = i % 20 === 0 ? "draft" : STATUSES[i % 4]!;
      const reference = generateReference();
      if (status !== "draft") references.push(reference);
      values.push({
        reference,
        userId: ownerId,
        amount: String(1000 + (i % 50) * 1000),
        purpose: purposes[(i * 3 + Math.floor(i / 7)) % purposes.length]!,
        annualIncome: "90000",
        livingSituation: "rent" as const,
        monthlyPayment: "1500",
        streetAddress: "100 Main Street",
        city: "Springfield",
        state: "TX",
        zipCode: "75001",
        status,
        submittedAt: status === "draft" ? null : new Date(now - twoYears + Math.floor((i / N) * twoYears)),
      });
    }
    await getDb().insert(schema.loanApplications).values(values);
  }
  await getPool().query("ANALYZE TABLE loan_applications");
  return references;
}

export async function adminScale(ctx: BenchContext): Promise<SectionResult> {
  const user = await ctx.bulkOwner();
  const { client } = await ctx.admin();
  const t0 = Date.now();
  const references = await seed(user.id);
  const seedSeconds = (Date.now() - t0) / 1000;
  console.info(`  seeded ${N.toLocaleString("en-US")} applications in ${seedSeconds.toFixed(1)} s`);

  const pick = () => references[randomInt(references.length)]!;
  const views: Array<{ label: string; path: () => string; mustContain?: (p: string) => string }> = [
    { label: "/admin (first page)", path: () => "/admin" },
    { label: "/admin?q=<reference>", path: () => `/admin?q=${pick()}`, mustContain: (p) => new URL(p, ctx.origin).searchParams.get("q")! },
    { label: "/admin?status=approved", path: () => "/admin?status=approved" },
  ];
  // The same views from old main (BENCH_BASELINE_REF) on the same rows, with the same admin session:
  // "nothing regresses" is judged against it in this run. It has no back-office queues,
  // which this build counts on every list page.
  const old = await startOldMain();
  const oldClient = new Client(old.server.origin, client.ip);
  for (const [k, v] of client.cookies) oldClient.cookies.set(k, v);
  const timesOf = async (c: Client, v: (typeof views)[number]) => {
    const times: number[] = [];
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const p = v.path();
      const start = process.hrtime.bigint();
      const res = await c.fetch(p);
      const html = await res.text();
      const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
      if (res.status !== 200) throw new Error(`${c.origin}${p}: ${res.status}`);
      if (v.mustContain && !html.includes(v.mustContain(p))) throw new Error(`${p}: the reference is not on the page`);
      if (i >= WARMUP) times.push(elapsed);
    }
    return times;
  };
  const rows: Array<Array<string | number>> = [];
  const slower: string[] = [];
  try {
    for (const [i, v] of views.entries()) {
      // Taking turns at going first, view by view.
      const measured = new Map<Client, number[]>();
      for (const c of i % 2 ? [oldClient, client] : [client, oldClient]) measured.set(c, await timesOf(c, v));
      const mine = measured.get(client)!;
      const theirs = measured.get(oldClient)!;
      const p95 = percentile(mine, 95);
      const oldP95 = percentile(theirs, 95);
      if (p95 > oldP95) slower.push(`${v.label} ${ms(p95)} vs ${ms(oldP95)}`);
      rows.push([
        v.label,
        REQUESTS,
        ms(percentile(mine, 50)),
        ms(p95),
        ms(Math.max(...mine)),
        ms(percentile(theirs, 50)),
        ms(oldP95),
        `${(p95 / oldP95).toFixed(2)}x`,
      ]);
      console.info(
        `  ${v.label}: p50 ${ms(percentile(mine, 50))}, p95 ${ms(p95)}; old main p50 ${ms(percentile(theirs, 50))}, p95 ${ms(oldP95)}`,
      );
    }
  } finally {
    await old.stop();
  }
  return {
    tables: [
      {
        title: `Admin list with ${N.toLocaleString("en-US")} applications (seeded in ${seedSeconds.toFixed(0)} s)`,
        columns: ["View", "Requests", "p50", "p95", "Max", `old main (${old.commit}) p50`, "old main p95", "p95 vs old main"],
        rows,
        notes: [
          "Sequential requests (one at a time) of the whole HTML document as a signed-in admin (password + TOTP), timed to its last byte.",
          "The reference search uses a different seeded reference for every request and checks it is on the page.",
          `Old main: ${BASELINE_REF}, built and started as in the throughput bench, on the same database and rows with the same admin session; the two take turns at going first, view by view. Old main has no back-office queues: this build also counts five queues on every list page.`,
        ],
      },
    ],
    checks: [
      {
        name: "admin list at 100,000 applications: p95 no higher than old main's (first page, reference search, status filter)",
        pass: slower.length === 0,
        detail: slower.length ? `slower: ${slower.join("; ")}` : "every view at or under old main's p95",
      },
    ],
  };
}
