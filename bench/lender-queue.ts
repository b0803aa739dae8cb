/**
 * Lender queue at scale: 100,000 submitted applications (the admin-scale rows when that bench ran
 * first, else seeded the same way) spread over 50 partner lenders: each application has the
 * instant offer of three of them (about 5,700 applications per lender), some firm or confirmed
 * (offer out), one in ten accepted (one of the three lenders' offers), one in seventeen declined by
 * one of its lenders. All of it is written with INSERT ... SELECT, in seconds. Then a lender user
 * signed in with both factors loads its workspace queue (/lender, and the stage filter
 * ?stage=offer-out) at a modest concurrency, and the admin list (/admin) is loaded the same way on
 * the same data in the same run: the figure is the queue's p95 and its ratio to the admin list's.
 */
import mysql from "mysql2/promise";
import { ensureRows } from "./csv-export";
import { BENCH } from "./lib/bench-env";
import type { BenchContext } from "./lib/context";
import { Client } from "./lib/http";
import { answers, measureLoad, type LoadFigures } from "./lib/load";
import type { SectionResult } from "./lib/report";
import { ms, percentile } from "./lib/stats";

const ms1 = (v: number) => `${v.toFixed(1)} ms`;

const N = Number(process.env.BENCH_ADMIN_ROWS || 100_000);
const LENDERS = 50;
const CONNECTIONS = Number(process.env.BENCH_QUEUE_CONNECTIONS || 5);
const DURATION = Number(process.env.BENCH_QUEUE_DURATION || 8);
const LENDER_PREFIX = "Bench Lender";

