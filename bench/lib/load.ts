/**
 * A fixed concurrency of GETs with autocannon, keeping every answer's latency (autocannon's own
 * histogram has no p95): req/s, p50 / p95 / p99 and the answers by status. A short warm-up at the
 * same concurrency is not counted.
 */
import autocannon, { type Result } from "autocannon";
import { percentile } from "./stats";

export type LoadFigures = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers with the expected status / all answers. */
  expected: number;
  total: number;
  /** Other statuses and socket errors, e.g. "3x500". */
  other: string[];
};

export async function measureLoad(opts: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  /** Measured seconds (after a warm-up of `warmup` seconds, default 2). */
  duration: number;
  warmup?: number;
  expect?: number;
}): Promise<LoadFigures> {
  const expect = opts.expect ?? 200;
  const base = { url: opts.url, headers: opts.headers, connections: opts.connections, timeout: 30 };
  await autocannon({ ...base, duration: opts.warmup ?? 2 });
  const times: number[] = [];
  const r: Result = await autocannon({
    ...base,
    duration: opts.duration,
    setupClient(client) {
      client.on("response", (_status, _bytes, ms) => times.push(ms));
    },
  });
  const total = Object.values(r.statusCodeStats ?? {}).reduce((n, s) => n + Number(s.count), 0);
  const expected = Number(r.statusCodeStats?.[String(expect)]?.count ?? 0);
  const other = Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => code !== String(expect))
    .map(([code, s]) => `${s.count}x${code}`);
  if (r.errors + r.timeouts) other.push(`${r.errors + r.timeouts} errors`);
  return {
    rps: r.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: Math.max(...times),
    expected,
    total,
    other,
  };
}

export const answers = (f: LoadFigures) => `${f.expected}/${f.total}${f.other.length ? ` (${f.other.join(", ")})` : ""}`;
