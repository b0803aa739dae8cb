/**
 * Marketplace: (1) matching and pricing one application across 100 active lender products with the
 * pure modules (in this process, no I/O), against a baseline measured in the same run: pricing ONE
 * loan; (2) the applicant's offers page with 50 stored offers, 50 sequential requests timed to the
 * last byte, against the same applicant's /dashboard measured in the same run.
 */
import type { BenchContext } from "./lib/context";
import type { SectionResult } from "./lib/report";
import { ms, percentile } from "./lib/stats";

const PRODUCTS = 100;
const MATCH_RUNS = 500;
const REQUESTS = 50;
const WARMUP = 3;
const OFFERS = 50;

const us = (v: number) => `${v.toFixed(1)} µs`;

function time(fn: () => void, runs: number) {
  for (let i = 0; i < 20; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e3);
  }
  return out;
}

async function pureFigures() {
  const { matchApplication } = await import("~/features/marketplace/domain/offer-matching");
  const { priceLoan } = await import("~/features/marketplace/domain/offer-money");
  const { US_STATES } = await import("~/content/us-states");
  const states = US_STATES.map((s) => s.code);
  const purposes = [
    "working-capital",
    "business-expansion",
    "equipment-financing",
    "inventory-financing",
    "startup-capital",
    "commercial-real-estate",
    "other",
  ];
  // 100 products; about two thirds serve the application, so most of them are priced (the costly path).
  const products = Array.from({ length: PRODUCTS }, (_, i) => ({
    productId: i + 1,
    lenderId: i + 1,
    lenderName: `Bench Lender ${i}`,
    productName: "Term loan",
    states: i % 3 === 2 ? states.filter((s) => s !== "TX") : states,
    purposes: i % 5 === 4 ? ["equipment-financing"] : purposes,
    minAmountCents: 100_000,
    maxAmountCents: 5_000_000,
    termsMonths: [12, 24, 36, 48, 60, 84],
    defaultTermMonths: [12, 24, 36, 48, 60, 84][i % 6]!,
    rateTiers: [
      { minIncomeToAmountBps: 0, noteRateBps: 1500 + i * 10 },
      { minIncomeToAmountBps: 30_000, noteRateBps: 1200 + i * 10 },
      { minIncomeToAmountBps: 30_000, minCreditScore: 700, noteRateBps: 900 + i * 10 },
    ],
    originationFeeBps: 100 + (i % 5) * 100,
    minAnnualIncomeCents: 3_000_000,
    minCreditScore: null,
    minYearsInBusiness: null,
    maxPaymentToIncomeBps: 4000,
    prepayment: "No prepayment penalty",
    collateral: "None: the loan is unsecured.",
    avoidableFees: "Late payment fee: $25.",
    fundingDays: 1 + (i % 10),
  }));
  const applicant = { amountCents: 3_000_000, state: "TX", purpose: "working-capital", annualIncomeCents: 12_000_000 };
  const now = new Date();
  const eligible = matchApplication(products, applicant, now).filter((d) => d.eligible).length;
  const match = time(() => void matchApplication(products, applicant, now), MATCH_RUNS);
  const one = time(() => void priceLoan({ amountCents: 3_000_000, noteRateBps: 1500, termMonths: 36, feeCents: 90_000 }), MATCH_RUNS);
  return { eligible, match, one };
}

async function seedOffers(applicationId: number) {
  const { transaction } = await import("~/platform/db/db.server");
  const { insertOffer } = await import("~/features/marketplace/offers.server");
  const { priceLoan } = await import("~/features/marketplace/domain/offer-money");
  await transaction(async (tx) => {
    for (let i = 0; i < OFFERS; i++) {
      const f = priceLoan({
        amountCents: 2_500_000,
        noteRateBps: 900 + i * 25,
        termMonths: [12, 24, 36, 48, 60][i % 5]!,
        feeCents: 25_000 * (i % 4),
      });
      await insertOffer(tx, applicationId, {
        ...f,
        productId: null as unknown as number,
        lenderId: null as unknown as number,
        lenderName: `Bench Lender ${i}`,
        productName: "Term loan",
        nmlsId: String(9_990_000 + i),
        prepayment: "No prepayment penalty",
        collateral: "None: the loan is unsecured.",
        avoidableFees: "Late payment fee: $25.",
        fundingDays: 1 + (i % 10),
        expiresAt: new Date(Date.now() + 30 * 86_400_000),
      });
    }
  });
}

async function timePage(client: { fetch(p: string): Promise<Response> }, path: string, mustContain: string) {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const start = process.hrtime.bigint();
    const res = await client.fetch(path);
    const html = await res.text();
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    if (!html.includes(mustContain)) throw new Error(`${path}: '${mustContain}' is not on the page`);
    if (i >= WARMUP) times.push(elapsed);
  }
  return times;
}

export async function marketplace(ctx: BenchContext): Promise<SectionResult> {
  const pure = await pureFigures();
  const ratio = percentile(pure.match, 50) / percentile(pure.one, 50);
  console.info(
    `  matching ${PRODUCTS} products: p50 ${us(percentile(pure.match, 50))}, p95 ${us(percentile(pure.match, 95))} (${ratio.toFixed(0)}x one pricing)`,
  );

  const { client, application } = await ctx.applicant();
  await seedOffers(application.id);
  const offersPath = `/dashboard/applications/${application.reference}/offers?sort=total`;
  const dashboard = await timePage(client, "/dashboard", application.reference);
  const offers = await timePage(client, offersPath, "Bench Lender 49");
  const p95 = percentile(offers, 95);
  const baseP95 = percentile(dashboard, 95);
  console.info(
    `  offers page (${OFFERS} offers): p50 ${ms(percentile(offers, 50))}, p95 ${ms(p95)} (${(p95 / baseP95).toFixed(2)}x the dashboard's p95)`,
  );
  return {
    tables: [
      {
        title: `Matching and pricing one application across ${PRODUCTS} lender products (pure modules, ${MATCH_RUNS} runs)`,
        columns: ["What", "Eligible", "p50", "p95", "vs baseline (p50)"],
        rows: [
          [
            "matchApplication: 100 products, eligible ones priced",
            pure.eligible,
            us(percentile(pure.match, 50)),
            us(percentile(pure.match, 95)),
            `${ratio.toFixed(0)}x`,
          ],
          ["baseline: priceLoan, one loan", 1, us(percentile(pure.one, 50)), us(percentile(pure.one, 95)), "1x"],
        ],
        notes: [
          "In the bench process, after 20 warm-up runs; each eligible product runs the payment schedule and the appendix J APR bisection.",
        ],
      },
      {
        title: `Offers page with ${OFFERS} offers (${REQUESTS} sequential requests)`,
        columns: ["Page", "Requests", "p50", "p95", "Max", "p95 vs baseline"],
        rows: [
          [
            `/dashboard/applications/<ref>/offers (${OFFERS} offers, sorted)`,
            REQUESTS,
            ms(percentile(offers, 50)),
            ms(p95),
            ms(Math.max(...offers)),
            `${(p95 / baseP95).toFixed(2)}x`,
          ],
          ["baseline: /dashboard (same applicant)", REQUESTS, ms(percentile(dashboard, 50)), ms(baseP95), ms(Math.max(...dashboard)), "1x"],
        ],
        notes: ["Whole HTML document as the signed-in applicant, timed to its last byte; 3 warm-up requests per page not counted."],
      },
    ],
    checks: [],
  };
}