const timer = () => {
  let t = Date.now();
  return (what: string) => {
    console.info(`  ${what}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    t = Date.now();
  };
};

/** 50 lenders, each with one (inactive: matching of later submissions is not changed) product. */
async function seedLenders() {
  const { getDb, schema } = await import("~/platform/db/db.server");
  const { like, asc } = await import("drizzle-orm");
  await getDb()
    .insert(schema.lenders)
    .values(
      Array.from({ length: LENDERS }, (_, i) => ({
        name: `${LENDER_PREFIX} ${String(i + 1).padStart(2, "0")}`,
        nmlsId: String(900000 + i),
        note: "Bench data",
      })),
    );
  const lenders = await getDb()
    .select({ id: schema.lenders.id, name: schema.lenders.name })
    .from(schema.lenders)
    .where(like(schema.lenders.name, `${LENDER_PREFIX} %`))
    .orderBy(asc(schema.lenders.id));
  await getDb()
    .insert(schema.lenderProducts)
    .values(
      lenders.map((l) => ({
        lenderId: l.id,
        name: `${l.name} term loan`,
        active: false,
        states: ["TX"],
        purposes: [...schema.PURPOSES_DB],
        minAmountCents: 100_000,
        maxAmountCents: 50_000_000,
        termsMonths: [12, 24, 36],
        defaultTermMonths: 24,
        rateTiers: [{ minIncomeToAmountBps: 0, noteRateBps: 1200 }],
        prepayment: "No prepayment penalty.",
        fundingDays: 3,
      })),
    );
  return lenders;
}

/** Offers, acceptances and declines of the 50 lenders on the owner's submitted applications. */
async function seedQueues(ownerId: number) {
  const { priceLoan } = await import("~/features/marketplace");
  // A connection of its own: the app pool's 15 s deadline per query is for pages, not for bulk writes.
  const pool = await mysql.createConnection(BENCH.databaseUrl);
  const step = timer();
  const p = priceLoan({ amountCents: 2_500_000, termMonths: 24, noteRateBps: 1200, feeCents: 50_000 });
  // The bench lenders ranked 0..49; application a is matched to lenders a%50, (7a+3)%50, (13a+11)%50.
  const ranked = `(SELECT id, name, nmls_id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS k FROM lenders WHERE name LIKE '${LENDER_PREFIX} %')`;
  const [offers] = await pool.query(
    `INSERT INTO offers (application_id, lender_product_id, lender_id, source, status, lender_name, lender_nmls_id, product_name,
       amount_cents, term_months, note_rate_bps, fee_cents, funding_cents, payment_cents, final_payment_cents, payment_count,
       total_payments_cents, finance_charge_cents, estimated_apr_bps, prepayment, funding_days, expires_at, lender_confirmed_at)
     SELECT a.id, p.id, l.id, IF(a.id % 10 = 3 AND l.k = a.id % 50, 'lender', 'match'), 'offered', l.name, l.nmls_id, p.name,
       ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, p.prepayment, p.funding_days, NOW(3) + INTERVAL 30 DAY,
       IF(a.id % 7 = 2, NOW(3), NULL)
     FROM loan_applications a
     JOIN ${ranked} l ON l.k IN (a.id % 50, (a.id * 7 + 3) % 50, (a.id * 13 + 11) % 50)
     JOIN lender_products p ON p.lender_id = l.id
     WHERE a.user_id = ? AND a.status <> 'draft'`,
    [
      p.amountCents,
      p.termMonths,
      p.noteRateBps,
      p.feeCents,
      p.fundingCents,
      p.paymentCents,
      p.finalPaymentCents,
      p.paymentCount,
      p.totalPaymentsCents,
      p.financeChargeCents,
      p.estimatedAprBps,
      ownerId,
    ],
  );
  step("offers");
  // One application in ten accepted its first lender's offer (that lender sees it accepted, or
  // verifying for one in thirty; the other two see it closed).
  await pool.query(
    `INSERT INTO offer_acceptances (application_id, offer_id, signer_name, accepted_at, disclosure_sha256, disclosure_text)
     SELECT o.application_id, o.id, 'Bench Applicant', NOW(3), REPEAT('0', 64), 'Bench disclosure'
     FROM offers o JOIN ${ranked} l ON l.id = o.lender_id
     JOIN loan_applications a ON a.id = o.application_id
     WHERE a.user_id = ? AND a.status IN ('submitted', 'under-review', 'approved') AND a.id % 10 = 1 AND l.k = a.id % 50`,
    [ownerId],
  );
  await pool.query(
    `UPDATE offers o JOIN offer_acceptances x ON x.offer_id = o.id JOIN loan_applications a ON a.id = o.application_id
     SET o.status = 'accepted', a.stage = IF(a.id % 30 = 1, 'lender-verifying', 'offer-accepted')
     WHERE a.user_id = ?`,
    [ownerId],
  );
  // One in seventeen declined by its second lender.
  await pool.query(
    `INSERT IGNORE INTO lender_declines (application_id, lender_id, lender_name, reasons)
     SELECT a.id, l.id, l.name, '["outside-lending-criteria"]'
     FROM loan_applications a JOIN ${ranked} l ON l.k = (a.id * 7 + 3) % 50
     WHERE a.user_id = ? AND a.status <> 'draft' AND a.id % 17 = 0`,
    [ownerId],
  );
  step("acceptances and declines");
  await pool.query("ANALYZE TABLE offers, offer_acceptances, lender_declines, loan_applications");
  await pool.end();
  return (offers as { affectedRows: number }).affectedRows;
}

/** The query plans of the queue's first reads (the applications shared with the lender: by lender, by product). */
async function queuePlan(lenderId: number) {
  const { getPool } = await import("~/platform/db/db.server");
  const plans = [];
  for (const where of ["lender_id = ?", "lender_product_id IN (SELECT id FROM lender_products WHERE lender_id = ?)"]) {
    const [rows] = await getPool().query(
      `EXPLAIN SELECT DISTINCT application_id FROM offers WHERE ${where} ORDER BY application_id DESC LIMIT 500`,
      [lenderId],
    );
    plans.push(
      (rows as Array<{ table: string; type: string; key: string | null; rows: number; Extra: string | null }>)
        .map((r) => `${r.table}: ${r.type}${r.key ? ` on ${r.key}` : ""}, ~${r.rows} rows${r.Extra ? ` (${r.Extra})` : ""}`)
        .join(", "),
    );
  }
  return plans.join("; ");
}

type LenderData = { lenders: Array<{ id: number; name: string }>; total: number; offerCount: number; seedSeconds: number };
let made: Promise<LenderData> | null = null;

/** The 100,000 applications, the 50 lenders and their offers, made once per run (the API bench reads them too). */
export function ensureLenderData(ctx: BenchContext) {
  return (made ??= (async () => {
    const owner = await ctx.bulkOwner();
    const t0 = Date.now();
    const { seeded, total } = await ensureRows(owner.id, N);
    // Lenders see only applications whose applicant agreed to share them: every bulk one has.
    const { getPool } = await import("~/platform/db/db.server");
    await getPool().query(
      "UPDATE loan_applications SET lender_share_consent_at = submitted_at, lender_share_consent_version = 'bench', lender_share_consent_sha256 = REPEAT('0', 64) WHERE user_id = ? AND lender_share_consent_at IS NULL AND submitted_at IS NOT NULL",
      [owner.id],
    );
    console.info(`  applications: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const lenders = await seedLenders();
    const offerCount = await seedQueues(owner.id);
    const seedSeconds = (Date.now() - t0) / 1000;
    console.info(
      `  ${total.toLocaleString("en-US")} applications (${seeded.toLocaleString("en-US")} new), ${LENDERS} lenders, ${offerCount.toLocaleString("en-US")} offers in ${seedSeconds.toFixed(1)} s`,
    );
    return { lenders, total, offerCount, seedSeconds };
  })());
}

