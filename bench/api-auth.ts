/**
 * API key vs cookie authentication, in the same run at the same concurrency (BENCH_CONNECTIONS,
 * 50) on the same data (the lender-queue bench's 100,000 applications and 50 lenders):
 *   - key: GET /api/partner/applications?limit=25 with a lender partner's API key (Bearer), the
 *     25 newest applications its lender offered on, with that lender's offers;
 *   - cookie: GET /api/admin/applications, the first page (25) of the admin list, as an admin
 *     signed in with both factors (session cookie).
 * Both answer a page of 25 applications as JSON from the same rows and both write one audit row
 * per call, so what differs is mostly how the caller is known: the key's lookup by its public id,
 * SHA-256 comparison, last-used stamp and per-key rate counter against the session's lookup.
 * Their reads are not identical (the admin list also counts the matching rows for X-Total-Count;
 * the partner list reads its lender's offers): the table says so, and the ratio is read as such.
 */
import type { BenchContext } from "./lib/context";
import { nextIp } from "./lib/http";
import { answers, measureLoad, type LoadFigures } from "./lib/load";
import type { SectionResult } from "./lib/report";
import { ms, percentile } from "./lib/stats";
import { ensureLenderData } from "./lender-queue";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const DURATION = Number(process.env.BENCH_API_DURATION || 8);

export async function apiAuth(ctx: BenchContext): Promise<SectionResult> {
  const { client: admin } = await ctx.admin();
  const { lenders } = await ensureLenderData(ctx);
  const lender = lenders[0]!;
  const { createTestPartner, createTestKey } = await import("../tests/support/partners");
  const partner = await createTestPartner("lender", lender.id);
  // A rate limit far above what the bench sends: the figure is the authentication, not the 429.
  const { key } = await createTestKey(partner.id, { scopes: ["applications:read"], rateLimitPerMinute: 1_000_000, label: "bench" });

  const targets: Array<{ label: string; path: string; headers: Record<string, string>; count: (body: unknown) => number }> = [
    {
      label: "key: GET /api/partner/applications?limit=25",
      path: "/api/partner/applications?limit=25",
      headers: { authorization: `Bearer ${key}`, "x-forwarded-for": nextIp(), accept: "application/json" },
      count: (body: unknown) => (body as { applications: unknown[] }).applications.length,
    },
    {
      label: "cookie: GET /api/admin/applications",
      path: "/api/admin/applications",
      headers: { cookie: admin.cookieHeader(), "x-forwarded-for": admin.ip, accept: "application/json" },
      count: (body: unknown) => (body as unknown[]).length,
    },
  ];
  for (const t of targets) {
    const res = await fetch(ctx.origin + t.path, { headers: t.headers });
    const n = res.status === 200 ? t.count(await res.json()) : -1;
    if (n !== 25) throw new Error(`${t.path}: ${res.status}, ${n} applications (expected 25)`);
  }
  // The data reads of each call alone (no HTTP, no authentication), in the bench process, one at a time.
  const { listApplicationsForAdmin } = await import("~/features/back-office/admin-queries.server");
  const { getApplicationRowsInOrder } = await import("~/features/applications/applications.server");
  const { ApiAdminListQuerySchema } = await import("~/features/applications/api.schema");
  const { lenderQueueWithOffers } = await import("~/features/lenders/lender-workspace.server");
  const reads = [
    () => lenderQueueWithOffers(lender.id, null, 25),
    async () => getApplicationRowsInOrder((await listApplicationsForAdmin(ApiAdminListQuerySchema.parse({}))).rows.map((r) => r.id)),
  ];
  const readP50: number[] = [];
  for (const read of reads) {
    const times: number[] = [];
    for (let i = 0; i < 23; i++) {
      const t = performance.now();
      await read();
      if (i >= 3) times.push(performance.now() - t);
    }
    readP50.push(percentile(times, 50));
  }

  const figures: LoadFigures[] = [];
  for (const t of targets) {
    const f = await measureLoad({ url: ctx.origin + t.path, headers: t.headers, connections: CONNECTIONS, duration: DURATION });
    figures.push(f);
    console.info(`  ${t.label}: ${f.rps.toFixed(0)} req/s, p50 ${ms(f.p50)}, p99 ${ms(f.p99)}`);
  }
  const [keyF, cookieF] = figures as [LoadFigures, LoadFigures];
  const rows = targets.map((t, i) => {
    const f = figures[i]!;
    return [
      t.label,
      `${readP50[i]!.toFixed(1)} ms`,
      f.rps.toFixed(0),
      ms(f.p50),
      ms(f.p99),
      i === 0 ? `${(keyF.rps / cookieF.rps).toFixed(2)}x` : "1.00x",
      i === 0 ? `${(keyF.p99 / cookieF.p99).toFixed(2)}x` : "1.00x",
      answers(f),
    ];
  });
  return {
    tables: [
      {
        title: `API: key vs cookie authentication, ${CONNECTIONS} connections, ${DURATION} s each (after a 2 s warm-up)`,
        columns: ["Call", "Reads alone p50", "Req/s", "p50", "p99", "Req/s vs cookie", "p99 vs cookie", "Answers"],
        rows,
        notes: [
          `Same data: the lender-queue bench's applications; the key is a lender partner's (${lender.name}, scope applications:read, rate limit 1,000,000 a minute so no call is refused).`,
          "Both answer 25 applications as JSON and write one audit row per call. The key path also looks the key up by its public id, compares its SHA-256, stamps last use (at most once a minute) and counts the call in the key's rate window; the cookie path resolves the session.",
          "The reads differ: the admin list also counts the matching rows for X-Total-Count; the partner list reads its lender's offers of the 25 applications. 'Reads alone' is each call's data reads in the bench process (no HTTP, no authentication), one at a time, p50 of 20: what the ratio owes to the data rather than to the authentication.",
        ],
      },
    ],
    checks: [
      {
        name: "API at 50 connections: every call answered 200 by both authentications",
        pass: figures.every((f) => f.expected === f.total && f.total > 0),
        detail: figures.map((f, i) => `${targets[i]!.label.split(":")[0]} ${answers(f)}`).join("; "),
      },
    ],
  };
}
