/**
 * Is a shared store (Redis) worth it for the render cache when several app servers run?
 * Compares, for a real page, the in-memory hit (RenderCache.get: fresh nonce, gzip assembly) with
 * a Redis GET round trip of the same page (its gzip and raw bytes), one at a time and with 50 in
 * flight. Not part of `npm run bench` (it needs a Redis); see docs/decisions/0009-render-cache.md.
 *
 *   npx tsx bench/render-cache-store.ts [page-url]     # REDIS_URL=redis://127.0.0.1:6379
 *
 * The page comes from page-url (default http://127.0.0.1:3000/, a running server), else a
 * synthetic 20 KB page. Redis is spoken to directly (RESP over a socket): no client package.
 */
import net from "node:net";
import zlib from "node:zlib";
import { RenderCache } from "~/platform/http/render-cache/render-cache.server";

const N = Number(process.env.STORE_BENCH_N || 20_000);
const NONCE = "AAAAAAAAAAAAAAAAAAAAAA==";
const CC = "public, max-age=0, s-maxage=300, stale-while-revalidate=60";

async function page(url: string): Promise<{ body: Buffer; csp: string; source: string }> {
  try {
    const res = await fetch(url, { headers: { "accept-encoding": "identity" } });
    const body = Buffer.from(await res.arrayBuffer());
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    if (res.ok && nonce)
      return { body: Buffer.from(body.toString("latin1").replaceAll(nonce, NONCE), "latin1"), csp: csp.replace(nonce, NONCE), source: url };
  } catch {
    /* synthetic below */
  }
  const filler = Array.from({ length: 200 }, (_, i) => `<p class="mt-2 text-slate-700">Paragraph ${i} of a synthetic page.</p>`).join("");
  const body = Buffer.from(
    `<!DOCTYPE html><html><head><script nonce="${NONCE}">1</script></head><body>${filler}<script nonce="${NONCE}">2</script></body></html>`,
  );
  return { body, csp: `script-src 'nonce-${NONCE}'`, source: "synthetic" };
}

/** A minimal RESP client: one socket, replies in order. */
class Resp {
  private queue: Array<(v: Buffer | null) => void> = [];
  private buf = Buffer.alloc(0);
  constructor(private socket: net.Socket) {
    socket.on("data", (d) => {
      this.buf = this.buf.length ? Buffer.concat([this.buf, d]) : d;
      this.drain();
    });
  }
  static connect(url: string) {
    const u = new URL(url);
    return new Promise<Resp>((resolve, reject) => {
      const s = net.connect(Number(u.port || 6379), u.hostname, () => resolve(new Resp(s)));
      s.setNoDelay(true);
      s.once("error", reject);
    });
  }
  private drain() {
    for (;;) {
      const eol = this.buf.indexOf("\r\n");
      if (eol === -1) return;
      const type = String.fromCharCode(this.buf[0]!);
      if (type === "$") {
        const len = Number(this.buf.subarray(1, eol).toString());
        if (len === -1) {
          this.buf = this.buf.subarray(eol + 2);
          this.queue.shift()!(null);
          continue;
        }
        if (this.buf.length < eol + 2 + len + 2) return;
        const v = this.buf.subarray(eol + 2, eol + 2 + len);
        this.buf = this.buf.subarray(eol + 2 + len + 2);
        this.queue.shift()!(v);
      } else if (type === "-") {
        throw new Error(`redis: ${this.buf.subarray(1, eol).toString()}`);
      } else {
        this.buf = this.buf.subarray(eol + 2);
        this.queue.shift()!(null);
      }
    }
  }
  command(...args: Array<string | Buffer>): Promise<Buffer | null> {
    const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
    for (const a of args) {
      const b = typeof a === "string" ? Buffer.from(a) : a;
      parts.push(Buffer.from(`$${b.length}\r\n`), b, Buffer.from("\r\n"));
    }
    return new Promise((resolve) => {
      this.queue.push(resolve);
      this.socket.write(Buffer.concat(parts));
    });
  }
  close() {
    this.socket.end();
  }
}

const us = (ns: bigint, n: number) => Number(ns / BigInt(n)) / 1000;

async function main() {
  const { body, csp, source } = await page(process.argv[2] ?? "http://127.0.0.1:3000/");
  const cache = new RenderCache({ maxBytes: 64 * 1024 * 1024, maxEntries: 100 });
  cache.store(
    "/",
    { query: "campaign-tags" },
    200,
    new Headers({ "content-type": "text/html; charset=utf-8", "cache-control": CC, "content-security-policy": csp }),
    body,
  );
  const req = { method: "GET", url: "/" };
  const gz = Buffer.concat(cache.get(req, { gzip: true })!.chunks);
  console.info(`Page: ${source}, ${body.length} bytes raw, ${gz.length} bytes gzip`);

  for (let i = 0; i < 2000; i++) cache.get(req, { gzip: true });
  let t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) cache.get(req, { gzip: true });
  const memGzip = us(process.hrtime.bigint() - t, N);
  t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) cache.get(req, { gzip: false });
  const memRaw = us(process.hrtime.bigint() - t, N);
  console.info(`In memory (fresh nonce, one thread): gzip ${memGzip.toFixed(1)} us per hit, raw ${memRaw.toFixed(1)} us per hit`);

  let redis: Resp;
  try {
    redis = await Resp.connect(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  } catch (e) {
    console.info(`Redis not reachable (${(e as Error).message}): only the in-memory figure.`);
    return;
  }
  await redis.command("SET", "lm:bench:gz", gz, "EX", "300");
  await redis.command("SET", "lm:bench:raw", body, "EX", "300");
  const rounds = Math.min(N, 5000);
  for (const [label, key] of [
    ["gzip", "lm:bench:gz"],
    ["raw", "lm:bench:raw"],
  ] as const) {
    for (let i = 0; i < 500; i++) await redis.command("GET", key);
    t = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) await redis.command("GET", key);
    const serial = us(process.hrtime.bigint() - t, rounds);
    // 50 in flight on one connection (an app server under load), as throughput.
    t = process.hrtime.bigint();
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next++ < rounds) await redis.command("GET", key);
      }),
    );
    const perOp = us(process.hrtime.bigint() - t, rounds);
    console.info(
      `Redis GET ${label}: ${serial.toFixed(1)} us per round trip one at a time; ${perOp.toFixed(1)} us per GET with 50 in flight (${Math.round(1e6 / perOp)} GET/s)`,
    );
  }
  // What a shared store would still have to do per hit on top of the GET: the fresh nonce.
  t = process.hrtime.bigint();
  for (let i = 0; i < 2000; i++) zlib.gunzipSync(gz);
  console.info(`(for scale: gunzip of the page ${us(process.hrtime.bigint() - t, 2000).toFixed(1)} us)`);
  await redis.command("DEL", "lm:bench:gz", "lm:bench:raw");
  redis.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