export async function lenderQueue(ctx: BenchContext): Promise<SectionResult> {
  const { client: admin } = await ctx.admin();
  const { lenders, total, offerCount, seedSeconds } = await ensureLenderData(ctx);

  // The lender user of the first bench lender, signed in with password and TOTP.
  const { createLenderUser, signInLenderOverHttp } = await import("../tests/support/lenders");
  const lender = lenders[0]!;
  const lenderUser = await createLenderUser(lender.id);
  const client = await signInLenderOverHttp(new Client(ctx.origin), lenderUser);

  const { sharedApplicationIds } = await import("~/features/lenders/lender-workspace-queries.server");
  const { getDb, schema } = await import("~/platform/db/db.server");
  const { eq, countDistinct } = await import("drizzle-orm");
  const [share] = await getDb()
    .select({ n: countDistinct(schema.offers.applicationId) })
    .from(schema.offers)
    .where(eq(schema.offers.lenderId, lender.id));
  const queueLength = (await sharedApplicationIds(lender.id)).length;
  const plan = await queuePlan(lender.id);
  // The queue's reads alone (no HTTP, no rendering), in the bench process, one at a time.
  const { lenderQueue: readQueue } = await import("~/features/lenders/lender-workspace.server");
  const readTimes = { ids: [] as number[], all: [] as number[] };
  for (let i = 0; i < 23; i++) {
    let t = performance.now();
    await sharedApplicationIds(lender.id);
    const ids = performance.now() - t;
    t = performance.now();
    await readQueue(lender.id, null);
    if (i >= 3) {
      readTimes.ids.push(ids);
      readTimes.all.push(performance.now() - t);
    }
  }

  // Each page once, checked: the lender's own queue, the stage filter, the admin list.
  const views = [
    { label: "/lender (all stages)", path: "/lender", who: client, mustContain: lender.name },
    { label: "/lender?stage=offer-out", path: "/lender?stage=offer-out", who: client, mustContain: "Offer out</h2>" },
    { label: "/admin (first page, same data)", path: "/admin", who: admin, mustContain: "Admin" },
  ];
  for (const v of views) {
    const res = await v.who.fetch(v.path);
    const html = await res.text();
    if (res.status !== 200 || !html.includes(v.mustContain))
      throw new Error(`${v.path}: ${res.status}, expected "${v.mustContain}" on the page`);
  }

  const figures = new Map<string, LoadFigures>();
  for (const v of views) {
    const f = await measureLoad({
      url: ctx.origin + v.path,
      headers: { cookie: v.who.cookieHeader(), "x-forwarded-for": v.who.ip },
      connections: CONNECTIONS,
      duration: DURATION,
    });
    figures.set(v.label, f);
    console.info(`  ${v.label}: ${f.rps.toFixed(0)} req/s, p50 ${ms(f.p50)}, p95 ${ms(f.p95)}, p99 ${ms(f.p99)}`);
  }
  const adminP95 = figures.get(views[2]!.label)!.p95;
  const rows = views.map((v) => {
    const f = figures.get(v.label)!;
    return [v.label, f.rps.toFixed(0), ms(f.p50), ms(f.p95), ms(f.p99), `${(f.p95 / adminP95).toFixed(2)}x`, answers(f)];
  });
  const queueP95 = Math.max(figures.get(views[0]!.label)!.p95, figures.get(views[1]!.label)!.p95);
  return {
    tables: [
      {
        title: `Lender queue with ${total.toLocaleString("en-US")} applications across ${LENDERS} lenders (${offerCount.toLocaleString("en-US")} offers; seeded in ${seedSeconds.toFixed(0)} s), ${CONNECTIONS} connections, ${DURATION} s per view`,
        columns: ["View", "Req/s", "p50", "p95", "p99", "p95 vs admin list", "Answers"],
        rows,
        notes: [
          `The lender (${lender.name}) has offers on ${Number(share?.n ?? 0).toLocaleString("en-US")} applications; its queue shows the newest ${queueLength} (LENDER_QUEUE_MAX) with counts per stage.`,
          "Per application: the instant offers of three of the 50 lenders; one in ten firm or confirmed (offer out), one in ten accepted (one in thirty verifying), one in seventeen declined by one lender.",
          "The lender user signed in with password and TOTP (tests/support/lenders.ts); the admin with password and TOTP. Whole HTML documents; latencies from autocannon's per-answer times after a 2 s warm-up.",
          `The queue's reads in the bench process, 20 times one at a time: the shared applications' ids p50 ${ms1(percentile(readTimes.ids, 50))}, p95 ${ms1(percentile(readTimes.ids, 95))}; all its reads (ids, 500 rows, offers, declines, acceptances) p50 ${ms1(percentile(readTimes.all, 50))}, p95 ${ms1(percentile(readTimes.all, 95))}. The rest of a page's time is rendering 500 rows and the load.`,
          `Plans of the queue's first reads, by lender and by product (EXPLAIN): ${plan}.`,
        ],
      },
    ],
    checks: [
      {
        name: "lender queue at 100,000 applications: every page answered 200 (the lender's queue, its stage filter, the admin list)",
        pass: views.every((v) => {
          const f = figures.get(v.label)!;
          return f.total > 0 && f.expected === f.total;
        }),
        detail: `queue p95 ${ms(queueP95)}, admin list p95 ${ms(adminP95)} (${(queueP95 / adminP95).toFixed(2)}x)`,
      },
    ],
  };
}
